//! Moves: a seat's move, as its text or as the points a piece goes from and to,
//! played by the round.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Deserialize;

use super::errors::ApiError;
use super::http::{Listing, game_id, json_body, json_text, listing, seat};
use crate::app::AppState;
use crate::live::now_millis;
use crate::round::{self, Move};

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
    fn into_move(self) -> Move {
        match (self.text, self.from, self.to) {
            (Some(text), None, None) => Move::Text(text),
            (None, Some(from), Some(to)) => Move::Between { from, to },
            _ => Move::Unnamed,
        }
    }
}

/// `POST /api/games/{id}/moves` with `{"move": TEXT, "ply": N}` or `{"from": POINT,
/// "to": POINT, "ply": N}`.
pub async fn make_move(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<Listing>, QueryRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let started = std::time::Instant::now();
    let id = game_id(path)?;
    let legal = listing(query)?;
    let game = round::find(&app, &id).await?;
    let mut live = game.lock().await;
    let seat = seat(&headers, &live.row)?;
    let request: MoveRequest = json_body(body)?;
    let ply = request.ply;
    round::move_by(&app, &mut live, seat, ply, request.into_move(), now_millis()).await?;
    let state = live.state_text(legal);
    drop(live);
    app.metrics.move_latency.observe(started.elapsed().as_secs_f64());
    Ok(json_text(state))
}
