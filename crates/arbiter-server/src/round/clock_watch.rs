//! The clock watcher: ends the games whose clock ran out with nobody moving, and
//! those whose deadline for a first move, or for an opponent to join, passed.

use std::sync::Arc;
use std::time::Duration;

use super::leave::due;
use super::lookup::find;
use crate::app::AppState;
use crate::live::now_millis;

/// How often the clocks are looked at: a flag falls at most this late.
const CLOCK_WATCH: Duration = Duration::from_millis(200);

/// Ends, every little while, the games whose running clock ran out with nobody
/// moving, on this server or any other (the deadlines are stored), also after a restart.
pub async fn watch_clocks(app: Arc<AppState>) {
    loop {
        tokio::time::sleep(CLOCK_WATCH).await;
        let now = now_millis();
        let Ok(expired) = app.store.expired(now).await else { continue };
        for id in expired {
            let Ok(game) = find(&app, &id).await else { continue };
            let mut live = game.lock().await;
            // Another server may end it first; its change wins and this one is refused.
            let _ = due(&app, &mut live, now).await;
        }
    }
}
