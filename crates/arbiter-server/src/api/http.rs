//! What every handler shares: reading a JSON body, a path's game id and a request's
//! seat, and answering with a state's JSON text.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::errors::ApiError;
use crate::round;
use crate::rows::GameRow;

/// Request bodies above this are refused: a move or a new game needs far less.
pub const BODY_LIMIT: usize = 16 * 1024;

/// Reads a JSON body, turning every failure (too large, not JSON, wrong shape) into
/// an error answer of the same form as all others.
pub fn json_body<T: for<'de> Deserialize<'de>>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|rejection| ApiError::new(rejection.status(), rejection.body_text()))?;
    serde_json::from_slice(&bytes).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("bad request body: {}", arbiter::lines::one_line(&e.to_string(), arbiter::lines::MAX_MESSAGE)),
        )
    })
}

/// An answer of JSON text, a state as made once for every request and watcher.
pub fn json_text(text: Arc<str>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text.to_string()).into_response()
}

/// Whether the state answered lists the legal moves, from the query: `?legal=1` lists
/// them; without it, or with `?legal=0`, they are left out, since the page works them
/// out itself (with the rules in WebAssembly).
#[derive(Deserialize)]
pub struct Listing {
    legal: Option<u8>,
}

/// The `legal` flag of a query: `true` only if it is `1`; a value other than 0 or 1
/// is refused.
pub fn listing(query: Result<Query<Listing>, QueryRejection>) -> Result<bool, ApiError> {
    let Query(listing) = query.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    legal_flag(listing.legal)
}

/// The value of a `legal` flag: `1` lists the legal moves, `0` or none does not.
pub fn legal_flag(value: Option<u8>) -> Result<bool, ApiError> {
    match value {
        Some(1) => Ok(true),
        None | Some(0) => Ok(false),
        Some(other) => Err(ApiError::new(StatusCode::BAD_REQUEST, format!("legal must be 0 or 1, not {other}"))),
    }
}

/// The game `id` from a path, refusing a path that is not one.
pub fn game_id(path: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    let Path(id) = path.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    Ok(id)
}

/// The seat whose token the request carries.
pub fn seat(headers: &HeaderMap, row: &GameRow) -> Result<arbiter::Side, ApiError> {
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
    Ok(round::seat(row, token)?)
}
