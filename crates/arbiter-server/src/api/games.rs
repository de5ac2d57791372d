//! Games: creating one, its state, its board, the lobby's list.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::errors::{ApiError, bad_request};
use super::http::{Listing, game_id, json_body, json_text, listing, seat};
use crate::app::AppState;
use crate::live::now_millis;
use crate::round;
use crate::rows::GameRow;
use crate::store::Listed;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    game: String,
    #[serde(default)]
    options: Value,
    /// The creator's name.
    name: Option<String>,
    /// An open challenge: the second seat free for the first to join.
    #[serde(default)]
    open: bool,
}

/// `POST /api/games` with `{"game": NAME, "options": {...}, "name": NAME, "open":
/// BOOL}`: `201` with the game's id, its seats' tokens (given only here; for an open
/// challenge the first seat's only) and its state.
pub async fn create_game(
    State(app): State<Arc<AppState>>,
    query: Result<Query<Listing>, QueryRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let legal = listing(query)?;
    let request: NewGame = json_body(body)?;
    let creator = round::Creator {
        name: round::player_name(request.name.as_deref()).map_err(round::RoundError::from)?,
        open: request.open,
    };
    let round::Created { id, tokens, state } =
        round::create_for(&app, &request.game, &request.options, &creator, now_millis(), legal).await?;
    let tokens: serde_json::Map<String, Value> =
        tokens.into_iter().map(|(side, token)| (side.name().to_owned(), Value::String(token))).collect();
    let body = json!({ "id": id, "tokens": tokens, "state": state });
    Ok((StatusCode::CREATED, [(header::LOCATION, format!("/api/games/{id}"))], Json(body)).into_response())
}

/// `GET /api/games/{id}`: the game's state. With a seat's token it is that seat's
/// state: for the creator, with the invite for the second seat while that seat has
/// not been used; for the second seat, the request uses the seat.
pub async fn game_state(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<Listing>, QueryRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let legal = listing(query)?;
    let mut live = round::current(&app, &id).await?;
    round::play_if_due(&app, &live);
    if headers.contains_key(header::AUTHORIZATION) {
        let seat = seat(&headers, &live.row)?;
        round::used(&app, &mut live, seat).await?;
        if let Some(invite) = round::invite(&app, &mut live, seat).await? {
            let mut state = live.state(legal);
            state["invite"] = invite;
            return Ok(Json(state).into_response());
        }
    }
    Ok(json_text(live.state_text(legal)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    name: Option<String>,
}

/// `POST /api/games/{id}/join` with `{"name": NAME}`: the free second seat of an open
/// challenge, once: `200` with its token and the state; `409` for every later join.
pub async fn join(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<Listing>, QueryRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let legal = listing(query)?;
    let request: JoinRequest = json_body(body)?;
    let name = round::player_name(request.name.as_deref()).map_err(round::RoundError::from)?;
    let round::Joined { seat, token, state } = round::join(&app, &id, name, legal).await?;
    let state: Value = serde_json::from_str(&state).unwrap_or(Value::Null);
    let link = format!("/games/{id}#seat={}&token={token}", seat.name());
    let body = json!({
        "id": id,
        "seat": seat.name(),
        "token": token,
        "tokens": { seat.name(): token },
        "link": link,
        "state": state,
    });
    Ok(Json(body).into_response())
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

/// The most games of one page of the lobby's list.
const MAX_PAGE: i64 = 200;

/// `GET /api/games?status=ongoing|playing|open|finished&limit=&offset=`: the lobby's
/// list, newest first, a page at a time.
pub async fn list_games(
    State(app): State<Arc<AppState>>,
    query: Result<Query<Lobby>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(lobby) = query.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    let status = lobby.status.as_deref().unwrap_or("ongoing");
    let list = Listed::named(status)
        .ok_or_else(|| ApiError::new(StatusCode::BAD_REQUEST, "status is ongoing, playing, open or finished"))?;
    let limit = lobby.limit.unwrap_or(50);
    let offset = lobby.offset.unwrap_or(0);
    if !(1..=MAX_PAGE).contains(&limit) || offset < 0 {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "limit is 1 to 200 and offset at least 0"));
    }
    let (rows, total) = app.store.list_games(list, limit, offset).await?;
    let games: Vec<Value> = rows.iter().map(listed).collect();
    Ok(Json(json!({ "games": games, "total": total, "limit": limit, "offset": offset })))
}

/// A game as the lobby lists it: no token, nothing that needs its moves replayed.
fn listed(row: &GameRow) -> Value {
    let options = serde_json::from_str::<Value>(&row.options).unwrap_or(Value::Null);
    let [first, second] = row.names();
    json!({
        "id": row.id,
        "game": row.game,
        "time_control": options.get("clock").cloned().unwrap_or(Value::Null),
        "options": options,
        "players": { "first": first, "second": second },
        "open": row.waiting() && row.status == crate::rows::ONGOING,
        "ply": row.ply,
        "status": row.status,
        "outcome": row.outcome.as_deref().and_then(|o| serde_json::from_str::<Value>(o).ok()),
        "created_at": row.created_at,
        "ended_at": row.ended_at,
    })
}
