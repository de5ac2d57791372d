//! The server's own endpoints: health, metrics, and the registry's games.

use std::sync::Arc;

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use arbiter::GameKind;

use super::errors::ApiError;
use crate::app::AppState;
use crate::round::MAX_SERVED_SIDE;

/// How long `/healthz` waits for the database.
const HEALTH_WITHIN: std::time::Duration = std::time::Duration::from_secs(1);

/// `200 {"status": "ok"}` when the database answers and takes writes; `503` with the
/// reason when it does not.
pub async fn health(State(app): State<Arc<AppState>>) -> Response {
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
pub async fn metrics(State(app): State<Arc<AppState>>) -> Response {
    let m = &app.metrics;
    m.games_in_memory.set(app.games.len() as i64);
    m.websockets_open.set(app.hub.watchers() as i64);
    m.watched_games.set(app.hub.channels() as i64);
    let errors = crate::store::DATABASE_ERRORS.load(std::sync::atomic::Ordering::Relaxed);
    m.database_errors.inc_by(errors.saturating_sub(m.database_errors.get()));
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], m.text()).into_response()
}

/// The engines people can play here, with the games each plays.
pub async fn engines(State(app): State<Arc<AppState>>) -> Json<Value> {
    Json(json!({ "engines": app.computers.all() }))
}

/// The games the server plays, with their options: what the lobby builds its form
/// from, so that the page names no game of its own.
pub async fn kinds() -> Json<Value> {
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
