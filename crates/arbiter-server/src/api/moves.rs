//! Moves: a seat's move, as its text or as the points a piece goes from and to,
//! played by the round.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::response::Response;

use super::errors::ApiError;
use super::http::body_bytes;
use super::requests;
use super::seat_request::SeatRequest;
use crate::live::now_millis;
use crate::round;

/// `POST /api/games/{id}/moves` with `{"move": TEXT, "ply": N}` or `{"from": POINT,
/// "to": POINT, "ply": N}`.
pub async fn make_move(request: SeatRequest, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let started = std::time::Instant::now();
    let app = &request.app;
    let game = round::find(app, &request.id).await?;
    let mut live = game.lock().await;
    let seat = request.seat(&live.row).await?;
    let (ply, played) = requests::move_request(&body_bytes(body)?)?;
    round::move_by(app, &mut live, seat, ply, played, now_millis()).await?;
    let state = request.state(&live);
    drop(live);
    app.metrics.move_latency.observe(started.elapsed().as_secs_f64());
    Ok(state)
}
