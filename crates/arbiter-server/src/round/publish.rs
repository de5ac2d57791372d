//! Publishing a change: once a change is stored and taken by the game, its new state
//! goes to this server's watchers, and word of it to other servers.

use crate::app::AppState;
use crate::live::LiveGame;

/// Sends a change made here on: to this server's watchers and to other servers.
/// Called under the game's lock, so watchers get states in the order of changes.
pub fn publish(app: &AppState, live: &LiveGame) {
    show(app, live);
    app.announce(&live.row.id);
}

/// Sends the game's state to this server's watchers (for a change made here or by
/// another server), and records the room the game now takes.
pub fn show(app: &AppState, live: &LiveGame) {
    let id = &live.row.id;
    app.hub.publish(id, &live.states());
    app.games.resized(id, live.approx_bytes());
}
