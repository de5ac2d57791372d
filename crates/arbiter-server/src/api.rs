//! The HTTP and WebSocket API. Every error is `{"error": "..."}` with the status
//! code that says what kind of error it is; nothing internal is leaked.

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::{Body, Bytes};
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::broadcast::error::RecvError;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::timeout::RequestBodyTimeoutLayer;

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
    let body_timeout = state.limits.body_timeout;
    let routes = Router::new()
        .route("/", get(page))
        .route("/games/{id}", get(page))
        .route("/assets/app.js", get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }))
        .route("/assets/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }))
        .route("/favicon.ico", get(|| async { asset("image/svg+xml", FAVICON_SVG) }))
        .route("/healthz", get(health))
        .route("/metrics", get(metrics))
        .route("/api/kinds", get(kinds))
        .route("/api/games", post(create_game).get(list_games))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/moves", post(make_move))
        .route("/api/games/{id}/ws", get(watch))
        .route("/api/games/{id}/board.svg", get(board_svg))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such endpoint") });
    // A route that panics, for the tests of the panic guard; debug builds only.
    #[cfg(debug_assertions)]
    let routes = routes.route("/api/debug/panic", get(debug_panic));
    // Outermost last: the panic log sees every answer; panics become JSON 500s; the
    // answers are compressed; every error is JSON; large bodies are refused before
    // they are read; slow bodies time out.
    routes
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(RequestBodyTimeoutLayer::new(body_timeout))
        .layer(middleware::from_fn(refuse_large_bodies))
        .layer(middleware::from_fn(json_errors))
        .layer(CompressionLayer::new())
        .layer(CatchPanicLayer::custom(panic_answer))
        .layer(middleware::from_fn_with_state(Arc::clone(&state), log_panics))
        .with_state(state)
}

/// Panics: what the tests of the panic guard ask for.
#[cfg(debug_assertions)]
async fn debug_panic() -> Response {
    panic!("a panic asked for by /api/debug/panic")
}

/// The message a panic carried, put on its 500 answer for [`log_panics`] to log.
#[derive(Clone)]
struct Panicked(String);

fn panic_answer(payload: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let message = payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_else(|| "a panic".to_owned());
    let mut response = ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response();
    response.extensions_mut().insert(Panicked(message));
    response
}

/// Logs a request that panicked, with the request; nothing else of the server is
/// touched (the game it was handling changes only once a move is stored).
async fn log_panics(State(app): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let (method, uri) = (request.method().clone(), request.uri().path().to_owned());
    let response = next.run(request).await;
    if let Some(Panicked(message)) = response.extensions().get::<Panicked>() {
        app.metrics.panics.inc();
        eprintln!("arbiter: panic while answering {method} {uri}: {message}");
    }
    response
}

/// Refuses a body announced larger than the limit before reading it, so that a
/// client asking `Expect: 100-continue` gets 413 instead of `100 Continue`.
async fn refuse_large_bodies(request: Request, next: Next) -> Response {
    let announced =
        request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|length| length > BODY_LIMIT as u64) {
        return ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, format!("the body is over {BODY_LIMIT} bytes"))
            .into_response();
    }
    next.run(request).await
}

/// Gives every error answer a JSON body: the router's own 405, an extractor's plain
/// text (a bad path, a WebSocket request without an Upgrade header) and the like.
async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if status.as_u16() < 400 || is_json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&text).trim().to_owned();
    let message = if text.is_empty() {
        let reason = status.canonical_reason().unwrap_or("error").to_lowercase();
        match parts.headers.get(header::ALLOW).and_then(|v| v.to_str().ok()) {
            Some(allowed) => format!("{reason} (allowed: {allowed})"),
            None => reason,
        }
    } else {
        text
    };
    let mut answer = ApiError::new(status, message).into_response();
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(value) = parts.headers.get(&name) {
            answer.headers_mut().insert(name, value.clone());
        }
    }
    answer
}

// The browser client, built into the binary: nothing to install or fetch.
const INDEX_HTML: &str = include_str!("../web/index.html");
const APP_JS: &str = include_str!("../web/app.js");
const STYLE_CSS: &str = include_str!("../web/style.css");
const FAVICON_SVG: &str = include_str!("../web/favicon.svg");

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
    /// Seconds after which to try again (503).
    retry_after: Option<u32>,
}

/// Seconds a client is asked to wait when the database is busy or out of reach.
const RETRY_AFTER: u32 = 2;

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into(), retry_after: None }
    }

    fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError { retry_after: Some(RETRY_AFTER), ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message) }
    }

    fn internal(what: impl std::fmt::Display) -> ApiError {
        // The details go to the operator's log, never to the client.
        eprintln!("arbiter: internal error: {what}");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(json!({ "error": self.message }))).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        if error.is_unavailable() {
            eprintln!("arbiter: database unavailable: {error}");
            ApiError::unavailable("the database is busy or out of reach: try again shortly")
        } else {
            ApiError::internal(error)
        }
    }
}

impl From<LoadError> for ApiError {
    fn from(error: LoadError) -> ApiError {
        match error {
            LoadError::Store(store) => store.into(),
            corrupt => ApiError::internal(corrupt),
        }
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

/// How long `/healthz` waits for the database.
const HEALTH_WITHIN: std::time::Duration = std::time::Duration::from_secs(1);

/// `200 {"status": "ok"}` when the database answers and takes writes; `503` with the
/// reason when it does not.
async fn health(State(app): State<Arc<AppState>>) -> Response {
    match app.store.health(HEALTH_WITHIN).await {
        Ok(()) => Json(json!({ "status": "ok", "database": "ok" })).into_response(),
        Err(error) => {
            let mut response = ApiError::unavailable(format!("database: {error}")).into_response();
            *response.body_mut() =
                Body::from(json!({ "status": "unavailable", "error": format!("database: {error}") }).to_string());
            response
        }
    }
}

/// Counters for Prometheus.
async fn metrics(State(app): State<Arc<AppState>>) -> Response {
    let m = &app.metrics;
    m.games_in_memory.set(app.games.len() as i64);
    m.websockets_open.set(app.hub.watchers() as i64);
    m.watched_games.set(app.hub.channels() as i64);
    let errors = crate::store::DATABASE_ERRORS.load(std::sync::atomic::Ordering::Relaxed);
    m.database_errors.inc_by(errors.saturating_sub(m.database_errors.get()));
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], m.text()).into_response()
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
    // A game over before its first move (a mated start position) is stored as such.
    let outcome = crate::live::outcome_json(&game);
    let (first, second) =
        (tokens::generate().map_err(ApiError::internal)?, tokens::generate().map_err(ApiError::internal)?);
    let row = GameRow {
        id: tokens::game_id().map_err(ApiError::internal)?,
        game: options.kind().name().to_owned(),
        options: stored_options(&options),
        first_token: tokens::hash(&first),
        second_token: tokens::hash(&second),
        ply: 0,
        status: if outcome.is_null() { "ongoing" } else { "finished" }.to_owned(),
        outcome: (!outcome.is_null()).then(|| outcome.to_string()),
        created_at: now_millis(),
    };
    app.store.create_game(&row).await?;
    let id = row.id.clone();
    let live = LiveGame::new(row, game);
    let state = live.state();
    app.games.insert(live);
    make_room(&app);
    let body = json!({ "id": id, "tokens": { "first": first, "second": second }, "state": state });
    Ok((StatusCode::CREATED, [(header::LOCATION, format!("/api/games/{id}"))], Json(body)).into_response())
}

/// The game `id` from a path, refusing a path that is not one.
fn game_id(path: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    let Path(id) = path.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    Ok(id)
}

async fn find(app: &AppState, id: &str) -> Result<Arc<tokio::sync::Mutex<LiveGame>>, ApiError> {
    let game =
        app.games.get(&app.store, id).await?.ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no such game"))?;
    make_room(app);
    Ok(game)
}

/// Lets the least recently used games leave memory if there are too many.
fn make_room(app: &AppState) {
    if app.games.over_limits() {
        app.games.evict(|id| app.hub.watched(id));
    }
}

fn json_text(text: Arc<str>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text.to_string()).into_response()
}

async fn game_state(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let game = find(&app, &id).await?;
    let mut live = game.lock().await;
    if app.store.is_postgres() {
        // Another server may have moved since this one last looked.
        Games::refresh(&app.store, &mut live).await?;
    }
    Ok(json_text(live.state_text()))
}

async fn board_svg(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let game = find(&app, &id).await?;
    let copy = {
        let mut live = game.lock().await;
        if app.store.is_postgres() {
            Games::refresh(&app.store, &mut live).await?;
        }
        live.game().clone()
    };
    // Drawn from a copy, so that a big board does not hold the game's lock.
    let svg = arbiter_render::svg(&copy);
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
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let started = std::time::Instant::now();
    let id = game_id(path)?;
    let game = find(&app, &id).await?;
    let mut live = game.lock().await;
    let seat = seat(&headers, &live.row)?;
    let request: MoveRequest = json_body(body)?;
    if request.ply > live.ply() {
        // The client has seen moves this process has not: another server made them.
        Games::refresh(&app.store, &mut live).await?;
    }
    if live.game().outcome().is_some() {
        return Err(ApiError::new(StatusCode::GONE, "the game is over"));
    }
    if seat != live.game().side_to_move() {
        return Err(ApiError::new(StatusCode::CONFLICT, "it is not your turn"));
    }
    if request.ply != live.ply() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("ply {} is not the next ply ({})", request.ply, live.ply()),
        ));
    }
    // Try the move on a copy: the game changes only once the move is stored.
    let mut after = live.game().clone();
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
    live.set_game(after);
    let state = live.state_text();
    // Published under the game's lock, so watchers get states in move order.
    app.hub.publish(&id, &state);
    app.games.resized(&id, live.approx_bytes());
    drop(live);
    app.announce(&id);
    app.metrics.moves_stored.inc();
    app.metrics.move_latency.observe(started.elapsed().as_secs_f64());
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
    path: Result<Path<String>, PathRejection>,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let upgrade = upgrade.map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    let game = find(&app, &id).await?;
    // Subscribed before the upgrade, so that a watcher over the limits gets a 503.
    let watch = app.hub.subscribe(&id).map_err(|e| ApiError::unavailable(e.to_string()))?;
    let size = app.limits.ws_max_message;
    Ok(upgrade
        .max_message_size(size)
        .max_frame_size(size)
        .on_upgrade(move |socket| stream_states(app, game, watch, socket)))
}

/// Sends the state now and after every move until the watcher leaves.
/// Watchers send nothing the server needs: a message from one is read and dropped
/// (the socket's size limits bound it), and the watcher's place is given back when
/// it leaves.
async fn stream_states(
    app: Arc<AppState>,
    game: Arc<tokio::sync::Mutex<LiveGame>>,
    mut watch: crate::hub::Watch,
    mut socket: WebSocket,
) {
    // Subscribed before reading the state, so no move falls between the two.
    let first = {
        let mut live = game.lock().await;
        if app.store.is_postgres() && Games::refresh(&app.store, &mut live).await.is_err() {
            return;
        }
        live.state_text()
    };
    if socket.send(Message::Text(first.as_ref().into())).await.is_err() {
        return;
    }
    let updates = &mut watch.updates;
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
                    if socket.send(Message::Text(state.as_ref().into())).await.is_err() {
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
