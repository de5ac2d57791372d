//! The invite: a game made with a link for the second seat keeps that seat's token
//! (in the database, beside the hashes) until the seat is first used, so that its
//! creator can read the link again from any page; the first request with the second
//! seat's token forgets it, and from then on only its hash is kept. Until then the
//! game waits for the invited player as an open challenge waits for its opponent.

use arbiter::Side;
use serde_json::{Value, json};

use super::error::RoundError;
use super::publish::publish;
use crate::app::AppState;
use crate::live::LiveGame;
use crate::memory::Games;

/// The invite for the second seat, for `seat` if it is the first and the second seat
/// has not been used: `{"seat": "second", "token", "link"}`.
pub async fn invite(app: &AppState, live: &mut LiveGame, seat: Side) -> Result<Option<Value>, RoundError> {
    if seat != Side::First || live.row.invite_token.is_none() {
        return Ok(None);
    }
    if app.store.is_postgres() {
        // Another server may have seen the second seat used; it does not count as
        // a change to the game, so only the row says so.
        live.row.invite_token = app.store.game(&live.row.id).await?.and_then(|row| row.invite_token);
    }
    let Some(token) = &live.row.invite_token else { return Ok(None) };
    let link = format!("/games/{}#seat=second&token={token}", live.row.id);
    Ok(Some(json!({ "seat": Side::Second.name(), "token": token, "link": link })))
}

/// Records that `seat` was used at `now`: for the second seat, its invite is
/// forgotten, and the invited player, come at last, has the first move's time from
/// now (until then the game waited as a challenge waits).
pub async fn used(app: &AppState, live: &mut LiveGame, seat: Side, now: i64) -> Result<(), RoundError> {
    if seat == Side::Second && live.row.invite_token.is_some() {
        let mut after = live.state().clone();
        after.arrived(now);
        app.store.forget_invite(&live.row.id, now, after.deadline()).await?;
        Games::refresh(&app.store, live).await?;
        publish(app, live);
    }
    Ok(())
}
