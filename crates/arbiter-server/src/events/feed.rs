//! The tournaments watched on this server, each with the one feed its watchers share
//! (`following.rs` runs the task that feeds it). It names nothing of the server's, so
//! that the server's shared state can hold it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::watch;

/// The latest text of a tournament for its watchers, and whether it has ended.
pub type Latest = Option<(Arc<str>, bool)>;

/// The tournaments watched on this server, each with the receiver its task feeds.
#[derive(Default)]
pub struct Feeds {
    feeds: Mutex<HashMap<String, watch::Receiver<Latest>>>,
}

impl Feeds {
    /// A receiver of tournament `id`'s feed, and the sender of a new feed when nobody
    /// here watched it: whoever gets the sender starts the task that feeds it.
    pub fn follow(&self, id: &str) -> (watch::Receiver<Latest>, Option<watch::Sender<Latest>>) {
        let mut feeds = self.lock();
        if let Some(receiver) = feeds.get(id)
            && receiver.has_changed().is_ok()
        {
            return (receiver.clone(), None);
        }
        let (sender, receiver) = watch::channel(None);
        feeds.insert(id.to_owned(), receiver.clone());
        (receiver, Some(sender))
    }

    /// Whether the feed of `id` should stop: only the map's own receiver is left. The
    /// entry goes with it, under the same lock a new watcher takes.
    pub fn unwatched(&self, id: &str, sender: &watch::Sender<Latest>) -> bool {
        let mut feeds = self.lock();
        let alone = sender.receiver_count() <= 1;
        if alone {
            feeds.remove(id);
        }
        alone
    }

    /// Forgets the feed of `id` (its tournament has ended): the next watcher starts
    /// afresh.
    pub fn forget(&self, id: &str) {
        self.lock().remove(id);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, watch::Receiver<Latest>>> {
        self.feeds.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
