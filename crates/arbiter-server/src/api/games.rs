//! Games: creating one, its state, its board, the lobby's list.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::errors::{ApiError, bad_request};
use super::http::{Listing, game_id, json_body, json_text, listing};
use crate::app::AppState;
use crate::live::now_millis;
use crate::round;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    game: String,
    #[serde(default)]
    options: Value,
}

/// `POST /api/games` with `{"game": NAME, "options": {...}}`: `201` with the game's
/// id, its seats' tokens (given only here) and its state.
pub async fn create_game(
    State(app): State<Arc<AppState>>,
    query: Result<Query<Listing>, QueryRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let legal = listing(query)?;
    let request: NewGame = json_body(body)?;
    let round::Created { id, tokens, state } =
        round::create(&app, &request.game, &request.options, now_millis(), legal).await?;
    let tokens: serde_json::Map<String, Value> =
        tokens.into_iter().map(|(side, token)| (side.name().to_owned(), Value::String(token))).collect();
    let body = json!({ "id": id, "tokens": tokens, "state": state });
    Ok((StatusCode::CREATED, [(header::LOCATION, format!("/api/games/{id}"))], Json(body)).into_response())
}

/// `GET /api/games/{id}`: the game's state.
pub async fn game_state(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<Listing>, QueryRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let legal = listing(query)?;
    let live = round::current(&app, &id).await?;
    round::play_if_due(&app, &live);
    Ok(json_text(live.state_text(legal)))
}

/// How to draw a board.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct BoardQuery {
    /// `1` to turn the board, the second side at the bottom.
    #[serde(default)]
    flip: u8,
}

/// `GET /api/games/{id}/board.svg`: the board as SVG.
pub async fn board_svg(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<BoardQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let Query(query) = query.map_err(|e| bad_request(e.body_text()))?;
    let (copy, ended) = {
        let live = round::current(&app, &id).await?;
        (live.game().clone(), live.outcome().is_some())
    };
    // Drawn from a copy, so that a big board does not hold the game's lock.
    let svg = arbiter_render::svg(&copy, arbiter_render::View { flip: query.flip == 1, ended });
    Ok(([(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"), (header::CACHE_CONTROL, "no-store")], svg)
        .into_response())
}

/// Which games the lobby lists.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lobby {
    status: Option<String>,
    limit: Option<i64>,
    offset: Option<i64>,
}

/// `GET /api/games?status=&limit=&offset=`: the lobby's list, newest first.
pub async fn list_games(
    State(app): State<Arc<AppState>>,
    query: Result<Query<Lobby>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(lobby) = query.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    let status = lobby.status.unwrap_or_else(|| "ongoing".to_owned());
    if status != "ongoing" && status != "finished" {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "status is ongoing or finished"));
    }
    let limit = lobby.limit.unwrap_or(50);
    let offset = lobby.offset.unwrap_or(0);
    if !(1..=200).contains(&limit) || offset < 0 {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "limit is 1 to 200 and offset at least 0"));
    }
    let (rows, total) = app.store.list_games(&status, limit, offset).await?;
    let games: Vec<Value> = rows
        .into_iter()
        .map(|row| {
            json!({
                "id": row.id,
                "game": row.game,
                "options": serde_json::from_str::<Value>(&row.options).unwrap_or(Value::Null),
                "ply": row.ply,
                "status": row.status,
                "outcome": row.outcome.as_deref().and_then(|o| serde_json::from_str::<Value>(o).ok()),
                "created_at": row.created_at,
            })
        })
        .collect();
    Ok(Json(json!({ "games": games, "total": total, "limit": limit, "offset": offset })))
}
