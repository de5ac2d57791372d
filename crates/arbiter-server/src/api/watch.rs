//! Watchers: a WebSocket per watcher. It gets the game's state when it connects (or,
//! resuming from a ply it names, the moves it missed), then an update after every
//! change, the one text every watcher of the game shares.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::PathRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::Uri;
use axum::response::Response;
use tokio::sync::broadcast::error::RecvError;

use super::errors::ApiError;
use super::http::game_id;
use super::requests::{self, Watching};
use crate::app::AppState;
use crate::hub::{Update, Watch};
use crate::live::LiveGame;
use crate::memory::Games;
use crate::round;
use crate::view::hello_text;

/// A watcher's read buffer: watchers send the server nothing it needs.
const READ_BUFFER: usize = 4096;

/// The close code for a watcher dropped for falling behind: 1013, try again later
/// (with `?since=` its last ply, to get what it missed).
const TOO_SLOW: u16 = 1013;

/// `GET /api/games/{id}/ws?legal=1&since=PLY`: a WebSocket that gets the game's state
/// now (with the legal moves if `legal=1`), or with `since` the moves made from that
/// ply on, and then an update after every change.
pub async fn watch(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let Watching { legal, since, takebacks } = requests::watching(&uri)?;
    let upgrade = upgrade.map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    let game = round::find(&app, &id).await?;
    // Subscribed before the upgrade, so that a watcher over the limits gets a 503.
    let watch = app.hub.subscribe(&id).map_err(|e| ApiError::unavailable(e.to_string()))?;
    let size = app.limits.ws_max_message;
    Ok(upgrade
        .read_buffer_size(READ_BUFFER)
        .max_message_size(size)
        .max_frame_size(size)
        .on_upgrade(move |socket| stream_updates(app, game, watch, socket, legal, since, takebacks)))
}

/// Where a watcher has seen the game: the updates it gets must start there.
struct Seen {
    ply: usize,
    version: i64,
    /// The game's takebacks, for the ply to resume from.
    takebacks: i64,
}

/// Sends the state (or what the watcher missed) now and an update after every change
/// until the watcher leaves or falls too far behind. Watchers send nothing the server
/// needs: a message from one is read and dropped (the socket's size limits bound it),
/// and the watcher's place is given back when it leaves.
async fn stream_updates(
    app: Arc<AppState>,
    game: Arc<tokio::sync::Mutex<LiveGame>>,
    mut watch: Watch,
    mut socket: WebSocket,
    legal: bool,
    since: Option<usize>,
    query_takebacks: i64,
) {
    // Subscribed before reading the game, so no change falls between the two.
    let (first, mut seen) = {
        let mut live = game.lock().await;
        if Games::catch_up(&app.store, &mut live).await.is_err() {
            return;
        }
        round::play_if_due(&app, &live);
        let ply = live.state().ply() as usize;
        let unchanged = query_takebacks == live.row.takebacks;
        let first = match since {
            Some(since) if since <= ply && unchanged => live.update_since(since),
            _ => hello_text(&live.state_text(legal)),
        };
        (first, Seen { ply, version: live.version(), takebacks: live.row.takebacks })
    };
    let deadline = app.limits.ws_send_timeout;
    if !sent(&app, &mut socket, Message::Text(first.into()), deadline).await {
        return;
    }
    let updates = &mut watch.updates;
    loop {
        tokio::select! {
            update = updates.recv() => match update {
                Ok(update) => {
                    let Some(text) = fitted(&game, &update, &mut seen).await else { continue };
                    if !sent(&app, &mut socket, Message::Text(text), deadline).await {
                        return;
                    }
                }
                Err(RecvError::Lagged(_)) => {
                    // A whole ring behind: dropped rather than held; it may resume.
                    let reason = format!("too slow: reconnect with ?since={}&takebacks={}", seen.ply, seen.takebacks);
                    let close = CloseFrame { code: TOO_SLOW, reason: reason.into() };
                    let _ = tokio::time::timeout(deadline, socket.send(Message::Close(Some(close)))).await;
                    app.metrics.watchers_dropped.inc();
                    return;
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

/// Sends `message` within `deadline`; false when the watcher is gone or its
/// connection took nothing for that long. Its buffers are then full: no close frame
/// could get through, and the socket is dropped (a watcher dropped so is counted).
async fn sent(app: &AppState, socket: &mut WebSocket, message: Message, deadline: Duration) -> bool {
    match tokio::time::timeout(deadline, socket.send(message)).await {
        Ok(result) => result.is_ok(),
        Err(_) => {
            app.metrics.watchers_dropped.inc();
            false
        }
    }
}

/// The text of `update` for a watcher that has seen the game as `seen` says: the
/// shared text when it starts where the watcher is (nearly always), nothing when the
/// watcher has seen it already (it connected after the change), else an update made
/// for this watcher from where it is (it connected while another server's moves were
/// on their way).
async fn fitted(game: &tokio::sync::Mutex<LiveGame>, update: &Update, seen: &mut Seen) -> Option<Utf8Bytes> {
    if update.version <= seen.version {
        return None;
    }
    if update.since == seen.ply || update.rewound {
        (seen.ply, seen.version, seen.takebacks) = (update.ply, update.version, update.takebacks);
        return Some(update.text.clone());
    }
    let live = game.lock().await;
    let text = live.update_since(seen.ply);
    (seen.ply, seen.version, seen.takebacks) = (live.state().ply() as usize, live.version(), live.row.takebacks);
    Some(text.into())
}
