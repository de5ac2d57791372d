//! Games: creating one, its state, its board, the lobby's list.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use arbiter::{GameKind, Side};

use super::errors::{ApiError, bad_request};
use super::{MAX_SERVED_SIDE, current, game_id, json_body, json_text, make_room, opponent};
use crate::AppState;
use crate::live::{LiveGame, Rematch, now_millis, outcome_json};
use crate::setup::Setup;
use crate::store::GameRow;
use crate::tokens;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    game: String,
    #[serde(default)]
    options: Value,
}

/// Reads a new game's name and options, the rules' through the registry, under the
/// server's limits; an engine opponent is one this server has for the game.
fn setup(app: &AppState, request: &NewGame) -> Result<Setup, ApiError> {
    let kind: GameKind = request.game.parse().map_err(|e: arbiter::OptionsError| bad_request(e.to_string()))?;
    let mut setup = Setup::read(kind, &request.options).map_err(bad_request)?;
    if let Some(opponent) = &mut setup.opponent {
        let computer = app.computers.find(opponent.engine.as_deref(), kind).map_err(bad_request)?;
        opponent.engine = Some(computer.name.clone());
    }
    let side = setup.options.largest_side();
    if side > MAX_SERVED_SIDE {
        return Err(bad_request(format!(
            "the server plays boards of up to {MAX_SERVED_SIDE} points a side, not {side}"
        )));
    }
    Ok(setup)
}

/// A new game's row: its options stored in full, the seats' token hashes.
pub fn new_row(setup: &Setup, id: String, first_token: String, second_token: String) -> GameRow {
    GameRow {
        id,
        game: setup.options.kind().name().to_owned(),
        options: setup.to_value().to_string(),
        first_token,
        second_token,
        ply: 0,
        status: "ongoing".to_owned(),
        outcome: None,
        created_at: now_millis(),
        version: 0,
        deadline: None,
        draw_offer: None,
        rematch: None,
    }
}

/// Stores a new game, finished at once if its start position has already ended
/// (a mated position), and puts it in memory.
pub async fn store_new_game(app: &AppState, mut row: GameRow, setup: Setup) -> Result<LiveGame, ApiError> {
    let mut live = LiveGame::new(row.clone(), setup);
    if let Some(outcome) = live.outcome() {
        row.status = "finished".to_owned();
        row.outcome = Some(outcome_json(live.game(), Some(&outcome)).to_string());
    }
    row.rematch = Some(serde_json::to_string(&Rematch::default()).unwrap_or_default());
    app.store.create_game(&row).await?;
    live.row = row;
    Ok(live)
}

pub async fn create_game(
    State(app): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: NewGame = json_body(body)?;
    let setup = setup(&app, &request)?;
    let (first, second) =
        (tokens::generate().map_err(ApiError::internal)?, tokens::generate().map_err(ApiError::internal)?);
    let id = tokens::game_id().map_err(ApiError::internal)?;
    let row = new_row(&setup, id.clone(), tokens::hash(&first), tokens::hash(&second));
    let engine_seat = setup.opponent.as_ref().map(|o| o.side);
    let live = store_new_game(&app, row, setup).await?;
    let state = live.state();
    opponent::play_if_due(&app, &live);
    app.games.insert(live);
    make_room(&app);
    // The engine's seat has a token like any other, which nobody is given.
    let tokens: serde_json::Map<String, Value> = [(Side::First, first), (Side::Second, second)]
        .into_iter()
        .filter(|(side, _)| Some(*side) != engine_seat)
        .map(|(side, token)| (side.name().to_owned(), Value::String(token)))
        .collect();
    let body = json!({ "id": id, "tokens": tokens, "state": state });
    Ok((StatusCode::CREATED, [(header::LOCATION, format!("/api/games/{id}"))], Json(body)).into_response())
}

pub async fn game_state(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let live = current(&app, &id).await?;
    opponent::play_if_due(&app, &live);
    Ok(json_text(live.state_text()))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct BoardQuery {
    /// `1` to turn the board, the second side at the bottom.
    #[serde(default)]
    flip: u8,
}

pub async fn board_svg(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<BoardQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let Query(query) = query.map_err(|e| bad_request(e.body_text()))?;
    let (copy, ended) = {
        let live = current(&app, &id).await?;
        (live.game().clone(), live.outcome().is_some())
    };
    // Drawn from a copy, so that a big board does not hold the game's lock.
    let svg = arbiter_render::svg(&copy, arbiter_render::View { flip: query.flip == 1, ended });
    Ok(([(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"), (header::CACHE_CONTROL, "no-store")], svg)
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lobby {
    status: Option<String>,
    limit: Option<i64>,
    offset: Option<i64>,
}

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
