//! What a seat may do besides moving: resign, offer, accept or decline a draw or a
//! takeback, abort before both sides have moved, ask for a rematch, claim a game the
//! opponent left. The round does each; the answer is the game's new state.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::response::Response;

use super::errors::ApiError;
use super::http::body_bytes;
use super::requests;
use super::seat_request::SeatRequest;
use crate::live::now_millis;
use crate::round::{self, Action};

/// Does what a seat asks, with the seat's token.
async fn seat_action(request: SeatRequest, action: Action) -> Result<Response, ApiError> {
    let (mut live, seat) = request.open().await?;
    round::act(&request.app, &mut live, seat, action, now_millis()).await?;
    Ok(request.state(&live))
}

/// `POST /api/games/{id}/resign`.
pub async fn resign(request: SeatRequest) -> Result<Response, ApiError> {
    seat_action(request, Action::Resign).await
}

/// `POST /api/games/{id}/abort`.
pub async fn abort(request: SeatRequest) -> Result<Response, ApiError> {
    seat_action(request, Action::Abort).await
}

/// `POST /api/games/{id}/rematch`.
pub async fn rematch(request: SeatRequest) -> Result<Response, ApiError> {
    seat_action(request, Action::Rematch).await
}

/// `POST /api/games/{id}/draw` with `{"action": "offer" | "accept" | "decline"}`.
pub async fn draw(request: SeatRequest, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let action = requests::offer(&body_bytes(body)?, [Action::OfferDraw, Action::AcceptDraw, Action::DeclineDraw])?;
    seat_action(request, action).await
}

/// `POST /api/games/{id}/takeback` with `{"action": "offer" | "accept" | "decline"}`.
pub async fn takeback(request: SeatRequest, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let action =
        requests::offer(&body_bytes(body)?, [Action::OfferTakeback, Action::AcceptTakeback, Action::DeclineTakeback])?;
    seat_action(request, action).await
}

/// `POST /api/games/{id}/claim` with `{"result": "win" | "draw"}`: the game, once the
/// opponent has been declared gone and the countdown has run out.
pub async fn claim(request: SeatRequest, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let action = requests::claim(&body_bytes(body)?)?;
    seat_action(request, action).await
}

/// `POST /api/games/{id}/name` with `{"name": NAME}`: names the request's seat, once,
/// while it has no name (the player who opened it by its link).
pub async fn name(request: SeatRequest, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let name = requests::join(&body_bytes(body)?)?.ok_or_else(|| super::errors::bad_request("give the seat's name"))?;
    let (mut live, seat) = request.open().await?;
    round::used(&request.app, &mut live, seat, now_millis()).await?;
    round::name_seat(&request.app, &mut live, seat, &name).await?;
    Ok(request.state(&live))
}
