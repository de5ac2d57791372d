//! A seat named after the game was made: the player who opens a seat by its link (the
//! invite's second seat) gives the name their browser keeps, once, while the seat has
//! none. A seat's name never changes after.

use arbiter::Side;

use super::error::RoundError;
use super::publish::publish;
use crate::app::AppState;
use crate::live::LiveGame;
use crate::memory::Games;

/// Names `seat` `name` (checked), if it has no name yet.
pub async fn name_seat(app: &AppState, live: &mut LiveGame, seat: Side, name: &str) -> Result<(), RoundError> {
    if live.row.names()[seat.index()].is_some() {
        return Err(RoundError::SeatNamed);
    }
    if !app.store.name_seat(&live.row.id, seat.index(), name).await? {
        Games::refresh(&app.store, live).await?;
        return Err(RoundError::SeatNamed);
    }
    Games::refresh(&app.store, live).await?;
    publish(app, live);
    Ok(())
}
