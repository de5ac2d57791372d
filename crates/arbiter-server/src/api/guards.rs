//! What stands between a client and the handlers: panics caught and logged, bodies
//! over the limit refused before they are read, writes from other origins refused,
//! every error given a JSON body.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::errors::ApiError;
use super::http::BODY_LIMIT;
use super::identity;
use crate::app::AppState;

/// Panics: what the tests of the panic guard ask for.
#[cfg(debug_assertions)]
pub async fn debug_panic() -> Response {
    panic!("a panic asked for by /api/debug/panic")
}

/// The message a panic carried, put on its 500 answer for [`log_panics`] to log.
#[derive(Clone)]
struct Panicked(String);

/// The `500` answer to a request whose handler panicked.
pub fn panic_answer(payload: Box<dyn std::any::Any + Send + 'static>) -> Response {
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
pub async fn log_panics(State(app): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let (method, uri) = (request.method().clone(), request.uri().path().to_owned());
    let response = next.run(request).await;
    if let Some(Panicked(message)) = response.extensions().get::<Panicked>() {
        app.metrics.panics.inc();
        eprintln!("arbiter: panic while answering {method} {uri}: {message}");
    }
    response
}

/// Refuses, with `403` `cross_origin`, a write (any method but `GET`, `HEAD` and
/// `OPTIONS`) whose `Origin` is not the server's own; and a write that the session
/// cookie would authenticate (it carries the cookie and no `Authorization`) unless it
/// shows it comes from the server's own pages (`Origin`, or else `Sec-Fetch-Site:
/// same-origin`). Programs that send no `Origin` and use tokens are not concerned.
pub async fn same_origin(State(app): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let method = request.method();
    if method == Method::GET || method == Method::HEAD || method == Method::OPTIONS {
        return next.run(request).await;
    }
    let headers = request.headers();
    let by_cookie = identity::session_cookie(headers).is_some() && !headers.contains_key(header::AUTHORIZATION);
    let refused = match identity::same_origin(&app, headers) {
        Some(same) => !same,
        None => by_cookie && headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) != Some("same-origin"),
    };
    if refused {
        return ApiError::coded(
            StatusCode::FORBIDDEN,
            "a write from a page of another origin is refused (programs use an API token)",
            "cross_origin",
        )
        .into_response();
    }
    next.run(request).await
}

/// Refuses a body announced larger than the limit before reading it, so that a
/// client asking `Expect: 100-continue` gets 413 instead of `100 Continue`.
pub async fn refuse_large_bodies(request: Request, next: Next) -> Response {
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
pub async fn json_errors(request: Request, next: Next) -> Response {
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
