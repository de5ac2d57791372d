//! Endings a seat chooses: resigning, and aborting before both sides have moved.

use arbiter::{Outcome, Side, Termination};

use super::change::{apply, ongoing};
use super::error::{Act, RoundError};
use crate::app::AppState;
use crate::live::LiveGame;

/// Plies after which a game can no longer be aborted: both sides have moved.
const ABORT_BEFORE_PLY: i64 = 2;

/// `seat` resigns: the other seat wins.
pub async fn resign(app: &AppState, live: &mut LiveGame, seat: Side, now: i64) -> Result<(), RoundError> {
    ongoing(live, Act::Resignation)?;
    let mut change = live.state().change(now);
    change.end(Outcome::win(seat.opponent(), Termination::Resignation));
    apply(app, live, change).await
}

/// Either seat aborts the game, before both sides have moved: nobody wins.
pub async fn abort(app: &AppState, live: &mut LiveGame, now: i64) -> Result<(), RoundError> {
    ongoing(live, Act::Abort)?;
    if live.row.tournament_id.is_some() {
        return Err(RoundError::InTournament);
    }
    if live.state().ply() >= ABORT_BEFORE_PLY {
        return Err(RoundError::TooLateToAbort);
    }
    let mut change = live.state().change(now);
    change.end(Outcome::draw(Termination::Aborted));
    apply(app, live, change).await
}
