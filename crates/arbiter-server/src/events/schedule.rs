//! The tournaments' clock. Every [`TICK`] each server looks at the tournaments due:
//! it starts those whose time has come, makes the games of pairings not made yet,
//! pairs a Swiss's next round once every game of its round has ended (and ends the
//! Swiss after its last), pairs an arena's players waiting for a game, and ends an
//! arena on time. Every step is taken once, whichever server takes it (see
//! `Store::store_pairings`), so several servers on one PostgreSQL database, and a
//! server that restarts, run the same tournaments.
//!
//! A player who loses a game by forfeit (it made no first move in time) is withdrawn
//! at the next pairing, as absent; it may join again.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use super::arena::{self, Waiting};
use super::dutch;
use super::error::EventError;
use super::pairing_game::make_missing;
use super::results::{Played, histories};
use super::standings;
use super::swiss;
use crate::app::AppState;
use crate::live::now_millis;
use crate::rows::{FINISHED, GameRow};
use crate::store::{CREATED, Entry, PairingRow, RUNNING, TournamentRow};
use crate::tokens;

/// How often each server looks at the tournaments.
pub const TICK: Duration = Duration::from_secs(1);

/// Runs the tournaments, for as long as the server runs. A running tournament is
/// looked at in full only when it changed (a join, a pairing, a game made or ended:
/// see `Store::tournament_stamp`) since its last step here, or when an arena's time is
/// up: one read a second for each of the others.
pub async fn run_tournaments(app: Arc<AppState>) {
    let mut stepped: HashMap<String, (i64, i64, i64)> = HashMap::new();
    loop {
        tokio::time::sleep(TICK).await;
        let now = now_millis();
        let due = match app.store.tournaments_due(now).await {
            Ok(due) => due,
            Err(e) => {
                eprintln!("arbiter: cannot read the tournaments: {e}");
                continue;
            }
        };
        stepped.retain(|id, _| due.iter().any(|t| &t.id == id));
        for t in due {
            let stamp = app.store.tournament_stamp(&t.id).await.ok();
            let time_up = t.system == "arena" && t.ends_at.is_some_and(|end| now >= end);
            if t.status == RUNNING && !time_up && stamp.is_some() && stepped.get(&t.id) == stamp.as_ref() {
                continue;
            }
            let id = t.id.clone();
            match step(&app, t, now).await {
                // Kept only after a step that went through, so that a failed one is
                // taken again at the next tick.
                Ok(()) => {
                    if let Some(stamp) = stamp {
                        stepped.insert(id, stamp);
                    }
                }
                Err(e) => {
                    stepped.remove(&id);
                    eprintln!("arbiter: tournament: {e}");
                }
            }
        }
    }
}

/// What a tournament is at: its players, pairings, games and everyone's rounds.
struct Seen {
    entries: Vec<Entry>,
    pairings: Vec<PairingRow>,
    games: Vec<GameRow>,
    /// The ids of the games that have ended.
    finished: HashSet<String>,
    histories: HashMap<i64, Vec<Played>>,
}

async fn look(app: &AppState, id: &str) -> Result<Seen, EventError> {
    let entries = app.store.entries(id).await?;
    let pairings = app.store.pairings(id).await?;
    let games = app.store.tournament_games(id).await?;
    let histories = histories(&pairings, &games);
    let finished = games.iter().filter(|g| g.status == FINISHED).map(|g| g.id.clone()).collect();
    Ok(Seen { entries, pairings, games, finished, histories })
}

/// Takes tournament `t`'s next step at `now`, if it has one.
async fn step(app: &Arc<AppState>, mut t: TournamentRow, now: i64) -> Result<(), EventError> {
    if t.status == CREATED {
        if !app.store.start_tournament(&t.id).await? {
            return Ok(());
        }
        t.status = RUNNING.to_owned();
    }
    let seen = look(app, &t.id).await?;
    let players: HashMap<i64, &Entry> = seen.entries.iter().map(|e| (e.account, e)).collect();
    let made: Vec<&str> = seen.games.iter().map(|g| g.id.as_str()).collect();
    make_missing(app, &t, &players, &seen.pairings, &made, now).await?;
    match t.system.as_str() {
        "swiss" => swiss_step(app, &t, &seen, &players, now).await,
        _ => arena_step(app, &t, &seen, &players, now).await,
    }
}

/// Whether the game of `pairing` has ended (a bye has).
fn ended(seen: &Seen, pairing: &PairingRow) -> bool {
    let Some(id) = pairing.game_id.as_deref() else { return true };
    seen.finished.contains(id)
}

/// The players whose last game was lost by forfeit since they last joined: absent, to
/// be withdrawn at the next pairing (a Swiss's last game is its round just ended).
fn absent(seen: &Seen) -> Vec<i64> {
    seen.entries
        .iter()
        .filter(|e| !e.withdrawn)
        .filter(|e| {
            let last = seen.histories.get(&e.account).and_then(|h| h.iter().max_by_key(|p| p.round));
            last.is_some_and(|p| p.forfeited() && p.paired_at >= e.joined_at)
        })
        .map(|e| e.account)
        .collect()
}

async fn swiss_step(
    app: &Arc<AppState>,
    t: &TournamentRow,
    seen: &Seen,
    players: &HashMap<i64, &Entry>,
    now: i64,
) -> Result<(), EventError> {
    let current = t.round;
    if !seen.pairings.iter().filter(|p| p.round == current).all(|p| ended(seen, p)) {
        return Ok(());
    }
    let rounds = t.rounds.unwrap_or(0);
    let absent = absent(seen);
    let entries: Vec<Entry> = seen
        .entries
        .iter()
        .map(|e| Entry { withdrawn: e.withdrawn || absent.contains(&e.account), ..e.clone() })
        .collect();
    let next = current + 1;
    let entrants = swiss::entrants(&entries, &seen.histories, next);
    if current >= rounds || entrants.len() < 2 {
        app.store.end_tournament(&t.id, now).await?;
        return Ok(());
    }
    let (round, of) = (u32::try_from(next).unwrap_or(u32::MAX), u32::try_from(rounds).unwrap_or(0));
    // The search is CPU-bound: off the async workers.
    let pairing = match tokio::task::spawn_blocking(move || dutch::pair(&entrants, round, of))
        .await
        .map_err(|e| EventError::Game(e.into()))?
    {
        Ok(pairing) => pairing,
        // Everyone left has met everyone (or the byes are used up): the Swiss ends.
        Err(dutch::PairingError::NoPairing) => {
            app.store.end_tournament(&t.id, now).await?;
            return Ok(());
        }
        Err(other) => return Err(other.into()),
    };
    let rows = pairing_rows(next, &pairing.games, pairing.bye, now)?;
    store_and_make(app, t, players, &rows, &absent, now).await
}

/// The rows of round (or wave) `round`: its games by board, each with its game's id,
/// then the bye.
fn pairing_rows(round: i64, games: &[(i64, i64)], bye: Option<i64>, now: i64) -> Result<Vec<PairingRow>, EventError> {
    let mut rows = Vec::with_capacity(games.len() + 1);
    for &(first, second) in games {
        let game_id = tokens::game_id().map_err(|e| EventError::Game(e.into()))?;
        let board = rows.len() as i64 + 1;
        rows.push(PairingRow { round, board, first, second: Some(second), game_id: Some(game_id), created_at: now });
    }
    if let Some(bye) = bye {
        let board = rows.len() as i64 + 1;
        rows.push(PairingRow { round, board, first: bye, second: None, game_id: None, created_at: now });
    }
    Ok(rows)
}

/// Stores `rows` as the tournament's next round, once (see `Store::store_pairings`),
/// withdrawing the `absent`, and makes their games.
async fn store_and_make(
    app: &Arc<AppState>,
    t: &TournamentRow,
    players: &HashMap<i64, &Entry>,
    rows: &[PairingRow],
    absent: &[i64],
    now: i64,
) -> Result<(), EventError> {
    if app.store.store_pairings(&t.id, t.round, rows, absent).await? {
        make_missing(app, t, players, rows, &[], now).await?;
    }
    Ok(())
}

async fn arena_step(
    app: &Arc<AppState>,
    t: &TournamentRow,
    seen: &Seen,
    players: &HashMap<i64, &Entry>,
    now: i64,
) -> Result<(), EventError> {
    let ends_at = t.ends_at.unwrap_or(t.starts_at);
    if now >= ends_at {
        app.store.end_tournament(&t.id, now).await?;
        return Ok(());
    }
    let busy: Vec<i64> =
        seen.pairings.iter().filter(|p| !ended(seen, p)).flat_map(|p| [Some(p.first), p.second]).flatten().collect();
    let absent = absent(seen);
    let table = standings::arena(&seen.entries, &seen.histories, ends_at);
    let score: HashMap<i64, f64> = table.iter().map(|s| (s.account, s.score)).collect();
    let waiting: Vec<Waiting> = seen
        .entries
        .iter()
        .filter(|e| !e.withdrawn && !absent.contains(&e.account) && !busy.contains(&e.account))
        .map(|e| {
            let history = seen.histories.get(&e.account);
            let last = history.and_then(|h| h.iter().max_by_key(|p| p.round));
            let balance = history.map_or(0, |h| {
                h.iter()
                    .map(|p| match p.seat {
                        Some(arbiter::Side::First) => 1,
                        Some(arbiter::Side::Second) => -1,
                        None => 0,
                    })
                    .sum()
            });
            Waiting {
                account: e.account,
                score: score.get(&e.account).copied().unwrap_or(0.0),
                rating: e.rating,
                last_opponent: last.and_then(|p| p.opponent),
                balance,
                last_seat: last.and_then(|p| p.seat),
            }
        })
        .collect();
    let games = arena::pair(waiting);
    if games.is_empty() && absent.is_empty() {
        return Ok(());
    }
    let rows = pairing_rows(t.round + 1, &games, None, now)?;
    store_and_make(app, t, players, &rows, &absent, now).await
}
