//! Moves: a seat's move, as its text or as the points a piece goes from and to,
//! played by the round.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Uri};
use axum::response::Response;

use super::errors::ApiError;
use super::http::{body_bytes, game_id, json_text};
use super::identity::seat;
use super::requests;
use crate::app::AppState;
use crate::live::now_millis;
use crate::round;

/// `POST /api/games/{id}/moves` with `{"move": TEXT, "ply": N}` or `{"from": POINT,
/// "to": POINT, "ply": N}`.
pub async fn make_move(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let started = std::time::Instant::now();
    let id = game_id(path)?;
    let legal = requests::listing(&uri)?;
    let game = round::find(&app, &id).await?;
    let mut live = game.lock().await;
    let seat = seat(&app, &headers, &live.row).await?;
    let (ply, played) = requests::move_request(&body_bytes(body)?)?;
    round::move_by(&app, &mut live, seat, ply, played, now_millis()).await?;
    let state = live.state_text(legal);
    drop(live);
    app.metrics.move_latency.observe(started.elapsed().as_secs_f64());
    Ok(json_text(state))
}
