//! The HTTP and WebSocket API: it reads requests, asks the round (see `round`) and
//! writes the answers. Every error is `{"error": "..."}` with the status code that
//! says what kind of error it is; nothing internal is leaked.

mod accounts;
mod actions;
mod bot_events;
mod bot_game;
mod bots;
mod challenges;
mod errors;
mod games;
mod guards;
mod http;
mod identity;
mod moves;
mod players;
mod record;
pub mod requests;
mod runs;
mod seat_request;
mod service;
mod tournaments;
mod watch;

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::timeout::RequestBodyTimeoutLayer;

pub use errors::ApiError;
pub use http::BODY_LIMIT;
pub use identity::Peer;

use crate::app::AppState;

/// The server's routes, on `state`.
pub fn router(state: Arc<AppState>) -> Router {
    let body_timeout = state.limits.body_timeout;
    let routes = Router::new()
        .route("/", get(page))
        .route("/games/{id}", get(page))
        .route("/assets/app.js", get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }))
        .route("/assets/common.js", get(|| async { asset("text/javascript; charset=utf-8", COMMON_JS) }))
        .route("/assets/lobby.js", get(|| async { asset("text/javascript; charset=utf-8", LOBBY_JS) }))
        .route("/assets/words.js", get(|| async { asset("text/javascript; charset=utf-8", WORDS_JS) }))
        .route("/assets/opening.js", get(|| async { asset("text/javascript; charset=utf-8", OPENING_JS) }))
        .route("/assets/sound.js", get(|| async { asset("text/javascript; charset=utf-8", SOUND_JS) }))
        .route("/assets/account.js", get(|| async { asset("text/javascript; charset=utf-8", ACCOUNT_JS) }))
        .route("/assets/player.js", get(|| async { asset("text/javascript; charset=utf-8", PLAYER_JS) }))
        .route("/assets/challenges.js", get(|| async { asset("text/javascript; charset=utf-8", CHALLENGES_JS) }))
        .route("/assets/tournament.js", get(|| async { asset("text/javascript; charset=utf-8", TOURNAMENT_JS) }))
        .route("/assets/fluent.js", get(|| async { asset("text/javascript; charset=utf-8", FLUENT_JS) }))
        .route("/assets/i18n.js", get(|| async { asset("text/javascript; charset=utf-8", I18N_JS) }))
        .route("/assets/access.js", get(|| async { asset("text/javascript; charset=utf-8", ACCESS_JS) }))
        .route("/assets/locales.json", get(locale_list))
        .route("/assets/locales/{file}", get(locale_file))
        .route("/assets/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }))
        .route("/assets/arbiter/{*file}", get(package_file))
        .route("/favicon.ico", get(|| async { asset("image/svg+xml", FAVICON_SVG) }))
        .route("/healthz", get(service::health))
        .route("/metrics", get(service::metrics))
        .route("/api/kinds", get(service::kinds))
        .route("/api/engines", get(service::engines))
        .route("/api/games", post(games::create_game).get(games::list_games))
        .route("/api/games/{id}", get(games::game_state))
        .route("/api/games/{id}/board.svg", get(games::board_svg))
        .route("/api/games/{id}/record", get(record::record))
        .route("/api/games/{id}/explain", get(games::explain))
        .route("/api/games/{id}/moves", post(moves::make_move))
        .route("/api/games/{id}/resign", post(actions::resign))
        .route("/api/games/{id}/draw", post(actions::draw))
        .route("/api/games/{id}/takeback", post(actions::takeback))
        .route("/api/games/{id}/join", post(games::join))
        .route("/api/games/{id}/abort", post(actions::abort))
        .route("/api/games/{id}/rematch", post(actions::rematch))
        .route("/api/games/{id}/claim", post(actions::claim))
        .route("/api/games/{id}/name", post(actions::name))
        .route("/api/accounts", post(accounts::sign_up))
        .route("/api/session", post(accounts::sign_in).delete(accounts::sign_out))
        .route("/api/me", get(accounts::me))
        .route("/api/me/bot", post(bots::mark))
        .route("/api/bots", get(bots::list))
        .route("/api/bot/stream", get(bot_events::stream))
        .route("/api/bot/game/{id}/stream", get(bot_game::stream))
        .route("/api/challenges", post(challenges::create).get(challenges::list))
        .route("/api/challenges/{id}", get(challenges::show))
        .route("/api/challenges/{id}/accept", post(challenges::accept))
        .route("/api/challenges/{id}/decline", post(challenges::decline))
        .route("/api/challenges/{id}/cancel", post(challenges::cancel))
        .route("/api/tokens", post(accounts::create_token).get(accounts::list_tokens))
        .route("/api/tokens/{id}", delete(accounts::revoke_token))
        .route("/api/players/{name}", get(players::profile))
        .route("/api/players/{name}/games", get(players::games))
        .route("/api/leaderboard/{game}", get(players::leaderboard))
        .route("/players/{name}", get(page))
        .route("/api/games/{id}/ws", get(watch::watch))
        .route("/api/tournaments", post(tournaments::create).get(tournaments::list))
        .route("/api/tournaments/{id}", get(tournaments::one))
        .route("/api/tournaments/{id}/join", post(tournaments::join))
        .route("/api/tournaments/{id}/withdraw", post(tournaments::withdraw))
        .route("/api/tournaments/{id}/ws", get(tournaments::watch))
        .route("/api/tournaments/{id}/records", get(tournaments::records))
        .route("/tournaments/{id}", get(page))
        .route("/runs", get(runs::list_page))
        .route("/runs/{id}", get(runs::page))
        .route("/api/runs", get(runs::list))
        .route("/api/runs/{id}", get(runs::one))
        .route("/api/runs/{id}/pgn", get(runs::records))
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
        .layer(middleware::from_fn_with_state(Arc::clone(&state), guards::same_origin))
        .layer(middleware::from_fn(guards::json_errors))
        .layer(CompressionLayer::new())
        .layer(CatchPanicLayer::custom(guards::panic_answer))
        .layer(middleware::from_fn_with_state(Arc::clone(&state), guards::log_panics))
        .with_state(state)
}

// The browser client, built into the binary: nothing to install or fetch.
const INDEX_HTML: &str = include_str!("../../web/index.html");
const APP_JS: &str = include_str!("../../web/app.js");
const COMMON_JS: &str = include_str!("../../web/common.js");
const LOBBY_JS: &str = include_str!("../../web/lobby.js");
const WORDS_JS: &str = include_str!("../../web/words.js");
const OPENING_JS: &str = include_str!("../../web/opening.js");
const SOUND_JS: &str = include_str!("../../web/sound.js");
const ACCOUNT_JS: &str = include_str!("../../web/account.js");
const PLAYER_JS: &str = include_str!("../../web/player.js");
const TOURNAMENT_JS: &str = include_str!("../../web/tournament.js");
const CHALLENGES_JS: &str = include_str!("../../web/challenges.js");
const FLUENT_JS: &str = include_str!("../../web/fluent.js");
const I18N_JS: &str = include_str!("../../web/i18n.js");
const ACCESS_JS: &str = include_str!("../../web/access.js");
const STYLE_CSS: &str = include_str!("../../web/style.css");
const FAVICON_SVG: &str = include_str!("../../web/favicon.svg");

/// The npm package `bindings/js`, when it was built before the server (see `build.rs`).
mod package {
    include!(concat!(env!("OUT_DIR"), "/package.rs"));
}

/// `GET /assets/arbiter/FILE`: a file of the npm package, for the page to import.
async fn package_file(axum::extract::Path(file): axum::extract::Path<String>) -> Response {
    let Some((_, body)) = package::FILES.iter().find(|(name, _)| *name == file) else {
        return ApiError::new(StatusCode::NOT_FOUND, "no such file").into_response();
    };
    let content_type = if file.ends_with(".wasm") { "application/wasm" } else { "text/javascript; charset=utf-8" };
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], *body).into_response()
}

/// `GET /assets/locales.json`: the languages the page is written in, each by its tag
/// and its own name: `[{"tag": "zh-CN", "name": "简体中文"}, ...]`, English first.
async fn locale_list() -> Response {
    let list: Vec<_> =
        crate::words::LOCALES.iter().map(|(tag, name, _)| serde_json::json!({ "tag": tag, "name": name })).collect();
    ([(header::CACHE_CONTROL, "no-cache")], axum::Json(list)).into_response()
}

/// `GET /assets/locales/TAG.ftl`: one language's Fluent catalog.
async fn locale_file(axum::extract::Path(file): axum::extract::Path<String>) -> Response {
    let tag = file.strip_suffix(".ftl").unwrap_or_default();
    match crate::words::LOCALES.iter().find(|(t, _, _)| *t == tag) {
        Some((_, _, text)) => asset("text/plain; charset=utf-8", text),
        None => ApiError::new(StatusCode::NOT_FOUND, "no such language").into_response(),
    }
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

/// The lobby and the game pages are one page; its script reads the address.
async fn page() -> Response {
    asset("text/html; charset=utf-8", INDEX_HTML)
}
