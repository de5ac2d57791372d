//! A pairing's game: made with the tournament's options, both seats the paired
//! accounts' (each opens its seat by its session or API token; the seats' own tokens
//! go to nobody), rated if the tournament is, and marked as the tournament's. Any
//! server may make it: the id is the pairing's, so a second attempt finds it made.

use std::collections::HashMap;
use std::sync::Arc;

use super::error::EventError;
use crate::app::AppState;
use crate::round::{self, RoundError};
use crate::rows::GameRow;
use crate::setup::Setup;
use crate::store::{PairingRow, StoreError, TournamentRow};
use crate::tokens;

/// Makes the games of `pairings` that are not made yet (`made` holds the ids made).
pub async fn make_missing(
    app: &Arc<AppState>,
    t: &TournamentRow,
    names: &HashMap<i64, String>,
    pairings: &[PairingRow],
    made: &[&str],
    now: i64,
) -> Result<(), EventError> {
    let missing: Vec<&PairingRow> =
        pairings.iter().filter(|p| p.game_id.as_deref().is_some_and(|id| !made.contains(&id))).collect();
    if missing.is_empty() {
        return Ok(());
    }
    let options: serde_json::Value = serde_json::from_str(&t.options).unwrap_or_default();
    let setup = round::read_setup(&t.game, &options).map_err(EventError::Game)?;
    for pairing in missing {
        make(app, t, &setup, names, pairing, now).await?;
    }
    Ok(())
}

async fn make(
    app: &Arc<AppState>,
    t: &TournamentRow,
    setup: &Setup,
    names: &HashMap<i64, String>,
    pairing: &PairingRow,
    now: i64,
) -> Result<(), EventError> {
    let (Some(id), Some(second)) = (pairing.game_id.clone(), pairing.second) else { return Ok(()) };
    let random = |e: getrandom::Error| EventError::Game(e.into());
    let (first_token, second_token) = (tokens::generate().map_err(random)?, tokens::generate().map_err(random)?);
    let mut row = GameRow::new(setup, id, tokens::hash(&first_token), tokens::hash(&second_token), now);
    row.first_account = Some(pairing.first);
    row.second_account = Some(second);
    row.first_name = names.get(&pairing.first).cloned();
    row.second_name = names.get(&second).cloned();
    if t.rated {
        row.rated = crate::store::RATED;
    }
    row.tournament_id = Some(t.id.clone());
    match round::store_new(app, row, setup.clone(), false).await {
        Ok(_) => Ok(()),
        // Another server made it first.
        Err(RoundError::Store(StoreError::Database(sqlx::Error::Database(e)))) if e.is_unique_violation() => Ok(()),
        Err(e) => Err(EventError::Game(e)),
    }
}
