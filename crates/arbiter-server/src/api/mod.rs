//! The HTTP and WebSocket API. Every error is `{"error": "..."}` with the status
//! code that says what kind of error it is; nothing internal is leaked.

mod actions;
mod errors;
mod games;
mod guards;
mod moves;
mod opponent;
mod record;
mod service;
mod watch;

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::timeout::RequestBodyTimeoutLayer;

pub use actions::watch_clocks;
use errors::ApiError;

use crate::AppState;
use crate::live::LiveGame;
use crate::memory::Games;
use crate::store::GameRow;
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
        .route("/healthz", get(service::health))
        .route("/metrics", get(service::metrics))
        .route("/api/kinds", get(service::kinds))
        .route("/api/engines", get(service::engines))
        .route("/api/games", post(games::create_game).get(games::list_games))
        .route("/api/games/{id}", get(games::game_state))
        .route("/api/games/{id}/board.svg", get(games::board_svg))
        .route("/api/games/{id}/record", get(record::record))
        .route("/api/games/{id}/moves", post(moves::make_move))
        .route("/api/games/{id}/resign", post(actions::resign))
        .route("/api/games/{id}/draw", post(actions::draw))
        .route("/api/games/{id}/abort", post(actions::abort))
        .route("/api/games/{id}/rematch", post(actions::rematch))
        .route("/api/games/{id}/ws", get(watch::watch))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such endpoint") });
    // A route that panics, for the tests of the panic guard; debug builds only.
    #[cfg(debug_assertions)]
    let routes = routes.route("/api/debug/panic", get(guards::debug_panic));
    // Outermost last: the panic log sees every answer; panics become JSON 500s; the
    // answers are compressed; every error is JSON; large bodies are refused before
    // they are read; slow bodies time out.
    routes
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(RequestBodyTimeoutLayer::new(body_timeout))
        .layer(middleware::from_fn(guards::refuse_large_bodies))
        .layer(middleware::from_fn(guards::json_errors))
        .layer(CompressionLayer::new())
        .layer(CatchPanicLayer::custom(guards::panic_answer))
        .layer(middleware::from_fn_with_state(Arc::clone(&state), guards::log_panics))
        .with_state(state)
}

// The browser client, built into the binary: nothing to install or fetch.
const INDEX_HTML: &str = include_str!("../../web/index.html");
const APP_JS: &str = include_str!("../../web/app.js");
const STYLE_CSS: &str = include_str!("../../web/style.css");
const FAVICON_SVG: &str = include_str!("../../web/favicon.svg");

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

/// The lobby and the game pages are one page; its script reads the address.
async fn page() -> Response {
    asset("text/html; charset=utf-8", INDEX_HTML)
}

/// Reads a JSON body, turning every failure (too large, not JSON, wrong shape) into
/// an error answer of the same form as all others.
fn json_body<T: for<'de> Deserialize<'de>>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|rejection| ApiError::new(rejection.status(), rejection.body_text()))?;
    serde_json::from_slice(&bytes).map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("bad request body: {e}")))
}

fn json_text(text: Arc<str>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text.to_string()).into_response()
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

/// The game `id`, locked and up to date with what other servers stored.
async fn current(app: &AppState, id: &str) -> Result<tokio::sync::OwnedMutexGuard<LiveGame>, ApiError> {
    let mut live = find(app, id).await?.lock_owned().await;
    Games::catch_up(&app.store, &mut live).await?;
    Ok(live)
}

/// Lets the least recently used games leave memory if there are too many.
fn make_room(app: &AppState) {
    if app.games.over_limits() {
        app.games.evict(|id| app.hub.watched(id));
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
