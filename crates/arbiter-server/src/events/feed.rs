//! What a tournament's watchers get: on each server, one task per tournament watched
//! there looks for a change every [`LOOK_EVERY`] (its version, and its games' count and
//! versions added up: one read), and when there is one reads the tournament once and
//! hands the text to every watcher. The task ends when the last watcher leaves, and
//! after the tournament has ended.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serde_json::json;
use tokio::sync::watch;

use super::view::tournament_json;
use crate::app::AppState;
use crate::store::ENDED;

/// How often a watched tournament is looked at for a change.
pub const LOOK_EVERY: Duration = Duration::from_millis(500);

/// The latest text of a tournament for its watchers, and whether it has ended.
pub type Latest = Option<(Arc<str>, bool)>;

/// The tournaments watched on this server, each with the receiver its task feeds.
#[derive(Default)]
pub struct Feeds {
    feeds: Mutex<HashMap<String, watch::Receiver<Latest>>>,
}

impl Feeds {
    /// A receiver of tournament `id`'s texts: `{"type": "tournament", "tournament":
    /// ...}` now (once read) and after each change. Starts the tournament's task if
    /// nobody here watched it.
    pub fn follow(&self, app: &Arc<AppState>, id: &str) -> watch::Receiver<Latest> {
        let mut feeds = self.feeds.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(receiver) = feeds.get(id)
            && receiver.has_changed().is_ok()
        {
            return receiver.clone();
        }
        let (sender, receiver) = watch::channel(None);
        feeds.insert(id.to_owned(), receiver.clone());
        tokio::spawn(feed(Arc::clone(app), id.to_owned(), sender));
        receiver
    }

    /// Whether the task of `id` should stop: only the map's own receiver is left. The
    /// entry goes with it, under the same lock a new watcher takes.
    fn unwatched(&self, id: &str, sender: &watch::Sender<Latest>) -> bool {
        let mut feeds = self.feeds.lock().unwrap_or_else(PoisonError::into_inner);
        let alone = sender.receiver_count() <= 1;
        if alone {
            feeds.remove(id);
        }
        alone
    }
}

async fn feed(app: Arc<AppState>, id: String, sender: watch::Sender<Latest>) {
    let mut last = None;
    loop {
        if app.tournaments.unwatched(&id, &sender) {
            return;
        }
        if let Ok(stamp) = app.store.tournament_stamp(&id).await
            && last != Some(stamp)
            && let Ok(Some(t)) = app.store.tournament(&id).await
            && let Ok(value) = tournament_json(&app, &t).await
        {
            last = Some(stamp);
            let over = t.status == ENDED;
            let text: Arc<str> = Arc::from(json!({ "type": "tournament", "tournament": value }).to_string());
            sender.send_replace(Some((text, over)));
            if over {
                // The watchers have the last text; the next watcher starts afresh.
                app.tournaments.feeds.lock().unwrap_or_else(PoisonError::into_inner).remove(&id);
                return;
            }
        }
        tokio::time::sleep(LOOK_EVERY).await;
    }
}
