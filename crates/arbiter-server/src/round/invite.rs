//! The invite: a game made with a link for the second seat keeps that seat's token
//! (in the database, beside the hashes) until the seat is first used, so that its
//! creator can read the link again from any page; the first request with the second
//! seat's token forgets it, and from then on only its hash is kept.

use arbiter::Side;
use serde_json::{Value, json};

use super::error::RoundError;
use crate::app::AppState;
use crate::live::LiveGame;

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

/// Records that `seat` was used: for the second seat, its invite is forgotten.
pub async fn used(app: &AppState, live: &mut LiveGame, seat: Side) -> Result<(), RoundError> {
    if seat == Side::Second && live.row.invite_token.is_some() {
        app.store.forget_invite(&live.row.id).await?;
        live.row.invite_token = None;
    }
    Ok(())
}
