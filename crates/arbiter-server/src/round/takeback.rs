//! Takebacks: a seat offers to take back its last move, the other accepts or
//! declines, as with draw offers; any move lets an offer lapse. On accepting, the game
//! goes back to the offerer's turn: the offerer's last move is taken back, and the
//! opponent's reply with it if there was one. The stored moves from there on are
//! deleted in the transaction that rewinds the game's row, and the game is rebuilt
//! from the moves left through the rules, so that everything that looks back
//! (repetitions, Xiangqi's chase history, draughts' counts) follows. The clocks go
//! back to what each side had at that ply, as stored with the moves, and the one to
//! move runs again from the takeback. An engine accepts a takeback at once.

use arbiter::{AnyGame, Side};

use super::change::{apply, ongoing};
use super::error::{Act, RoundError};
use super::publish::publish;
use crate::app::AppState;
use crate::game_state::StoredMove;
use crate::live::LiveGame;
use crate::memory::{Games, LoadError};
use crate::rows::ONGOING;
use crate::store::Undo;

/// `seat` offers to take back its last move; the engine in the other seat accepts.
pub async fn offer(app: &AppState, live: &mut LiveGame, seat: Side, now: i64) -> Result<(), RoundError> {
    ongoing(live, Act::Takeback)?;
    if live.row.tournament_id.is_some() {
        return Err(RoundError::InTournament);
    }
    back_to(live, seat)?;
    let mut change = live.state().change(now);
    change.takeback_offer = Some(seat);
    apply(app, live, change).await?;
    if let Some(engine) = live.state().engine_seat().filter(|&side| side != seat) {
        accept(app, live, engine, now).await?;
    }
    Ok(())
}

/// `seat` accepts the other seat's offer: the game goes back to the offerer's turn.
pub async fn accept(app: &AppState, live: &mut LiveGame, seat: Side, now: i64) -> Result<(), RoundError> {
    ongoing(live, Act::Takeback)?;
    let offerer = seat.opponent();
    if live.state().takeback_offer() != Some(offerer) {
        return Err(RoundError::NoTakebackOffer);
    }
    let ply = back_to(live, offerer)?;
    let moves = app.store.moves(&live.row.id).await?;
    let mut row = live.row.clone();
    row.ply = ply as i64;
    row.status = ONGOING.to_owned();
    row.outcome = None;
    row.draw_offer = None;
    row.takeback_offer = None;
    row.takebacks += 1;
    row.resumed_at = Some(now);
    row.version = live.version() + 1;
    let fresh = LiveGame::load(row, kept(&moves, ply), live.state().times()).map_err(LoadError::from)?;
    let undo = Undo {
        id: live.row.id.clone(),
        version: live.version(),
        ply: ply as i64,
        deadline: fresh.state().deadline(),
        now,
        to_move: fresh.state().game().side_to_move().name(),
    };
    if !app.store.take_back(&undo).await? {
        Games::refresh(&app.store, live).await?;
        return Err(RoundError::ChangedMeanwhile);
    }
    live.rewind(fresh);
    publish(app, live);
    Ok(())
}

/// `seat` declines the other seat's offer.
pub async fn decline(app: &AppState, live: &mut LiveGame, seat: Side, now: i64) -> Result<(), RoundError> {
    ongoing(live, Act::Takeback)?;
    if live.state().takeback_offer() != Some(seat.opponent()) {
        return Err(RoundError::NoTakebackOffer);
    }
    let mut change = live.state().change(now);
    change.takeback_offer = None;
    apply(app, live, change).await
}

/// The stored moves before `ply`.
fn kept(moves: &[StoredMove], ply: usize) -> &[StoredMove] {
    &moves[..ply.min(moves.len())]
}

/// The ply a takeback by `offerer` goes back to: the one of its last move, so that it
/// is the offerer's turn again.
pub fn back_to(live: &LiveGame, offerer: Side) -> Result<usize, RoundError> {
    // Replayed to know who made each move, rather than assuming that turns alternate.
    let mut replay = AnyGame::new(&live.state().setup().options);
    let mut last = None;
    for (ply, mv) in live.state().game().moves().iter().enumerate() {
        if replay.side_to_move() == offerer {
            last = Some(ply);
        }
        if replay.play_text(&mv.text).is_err() {
            break;
        }
    }
    last.ok_or(RoundError::NoMoveToTakeBack)
}
