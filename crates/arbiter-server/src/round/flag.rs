//! Flagging: a running clock that has run out ends the game on time, before anything
//! else is done with the game (a move, an action, an engine's answer) and when the
//! clock watcher finds it.

use arbiter::{Outcome, Termination};

use super::change::apply;
use super::error::RoundError;
use crate::app::AppState;
use crate::live::LiveGame;

/// Ends the game on time if its running clock has run out at `now`; nothing if not.
pub async fn flag_if_fallen(app: &AppState, live: &mut LiveGame, now: i64) -> Result<(), RoundError> {
    if live.state().flagged(now).is_some() {
        flag(app, live, now).await?;
    }
    Ok(())
}

/// Ends the game on time: the side whose clock ran out by `now` loses.
pub async fn flag(app: &AppState, live: &mut LiveGame, now: i64) -> Result<(), RoundError> {
    let loser = live.state().flagged(now).ok_or(RoundError::NoClockFallen)?;
    let mut change = live.state().change(now);
    change.end(Outcome::win(loser.opponent(), Termination::TimeForfeit));
    apply(app, live, change).await
}
