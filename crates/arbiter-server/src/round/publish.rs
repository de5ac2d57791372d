//! Publishing a change: once a change is stored and taken by the game, an update goes
//! to this server's watchers, and word of it to other servers.

use crate::app::AppState;
use crate::live::LiveGame;

/// Sends a change made here on: to this server's watchers and to other servers.
/// Called under the game's lock, so watchers get updates in the order of changes.
pub fn publish(app: &AppState, live: &mut LiveGame) {
    show(app, live);
    app.announce(&live.row.id);
}

/// Sends this server's watchers the update from where they saw the game (for a change
/// made here, or by another server), encoded once for all of them; and records the
/// room the game now takes.
pub fn show(app: &AppState, live: &mut LiveGame) {
    let id = live.row.id.clone();
    if let Some(update) = live.next_update(app.hub.watched(&id)) {
        app.hub.publish(&id, update);
    }
    app.games.resized(&id, live.approx_bytes());
}
