//! What a tournament's watchers get: on each server, one task per tournament watched
//! there looks for a change every [`LOOK_EVERY`] (its version, and how many of its games
//! are made and have ended: one read), and when there is one reads the tournament once and
//! hands the text to every watcher (see `feed.rs`). The task ends when the last watcher
//! leaves, and after the tournament has ended.

use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use tokio::sync::watch;

use super::feed::Latest;
use super::view::tournament_json;
use crate::app::AppState;
use crate::store::ENDED;

/// How often a watched tournament is looked at for a change.
pub const LOOK_EVERY: Duration = Duration::from_millis(500);

/// A receiver of tournament `id`'s texts: `{"type": "tournament", "tournament": ...}`
/// now (once read) and after each change. Starts the tournament's task if nobody here
/// watched it.
pub fn follow(app: &Arc<AppState>, id: &str) -> watch::Receiver<Latest> {
    let (receiver, start) = app.tournaments.follow(id);
    if let Some(sender) = start {
        tokio::spawn(feed(Arc::clone(app), id.to_owned(), sender));
    }
    receiver
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
                app.tournaments.forget(&id);
                return;
            }
        }
        tokio::time::sleep(LOOK_EVERY).await;
    }
}
