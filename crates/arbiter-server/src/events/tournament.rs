//! Making a tournament, joining it and withdrawing: the requests read and checked.
//! A tournament's games take the options of any game (the rules' and the clock),
//! checked as `POST /api/games` checks them; they need a clock, so that every round
//! ends, and no computer opponent: the players are the tournament's.

use std::sync::Arc;

use serde::Deserialize;
use serde_json::Value;

use super::error::EventError;
use super::limits::{MAX_DAYS_AHEAD, MAX_OPEN_PER_ACCOUNT, MAX_PLAYERS, MAX_ROUNDS, MAX_SECONDS, MIN_SECONDS};
use crate::app::AppState;
use crate::ratings::{glicko::START, rating_at};
use crate::round;
use crate::store::{Account, CREATED, ENDED, RUNNING, TournamentRow};
use crate::tokens;

/// The longest name, in characters.
const MAX_NAME: usize = 64;
const DAY_MS: i64 = 86_400_000;

/// A tournament's system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    /// A fixed number of rounds, paired by score.
    Swiss,
    /// A fixed time, players paired again as soon as their game ends.
    Arena,
}

impl System {
    /// The system named `name` (`swiss`, `arena`).
    pub fn named(name: &str) -> Option<System> {
        match name {
            "swiss" => Some(System::Swiss),
            "arena" => Some(System::Arena),
            _ => None,
        }
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            System::Swiss => "swiss",
            System::Arena => "arena",
        }
    }
}

/// A new tournament as a client asks for it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    /// Its name.
    pub name: String,
    /// `swiss` or `arena`.
    pub system: String,
    /// The game's kind (`xiangqi`).
    pub game: String,
    /// The games' options, the clock among them.
    #[serde(default)]
    pub options: Value,
    /// Whether its games are rated.
    #[serde(default)]
    pub rated: bool,
    /// A Swiss's rounds.
    pub rounds: Option<i64>,
    /// An arena's length in minutes.
    pub minutes: Option<i64>,
    /// Or in seconds.
    pub seconds: Option<i64>,
    /// When it starts, milliseconds since the epoch.
    pub starts_at: Option<i64>,
    /// Or how many seconds from now it starts (0: at once).
    pub starts_in: Option<i64>,
}

fn check_name(name: &str) -> Result<String, EventError> {
    let name = name.trim();
    let ok = !name.is_empty() && name.chars().count() <= MAX_NAME && !name.chars().any(char::is_control);
    if ok { Ok(name.to_owned()) } else { Err(EventError::BadName) }
}

/// Makes the tournament `new` asks for, by `creator`, at `now`.
pub async fn create(
    app: &Arc<AppState>,
    creator: &Account,
    new: NewTournament,
    now: i64,
) -> Result<TournamentRow, EventError> {
    let name = check_name(&new.name)?;
    let system = System::named(&new.system).ok_or(EventError::BadSystem)?;
    let setup = round::setup(app, &new.game, &new.options).map_err(EventError::Options)?;
    if setup.opponent.is_some() {
        return Err(EventError::OpponentOption);
    }
    if setup.clock.is_none() {
        return Err(EventError::ClockNeeded);
    }
    let (rounds, seconds) = match system {
        System::Swiss => {
            (Some(new.rounds.filter(|r| (1..=MAX_ROUNDS).contains(r)).ok_or(EventError::BadRounds)?), None)
        }
        System::Arena => {
            let seconds = match (new.minutes, new.seconds) {
                (Some(minutes), None) => minutes.saturating_mul(60),
                (None, Some(seconds)) => seconds,
                _ => return Err(EventError::BadLength),
            };
            (
                None,
                Some(Some(seconds).filter(|s| (MIN_SECONDS..=MAX_SECONDS).contains(s)).ok_or(EventError::BadLength)?),
            )
        }
    };
    let starts_at = match (new.starts_at, new.starts_in) {
        (Some(at), None) => at,
        (None, Some(seconds)) if seconds >= 0 => now.saturating_add(seconds.saturating_mul(1000)),
        (None, None) => now,
        _ => return Err(EventError::BadStart),
    };
    // A start a little in the past is a start now: the client's clock may be behind.
    if starts_at < now - 60_000 || starts_at > now + MAX_DAYS_AHEAD * DAY_MS {
        return Err(EventError::BadStart);
    }
    let starts_at = starts_at.max(now);
    if app.store.open_tournaments_of(creator.id).await? >= MAX_OPEN_PER_ACCOUNT {
        return Err(EventError::TooMany);
    }
    let row = TournamentRow {
        id: tokens::game_id().map_err(|e| EventError::Game(e.into()))?,
        name,
        system: system.name().to_owned(),
        game: setup.options.kind().name().to_owned(),
        options: setup.to_value().to_string(),
        rated: new.rated,
        rounds,
        seconds,
        starts_at,
        ends_at: seconds.map(|s| starts_at + s * 1000),
        status: CREATED.to_owned(),
        round: 0,
        created_by: creator.id,
        created_at: now,
        version: 0,
        creator: creator.name.clone(),
        players: 0,
    };
    app.store.create_tournament(&row).await?;
    Ok(row)
}

/// The tournament `id`, or why not.
pub async fn find(app: &AppState, id: &str) -> Result<TournamentRow, EventError> {
    app.store.tournament(id).await?.ok_or(EventError::NoSuchTournament)
}

/// `account` joins tournament `id` (again, after a withdrawal): a Swiss until its
/// last round is paired, from the next round on (the rounds missed score nothing); an
/// arena until it ends.
pub async fn enter(app: &AppState, id: &str, account: &Account, now: i64) -> Result<TournamentRow, EventError> {
    let t = find(app, id).await?;
    let last_paired = t.rounds.is_some_and(|rounds| t.round >= rounds);
    if t.status == ENDED || last_paired || t.ends_at.is_some_and(|end| t.system == "arena" && now >= end) {
        return Err(EventError::Over);
    }
    if t.players >= MAX_PLAYERS {
        let entries = app.store.entries(&t.id).await?;
        room_for(t.players, entries.iter().any(|e| e.account == account.id && !e.withdrawn))?;
    }
    let standing = app.store.standing(account.id, &t.game).await?;
    let rating = standing.map_or(START, |s| rating_at(&s, now)).rating;
    let round = if t.status == RUNNING { t.round + 1 } else { 1 };
    app.store.enter_tournament(&t.id, account.id, rating, round, now).await?;
    find(app, id).await
}

/// Whether a tournament of `players` (not withdrawn) takes one more: a player in it
/// already (`playing`) joins again whatever the count.
fn room_for(players: i64, playing: bool) -> Result<(), EventError> {
    if players >= MAX_PLAYERS && !playing { Err(EventError::Full) } else { Ok(()) }
}

/// `account` withdraws from tournament `id`: it keeps its points and is paired no
/// more (a game it is playing goes on).
pub async fn leave(app: &AppState, id: &str, account: &Account) -> Result<TournamentRow, EventError> {
    let t = find(app, id).await?;
    if t.status == ENDED {
        return Err(EventError::Over);
    }
    if !app.store.withdraw(&t.id, account.id).await? {
        return Err(EventError::NotIn);
    }
    find(app, id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_tournament_takes_nobody_new_but_its_own_players() {
        assert!(room_for(MAX_PLAYERS - 1, false).is_ok());
        assert!(matches!(room_for(MAX_PLAYERS, false), Err(EventError::Full)));
        assert!(room_for(MAX_PLAYERS, true).is_ok());
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(check_name("  Club night ").unwrap(), "Club night");
        assert!(matches!(check_name(" "), Err(EventError::BadName)));
        assert!(matches!(check_name(&"x".repeat(65)), Err(EventError::BadName)));
        assert!(matches!(check_name("a\u{7}b"), Err(EventError::BadName)));
    }
}
