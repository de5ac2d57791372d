//! What a seat may do besides moving: resign, offer, accept or decline a draw or a
//! takeback, abort
//! before both sides have moved, ask for a rematch, claim a game the opponent left. The round does each; the answer
//! is the game's new state.

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
use crate::round::{self, Action};

/// Does what a seat asks, with the seat's token.
async fn seat_action(
    app: Arc<AppState>,
    path: Result<Path<String>, PathRejection>,
    uri: &Uri,
    headers: &HeaderMap,
    action: Action,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let legal = requests::listing(uri)?;
    let mut live = round::current(&app, &id).await?;
    let seat = seat(&app, headers, &live.row).await?;
    round::act(&app, &mut live, seat, action, now_millis()).await?;
    Ok(json_text(live.state_text(legal)))
}

/// `POST /api/games/{id}/resign`.
pub async fn resign(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    seat_action(app, path, &uri, &headers, Action::Resign).await
}

/// `POST /api/games/{id}/abort`.
pub async fn abort(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    seat_action(app, path, &uri, &headers, Action::Abort).await
}

/// `POST /api/games/{id}/rematch`.
pub async fn rematch(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    seat_action(app, path, &uri, &headers, Action::Rematch).await
}

/// `POST /api/games/{id}/draw` with `{"action": "offer" | "accept" | "decline"}`.
pub async fn draw(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let action = requests::offer(&body_bytes(body)?, [Action::OfferDraw, Action::AcceptDraw, Action::DeclineDraw])?;
    seat_action(app, path, &uri, &headers, action).await
}

/// `POST /api/games/{id}/takeback` with `{"action": "offer" | "accept" | "decline"}`.
pub async fn takeback(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let action =
        requests::offer(&body_bytes(body)?, [Action::OfferTakeback, Action::AcceptTakeback, Action::DeclineTakeback])?;
    seat_action(app, path, &uri, &headers, action).await
}

/// `POST /api/games/{id}/claim` with `{"result": "win" | "draw"}`: the game, once the
/// opponent has been declared gone and the countdown has run out.
pub async fn claim(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let action = requests::claim(&body_bytes(body)?)?;
    seat_action(app, path, &uri, &headers, action).await
}

/// `POST /api/games/{id}/name` with `{"name": NAME}`: names the request's seat, once,
/// while it has no name (the player who opened it by its link).
pub async fn name(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let legal = requests::listing(&uri)?;
    let name = requests::join(&body_bytes(body)?)?.ok_or_else(|| super::errors::bad_request("give the seat's name"))?;
    let mut live = round::current(&app, &id).await?;
    let seat = seat(&app, &headers, &live.row).await?;
    round::used(&app, &mut live, seat, now_millis()).await?;
    round::name_seat(&app, &mut live, seat, &name).await?;
    Ok(json_text(live.state_text(legal)))
}
