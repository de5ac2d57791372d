//! Live updates: every watcher of a game gets its state after every move. Within one
//! process a broadcast channel per game; across processes on PostgreSQL, a NOTIFY
//! after each stored move, which every other process turns into a broadcast to its
//! own watchers.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::broadcast;

/// How many states a slow watcher may fall behind before it skips to the newest.
const BACKLOG: usize = 64;

#[derive(Default)]
pub struct Hub {
    channels: std::sync::Mutex<HashMap<String, broadcast::Sender<Arc<str>>>>,
}

impl Hub {
    pub fn subscribe(&self, id: &str) -> broadcast::Receiver<Arc<str>> {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels.entry(id.to_owned()).or_insert_with(|| broadcast::channel(BACKLOG).0).subscribe()
    }

    /// Whether anyone here watches game `id`.
    pub fn watched(&self, id: &str) -> bool {
        self.channels.lock().unwrap_or_else(|e| e.into_inner()).get(id).is_some_and(|c| c.receiver_count() > 0)
    }

    /// Sends `state` to the watchers of game `id`, forgetting games nobody watches.
    pub fn publish(&self, id: &str, state: &str) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(channel) = channels.get(id)
            && channel.send(Arc::from(state)).is_err()
        {
            channels.remove(id);
        }
    }
}
