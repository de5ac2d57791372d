//! Watchers: a WebSocket per watcher, the state now and after every change.

use std::sync::Arc;

use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::response::Response;
use tokio::sync::broadcast::error::RecvError;

use super::errors::ApiError;
use super::http::{Listing, game_id, listing};
use crate::app::AppState;
use crate::live::LiveGame;
use crate::memory::Games;
use crate::round;

/// `GET /api/games/{id}/ws`: a WebSocket that gets the game's state now and after
/// every change (`?legal=0`: without the legal moves).
pub async fn watch(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<Listing>, QueryRejection>,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let legal = listing(query)?;
    let upgrade = upgrade.map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    let game = round::find(&app, &id).await?;
    // Subscribed before the upgrade, so that a watcher over the limits gets a 503.
    let watch = app.hub.subscribe(&id).map_err(|e| ApiError::unavailable(e.to_string()))?;
    let size = app.limits.ws_max_message;
    Ok(upgrade
        .max_message_size(size)
        .max_frame_size(size)
        .on_upgrade(move |socket| stream_states(app, game, watch, socket, legal)))
}

/// Sends the state now and after every move until the watcher leaves.
/// Watchers send nothing the server needs: a message from one is read and dropped
/// (the socket's size limits bound it), and the watcher's place is given back when
/// it leaves.
async fn stream_states(
    app: Arc<AppState>,
    game: Arc<tokio::sync::Mutex<LiveGame>>,
    mut watch: crate::hub::Watch,
    mut socket: WebSocket,
    legal: bool,
) {
    // Subscribed before reading the state, so no move falls between the two.
    let first = {
        let mut live = game.lock().await;
        if Games::catch_up(&app.store, &mut live).await.is_err() {
            return;
        }
        round::play_if_due(&app, &live);
        live.states().listing(legal)
    };
    if socket.send(Message::Text(first.as_ref().into())).await.is_err() {
        return;
    }
    let updates = &mut watch.updates;
    loop {
        tokio::select! {
            update = updates.recv() => match update {
                Ok(states) => {
                    let state = states.listing(legal);
                    if socket.send(Message::Text(state.as_ref().into())).await.is_err() {
                        return;
                    }
                }
                Err(RecvError::Lagged(_)) => {
                    // Too slow to see every state: send the newest and go on.
                    let state = game.lock().await.states().listing(legal);
                    if socket.send(Message::Text(state.as_ref().into())).await.is_err() {
                        return;
                    }
                }
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
        }
    }
}
