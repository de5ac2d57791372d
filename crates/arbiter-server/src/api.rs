//! The HTTP and WebSocket API. Every error is `{"error": "..."}` with the status
//! code that says what kind of error it is; nothing internal is leaked.

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::broadcast::error::RecvError;

use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput};

use crate::AppState;
use crate::live::{Games, LiveGame, LoadError, stored_options};
use crate::store::{GameRow, StoreError};
use crate::tokens;

/// Request bodies above this are refused: a move or a new game needs far less.
pub const BODY_LIMIT: usize = 16 * 1024;

/// The largest board side the server accepts. The library takes far larger boards,
/// but every state sent lists the legal moves, and a client should not be able to
/// make the server build megabytes of them per move.
pub const MAX_SERVED_SIDE: u32 = 128;

pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/games/{id}", get(page))
        .route("/assets/app.js", get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }))
        .route("/assets/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }))
        .route("/healthz", get(health))
        .route("/api/kinds", get(kinds))
        .route("/api/games", post(create_game).get(list_games))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/moves", post(make_move))
        .route("/api/games/{id}/ws", get(watch))
        .route("/api/games/{id}/board.svg", get(board_svg))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such endpoint") })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
}

// The browser client, built into the binary: nothing to install or fetch.
const INDEX_HTML: &str = include_str!("../web/index.html");
const APP_JS: &str = include_str!("../web/app.js");
const STYLE_CSS: &str = include_str!("../web/style.css");

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

/// The lobby and the game pages are one page; its script reads the address.
async fn page() -> Response {
    asset("text/html; charset=utf-8", INDEX_HTML)
}

/// An error answer.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into() }
    }

    fn internal(what: impl std::fmt::Display) -> ApiError {
        // The details go to the operator's log, never to the client.
        eprintln!("arbiter: internal error: {what}");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        ApiError::internal(error)
    }
}

impl From<LoadError> for ApiError {
    fn from(error: LoadError) -> ApiError {
        ApiError::internal(error)
    }
}

fn now_millis() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// Reads a JSON body, turning every failure (too large, not JSON, wrong shape) into
/// an error answer of the same form as all others.
fn json_body<T: for<'de> Deserialize<'de>>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|rejection| ApiError::new(rejection.status(), rejection.body_text()))?;
    serde_json::from_slice(&bytes).map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("bad request body: {e}")))
}

async fn health(State(app): State<Arc<AppState>>) -> Response {
    if app.store.healthy().await {
        Json(json!({ "status": "ok" })).into_response()
    } else {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "database unavailable").into_response()
    }
}

/// The games the server plays, with their options: what the lobby builds its form
/// from, so that the page names no game of its own.
async fn kinds() -> Json<Value> {
    let kinds: Vec<Value> = GameKind::ALL
        .iter()
        .map(|&kind| {
            let options: Vec<Value> = kind
                .options()
                .iter()
                .map(|spec| {
                    let sized = ["size", "rows", "cols"].contains(&spec.name);
                    let mut spec = serde_json::to_value(spec).unwrap_or(Value::Null);
                    // The server's own cap on board sizes.
                    if let Some(max) = spec.pointer_mut("/input/max").filter(|_| sized) {
                        *max = json!(max.as_u64().unwrap_or(0).min(u64::from(MAX_SERVED_SIDE)));
                    }
                    spec
                })
                .collect();
            json!({
                "name": kind.name(),
                "title": kind.title(),
                "sides": [kind.side_name(arbiter::Side::First), kind.side_name(arbiter::Side::Second)],
                "options": options,
            })
        })
        .collect();
    Json(json!({ "kinds": kinds }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    game: String,
    #[serde(default)]
    options: Value,
}

fn bad_request(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, message)
}

/// Reads a new game's name and options with the registry, under the server's limits.
fn game_options(request: &NewGame) -> Result<GameOptions, ApiError> {
    let kind: GameKind = request.game.parse().map_err(|e: arbiter::OptionsError| bad_request(e.to_string()))?;
    let input: OptionsInput = if request.options.is_null() {
        OptionsInput::default()
    } else {
        serde_json::from_value(request.options.clone()).map_err(|e| bad_request(format!("bad options: {e}")))?
    };
    let options = GameOptions::new(kind, &input).map_err(|e| bad_request(e.describe(|o| format!("option {o:?}"))))?;
    let side = options.largest_side();
    if side > MAX_SERVED_SIDE {
        return Err(bad_request(format!(
            "the server plays boards of up to {MAX_SERVED_SIDE} points a side, not {side}"
        )));
    }
    Ok(options)
}

async fn create_game(
    State(app): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: NewGame = json_body(body)?;
    let options = game_options(&request)?;
    let game = AnyGame::new(&options);
    let (first, second) =
        (tokens::generate().map_err(ApiError::internal)?, tokens::generate().map_err(ApiError::internal)?);
    let row = GameRow {
        id: tokens::game_id().map_err(ApiError::internal)?,
        game: options.kind().name().to_owned(),
        options: stored_options(&options),
        first_token: tokens::hash(&first),
        second_token: tokens::hash(&second),
        ply: 0,
        status: "ongoing".to_owned(),
        outcome: None,
        created_at: now_millis(),
    };
    app.store.create_game(&row).await?;
    let id = row.id.clone();
    let live = LiveGame { row, game };
    let state = live.state();
    app.games.insert(live);
    let body = json!({ "id": id, "tokens": { "first": first, "second": second }, "state": state });
    Ok((StatusCode::CREATED, [(header::LOCATION, format!("/api/games/{id}"))], Json(body)).into_response())
}

async fn find(app: &AppState, id: &str) -> Result<Arc<tokio::sync::Mutex<LiveGame>>, ApiError> {
    app.games.get(&app.store, id).await?.ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no such game"))
}

fn json_text(text: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text).into_response()
}

async fn game_state(State(app): State<Arc<AppState>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let game = find(&app, &id).await?;
    let mut live = game.lock().await;
    if app.store.is_postgres() {
        // Another server may have moved since this one last looked.
        Games::refresh(&app.store, &mut live).await?;
    }
    Ok(json_text(live.state_text()))
}

async fn board_svg(State(app): State<Arc<AppState>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let game = find(&app, &id).await?;
    let mut live = game.lock().await;
    if app.store.is_postgres() {
        Games::refresh(&app.store, &mut live).await?;
    }
    let svg = arbiter_render::svg(&live.game);
    Ok(([(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"), (header::CACHE_CONTROL, "no-store")], svg)
        .into_response())
}

/// A move as its text, or as the points a piece goes from and to (a click on two
/// points, legal or not: the refusal then says why).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    text: Option<String>,
    from: Option<String>,
    to: Option<String>,
    ply: i64,
}

impl MoveRequest {
    fn text(&self, game: &AnyGame) -> Result<String, ApiError> {
        match (&self.text, &self.from, &self.to) {
            (Some(text), None, None) => Ok(text.clone()),
            (None, Some(from), Some(to)) => game
                .text_between(from, to)
                .ok_or_else(|| bad_request(format!("nothing moves from a point in {}: send the move", game.kind()))),
            _ => Err(bad_request("give the move, or its from and to points")),
        }
    }
}

/// The seat whose token the request carries.
fn seat(headers: &HeaderMap, row: &GameRow) -> Result<arbiter::Side, ApiError> {
    let unauthorized = |m: &str| ApiError::new(StatusCode::UNAUTHORIZED, m);
    let value =
        headers.get(header::AUTHORIZATION).ok_or_else(|| unauthorized("missing Authorization: Bearer token"))?;
    let token = value
        .to_str()
        .ok()
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| unauthorized("the Authorization header must be `Bearer <token>`"))?;
    // Both comparisons always run, so timing says nothing about which seat matched.
    let (first, second) = (tokens::matches(token, &row.first_token), tokens::matches(token, &row.second_token));
    match (first, second) {
        (true, _) => Ok(arbiter::Side::First),
        (_, true) => Ok(arbiter::Side::Second),
        _ => Err(unauthorized("unknown token for this game")),
    }
}

async fn make_move(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let game = find(&app, &id).await?;
    let mut live = game.lock().await;
    let seat = seat(&headers, &live.row)?;
    let request: MoveRequest = json_body(body)?;
    if request.ply > live.ply() {
        // The client has seen moves this process has not: another server made them.
        Games::refresh(&app.store, &mut live).await?;
    }
    if live.game.outcome().is_some() {
        return Err(ApiError::new(StatusCode::GONE, "the game is over"));
    }
    if seat != live.game.side_to_move() {
        return Err(ApiError::new(StatusCode::CONFLICT, "it is not your turn"));
    }
    if request.ply != live.ply() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("ply {} is not the next ply ({})", request.ply, live.ply()),
        ));
    }
    // Try the move on a copy: the game changes only once the move is stored.
    let mut after = live.game.clone();
    let text = request.text(&after)?;
    let text = after.play_text(&text).map_err(|e| bad_request(e.to_string()))?.text.clone();
    let status = if after.outcome().is_some() { "finished" } else { "ongoing" };
    let outcome = crate::live::outcome_json(&after);
    let outcome_text = (!outcome.is_null()).then(|| outcome.to_string());
    match app.store.record_move(&id, request.ply, &text, status, outcome_text.as_deref(), now_millis()).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => {
            // Another server stored this ply first: catch up and say so.
            Games::refresh(&app.store, &mut live).await?;
            return Err(ApiError::new(StatusCode::CONFLICT, "that ply has already been played"));
        }
        Err(e) => return Err(e.into()),
    }
    live.game = after;
    let state = live.state_text();
    // Published under the game's lock, so watchers get states in move order.
    app.hub.publish(&id, &state);
    drop(live);
    app.announce(&id);
    Ok(json_text(state))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Lobby {
    status: Option<String>,
    limit: Option<i64>,
    offset: Option<i64>,
}

async fn list_games(
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

async fn watch(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let game = find(&app, &id).await?;
    Ok(upgrade.on_upgrade(move |socket| stream_states(app, id, game, socket)))
}

/// Sends the state now and after every move until the watcher leaves.
async fn stream_states(app: Arc<AppState>, id: String, game: Arc<tokio::sync::Mutex<LiveGame>>, mut socket: WebSocket) {
    // Subscribe before reading the state, so no move falls between the two.
    let mut updates = app.hub.subscribe(&id);
    let first = {
        let mut live = game.lock().await;
        if app.store.is_postgres() && Games::refresh(&app.store, &mut live).await.is_err() {
            return;
        }
        live.state_text()
    };
    if socket.send(Message::Text(first.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            update = updates.recv() => match update {
                Ok(state) => {
                    if socket.send(Message::Text(state.as_ref().into())).await.is_err() {
                        return;
                    }
                }
                Err(RecvError::Lagged(_)) => {
                    // Too slow to see every state: send the newest and go on.
                    let state = game.lock().await.state_text();
                    if socket.send(Message::Text(state.into())).await.is_err() {
                        return;
                    }
                }
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
        }
    }
}
