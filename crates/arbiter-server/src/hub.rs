//! Live updates: every watcher of a game gets an update after every change, encoded
//! once and shared by all of them. Within one process a broadcast channel per game,
//! made when its first watcher comes and dropped when its last one goes: its ring of
//! the last updates is the one queue every watcher of the game reads at its own pace,
//! and a watcher that falls a whole ring behind is dropped (it may resume); across processes on PostgreSQL, a NOTIFY after each
//! stored move, which every other process turns into a broadcast to its own watchers.
//! Watchers are counted, per game and in all, against the server's limits.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::broadcast;

/// How many updates a slow watcher may fall behind before it is dropped.
pub const BACKLOG: usize = 64;

/// An update as every watcher of a game gets it: its JSON text, made once, and the
/// plies and version it goes from and to, for a watcher to tell whether it fits.
#[derive(Clone, Debug)]
pub struct Update {
    /// The ply the update's moves start at: where its watchers saw the game.
    pub since: usize,
    /// The ply after it.
    pub ply: usize,
    /// The game's version after it (it counts every stored change).
    pub version: i64,
    /// A takeback: the text is the whole state, for every watcher alike.
    pub rewound: bool,
    /// The game's takebacks after it.
    pub takebacks: i64,
    /// The update as JSON text, shared.
    pub text: Utf8Bytes,
}

/// Why a watcher was turned away.
#[derive(Debug, thiserror::Error)]
pub enum WatchRefused {
    #[error("this game has {0} watchers already, the most it takes")]
    GameFull(usize),
    #[error("the server has {0} watchers already, the most it takes")]
    ServerFull(usize),
}

struct Channel {
    sender: broadcast::Sender<Update>,
    watchers: usize,
}

/// The watchers of every game this process serves, and their channels.
pub struct Hub {
    channels: std::sync::Mutex<HashMap<String, Channel>>,
    per_game: usize,
    in_all: usize,
}

/// A watcher's place: its updates, and its count given back when dropped.
pub struct Watch {
    hub: Arc<Hub>,
    id: String,
    /// The game's updates as it changes.
    pub updates: broadcast::Receiver<Update>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        let mut channels = self.hub.lock();
        if let Some(channel) = channels.get_mut(&self.id) {
            channel.watchers -= 1;
            if channel.watchers == 0 {
                channels.remove(&self.id);
            }
        }
    }
}

impl Hub {
    /// A hub for at most `per_game` watchers of a game and `in_all` in all.
    pub fn new(per_game: usize, in_all: usize) -> Hub {
        Hub { channels: std::sync::Mutex::default(), per_game, in_all }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Channel>> {
        self.channels.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Watchers connected, in all.
    pub fn watchers(&self) -> usize {
        self.lock().values().map(|c| c.watchers).sum()
    }

    /// Games with a channel (at least one watcher).
    pub fn channels(&self) -> usize {
        self.lock().len()
    }

    /// A place for one more watcher of game `id`, within the limits.
    pub fn subscribe(self: &Arc<Self>, id: &str) -> Result<Watch, WatchRefused> {
        let mut channels = self.lock();
        let total: usize = channels.values().map(|c| c.watchers).sum();
        if total >= self.in_all {
            return Err(WatchRefused::ServerFull(self.in_all));
        }
        let channel = channels
            .entry(id.to_owned())
            .or_insert_with(|| Channel { sender: broadcast::channel(BACKLOG).0, watchers: 0 });
        if channel.watchers >= self.per_game {
            return Err(WatchRefused::GameFull(self.per_game));
        }
        channel.watchers += 1;
        let updates = channel.sender.subscribe();
        Ok(Watch { hub: Arc::clone(self), id: id.to_owned(), updates })
    }

    /// Whether anyone here watches game `id`.
    pub fn watched(&self, id: &str) -> bool {
        self.lock().contains_key(id)
    }

    /// Sends `update` to the watchers of game `id`, if it has any.
    pub fn publish(&self, id: &str, update: Update) {
        if let Some(channel) = self.lock().get(id) {
            let _ = channel.sender.send(update);
        }
    }
}
