//! What clients see of a served game, as JSON. The state: the answer to a state
//! request, a move or a seat's action, and what a watcher gets when it connects; it
//! lists the legal moves only when asked, since the page works them out itself with
//! the rules in WebAssembly and a Renju board of 128x128 points has 16,384 of them.
//! The update: what every watcher gets after a change, the moves it brings and the
//! game's new turn, clocks and ending, a few hundred bytes whatever the board and the
//! game's length. No token appears in either.

use std::collections::BTreeMap;
use std::sync::Arc;

use arbiter::clock::Clock;
use arbiter::{AnyGame, MoveDetail, Outcome, Side};
use serde::Serialize;
use serde_json::{Value, json};

use crate::game_state::Rematch;
use crate::rows::outcome_json;
use crate::setup::Setup;

/// What the state shows of a game.
pub struct Seen<'a> {
    /// The game's id.
    pub id: &'a str,
    /// Its options.
    pub setup: &'a Setup,
    /// The game after its moves.
    pub game: &'a AnyGame,
    /// Its clocks, if timed.
    pub clock: Option<&'a Clock>,
    /// How it ended, by the rules or otherwise.
    pub outcome: Option<Outcome>,
    /// The seat that offers a draw.
    pub draw_offer: Option<Side>,
    /// Who asked for a rematch.
    pub rematch: &'a Rematch,
    /// When the last change was made, milliseconds since the epoch.
    pub changed_at: i64,
    /// The seat that offers to take back its last move.
    pub takeback_offer: Option<Side>,
    /// The seats' players' names.
    pub players: [Option<&'a str>; 2],
    /// Whether the game is an open challenge whose second seat is free.
    pub open: bool,
    /// How many takebacks the game had.
    pub takebacks: i64,
    /// Whether the game is rated.
    pub rated: bool,
    /// Whether each seat is played by an account.
    pub accounts: [bool; 2],
    /// Whether each seat's account is a bot.
    pub bots: [bool; 2],
    /// For each seat declared gone, when its opponent may claim the game.
    pub gone: [Option<i64>; 2],
    /// When the game is aborted if nobody joins it or a side makes no first move.
    pub abort_at: Option<i64>,
    /// The tournament the game is played in.
    pub tournament: Option<&'a str>,
}

/// The state as JSON text, with the legal moves listed (`legal`) or not.
pub fn state_text(seen: &Seen<'_>, legal: bool) -> Arc<str> {
    let game = seen.game;
    let turn = turn(seen, true);
    let listed = legal.then(|| if turn.outcome.is_null() { game.legal_moves() } else { Vec::new() });
    let view = StateView {
        id: seen.id,
        game: game.kind().name(),
        options: seen.setup.to_value(),
        position: game.position_text(),
        moves: game.moves().iter().map(|m| m.text.as_str()).collect(),
        notations: game.kind().notations().iter().filter_map(|&name| Some((name, game.moves_in(name)?))).collect(),
        legal_moves: listed.as_ref().map(|moves| moves.iter().map(|m| m.text.as_str()).collect()),
        legal: listed.as_deref(),
        turn,
        rated: seen.rated,
        tournament: seen.tournament,
        bots: Bots { first: seen.bots[0], second: seen.bots[1] },
    };
    Arc::from(serde_json::to_string(&view).unwrap_or_default())
}

/// The answer to an explanation request: `{"explanation": EXPLANATION}` for the game's
/// last repetition (`AnyGame::explain`), or `{"explanation": null}`. Its `termination`
/// is the termination's code (`perpetual_chase`), as the outcome's `termination` and
/// the Python and JavaScript packages name it.
pub fn explanation_text(game: &AnyGame) -> Arc<str> {
    let explanation = game.explain().map(|explanation| {
        let code = explanation.termination.code();
        let mut value = serde_json::to_value(&explanation).unwrap_or(Value::Null);
        value["termination"] = json!(code);
        value
    });
    Arc::from(json!({ "explanation": explanation }).to_string())
}

/// What a watcher gets when it connects: the state, marked as such.
pub fn hello_text(state: &str) -> String {
    format!(r#"{{"type":"state","state":{state}}}"#)
}

/// What every watcher gets after a takeback: the whole state, marked as such, for the
/// moves it saw no longer all stand.
pub fn takeback_text(state: &str) -> String {
    format!(r#"{{"type":"state","takeback":true,"state":{state}}}"#)
}

/// The update after a change, for watchers who saw the game at ply `since`: the moves
/// made from there (one after a move, none after another change, every one missed
/// for a watcher that resumes) and the game's turn, clocks and ending now.
pub fn update_text(seen: &Seen<'_>, since: usize) -> String {
    let game = seen.game;
    let since = since.min(game.moves().len());
    let notations = game.kind().notations();
    let moves = (since..game.moves().len())
        .map(|ply| MoveView {
            ply,
            detail: &game.moves()[ply],
            notations: notations.iter().filter_map(|&name| Some((name, game.moves_in(name)?[ply].as_str()))).collect(),
        })
        .collect();
    let turn = turn(seen, false);
    serde_json::to_string(&UpdateView { kind: "update", moves, turn }).unwrap_or_default()
}

/// The game's turn now; `whole` for a state, which has every field, where an update
/// leaves out those that stay `null` through the game (the colours and task of a game
/// whose rules never change its colours).
fn turn<'a>(seen: &'a Seen<'a>, whole: bool) -> Turn<'a> {
    let game = seen.game;
    let outcome = seen.outcome.as_ref();
    let over = outcome.is_some();
    let side = game.side_to_move();
    let now = seen.changed_at.max(0) as u64;
    Turn {
        ply: game.moves().len(),
        status: if over { "finished" } else { game.status().name() },
        side_to_move: (!over).then(|| game.side_name(side)),
        seat_to_move: (!over).then(|| side.name()),
        opening: (whole || game.colors().is_some()).then(|| Opening {
            colors: game.colors().map(|[first, second]| Colors { first, second }),
            task: if over { None } else { game.task() },
        }),
        outcome: outcome_json(game, outcome),
        clocks: seen.clock.map(|clock| {
            json!({
                "first": clock.remaining_ms(Side::First, now),
                "second": clock.remaining_ms(Side::Second, now),
                "running": clock.running().filter(|_| !over).map(Side::name),
            })
        }),
        made_at: seen.changed_at,
        draw_offer: seen.draw_offer.filter(|_| !over).map(Side::name),
        takeback_offer: seen.takeback_offer.filter(|_| !over).map(Side::name),
        rematch: seen.rematch,
        players: Players { first: seen.players[0], second: seen.players[1] },
        open: seen.open && !over,
        takebacks: seen.takebacks,
        accounts: Side::BOTH.into_iter().filter(|s| seen.accounts[s.index()]).map(Side::name).collect(),
        gone: Side::BOTH
            .into_iter()
            .filter_map(|s| Some((s.name(), seen.gone[s.index()].filter(|_| !over)?)))
            .collect(),
        abort_at: seen.abort_at.filter(|_| !over),
    }
}

/// The game's turn, clocks and ending: in every state and every update.
#[derive(Serialize)]
struct Turn<'a> {
    ply: usize,
    status: &'static str,
    side_to_move: Option<&'static str>,
    seat_to_move: Option<&'static str>,
    /// The colours and the task: in every state, and in every update of a game whose
    /// colours can change.
    #[serde(flatten)]
    opening: Option<Opening>,
    outcome: Value,
    /// Each seat's time left when the change was made, and whose clock runs.
    clocks: Option<Value>,
    /// When the change was made, milliseconds since the epoch.
    made_at: i64,
    draw_offer: Option<&'static str>,
    takeback_offer: Option<&'static str>,
    rematch: &'a Rematch,
    players: Players<'a>,
    /// An open challenge whose second seat is free.
    open: bool,
    /// How many takebacks the game had: a watcher resuming gives it back.
    takebacks: i64,
    /// The seats played by accounts (whose names open their pages).
    accounts: Vec<&'static str>,
    /// The seats declared gone, each with when its opponent may claim the game.
    gone: BTreeMap<&'static str, i64>,
    /// When the game is aborted if nobody joins it or a side makes no first move.
    abort_at: Option<i64>,
}

/// What an opening rule changes in a game's turn.
#[derive(Serialize)]
struct Opening {
    /// The colour each seat plays now, in a game whose rules can change them (Gomoku's
    /// opening rules, whose swaps exchange them); `null` where each seat keeps its side's
    /// name. In every update of such a game, so that an update laid over a state
    /// replaces it.
    colors: Option<Colors>,
    /// What the side to move is asked to do beyond an ordinary move (an opening rule's
    /// step), in words; `null` in ordinary play.
    task: Option<String>,
}

/// The colour each seat plays now.
#[derive(Serialize)]
struct Colors {
    first: &'static str,
    second: &'static str,
}

/// The seats' players' names (`null` for a seat nobody named).
#[derive(Serialize)]
struct Players<'a> {
    first: Option<&'a str>,
    second: Option<&'a str>,
}

/// Whether each seat is played by a bot account.
#[derive(Serialize)]
struct Bots {
    first: bool,
    second: bool,
}

#[derive(Serialize)]
struct StateView<'a> {
    id: &'a str,
    game: &'static str,
    options: Value,
    #[serde(flatten)]
    turn: Turn<'a>,
    /// Whether the game is rated.
    rated: bool,
    /// The tournament the game is played in, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    tournament: Option<&'a str>,
    /// Whether each seat's account is a bot: in the state only, since it never
    /// changes during a game.
    bots: Bots,
    position: String,
    moves: Vec<&'a str>,
    /// The moves in the game's other notations (Xiangqi: WXF and Chinese), as the
    /// rules kept them move by move.
    notations: BTreeMap<&'static str, &'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    legal_moves: Option<Vec<&'a str>>,
    /// The legal moves with where each starts and ends, for clients to draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    legal: Option<&'a [MoveDetail]>,
}

#[derive(Serialize)]
struct UpdateView<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    moves: Vec<MoveView<'a>>,
    #[serde(flatten)]
    turn: Turn<'a>,
}

/// A move in an update: the ply it was made at, its text, where it starts and ends,
/// and its text in the game's other notations.
#[derive(Serialize)]
struct MoveView<'a> {
    ply: usize,
    #[serde(flatten)]
    detail: &'a MoveDetail,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    notations: BTreeMap<&'static str, &'a str>,
}
