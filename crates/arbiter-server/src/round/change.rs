//! Storing a change other than a move (an ending, a draw offer, a rematch): made only
//! if nobody changed the game since it was worked out, then taken by the game and
//! published.

use super::error::{Act, RoundError};
use super::publish::publish;
use crate::app::AppState;
use crate::game_state::Change;
use crate::live::LiveGame;
use crate::memory::Games;
use crate::rows::GameEvent;

/// Refuses `act` once the game is over.
pub fn ongoing(live: &LiveGame, act: Act) -> Result<(), RoundError> {
    if live.state().outcome().is_some() { Err(RoundError::Over(act)) } else { Ok(()) }
}

/// Stores `change`, lets the game take it and publishes it; refused if another
/// server changed the game meanwhile (the game is then brought up to date).
pub async fn apply(app: &AppState, live: &mut LiveGame, change: Change) -> Result<(), RoundError> {
    // The next deadline is the state's after the change.
    let mut after = live.state().clone();
    after.take(change.clone());
    let event = GameEvent::of(&live.row.id, live.version(), live.state(), &change, after.deadline());
    if !app.store.record_event(&event).await? {
        Games::refresh(&app.store, live).await?;
        return Err(RoundError::ChangedMeanwhile);
    }
    live.take_change(change);
    publish(app, live);
    crate::ratings::rate_if_over(app, live).await;
    Ok(())
}
