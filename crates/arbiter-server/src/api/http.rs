//! What every handler shares: taking a body's bytes and a path's game id, and
//! answering with a state's JSON text.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::Path;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::errors::ApiError;

/// Request bodies above this are refused: a move or a new game needs far less.
pub const BODY_LIMIT: usize = 16 * 1024;

/// A body's bytes, its failure (too large, too slow) an error answer of the same
/// form as all others; [`super::requests`] reads them.
pub fn body_bytes(body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    body.map_err(|rejection| ApiError::new(rejection.status(), rejection.body_text()))
}

/// An answer of JSON text, a state as made once for every request and watcher.
pub fn json_text(text: Arc<str>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text.to_string()).into_response()
}

/// The game `id` from a path, refusing a path that is not one.
pub fn game_id(path: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    let Path(id) = path.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    Ok(id)
}
