//! A pairing's game: made with the tournament's options, both seats the paired
//! accounts' (`round::create_between`), rated if the tournament is, and marked as the
//! tournament's. Any server may make it: the id is the pairing's, so a second attempt
//! finds it made.

use std::collections::HashMap;
use std::sync::Arc;

use super::error::EventError;
use crate::app::AppState;
use crate::round::{self, Between, RoundError};
use crate::store::{Entry, PairingRow, StoreError, TournamentRow};

/// Makes the games of `pairings` that are not made yet (`made` holds the ids made).
pub async fn make_missing(
    app: &Arc<AppState>,
    t: &TournamentRow,
    players: &HashMap<i64, &Entry>,
    pairings: &[PairingRow],
    made: &[&str],
    now: i64,
) -> Result<(), EventError> {
    let options: serde_json::Value = serde_json::from_str(&t.options).unwrap_or_default();
    for pairing in pairings {
        let (Some(id), Some(second)) = (&pairing.game_id, pairing.second) else { continue };
        if made.contains(&id.as_str()) {
            continue;
        }
        let seat = |account: i64| {
            let entry = players.get(&account);
            ((account, entry.map_or_else(String::new, |e| e.name.clone())), entry.is_some_and(|e| e.bot))
        };
        let [(first, first_bot), (second, second_bot)] = [seat(pairing.first), seat(second)];
        let between = Between {
            seats: [first, second],
            bots: [first_bot, second_bot],
            rated: t.rated,
            id: Some(id.clone()),
            tournament: Some(t.id.clone()),
        };
        match round::create_between(app, &t.game, &options, between, now).await {
            Ok(_) => {}
            // Another server made it first.
            Err(RoundError::Store(StoreError::Database(sqlx::Error::Database(e)))) if e.is_unique_violation() => {}
            Err(e) => return Err(EventError::Game(e)),
        }
    }
    Ok(())
}
