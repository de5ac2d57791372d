//! Open challenges: a game made with its second seat free, which the first player to
//! join takes. The claim is one conditional UPDATE in the database (the seat taken
//! only where it is still free), so that of many joins at once, on one server or on
//! several sharing PostgreSQL, exactly one gets the seat; the others are refused.

use arbiter::Side;

use super::error::{Act, RoundError};
use super::lookup::current;
use super::publish::publish;
use crate::app::AppState;
use crate::memory::Games;
use crate::rows::{NOT_OPEN, SEAT_CLAIMED};
use crate::tokens;

/// The seat a join gave: its token (given only here) and the game's state.
pub struct Joined {
    /// The seat taken: always the second.
    pub seat: Side,
    /// Its token.
    pub token: String,
    /// The game's state after the join, with the legal moves if asked.
    pub state: std::sync::Arc<str>,
}

/// `name` joins open challenge `id`: the second seat's new token, once.
pub async fn join(app: &AppState, id: &str, name: Option<String>, legal: bool) -> Result<Joined, RoundError> {
    let mut live = current(app, id).await?;
    refuse(live.row.seat_open, live.state().outcome().is_some())?;
    let token = tokens::generate()?;
    if !app.store.claim_seat(id, &tokens::hash(&token), name.as_deref()).await? {
        // Another server's join came first (or the challenge ended meanwhile).
        Games::refresh(&app.store, &mut live).await?;
        refuse(live.row.seat_open, live.state().outcome().is_some())?;
        return Err(RoundError::SeatTaken);
    }
    Games::refresh(&app.store, &mut live).await?;
    publish(app, &mut live);
    Ok(Joined { seat: Side::Second, token, state: live.state_text(legal) })
}

/// Why a game whose second seat is `seat_open` cannot be joined, if it cannot.
fn refuse(seat_open: i64, over: bool) -> Result<(), RoundError> {
    match seat_open {
        NOT_OPEN => Err(RoundError::NotOpen),
        SEAT_CLAIMED => Err(RoundError::SeatTaken),
        _ if over => Err(RoundError::Over(Act::Join)),
        _ => Ok(()),
    }
}
