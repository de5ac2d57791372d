//! What a seat may do besides moving: resign, offer, accept or decline a draw or a
//! takeback, abort
//! before both sides have moved, ask for a rematch. The round does each; the answer
//! is the game's new state.

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
use crate::round::{self, Action};

/// Does what a seat asks, with the seat's token.
async fn seat_action(
    app: Arc<AppState>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<Listing>, QueryRejection>,
    headers: &HeaderMap,
    action: Action,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let legal = listing(query)?;
    let mut live = round::current(&app, &id).await?;
    let seat = seat(headers, &live.row)?;
    round::act(&app, &mut live, seat, action, now_millis()).await?;
    Ok(json_text(live.state_text(legal)))
}

/// `POST /api/games/{id}/resign`.
pub async fn resign(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<Listing>, QueryRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    seat_action(app, path, query, &headers, Action::Resign).await
}

/// `POST /api/games/{id}/abort`.
pub async fn abort(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<Listing>, QueryRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    seat_action(app, path, query, &headers, Action::Abort).await
}

/// `POST /api/games/{id}/rematch`.
pub async fn rematch(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<Listing>, QueryRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    seat_action(app, path, query, &headers, Action::Rematch).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "lowercase")]
enum OfferAction {
    Offer,
    Accept,
    Decline,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferRequest {
    action: OfferAction,
}

/// An offer's action from the body, as `[offer, accept, decline]` name it.
fn offer_action(body: Result<Bytes, BytesRejection>, actions: [Action; 3]) -> Result<Action, ApiError> {
    let request: OfferRequest = json_body(body)?;
    let [offer, accept, decline] = actions;
    Ok(match request.action {
        OfferAction::Offer => offer,
        OfferAction::Accept => accept,
        OfferAction::Decline => decline,
    })
}

/// `POST /api/games/{id}/draw` with `{"action": "offer" | "accept" | "decline"}`.
pub async fn draw(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<Listing>, QueryRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let action = offer_action(body, [Action::OfferDraw, Action::AcceptDraw, Action::DeclineDraw])?;
    seat_action(app, path, query, &headers, action).await
}

/// `POST /api/games/{id}/takeback` with `{"action": "offer" | "accept" | "decline"}`.
pub async fn takeback(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<Listing>, QueryRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let action = offer_action(body, [Action::OfferTakeback, Action::AcceptTakeback, Action::DeclineTakeback])?;
    seat_action(app, path, query, &headers, action).await
}
