//! A seat's game stream, `GET /api/bot/game/{id}/stream`: NDJSON, the state as the
//! seat's `GET /api/games/{id}` answers it first, then every change as the game's
//! WebSocket watchers get it (the hub's one shared text), an empty line every five
//! seconds of quiet, and the end of the answer after the game ends. The stream is
//! the seat's player's connection, as a seat's WebSocket is, for the rules on players
//! who leave: a bot that keeps its stream open is never declared gone.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde_json::{Value, json};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;

use super::bot_events::{KEEP_ALIVE, line, ndjson};
use super::errors::ApiError;
use super::http::game_id;
use super::identity;
use super::watch::{Seated, Seen, fitted};
use crate::app::AppState;
use crate::memory::Games;
use crate::round;

/// `GET /api/bot/game/{id}/stream`: for the account (API token or session) that holds
/// a seat, or a seat's token; `401` for anyone else.
pub async fn stream(
    State(app): State<Arc<AppState>>,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let game = round::find(&app, &id).await?;
    let row = game.lock().await.row.clone();
    let seat = identity::seat(&app, &headers, &row).await?;
    // Subscribed before the state is read, so that no change falls between the two.
    let mut watch = app.hub.subscribe(&id).map_err(|e| ApiError::unavailable(e.to_string()))?;
    let (first, mut seen) = {
        let mut live = game.lock().await;
        Games::catch_up(&app.store, &mut live).await?;
        round::play_if_due(&app, &live);
        let mut state: Value = live.state_json(false);
        state["your_seat"] = json!(seat.name());
        let seen = Seen { ply: live.state().ply() as usize, version: live.version(), takebacks: live.row.takebacks };
        (json!({ "type": "state", "state": state }), seen)
    };
    let (sender, lines) = mpsc::channel::<Bytes>(64);
    tokio::spawn(async move {
        let _seated = Seated::enter(&app, &game, seat).await;
        if sender.send(line(&first)).await.is_err() || first["state"]["status"] == "finished" {
            return;
        }
        loop {
            let update = tokio::select! {
                update = tokio::time::timeout(KEEP_ALIVE, watch.updates.recv()) => update,
                () = sender.closed() => return,
            };
            let text = match update {
                Err(_) => {
                    if sender.send(Bytes::from_static(b"\n")).await.is_err() {
                        return;
                    }
                    continue;
                }
                Ok(Ok(update)) => match fitted(&game, &update, &mut seen).await {
                    Some(text) => text,
                    None => continue,
                },
                // A whole ring behind: the whole state again, from which it goes on.
                Ok(Err(RecvError::Lagged(_))) => {
                    let live = game.lock().await;
                    seen = Seen {
                        ply: live.state().ply() as usize,
                        version: live.version(),
                        takebacks: live.row.takebacks,
                    };
                    let mut state: Value = live.state_json(false);
                    state["your_seat"] = json!(seat.name());
                    json!({ "type": "state", "state": state }).to_string().into()
                }
                Ok(Err(RecvError::Closed)) => return,
            };
            let mut bytes = text.as_str().as_bytes().to_vec();
            bytes.push(b'\n');
            if sender.send(Bytes::from(bytes)).await.is_err() {
                return;
            }
            if game.lock().await.state().outcome().is_some() {
                return;
            }
        }
    });
    Ok(ndjson(lines))
}
