//! Bot accounts over HTTP: `POST /api/me/bot` marks the request's account a bot (by
//! its owner, before its first game, for good), and `GET /api/bots` lists the bots to
//! challenge. The bots' streams are in `bot_events.rs` and `bot_game.rs`.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::accounts::required;
use super::errors::ApiError;
use super::players::ratings_json;
use crate::app::AppState;
use crate::live::now_millis;
use crate::store::{Account, MarkBot};

/// How recently a bot's event stream must have been connected for it to be listed
/// online: three times the stream's own note of it.
pub const ONLINE_MS: i64 = 30_000;

/// `POST /api/me/bot`: `200` `{"name", "bot": true}`; `409` `has_played` for an
/// account that has played a game (it stays a person). Marking a bot again is no
/// error.
pub async fn mark(State(app): State<Arc<AppState>>, headers: HeaderMap) -> Result<Response, ApiError> {
    let account = required(&app, &headers).await?;
    match app.store.mark_bot(account.id).await? {
        MarkBot::Marked => {
            Ok(([(header::CACHE_CONTROL, "no-store")], Json(json!({ "name": account.name, "bot": true })))
                .into_response())
        }
        MarkBot::HasPlayed => Err(ApiError::coded(
            StatusCode::CONFLICT,
            "an account that has played a game cannot become a bot",
            "has_played",
        )),
    }
}

/// The request's account, which must be a bot: `403` `not_a_bot` otherwise.
pub async fn bot(app: &AppState, headers: &HeaderMap) -> Result<Account, ApiError> {
    let account = required(app, headers).await?;
    if !app.store.is_bot(account.id).await? {
        return Err(ApiError::coded(
            StatusCode::FORBIDDEN,
            "this account is not a bot: mark it one with POST /api/me/bot",
            "not_a_bot",
        ));
    }
    Ok(account)
}

/// `GET /api/bots`: `{"bots": [{"name", "games", "ratings", "online"}]}`, by name:
/// the games a bot has played or plays (what it plays, as far as the server knows),
/// its ratings, and whether its event stream was connected in the last 30 seconds.
pub async fn list(State(app): State<Arc<AppState>>) -> Result<Json<Value>, ApiError> {
    let now = now_millis();
    let mut bots = Vec::new();
    for (id, name, seen) in app.store.bots().await? {
        let ratings = ratings_json(&app, id, now).await?;
        let games = app.store.games_played(id).await?;
        let online = seen.is_some_and(|at| now - at < ONLINE_MS);
        bots.push(json!({ "name": name, "games": games, "ratings": ratings, "online": online }));
    }
    Ok(Json(json!({ "bots": bots })))
}
