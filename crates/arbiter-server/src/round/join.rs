//! Open challenges: a game made with its second seat free, which the first player to
//! join takes. The claim is one conditional UPDATE in the database (the seat taken
//! only where it is still free), so that of many joins at once, on one server or on
//! several sharing PostgreSQL, exactly one gets the seat; the others are refused.

use arbiter::Side;

use super::error::{Act, RoundError};
use super::leave::due;
use super::lookup::{current, seat};
use super::publish::publish;
use crate::app::AppState;
use crate::memory::Games;
use crate::rows::{NOT_OPEN, SEAT_CLAIMED};
use crate::store::{Account, Joiner};
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

/// Who asks to join an open challenge.
#[derive(Clone, Debug, Default)]
pub struct JoinRequest {
    /// Their name, checked.
    pub name: Option<String>,
    /// Their account, if signed in: its name is the seat's.
    pub account: Option<Account>,
    /// The token they sent, if any: the challenge's creator's is refused.
    pub token: Option<String>,
}

/// `joiner` joins open challenge `id` at `now`: the second seat's new token, once.
/// Nobody joins their own challenge, and a rated one is joined by an account.
pub async fn join(app: &AppState, id: &str, joiner: JoinRequest, now: i64, legal: bool) -> Result<Joined, RoundError> {
    let mut live = current(app, id).await?;
    due(app, &mut live, now).await?;
    refuse(live.row.seat_open, live.state().outcome().is_some())?;
    let account = joiner.account.as_ref().map(|a| a.id);
    let creators_token = joiner.token.as_deref().is_some_and(|t| matches!(seat(&live.row, t), Ok(Side::First)));
    if creators_token || (account.is_some() && account == live.row.first_account) {
        return Err(RoundError::OwnChallenge);
    }
    if live.row.is_rated() && account.is_none() {
        return Err(RoundError::SignInNeeded);
    }
    let name = joiner.account.map(|a| a.name).or(joiner.name);
    let joined = Joiner { name, account, now, deadline: Some(now + live.state().first_move_wait()) };
    let token = tokens::generate()?;
    if !app.store.claim_seat(id, &tokens::hash(&token), &joined).await? {
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
