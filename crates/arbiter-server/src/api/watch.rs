//! Watchers: a WebSocket per watcher. It gets the game's state when it connects (or,
//! resuming from a ply it names, the moves it missed), then an update after every
//! change, the one text every watcher of the game shares. A watcher that is a seat's
//! player (a signed-in player's page, or one that says so with its token) is that
//! player's connection, which the rules for players who leave count.

use std::sync::Arc;
use std::time::Duration;

use arbiter::Side;
use axum::extract::rejection::PathRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Uri};
use axum::response::Response;
use tokio::sync::broadcast::error::RecvError;

use super::errors::ApiError;
use super::http::game_id;
use super::identity;
use super::requests::{self, Watching};
use crate::accounts::{self, sessions};
use crate::app::AppState;
use crate::hub::{Update, Watch};
use crate::live::{LiveGame, now_millis};
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
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let Watching { legal, since, takebacks } = requests::watching(&uri)?;
    let upgrade = upgrade.map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    let game = round::find(&app, &id).await?;
    // A signed-in player's page is its seat's connection, from the server's own pages
    // only (a page elsewhere may open a WebSocket with the browser's cookie).
    let seat = if identity::same_origin(&app, &headers) == Some(true) && identity::bearer(&headers)?.is_none() {
        let row = game.lock().await.row.clone();
        identity::seat_of(&app, &headers, &row).await.ok().flatten()
    } else {
        None
    };
    // Subscribed before the upgrade, so that a watcher over the limits gets a 503.
    let watch = app.hub.subscribe(&id).map_err(|e| ApiError::unavailable(e.to_string()))?;
    let size = app.limits.ws_max_message;
    Ok(upgrade.read_buffer_size(READ_BUFFER).max_message_size(size).max_frame_size(size).on_upgrade(
        move |socket| async move {
            let mut seated = None;
            if let Some(seat) = seat {
                seated = Seated::enter(&app, &game, seat).await;
            }
            stream_updates(app, game, watch, socket, legal, since, takebacks, seated).await;
        },
    ))
}

/// A watcher that is a seat's player: counted as connected while it lasts (see
/// `round::leave`).
pub(super) struct Seated {
    app: Arc<AppState>,
    id: String,
    seat: Side,
}

impl Seated {
    /// Counts `seat`'s player of `game` as connected, if the rules for leaving watch
    /// its connections (a game going on, not by correspondence): the first connection
    /// here writes it down, and a seat declared gone is back.
    pub(super) async fn enter(app: &Arc<AppState>, game: &tokio::sync::Mutex<LiveGame>, seat: Side) -> Option<Seated> {
        let mut live = game.lock().await;
        let state = live.state();
        if state.outcome().is_some() || state.correspondence() || state.engine_seat() == Some(seat) {
            return None;
        }
        let id = live.row.id.clone();
        let now = now_millis();
        if app.enter(&id, seat) {
            let _ = app.store.seen(&[(id.clone(), seat.index())], now).await;
        }
        let _ = round::here(app, &mut live, seat, now).await;
        Some(Seated { app: Arc::clone(app), id, seat })
    }
}

impl Drop for Seated {
    fn drop(&mut self) {
        // The time the player was last connected counts from now.
        self.app.leave(&self.id, self.seat);
        let (app, seat) = (Arc::clone(&self.app), (self.id.clone(), self.seat.index()));
        tokio::spawn(async move {
            let _ = app.store.seen(&[seat], now_millis()).await;
        });
    }
}

/// A message a watcher may send: `{"type": "seat", "token": TOKEN}` says it is the
/// player of the seat the token opens (a seat's token or an API token).
#[derive(serde::Deserialize)]
struct Hello {
    #[serde(rename = "type")]
    kind: String,
    token: String,
}

/// The seat a watcher's hello names, if its token opens one.
async fn hello_seat(app: &AppState, game: &tokio::sync::Mutex<LiveGame>, text: &str) -> Option<Side> {
    let hello: Hello = serde_json::from_str(text).ok()?;
    if hello.kind != "seat" {
        return None;
    }
    let row = game.lock().await.row.clone();
    if sessions::is_api_token(&hello.token) {
        let account = accounts::token_account(app, &hello.token, now_millis()).await.ok()??;
        return round::account_seat(&row, account.id);
    }
    round::seat(&row, &hello.token).ok()
}

/// Where a watcher has seen the game: the updates it gets must start there.
pub(super) struct Seen {
    pub(super) ply: usize,
    pub(super) version: i64,
    /// The game's takebacks, for the ply to resume from.
    pub(super) takebacks: i64,
}

/// Sends the state (or what the watcher missed) now and an update after every change
/// until the watcher leaves or falls too far behind. Watchers send nothing the server
/// needs: a message from one is read and dropped (the socket's size limits bound it),
/// and the watcher's place is given back when it leaves.
#[allow(clippy::too_many_arguments)]
async fn stream_updates(
    app: Arc<AppState>,
    game: Arc<tokio::sync::Mutex<LiveGame>>,
    mut watch: Watch,
    mut socket: WebSocket,
    legal: bool,
    since: Option<usize>,
    query_takebacks: i64,
    mut seated: Option<Seated>,
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
                Some(Ok(Message::Text(text))) if seated.is_none() => {
                    if let Some(seat) = hello_seat(&app, &game, &text).await {
                        seated = Seated::enter(&app, &game, seat).await;
                    }
                }
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
pub(super) async fn fitted(game: &tokio::sync::Mutex<LiveGame>, update: &Update, seen: &mut Seen) -> Option<Utf8Bytes> {
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
