//! Finding a game: in memory or from the store, locked, caught up with what other
//! servers stored; and the seat a token opens.

use std::sync::Arc;

use arbiter::Side;
use tokio::sync::{Mutex, OwnedMutexGuard};

use super::error::RoundError;
use crate::app::AppState;
use crate::live::LiveGame;
use crate::memory::Games;
use crate::rows::GameRow;
use crate::tokens;

/// The game `id`, in memory or loaded.
pub async fn find(app: &AppState, id: &str) -> Result<Arc<Mutex<LiveGame>>, RoundError> {
    let game = app.games.get(&app.store, id).await?.ok_or(RoundError::NoSuchGame)?;
    make_room(app);
    Ok(game)
}

/// The game `id`, locked and up to date with what other servers stored.
pub async fn current(app: &AppState, id: &str) -> Result<OwnedMutexGuard<LiveGame>, RoundError> {
    let mut live = find(app, id).await?.lock_owned().await;
    Games::catch_up(&app.store, &mut live).await?;
    Ok(live)
}

/// Lets the least recently used games leave memory if there are too many.
pub fn make_room(app: &AppState) {
    if app.games.over_limits() {
        app.games.evict(|id| app.hub.watched(id));
    }
}

/// The seat that `token` opens in the game of `row`.
pub fn seat(row: &GameRow, token: &str) -> Result<Side, RoundError> {
    // Both comparisons always run, so timing says nothing about which seat matched.
    let (first, second) = (tokens::matches(token, &row.first_token), tokens::matches(token, &row.second_token));
    match (first, second) {
        (true, _) => Ok(Side::First),
        (_, true) => Ok(Side::Second),
        _ => Err(RoundError::NotASeat),
    }
}

/// The seat that account `account` plays in the game of `row`, if any (the first, if
/// it plays both).
pub fn account_seat(row: &GameRow, account: i64) -> Option<Side> {
    Side::BOTH.into_iter().find(|side| row.accounts()[side.index()] == Some(account))
}
