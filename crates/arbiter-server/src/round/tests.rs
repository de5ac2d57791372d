//! The round's rules, without HTTP: every action (a move, resigning, offering,
//! accepting and declining a draw, aborting, asking for a rematch, flagging) against
//! every state it may meet (a game going on, one over, the other seat to move, a draw
//! offer pending, a clock run out, a server restarted with a clock running). Each
//! game is stored in an SQLite file of its own, as a server stores it.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use arbiter::{Side, Termination};
use serde_json::{Value, json};

use super::create::create;
use super::error::{Act, RoundError};
use super::explain::explanation;
use super::flag::{flag, flag_if_fallen};
use super::lookup::current;
use super::play::Move;
use super::seat::{Action, act, move_by};
use crate::app::AppState;
use crate::computer::Computers;
use crate::config::Limits;
use crate::live::LiveGame;
use crate::store::Store;

/// When the games of these tests are made, milliseconds since the epoch.
const T0: i64 = 1_700_000_000_000;

/// A server's state on a database file of its own, removed at the end.
struct Server {
    app: Arc<AppState>,
    file: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.file.display()));
        }
    }
}

async fn server() -> Server {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let file = std::env::temp_dir().join(format!("arbiter-round-{}-{n}.db", std::process::id()));
    let store = Store::connect(&format!("sqlite://{}", file.display()), Duration::from_secs(5)).await.unwrap();
    let app = AppState::new(store, Limits::default(), Computers::new(Vec::new()), "test".into(), None)
        .with_leaving(crate::config::Leaving::default());
    Server { app: Arc::new(app), file }
}

/// A new game of `kind` with `options`, made at [`T0`]: its id and its tokens.
async fn new_game(server: &Server, kind: &str, options: Value) -> (String, Vec<(Side, String)>) {
    let created = create(&server.app, kind, &options, T0, false).await.unwrap();
    (created.id, created.tokens)
}

/// The game as a restarted server has it: rebuilt from the store.
async fn reloaded(server: &Server, id: &str) -> LiveGame {
    let store = &server.app.store;
    let row = store.game(id).await.unwrap().unwrap();
    LiveGame::load(row, &store.moves(id).await.unwrap(), server.app.games.times()).unwrap()
}

fn text(mv: &str) -> Move {
    Move::Text(mv.to_owned())
}

/// Plays `moves` in turn from the game's start, all at `now`.
async fn play_all(server: &Server, live: &mut LiveGame, moves: &[&str], now: i64) {
    for mv in moves {
        let (seat, ply) = (live.state().game().side_to_move(), live.state().ply());
        move_by(&server.app, live, seat, ply, text(mv), now).await.unwrap();
    }
}

fn reason(live: &LiveGame) -> Option<Termination> {
    live.state().outcome().map(|o| o.termination())
}

fn winner(live: &LiveGame) -> Option<Side> {
    live.state().outcome().and_then(|o| o.winner())
}

/// The stored row's outcome, as JSON.
async fn stored_outcome(server: &Server, id: &str) -> Value {
    let row = server.app.store.game(id).await.unwrap().unwrap();
    row.outcome.as_deref().map_or(Value::Null, |o| serde_json::from_str(o).unwrap())
}

const TIMED: fn() -> Value = || json!({ "clock": { "base": 1, "increment": 0 } });

// ---- moves ---------------------------------------------------------------------

#[tokio::test]
async fn a_move_is_stored_taken_and_published() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut watch = server.app.hub.subscribe(&id).unwrap();
    let mut live = current(&server.app, &id).await.unwrap();
    let version = live.version();
    move_by(&server.app, &mut live, Side::First, 0, text("h8"), T0 + 10).await.unwrap();
    assert_eq!((live.state().ply(), live.version()), (1, version + 1));
    let stored = server.app.store.moves(&id).await.unwrap();
    assert_eq!((stored.len(), stored[0].text.as_str(), stored[0].created_at), (1, "h8", T0 + 10));
    let published = watch.updates.try_recv().expect("the watchers get an update");
    assert_eq!((published.since, published.ply, published.version), (0, 1, version + 1));
    let update: Value = serde_json::from_str(&published.text).unwrap();
    assert_eq!(update["type"], "update");
    assert_eq!(update["moves"], json!([{ "ply": 0, "text": "h8", "from": null, "to": "h8" }]));
    assert_eq!((update["ply"].clone(), update["seat_to_move"].clone()), (json!(1), json!("second")));
    assert!(!published.text.contains("legal"), "an update lists no legal move");
    assert_eq!(server.app.metrics.moves_stored.get(), 1);
}

/// Plays `plies` moves chosen at random (seeded) among those that do not end the game.
async fn play_on(server: &Server, live: &mut LiveGame, plies: usize, seed: u64) {
    let mut rng = arbiter::random::SplitMix64::new(seed);
    for _ in 0..plies {
        let mut moves = live.state().game().legal_moves();
        let going_on = |text: &str| {
            let mut game = live.state().game().clone();
            game.play_text(text).is_ok() && game.outcome().is_none()
        };
        let chosen = loop {
            assert!(!moves.is_empty(), "every move ends the game at ply {}", live.state().ply());
            let mv = moves.swap_remove(rng.index(moves.len()));
            if going_on(&mv.text) {
                break mv.text;
            }
        };
        let (seat, ply) = (live.state().game().side_to_move(), live.state().ply());
        move_by(&server.app, live, seat, ply, text(&chosen), T0).await.unwrap();
    }
}

/// The update a watcher gets after the next move in `kind` with `options`, once
/// `plies` moves are made: a move's worth of JSON, whatever the board and the ply.
async fn update_after(kind: &str, options: Value, plies: usize) -> String {
    let server = server().await;
    let (id, _) = new_game(&server, kind, options).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_on(&server, &mut live, plies, 7).await;
    let mut watch = server.app.hub.subscribe(&id).unwrap();
    play_on(&server, &mut live, 1, 11).await;
    let update = watch.updates.try_recv().expect("the watchers get an update");
    assert_eq!((update.since, update.ply), (plies, plies + 1));
    update.text.to_string()
}

#[tokio::test]
async fn an_update_on_the_largest_board_is_under_512_bytes() {
    let update = update_after("gomoku", json!({ "rules": "renju", "size": 128 }), 2).await;
    assert!(update.len() < 512, "{} bytes: {update}", update.len());
    let value: Value = serde_json::from_str(&update).unwrap();
    assert_eq!((value["ply"].clone(), value["moves"][0]["ply"].clone()), (json!(3), json!(2)));
}

#[tokio::test]
async fn an_update_at_ply_300_of_xiangqi_is_under_512_bytes() {
    let update = update_after("xiangqi", json!({ "move_limit": 1000 }), 300).await;
    assert!(update.len() < 512, "{} bytes: {update}", update.len());
    let value: Value = serde_json::from_str(&update).unwrap();
    let mv = &value["moves"][0];
    assert_eq!((value["ply"].clone(), mv["ply"].clone()), (json!(301), json!(300)));
    // The move in each of the game's notations, and where it starts and ends.
    for name in ["wxf", "chinese", "chinese-traditional"] {
        assert!(mv["notations"][name].is_string(), "{name}: {update}");
    }
    assert!(mv["from"].is_string() && mv["to"].is_string(), "{update}");
}

#[tokio::test]
async fn states_list_the_legal_moves_only_when_asked() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({ "size": 9 })).await;
    let live = current(&server.app, &id).await.unwrap();
    assert!(live.state_json(false).get("legal_moves").is_none());
    assert!(live.state_json(false).get("legal").is_none());
    assert_eq!(live.state_json(true)["legal_moves"].as_array().unwrap().len(), 81);
    assert_eq!(live.state_json(true)["legal"].as_array().unwrap().len(), 81);
}

#[tokio::test]
async fn a_move_out_of_turn_is_refused_and_not_stored() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    let refused = move_by(&server.app, &mut live, Side::Second, 0, text("h8"), T0).await;
    assert!(matches!(refused, Err(RoundError::NotYourTurn)), "{refused:?}");
    assert_eq!(live.state().ply(), 0);
    assert!(server.app.store.moves(&id).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_move_for_another_ply_is_refused() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8"], T0).await;
    let refused = move_by(&server.app, &mut live, Side::Second, 0, text("h9"), T0).await;
    assert!(matches!(refused, Err(RoundError::WrongPly { given: 0, next: 1 })), "{refused:?}");
    assert_eq!(live.state().ply(), 1);
}

#[tokio::test]
async fn an_illegal_move_is_refused_with_the_rules_reason() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8"], T0).await;
    let refused = move_by(&server.app, &mut live, Side::Second, 1, text("h8"), T0).await;
    let Err(RoundError::IllegalMove(error)) = refused else { panic!("{refused:?}") };
    assert!(!error.to_string().is_empty());
    assert_eq!((live.state().ply(), server.app.store.moves(&id).await.unwrap().len()), (1, 1));
}

#[tokio::test]
async fn a_move_by_its_points_is_played_and_a_request_naming_none_refused() {
    let server = server().await;
    let (id, _) = new_game(&server, "xiangqi", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    let between = Move::Between { from: "h2".into(), to: "e2".into() };
    move_by(&server.app, &mut live, Side::First, 0, between, T0).await.unwrap();
    assert_eq!(live.state().game().moves()[0].text, "h2e2");
    let refused = move_by(&server.app, &mut live, Side::Second, 1, Move::Unnamed, T0).await;
    assert!(matches!(refused, Err(RoundError::NoMoveNamed)), "{refused:?}");
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    let between = Move::Between { from: "h8".into(), to: "h9".into() };
    let refused = move_by(&server.app, &mut live, Side::First, 0, between, T0).await;
    assert!(matches!(refused, Err(RoundError::NoMoveBetween(arbiter::GameKind::Gomoku))), "{refused:?}");
}

#[tokio::test]
async fn a_move_after_the_end_is_refused_saying_how_it_ended() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    act(&server.app, &mut live, Side::Second, Action::Resign, T0).await.unwrap();
    let refused = move_by(&server.app, &mut live, Side::First, 0, text("h8"), T0).await;
    let Err(RoundError::GameOver(how)) = refused else { panic!("{refused:?}") };
    assert!(how.contains("resign"), "{how}");
    assert!(server.app.store.moves(&id).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_move_on_a_fallen_clock_ends_the_game_on_time_instead() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", TIMED()).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8", "h9"], T0).await;
    let refused = move_by(&server.app, &mut live, Side::First, 2, text("a1"), T0 + 5_000).await;
    assert!(matches!(refused, Err(RoundError::GameOver(_))), "{refused:?}");
    assert_eq!((reason(&live), winner(&live)), (Some(Termination::TimeForfeit), Some(Side::Second)));
    assert_eq!(stored_outcome(&server, &id).await["reason"], "time forfeit");
    assert_eq!(server.app.store.moves(&id).await.unwrap().len(), 2);
}

#[tokio::test]
async fn a_move_in_time_is_charged_to_the_movers_clock() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", TIMED()).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8", "h9"], T0).await;
    move_by(&server.app, &mut live, Side::First, 2, text("a1"), T0 + 300).await.unwrap();
    assert_eq!(live.state().remaining_ms(Side::First, T0 + 300), Some(700));
    assert_eq!(server.app.store.moves(&id).await.unwrap()[2].clock_ms, Some(700));
}

#[tokio::test]
async fn the_receivers_move_lets_an_offer_lapse_the_offerers_keeps_it() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    act(&server.app, &mut live, Side::First, Action::OfferDraw, T0).await.unwrap();
    play_all(&server, &mut live, &["h8"], T0).await;
    assert_eq!(live.state().draw_offer(), Some(Side::First), "the offerer's own move keeps the offer");
    play_all(&server, &mut live, &["h9"], T0).await;
    assert_eq!(live.state().draw_offer(), None, "the receiver's move lets it lapse");
    assert_eq!(server.app.store.game(&id).await.unwrap().unwrap().draw_offer, None);
}

// ---- explanations ----------------------------------------------------------------

/// The explanation's JSON, and the number of explanations worked out so far.
async fn explained(server: &Server, id: &str) -> (Value, u64) {
    let text = explanation(&server.app, id).await.unwrap();
    (serde_json::from_str(&text).unwrap(), server.app.metrics.explanations_worked_out.get())
}

#[tokio::test]
async fn an_explanation_is_worked_out_once_a_ply_however_often_asked_and_again_after_a_move() {
    let server = server().await;
    // A chariot chases an unprotected cannon back and forth (AXF rule 18: "perpetual
    // chasing of one piece by one piece" is forbidden).
    let (id, _) = new_game(&server, "xiangqi", json!({ "fen": "4k4/9/1c7/9/R8/9/9/9/9/3K5 w" })).await;
    {
        let mut live = current(&server.app, &id).await.unwrap();
        play_all(&server, &mut live, &["a5a7", "b7b5", "a7a5", "b5b7"], T0).await;
    }
    // Two requests at once share one search; a later one is answered from it.
    let (one, two) = tokio::join!(explanation(&server.app, &id), explanation(&server.app, &id));
    assert_eq!(server.app.metrics.explanations_worked_out.get(), 1, "two requests at the same ply: one search");
    assert_eq!(one.unwrap(), two.unwrap());
    let (before, worked_out) = explained(&server, &id).await;
    assert_eq!(worked_out, 1, "a repeated request costs no search");
    let moves = before["explanation"]["moves"].as_array().unwrap();
    assert_eq!((moves.len(), moves[0]["ply"].clone()), (4, json!(1)));
    assert_eq!(before["explanation"]["decided"], false, "the start stood twice, not three times");
    assert_eq!(before["explanation"]["termination"], "perpetual_chase", "the termination's code, as the packages");

    // A move changes the game: the next request works the explanation out again.
    {
        let mut live = current(&server.app, &id).await.unwrap();
        play_all(&server, &mut live, &["a5a7"], T0).await;
    }
    let (after, worked_out) = explained(&server, &id).await;
    assert_eq!(worked_out, 2);
    let moves = after["explanation"]["moves"].as_array().unwrap();
    assert_eq!((moves.len(), moves[0]["ply"].clone()), (4, json!(2)), "the cycle from the position after a5a7");
    assert_eq!(explained(&server, &id).await.1, 2);

    // A change that is no move (a draw offer) leaves the game's moves and the explanation.
    let mut live = current(&server.app, &id).await.unwrap();
    act(&server.app, &mut live, Side::Second, Action::OfferDraw, T0).await.unwrap();
    drop(live);
    assert_eq!(explained(&server, &id).await, (after, 2));
}

// ---- resigning -------------------------------------------------------------------

#[tokio::test]
async fn resigning_gives_the_other_seat_the_game_and_stops_the_clocks() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", TIMED()).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8", "h9"], T0).await;
    // The second seat resigns while the first is to move: a resignation needs no turn.
    act(&server.app, &mut live, Side::Second, Action::Resign, T0 + 200).await.unwrap();
    assert_eq!((reason(&live), winner(&live)), (Some(Termination::Resignation), Some(Side::First)));
    assert_eq!(live.state().remaining_ms(Side::First, T0 + 5_000), Some(800), "the clocks stopped");
    let stored = stored_outcome(&server, &id).await;
    assert_eq!((&stored["reason"], &stored["winner_seat"]), (&json!("resignation"), &json!("first")));
    assert_eq!(server.app.store.game(&id).await.unwrap().unwrap().deadline, None);
}

#[tokio::test]
async fn resigning_a_game_over_is_refused() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    act(&server.app, &mut live, Side::First, Action::Resign, T0).await.unwrap();
    let refused = act(&server.app, &mut live, Side::Second, Action::Resign, T0).await;
    assert!(matches!(refused, Err(RoundError::Over(Act::Resignation))), "{refused:?}");
    assert_eq!(winner(&live), Some(Side::Second));
}

#[tokio::test]
async fn resigning_on_a_fallen_clock_is_too_late_the_game_is_lost_on_time() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", TIMED()).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8", "h9"], T0).await;
    let refused = act(&server.app, &mut live, Side::Second, Action::Resign, T0 + 5_000).await;
    assert!(matches!(refused, Err(RoundError::Over(Act::Resignation))), "{refused:?}");
    assert_eq!((reason(&live), winner(&live)), (Some(Termination::TimeForfeit), Some(Side::Second)));
}

#[tokio::test]
async fn resigning_withdraws_a_pending_offer() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    act(&server.app, &mut live, Side::First, Action::OfferDraw, T0).await.unwrap();
    act(&server.app, &mut live, Side::Second, Action::Resign, T0).await.unwrap();
    assert_eq!(live.state().draw_offer(), None);
    assert_eq!(server.app.store.game(&id).await.unwrap().unwrap().draw_offer, None);
    assert_eq!(live.state_json(false)["draw_offer"], Value::Null);
}

// ---- draws ---------------------------------------------------------------------

#[tokio::test]
async fn an_offer_stands_until_answered_and_either_seat_may_offer_out_of_turn() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    act(&server.app, &mut live, Side::Second, Action::OfferDraw, T0).await.unwrap();
    assert_eq!((live.state().draw_offer(), live.state().outcome()), (Some(Side::Second), None));
    assert_eq!(server.app.store.game(&id).await.unwrap().unwrap().draw_offer.as_deref(), Some("second"));
}

#[tokio::test]
async fn offering_when_the_other_seat_offers_is_agreeing() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    act(&server.app, &mut live, Side::First, Action::OfferDraw, T0).await.unwrap();
    act(&server.app, &mut live, Side::Second, Action::OfferDraw, T0).await.unwrap();
    assert_eq!((reason(&live), winner(&live)), (Some(Termination::Agreement), None));
    assert_eq!(stored_outcome(&server, &id).await["result"], "draw");
}

#[tokio::test]
async fn accepting_the_other_seats_offer_draws_and_ones_own_is_refused() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    let refused = act(&server.app, &mut live, Side::First, Action::AcceptDraw, T0).await;
    assert!(matches!(refused, Err(RoundError::NoOfferToAccept)), "no offer at all: {refused:?}");
    act(&server.app, &mut live, Side::First, Action::OfferDraw, T0).await.unwrap();
    let refused = act(&server.app, &mut live, Side::First, Action::AcceptDraw, T0).await;
    assert!(matches!(refused, Err(RoundError::NoOfferToAccept)), "one's own offer: {refused:?}");
    assert_eq!(live.state().outcome(), None);
    act(&server.app, &mut live, Side::Second, Action::AcceptDraw, T0).await.unwrap();
    assert_eq!(reason(&live), Some(Termination::Agreement));
    assert_eq!(stored_outcome(&server, &id).await["reason"], "agreement");
}

#[tokio::test]
async fn declining_withdraws_the_other_seats_offer_only() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    let refused = act(&server.app, &mut live, Side::Second, Action::DeclineDraw, T0).await;
    assert!(matches!(refused, Err(RoundError::NoOfferToDecline)), "{refused:?}");
    act(&server.app, &mut live, Side::First, Action::OfferDraw, T0).await.unwrap();
    let refused = act(&server.app, &mut live, Side::First, Action::DeclineDraw, T0).await;
    assert!(matches!(refused, Err(RoundError::NoOfferToDecline)), "one's own offer: {refused:?}");
    act(&server.app, &mut live, Side::Second, Action::DeclineDraw, T0).await.unwrap();
    assert_eq!((live.state().draw_offer(), live.state().outcome()), (None, None));
}

#[tokio::test]
async fn draw_actions_on_a_game_over_are_refused() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    act(&server.app, &mut live, Side::First, Action::OfferDraw, T0).await.unwrap();
    act(&server.app, &mut live, Side::First, Action::Resign, T0).await.unwrap();
    for (action, act_named) in
        [(Action::OfferDraw, Act::DrawOffer), (Action::AcceptDraw, Act::Draw), (Action::DeclineDraw, Act::DrawOffer)]
    {
        let refused = act(&server.app, &mut live, Side::Second, action, T0).await;
        assert!(matches!(refused, Err(RoundError::Over(named)) if named == act_named), "{action:?}: {refused:?}");
    }
    assert_eq!(reason(&live), Some(Termination::Resignation));
}

#[tokio::test]
async fn a_draw_on_a_fallen_clock_is_too_late() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", TIMED()).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8", "h9"], T0).await;
    act(&server.app, &mut live, Side::Second, Action::OfferDraw, T0 + 100).await.unwrap();
    let refused = act(&server.app, &mut live, Side::First, Action::AcceptDraw, T0 + 5_000).await;
    assert!(matches!(refused, Err(RoundError::Over(Act::Draw))), "{refused:?}");
    assert_eq!((reason(&live), winner(&live)), (Some(Termination::TimeForfeit), Some(Side::Second)));
    assert_eq!(live.state().draw_offer(), None, "the ending lets the offer lapse");
}

#[tokio::test]
async fn an_engine_declines_a_draw_at_once() {
    let server = server().await;
    let (id, tokens) = new_game(&server, "gomoku", json!({ "opponent": "engine" })).await;
    assert_eq!(tokens.iter().map(|(side, _)| *side).collect::<Vec<_>>(), [Side::First], "no token for the engine");
    let mut live = current(&server.app, &id).await.unwrap();
    act(&server.app, &mut live, Side::First, Action::OfferDraw, T0).await.unwrap();
    assert_eq!((live.state().draw_offer(), live.state().outcome()), (None, None));
}

// ---- aborting ------------------------------------------------------------------

#[tokio::test]
async fn a_game_is_aborted_before_both_sides_have_moved_not_after() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8"], T0).await;
    act(&server.app, &mut live, Side::First, Action::Abort, T0).await.unwrap();
    assert_eq!((reason(&live), winner(&live)), (Some(Termination::Aborted), None));
    assert_eq!(stored_outcome(&server, &id).await["result"], "aborted");
    let refused = act(&server.app, &mut live, Side::Second, Action::Abort, T0).await;
    assert!(matches!(refused, Err(RoundError::Over(Act::Abort))), "{refused:?}");

    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8", "h9"], T0).await;
    let refused = act(&server.app, &mut live, Side::Second, Action::Abort, T0).await;
    assert!(matches!(refused, Err(RoundError::TooLateToAbort)), "{refused:?}");
    assert_eq!(live.state().outcome(), None);
}

// ---- rematches -----------------------------------------------------------------

#[tokio::test]
async fn a_rematch_is_made_once_both_ask_after_the_end_with_the_seats_swapped() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    let refused = act(&server.app, &mut live, Side::First, Action::Rematch, T0).await;
    assert!(matches!(refused, Err(RoundError::RematchTooSoon)), "{refused:?}");
    act(&server.app, &mut live, Side::First, Action::Resign, T0).await.unwrap();
    act(&server.app, &mut live, Side::First, Action::Rematch, T0).await.unwrap();
    assert_eq!(
        (live.state().rematch().first, live.state().rematch().second, &live.state().rematch().game),
        (true, false, &None)
    );
    act(&server.app, &mut live, Side::Second, Action::Rematch, T0).await.unwrap();
    let new = live.state().rematch().game.clone().expect("the new game");
    let stored = server.app.store.game(&id).await.unwrap().unwrap().rematch.unwrap();
    assert_eq!(serde_json::from_str::<Value>(&stored).unwrap()["game"], new.as_str());
    let refused = act(&server.app, &mut live, Side::First, Action::Rematch, T0).await;
    assert!(matches!(refused, Err(RoundError::RematchMade)), "{refused:?}");
    let (old, rematch) = (live.row.clone(), server.app.store.game(&new).await.unwrap().unwrap());
    assert_eq!((rematch.first_token, rematch.second_token), (old.second_token, old.first_token));
    assert_eq!((rematch.options, rematch.ply), (old.options, 0));
}

#[tokio::test]
async fn an_engine_takes_a_rematch_at_once_and_changes_seats() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({ "opponent": "engine" })).await;
    let mut live = current(&server.app, &id).await.unwrap();
    act(&server.app, &mut live, Side::First, Action::Resign, T0).await.unwrap();
    act(&server.app, &mut live, Side::First, Action::Rematch, T0).await.unwrap();
    let new = live.state().rematch().game.clone().expect("the engine asked too");
    let rematch = current(&server.app, &new).await.unwrap();
    assert_eq!(rematch.state().setup().opponent.as_ref().map(|o| o.side), Some(Side::First));
}

// ---- flagging ------------------------------------------------------------------

#[tokio::test]
async fn a_flag_falls_only_on_a_clock_run_out() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", TIMED()).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8", "h9"], T0).await;
    let version = live.version();
    flag_if_fallen(&server.app, &mut live, T0 + 500).await.unwrap();
    assert_eq!((live.state().outcome(), live.version()), (None, version), "nothing fell: nothing changes");
    let refused = flag(&server.app, &mut live, T0 + 500).await;
    assert!(matches!(refused, Err(RoundError::NoClockFallen)), "{refused:?}");
    flag(&server.app, &mut live, T0 + 1_000).await.unwrap();
    assert_eq!((reason(&live), winner(&live)), (Some(Termination::TimeForfeit), Some(Side::Second)));
    assert_eq!(live.state_json(false)["clocks"]["first"], 0);
    let refused = flag(&server.app, &mut live, T0 + 9_000).await;
    assert!(matches!(refused, Err(RoundError::NoClockFallen)), "a game over has no clock running: {refused:?}");
}

#[tokio::test]
async fn an_untimed_game_never_flags_and_the_clocks_wait_for_both_first_moves() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    let refused = flag(&server.app, &mut live, T0 + 86_400_000).await;
    assert!(matches!(refused, Err(RoundError::NoClockFallen)), "{refused:?}");
    let (id, _) = new_game(&server, "gomoku", TIMED()).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8"], T0).await;
    let refused = flag(&server.app, &mut live, T0 + 86_400_000).await;
    assert!(matches!(refused, Err(RoundError::NoClockFallen)), "{refused:?}");
}

// ---- restarts and other servers --------------------------------------------------

#[tokio::test]
async fn a_restart_with_a_running_clock_gives_nobody_time() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", TIMED()).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8", "h9"], T0).await;
    move_by(&server.app, &mut live, Side::First, 2, text("a1"), T0 + 400).await.unwrap();
    drop(live);
    let mut restarted = reloaded(&server, &id).await;
    assert_eq!(restarted.state().remaining_ms(Side::First, T0 + 2_000), Some(600));
    assert_eq!(restarted.state().remaining_ms(Side::Second, T0 + 1_000), Some(400), "its clock ran since the move");
    move_by(&server.app, &mut restarted, Side::Second, 3, text("a2"), T0 + 900).await.unwrap();
    assert_eq!(restarted.state().remaining_ms(Side::Second, T0 + 900), Some(500));
    let refused = act(&server.app, &mut restarted, Side::First, Action::OfferDraw, T0 + 1_500).await;
    assert!(matches!(refused, Err(RoundError::Over(Act::DrawOffer))), "{refused:?}");
    assert_eq!((reason(&restarted), winner(&restarted)), (Some(Termination::TimeForfeit), Some(Side::Second)));
}

#[tokio::test]
async fn a_restart_keeps_the_ending_the_clocks_when_it_ended_the_offer_and_the_rematch() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", TIMED()).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8", "h9"], T0).await;
    act(&server.app, &mut live, Side::First, Action::OfferDraw, T0 + 100).await.unwrap();
    let offered = reloaded(&server, &id).await;
    assert_eq!(offered.state().draw_offer(), Some(Side::First));
    act(&server.app, &mut live, Side::Second, Action::Resign, T0 + 200).await.unwrap();
    act(&server.app, &mut live, Side::Second, Action::Rematch, T0 + 300).await.unwrap();
    let mut restarted = reloaded(&server, &id).await;
    assert_eq!((reason(&restarted), winner(&restarted)), (Some(Termination::Resignation), Some(Side::First)));
    let stopped = restarted.state().remaining_ms(Side::First, T0 + 60_000);
    assert_eq!(stopped, Some(800), "its clocks stopped when it ended, 200 ms after the last move, and stay stopped");
    assert!(restarted.state().rematch().second && !restarted.state().rematch().first);
    let refused = move_by(&server.app, &mut restarted, Side::First, 2, text("a1"), T0 + 400).await;
    assert!(matches!(refused, Err(RoundError::GameOver(_))), "{refused:?}");
}

/// A game lost on time, loaded again (by another server, or after a restart), shows
/// the loser's clock at zero, as the server that flagged it did.
#[tokio::test]
async fn a_flag_fallen_is_loaded_again_with_the_clock_at_zero() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", TIMED()).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8", "h9"], T0).await;
    flag(&server.app, &mut live, T0 + 1_000).await.unwrap();
    assert_eq!(live.state().remaining_ms(Side::First, T0 + 1_000), Some(0));
    let restarted = reloaded(&server, &id).await;
    assert_eq!((reason(&restarted), winner(&restarted)), (Some(Termination::TimeForfeit), Some(Side::Second)));
    assert_eq!(restarted.state().remaining_ms(Side::First, T0 + 5_000), Some(0));
    assert_eq!(restarted.state().remaining_ms(Side::Second, T0 + 5_000), Some(1_000));
    let row = server.app.store.game(&id).await.unwrap().unwrap();
    assert_eq!(row.ended_at, Some(T0 + 1_000));
}

#[tokio::test]
async fn a_change_another_server_got_in_first_is_refused_and_caught_up_with() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut here = current(&server.app, &id).await.unwrap();
    // The invite used first: using it catches a server up by itself.
    super::invite::used(&server.app, &mut here, Side::Second, T0).await.unwrap();
    let mut there = reloaded(&server, &id).await;
    act(&server.app, &mut there, Side::First, Action::OfferDraw, T0).await.unwrap();
    let refused = act(&server.app, &mut here, Side::Second, Action::Resign, T0).await;
    assert!(matches!(refused, Err(RoundError::ChangedMeanwhile)), "{refused:?}");
    assert_eq!((here.state().draw_offer(), here.state().outcome()), (Some(Side::First), None), "caught up");

    let mut there = reloaded(&server, &id).await;
    play_all(&server, &mut there, &["h8"], T0).await;
    let refused = move_by(&server.app, &mut here, Side::First, 0, text("a1"), T0).await;
    assert!(matches!(refused, Err(RoundError::PlyTaken)), "{refused:?}");
    assert_eq!(here.state().game().moves()[0].text, "h8", "caught up");
}

#[tokio::test]
async fn a_takeback_goes_back_to_the_offerers_turn_and_deletes_the_stored_moves() {
    let server = server().await;
    let (id, _) = new_game(&server, "xiangqi", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h2e2", "h9g7", "b0c2"], T0).await;
    // Red offers just after its own move: only that move goes.
    act(&server.app, &mut live, Side::First, Action::OfferTakeback, T0).await.unwrap();
    assert_eq!(live.state().takeback_offer(), Some(Side::First));
    let refused = act(&server.app, &mut live, Side::First, Action::AcceptTakeback, T0).await;
    assert!(matches!(refused, Err(RoundError::NoTakebackOffer)), "one cannot accept one's own offer: {refused:?}");
    act(&server.app, &mut live, Side::Second, Action::AcceptTakeback, T0).await.unwrap();
    assert_eq!(
        (live.state().ply(), live.state().takeback_offer(), live.state().game().side_to_move()),
        (2, None, Side::First)
    );
    assert_eq!(server.app.store.moves(&id).await.unwrap().len(), 2);
    // Black offers after red replied: red's reply and black's move both go.
    play_all(&server, &mut live, &["b0c2"], T0).await;
    act(&server.app, &mut live, Side::Second, Action::OfferTakeback, T0).await.unwrap();
    act(&server.app, &mut live, Side::First, Action::AcceptTakeback, T0).await.unwrap();
    assert_eq!((live.state().ply(), live.state().game().side_to_move()), (1, Side::Second));
    let moves: Vec<_> = live.state().game().moves().iter().map(|m| m.text.clone()).collect();
    assert_eq!(moves, ["h2e2"]);
    // A restarted server rebuilds the same game, and the game goes on from there.
    let restarted = reloaded(&server, &id).await;
    assert_eq!((restarted.state().ply(), restarted.row.takebacks), (1, 2));
    assert_eq!(restarted.state_json(false), live.state_json(false));
    play_all(&server, &mut live, &["b9c7"], T0).await;
    assert_eq!(server.app.store.moves(&id).await.unwrap().len(), 2);
}

#[tokio::test]
async fn a_takeback_is_refused_without_a_move_to_take_back_an_offer_or_a_game_going_on() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    let refused = act(&server.app, &mut live, Side::First, Action::OfferTakeback, T0).await;
    assert!(matches!(refused, Err(RoundError::NoMoveToTakeBack)), "{refused:?}");
    play_all(&server, &mut live, &["h8"], T0).await;
    let refused = act(&server.app, &mut live, Side::Second, Action::OfferTakeback, T0).await;
    assert!(matches!(refused, Err(RoundError::NoMoveToTakeBack)), "the second seat has not moved: {refused:?}");
    let refused = act(&server.app, &mut live, Side::Second, Action::DeclineTakeback, T0).await;
    assert!(matches!(refused, Err(RoundError::NoTakebackOffer)), "{refused:?}");
    // Any move lets an offer lapse, the offerer's own too.
    act(&server.app, &mut live, Side::First, Action::OfferTakeback, T0).await.unwrap();
    play_all(&server, &mut live, &["h9"], T0).await;
    assert_eq!(live.state().takeback_offer(), None);
    assert_eq!(reloaded(&server, &id).await.state().takeback_offer(), None, "the stored offer lapsed with the move");
    act(&server.app, &mut live, Side::First, Action::OfferTakeback, T0).await.unwrap();
    act(&server.app, &mut live, Side::Second, Action::DeclineTakeback, T0).await.unwrap();
    assert_eq!((live.state().takeback_offer(), live.state().ply()), (None, 2));
    act(&server.app, &mut live, Side::First, Action::Resign, T0).await.unwrap();
    let refused = act(&server.app, &mut live, Side::Second, Action::OfferTakeback, T0).await;
    assert!(matches!(refused, Err(RoundError::Over(Act::Takeback))), "{refused:?}");
}

#[tokio::test]
async fn a_takeback_gives_each_clock_back_what_it_had_at_that_ply() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({ "clock": { "base": 60, "increment": 0 } })).await;
    let mut live = current(&server.app, &id).await.unwrap();
    // The clocks run from the third ply: the first side spends 5 s, the second 7 s.
    play_all(&server, &mut live, &["h8", "h9"], T0).await;
    move_by(&server.app, &mut live, Side::First, 2, text("a1"), T0 + 5_000).await.unwrap();
    move_by(&server.app, &mut live, Side::Second, 3, text("a2"), T0 + 12_000).await.unwrap();
    // The second side takes its move back 20 s later: its clock has its 60 s again
    // and runs from the takeback; the first side keeps its 55 s.
    let at = T0 + 32_000;
    act(&server.app, &mut live, Side::Second, Action::OfferTakeback, at).await.unwrap();
    act(&server.app, &mut live, Side::First, Action::AcceptTakeback, at).await.unwrap();
    assert_eq!(live.state().ply(), 3);
    assert_eq!(
        (live.state().remaining_ms(Side::First, at), live.state().remaining_ms(Side::Second, at)),
        (Some(55_000), Some(60_000))
    );
    assert_eq!(live.state().deadline(), Some(at + 60_000));
    let restarted = reloaded(&server, &id).await;
    assert_eq!(restarted.state().remaining_ms(Side::Second, at + 1_000), Some(59_000));
    assert_eq!(restarted.state().deadline(), Some(at + 60_000));
}

#[tokio::test]
async fn a_takeback_rebuilds_what_the_rules_look_back_on() {
    let server = server().await;
    // Two repetitions of a perpetual check; the third would end the game.
    let (id, _) = new_game(&server, "xiangqi", json!({ "fen": "4k4/9/9/9/9/9/9/9/4R4/5K3 b" })).await;
    let mut live = current(&server.app, &id).await.unwrap();
    let cycle = ["e9d9", "e1d1", "d9e9", "d1e1"];
    play_all(&server, &mut live, &cycle, T0).await;
    play_all(&server, &mut live, &["e9d9", "e1d1", "d9e9"], T0).await;
    // Black takes back its last move: the repetition it made goes with it, so the
    // game ends only when the cycle is played again in full (were it still counted,
    // the game would end a move early and the last move below be refused).
    act(&server.app, &mut live, Side::Second, Action::OfferTakeback, T0).await.unwrap();
    act(&server.app, &mut live, Side::First, Action::AcceptTakeback, T0).await.unwrap();
    assert_eq!(live.state().ply(), 6);
    play_all(&server, &mut live, &["d9e9", "d1e1"], T0).await;
    assert_eq!(reason(&live), Some(Termination::PerpetualCheck), "the same ending as without the takeback");
}

fn joiner(name: Option<&str>) -> super::join::JoinRequest {
    super::join::JoinRequest { name: name.map(str::to_owned), ..Default::default() }
}

#[tokio::test]
async fn an_open_challenge_gives_its_second_seat_once() {
    let server = server().await;
    let creator = super::create::Creator { name: Some("Ada".into()), open: true, ..Default::default() };
    let created = super::create::create_for(&server.app, "gomoku", &json!({}), &creator, T0, false).await.unwrap();
    assert_eq!(created.tokens.iter().map(|(side, _)| *side).collect::<Vec<_>>(), [Side::First]);
    let mut live = current(&server.app, &created.id).await.unwrap();
    let refused = move_by(&server.app, &mut live, Side::First, 0, text("h8"), T0).await;
    assert!(matches!(refused, Err(RoundError::WaitingForOpponent)), "{refused:?}");
    drop(live);
    let joined = super::join::join(&server.app, &created.id, joiner(Some("Bo")), T0, false).await.unwrap();
    let again = super::join::join(&server.app, &created.id, joiner(Some("Cy")), T0, false).await;
    assert!(matches!(again, Err(RoundError::SeatTaken)), "{:?}", again.err());
    let mut live = current(&server.app, &created.id).await.unwrap();
    assert_eq!(super::lookup::seat(&live.row, &joined.token).unwrap(), Side::Second);
    assert_eq!(live.state_json(false)["players"], json!({ "first": "Ada", "second": "Bo" }));
    play_all(&server, &mut live, &["h8", "h9"], T0).await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let refused = super::join::join(&server.app, &id, joiner(None), T0, false).await;
    assert!(matches!(refused, Err(RoundError::NotOpen)), "{:?}", refused.err());
}

// ---- players who leave -------------------------------------------------------------

/// The detail of the game's ending.
fn detail(live: &LiveGame) -> Option<String> {
    live.state().outcome().and_then(|o| o.detail().map(str::to_owned))
}

#[tokio::test]
async fn a_side_that_makes_no_first_move_in_time_aborts_the_game() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    // A game made with a link waits an hour for its invited player, as a challenge.
    assert_eq!(live.state().abort_at(), Some(T0 + 3_600_000));
    super::invite::used(&server.app, &mut live, Side::Second, T0).await.unwrap();
    assert_eq!(live.state().abort_at(), Some(T0 + 30_000));
    assert_eq!(live.state().deadline(), Some(T0 + 30_000), "stored as the game's deadline");
    super::leave::due(&server.app, &mut live, T0 + 29_999).await.unwrap();
    assert!(live.state().outcome().is_none());
    // The first move comes in time; the second side's is awaited from it.
    move_by(&server.app, &mut live, Side::First, 0, text("h8"), T0 + 10_000).await.unwrap();
    assert_eq!(live.state().abort_at(), Some(T0 + 40_000));
    let late = move_by(&server.app, &mut live, Side::Second, 1, text("h9"), T0 + 40_000).await;
    assert!(matches!(late, Err(RoundError::GameOver(_))), "{late:?}");
    assert_eq!(reason(&live), Some(Termination::Aborted));
    assert_eq!(detail(&live).as_deref(), Some("white made no first move in time"));
    // Stored, with its detail, as a restarted server reads it.
    let restarted = reloaded(&server, &id).await;
    assert_eq!(detail(&restarted).as_deref(), Some("white made no first move in time"));
    assert_eq!(stored_outcome(&server, &id).await["result"], "aborted");
}

#[tokio::test]
async fn an_invite_nobody_uses_expires_and_its_player_has_the_first_moves_time_from_coming() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    move_by(&server.app, &mut live, Side::First, 0, text("h8"), T0 + 1_000).await.unwrap();
    assert_eq!(live.state().abort_at(), Some(T0 + 3_600_000), "the creator's move does not start the invitee's time");
    super::invite::used(&server.app, &mut live, Side::Second, T0 + 600_000).await.unwrap();
    assert_eq!(live.state().abort_at(), Some(T0 + 630_000));
    assert_eq!(reloaded(&server, &id).await.state().abort_at(), Some(T0 + 630_000), "stored");
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    super::leave::due(&server.app, &mut live, T0 + 3_600_000).await.unwrap();
    assert_eq!(detail(&live).as_deref(), Some("the invited player did not come in time"));
}

#[tokio::test]
async fn once_both_sides_have_moved_nothing_is_aborted_and_correspondence_waits_a_day() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8", "h9"], T0).await;
    assert_eq!(live.state().abort_at(), None);
    super::leave::due(&server.app, &mut live, T0 + 86_400_000).await.unwrap();
    assert!(live.state().outcome().is_none());
    let (id, _) = new_game(&server, "gomoku", json!({ "clock": { "days": 3 } })).await;
    let mut live = current(&server.app, &id).await.unwrap();
    assert_eq!(live.state().abort_at(), Some(T0 + 7 * 86_400_000), "a correspondence invite waits a week");
    super::invite::used(&server.app, &mut live, Side::Second, T0).await.unwrap();
    assert_eq!(live.state().abort_at(), Some(T0 + 86_400_000));
}

#[tokio::test]
async fn an_open_challenge_expires_and_one_whose_creator_left_is_called_off() {
    let server = server().await;
    let creator = super::create::Creator { open: true, ..Default::default() };
    let created = super::create::create_for(&server.app, "gomoku", &json!({}), &creator, T0, false).await.unwrap();
    let mut live = current(&server.app, &created.id).await.unwrap();
    assert_eq!(live.state().abort_at(), Some(T0 + 3_600_000), "a challenge waits an hour, not a first move");
    super::leave::due(&server.app, &mut live, T0 + 3_600_000).await.unwrap();
    assert_eq!(detail(&live).as_deref(), Some("nobody joined the challenge in time"));
    drop(live);
    let created = super::create::create_for(&server.app, "gomoku", &json!({}), &creator, T0, false).await.unwrap();
    let mut live = current(&server.app, &created.id).await.unwrap();
    let seen = crate::store::Presence { id: created.id.clone(), seen: [Some(T0), None] };
    super::leave::declare_gone(&server.app, &mut live, &seen, T0 + 15_000, T0 + 15_000).await.unwrap();
    assert_eq!(detail(&live).as_deref(), Some("the challenger left"));
    assert_eq!(reason(&live), Some(Termination::Aborted));
}

#[tokio::test]
async fn a_seat_gone_may_be_claimed_after_the_countdown_unless_it_comes_back() {
    let server = server().await;
    let (id, _) = new_game(&server, "gomoku", json!({})).await;
    let mut live = current(&server.app, &id).await.unwrap();
    play_all(&server, &mut live, &["h8", "h9"], T0).await;
    let seen = crate::store::Presence { id: id.clone(), seen: [Some(T0), Some(T0 + 20_000)] };
    let (cut, now) = (T0 + 15_000, T0 + 16_000);
    super::leave::declare_gone(&server.app, &mut live, &seen, cut, now).await.unwrap();
    assert_eq!(live.state().gone(), [Some(now + 30_000), None], "only the seat seen before the cut");
    assert_eq!(live.state_json(false)["gone"], json!({ "first": now + 30_000 }));
    let claim = |draw| if draw { Action::ClaimDraw } else { Action::ClaimWin };
    let refused = act(&server.app, &mut live, Side::First, claim(false), now + 40_000).await;
    assert!(matches!(refused, Err(RoundError::OpponentHere)), "the gone seat claims nothing: {refused:?}");
    // That request was the first seat's: its player is back, no longer gone.
    assert_eq!(live.state().gone(), [None, None]);
    super::leave::declare_gone(&server.app, &mut live, &seen, cut, now).await.unwrap();
    let early = act(&server.app, &mut live, Side::Second, claim(false), now + 29_000).await;
    assert!(matches!(early, Err(RoundError::ClaimTooSoon { seconds: 1 })), "{early:?}");
    act(&server.app, &mut live, Side::Second, claim(false), now + 30_000).await.unwrap();
    assert_eq!((winner(&live), reason(&live)), (Some(Side::Second), Some(Termination::Adjudication)));
    assert_eq!(detail(&live).as_deref(), Some("black left the game"));
    assert_eq!(live.state().gone(), [None, None]);
    // A correspondence game declares nobody gone.
    let (id, _) = new_game(&server, "gomoku", json!({ "clock": { "days": 1 } })).await;
    let mut live = current(&server.app, &id).await.unwrap();
    let seen = crate::store::Presence { id: id.clone(), seen: [Some(T0), Some(T0)] };
    super::leave::declare_gone(&server.app, &mut live, &seen, cut, now).await.unwrap();
    assert_eq!(live.state().gone(), [None, None]);
}
