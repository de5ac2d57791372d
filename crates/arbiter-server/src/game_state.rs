//! A served game's state, apart from serving it: the rules' game after its moves, its
//! clock, the offers standing (draw, takeback, rematch) and its ending, kept in one
//! place whether the rules decided it (checkmate) or something beside them did (a
//! fallen clock, a resignation, an agreement, an abort); whether an open challenge
//! still waits for its opponent, since when the side to move has had its turn (for the
//! first moves, which a game waits for only so long) and which seats were declared
//! gone. No database row, no JSON, no watchers: what is stored and what is sent are
//! made from it elsewhere (`rows`, `view`), and what may change it, and when, is the
//! round's to say.

use arbiter::clock::Clock;
use arbiter::{AnyGame, GameKind, MoveError, Outcome, Side};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::config::Leaving;
use crate::setup::{ClockOption, Setup, SetupError};

/// The times a game waits for its players, in milliseconds (see [`Leaving`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Times {
    first_move: i64,
    first_move_correspondence: i64,
    challenge: i64,
    challenge_correspondence: i64,
}

impl From<&Leaving> for Times {
    fn from(leaving: &Leaving) -> Times {
        let ms = |d: std::time::Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX / 4);
        Times {
            first_move: ms(leaving.first_move),
            first_move_correspondence: ms(leaving.first_move_correspondence),
            challenge: ms(leaving.challenge),
            challenge_correspondence: ms(leaving.challenge_correspondence),
        }
    }
}

impl Default for Times {
    fn default() -> Times {
        Times::from(&Leaving::default())
    }
}

/// The clocks run once both sides have moved: from the third ply on.
const CLOCKS_START_AT_PLY: usize = 2;

/// Why a stored game cannot be rebuilt.
#[derive(Debug, thiserror::Error)]
pub enum Corrupt {
    /// The row names no game the rules know.
    #[error("{0}")]
    Kind(arbiter::OptionsError),
    /// The stored options are not JSON.
    #[error("{0}")]
    Json(serde_json::Error),
    /// The stored options are refused.
    #[error("{0}")]
    Setup(SetupError),
    /// A stored move is refused by the rules.
    #[error("stored move {text}: {error}")]
    Move {
        /// The move as stored.
        text: String,
        /// Why the rules refuse it.
        error: MoveError,
    },
}

/// A game's state: its rules, clock, offers and ending.
#[derive(Clone)]
pub struct GameState {
    setup: Setup,
    game: AnyGame,
    clock: Option<Clock>,
    /// How the game ended, by the rules or beside them: the one source of the ending.
    outcome: Option<Outcome>,
    draw_offer: Option<Side>,
    takeback_offer: Option<Side>,
    rematch: Rematch,
    /// When the last change was made (milliseconds since the epoch).
    changed_at: i64,
    /// When the game was made.
    created_at: i64,
    /// When the side to move got its turn: the last move, the join, the takeback.
    turn_since: i64,
    /// An open challenge whose second seat is free.
    waiting: bool,
    /// A game made with an invite link whose second seat has not been used yet.
    invited: bool,
    /// For each seat declared gone, when its opponent may claim the game.
    gone: [Option<i64>; 2],
    times: Times,
}

/// A move checked by the rules and charged to the clock: the state it leaves, and
/// what its row keeps.
pub struct Moved {
    /// The game's state after the move.
    pub after: GameState,
    /// The move's text, as the rules write it.
    pub text: String,
    /// The ply it was made at.
    pub ply: i64,
    /// The mover's time left after it, if its clock ran.
    pub clock_ms: Option<i64>,
    /// When it was made, milliseconds since the epoch.
    pub now: i64,
}

/// A change to a game other than a move, worked out before it is stored: the ending,
/// the offers and the rematch it leaves.
#[derive(Clone, Debug)]
pub struct Change {
    /// How the game ended, by the rules or beside them, or `None` while it goes on.
    pub outcome: Option<Outcome>,
    /// The seat that offers a draw.
    pub draw_offer: Option<Side>,
    /// The seat that offers to take back its last move.
    pub takeback_offer: Option<Side>,
    /// Who asked for a rematch, and the new game.
    pub rematch: Rematch,
    /// For each seat declared gone, when its opponent may claim the game.
    pub gone: [Option<i64>; 2],
    stop_clock: bool,
    /// When the change is made, milliseconds since the epoch.
    pub now: i64,
}

impl Change {
    /// Ends the game with `outcome`: the clocks stop, an offer lapses.
    pub fn end(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.draw_offer = None;
        self.takeback_offer = None;
        self.gone = [None; 2];
        self.stop_clock = true;
    }
}

impl GameState {
    /// A game at its start, made at `now`, waiting for its players as `times` say.
    pub fn new(setup: Setup, now: i64, times: Times) -> GameState {
        let game = AnyGame::new(&setup.options);
        let clock = setup.clock.map(|c| Clock::new(c.control()));
        let outcome = game.outcome();
        GameState {
            setup,
            game,
            clock,
            outcome,
            draw_offer: None,
            takeback_offer: None,
            rematch: Rematch::default(),
            changed_at: now,
            created_at: now,
            turn_since: now,
            waiting: false,
            invited: false,
            gone: [None; 2],
            times,
        }
    }

    /// The same state, an open challenge whose second seat is free if `waiting`, a
    /// game whose invited player has not come yet if `invited`.
    #[must_use]
    pub fn waiting_for_opponent(mut self, waiting: bool, invited: bool) -> GameState {
        self.waiting = waiting;
        self.invited = invited;
        self
    }

    /// The invited player has come, at `now`: the first moves' time runs from there.
    pub fn arrived(&mut self, now: i64) {
        self.invited = false;
        self.turn_since = self.turn_since.max(now);
    }

    /// Rebuilds a stored game's state from what its row keeps and its moves: the rules
    /// replay the moves, the clocks take the times stored with them.
    pub fn load(row: &Stored<'_>, moves: &[StoredMove], times: Times) -> Result<GameState, Corrupt> {
        let kind: GameKind = row.game.parse().map_err(Corrupt::Kind)?;
        let value: Value = serde_json::from_str(row.options).map_err(Corrupt::Json)?;
        let setup = Setup::read(kind, &value).map_err(Corrupt::Setup)?;
        let mut state = GameState::new(setup, row.created_at, times);
        let mut left = [None; 2];
        // The moves made on a running clock, for periods: every move from the third
        // on, as the clocks run once both sides have moved.
        let mut made = [0u32; 2];
        for (index, stored) in moves.iter().enumerate() {
            let mover = state.game.side_to_move();
            state.game.play_text(&stored.text).map_err(|error| Corrupt::Move { text: stored.text.clone(), error })?;
            if let Some(ms) = stored.clock_ms {
                left[mover.index()] = Some(ms.max(0) as u64);
            }
            if index >= CLOCKS_START_AT_PLY {
                made[mover.index()] += 1;
            }
        }
        // The clocks run from the last move, or from the last takeback if later.
        let last_move = moves.last().map_or(row.created_at, |m| m.created_at);
        let last_change = row.resumed_at.map_or(last_move, |at| at.max(last_move));
        if let Some(control) = state.setup.clock.map(|c| c.control()) {
            let remaining = left.map(|ms| ms.unwrap_or(control.initial_ms()));
            let running = (state.game.outcome().is_none() && state.game.moves().len() >= CLOCKS_START_AT_PLY)
                .then(|| (state.game.side_to_move(), last_change.max(0) as u64));
            state.clock = Some(Clock::resume(control, remaining, made, running));
        }
        let ending = if state.game.outcome().is_none() { row.ending.clone() } else { None };
        state.draw_offer = row.draw_offer;
        state.takeback_offer = row.takeback_offer;
        state.rematch = row.rematch.clone();
        state.changed_at = last_change;
        // A game ended beside a move stopped its clocks when it ended.
        if ending.is_some()
            && let Some(clock) = &mut state.clock
        {
            clock.stop(row.ended_at.unwrap_or(last_change).max(last_change).max(0) as u64);
        }
        state.outcome = state.game.outcome().or(ending);
        state.waiting = row.waiting;
        state.invited = row.invited;
        state.turn_since = row.joined_at.map_or(last_change, |at| at.max(last_change));
        state.gone = row.gone;
        Ok(state)
    }

    /// The game after its moves.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The game's options.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Its clocks, if timed.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// How the game ended, by the rules or beside them, or `None` while it goes on.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The seat that offers a draw, while the game goes on.
    pub fn draw_offer(&self) -> Option<Side> {
        self.draw_offer
    }

    /// The seat that offers to take back its last move, while the game goes on.
    pub fn takeback_offer(&self) -> Option<Side> {
        self.takeback_offer
    }

    /// Who asked for a rematch, and the new game.
    pub fn rematch(&self) -> &Rematch {
        &self.rematch
    }

    /// When the last change was made, milliseconds since the epoch.
    pub fn changed_at(&self) -> i64 {
        self.changed_at
    }

    /// Moves made.
    pub fn ply(&self) -> i64 {
        self.game.moves().len() as i64
    }

    /// The seat of the engine, if one plays here.
    pub fn engine_seat(&self) -> Option<Side> {
        self.setup.opponent.as_ref().map(|o| o.side)
    }

    /// The time `side` has left at `now`, if the game has clocks.
    pub fn remaining_ms(&self, side: Side, now: i64) -> Option<u64> {
        Some(self.clock.as_ref()?.remaining_ms(side, now.max(0) as u64))
    }

    /// The side whose clock has run out at `now`, if the game goes on.
    pub fn flagged(&self, now: i64) -> Option<Side> {
        if self.outcome.is_some() {
            return None;
        }
        self.clock.as_ref()?.flagged(now.max(0) as u64)
    }

    /// When the running clock runs out, milliseconds since the epoch.
    pub fn clock_deadline(&self) -> Option<i64> {
        self.clock.as_ref().and_then(Clock::deadline).map(|d| d as i64)
    }

    /// Whether the game is played by correspondence (days per move), where players
    /// come and go.
    pub fn correspondence(&self) -> bool {
        matches!(self.setup.clock, Some(ClockOption::Days { .. }))
    }

    /// The times the game waits for its players.
    pub fn times(&self) -> Times {
        self.times
    }

    /// Whether the game is an open challenge whose second seat is free.
    pub fn waiting(&self) -> bool {
        self.waiting
    }

    /// Whether the game was made with an invite link that nobody has used yet.
    pub fn invited(&self) -> bool {
        self.invited
    }

    /// For each seat declared gone, when its opponent may claim the game.
    pub fn gone(&self) -> [Option<i64>; 2] {
        self.gone
    }

    /// How long each side may take over its first move.
    pub fn first_move_wait(&self) -> i64 {
        if self.correspondence() { self.times.first_move_correspondence } else { self.times.first_move }
    }

    /// When the game is aborted if nothing happens first: an open challenge nobody
    /// joined (or an invite nobody used), or a side that has not made its first move.
    pub fn abort_at(&self) -> Option<i64> {
        if self.outcome.is_some() {
            return None;
        }
        let slow = self.correspondence();
        if self.waiting || self.invited {
            let wait = if slow { self.times.challenge_correspondence } else { self.times.challenge };
            return Some(self.created_at.saturating_add(wait));
        }
        let wait = self.first_move_wait();
        (self.ply() < CLOCKS_START_AT_PLY as i64).then(|| self.turn_since.saturating_add(wait))
    }

    /// The next time something happens to the game by itself: its running clock runs
    /// out, or it is aborted (see [`GameState::abort_at`]).
    pub fn deadline(&self) -> Option<i64> {
        match (self.clock_deadline(), self.abort_at()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Plays `text` as the next move of `seat`, made at `now`, on a copy: the state
    /// after it, with the mover's time charged. Nothing changes here.
    pub fn play(&self, seat: Side, text: &str, now: i64) -> Result<Moved, MoveError> {
        let mut after = self.clone();
        let played = after.game.play_text(text)?.text.clone();
        let moment = now.max(0) as u64;
        let mut clock_ms = None;
        let over = after.game.outcome();
        if let Some(clock) = &mut after.clock {
            // The mover's time left after the move (its full time while clocks wait for
            // both sides' first moves).
            clock_ms = clock.moved(seat, moment).map(|ms| ms as i64);
            // The clocks run once both sides have moved, as on every game site.
            if over.is_none() && after.game.moves().len() >= CLOCKS_START_AT_PLY {
                clock.start(after.game.side_to_move(), moment);
            }
        }
        // An offer lapses when its receiver moves; the offerer's own move keeps it.
        after.draw_offer = self.draw_offer.filter(|&offerer| offerer == seat && over.is_none());
        // Any move lets a takeback offer lapse: the move it named is no longer last.
        after.takeback_offer = None;
        after.outcome = over;
        after.changed_at = now;
        after.turn_since = now;
        Ok(Moved { after, text: played, ply: self.ply(), clock_ms, now })
    }

    /// A change made at `now` that changes nothing yet, for the round to shape.
    pub fn change(&self, now: i64) -> Change {
        Change {
            outcome: self.outcome.clone(),
            draw_offer: self.draw_offer,
            takeback_offer: self.takeback_offer,
            rematch: self.rematch.clone(),
            gone: self.gone,
            stop_clock: false,
            now,
        }
    }

    /// Takes a change once it is stored.
    pub fn take(&mut self, change: Change) {
        if change.stop_clock
            && let Some(clock) = &mut self.clock
        {
            clock.stop(change.now.max(0) as u64);
        }
        self.outcome = change.outcome;
        self.draw_offer = change.draw_offer;
        self.takeback_offer = change.takeback_offer;
        self.rematch = change.rematch;
        self.gone = change.gone;
        self.changed_at = change.now;
    }
}

/// What a stored game's row keeps of its state, for [`GameState::load`] (the row
/// itself is `rows`' to read).
pub struct Stored<'a> {
    /// The game's name.
    pub game: &'a str,
    /// Its options, as JSON.
    pub options: &'a str,
    /// When it was made, milliseconds since the epoch.
    pub created_at: i64,
    /// When its last takeback was, if any.
    pub resumed_at: Option<i64>,
    /// When it ended, if it has.
    pub ended_at: Option<i64>,
    /// How it ended beside the rules, if it did (a fallen clock, a resignation, ...).
    pub ending: Option<Outcome>,
    /// The seat that offers a draw.
    pub draw_offer: Option<Side>,
    /// The seat that offers to take back its last move.
    pub takeback_offer: Option<Side>,
    /// Who asked for a rematch.
    pub rematch: Rematch,
    /// Whether an open challenge still waits for its opponent.
    pub waiting: bool,
    /// Whether it was made with an invite link.
    pub invited: bool,
    /// When its second player came in, if it waited for one.
    pub joined_at: Option<i64>,
    /// Since when each seat has been declared gone.
    pub gone: [Option<i64>; 2],
}

/// A stored move with what it left: the mover's time, its time stamp.
#[derive(Clone, Debug)]
pub struct StoredMove {
    /// The move in arbiter's notation.
    pub text: String,
    /// The mover's time left after the move, if its clock ran.
    pub clock_ms: Option<i64>,
    /// When the move was made, milliseconds since the epoch.
    pub created_at: i64,
}

/// Who asked for a rematch, and the new game once both did: stored as JSON, and shown
/// as it is stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rematch {
    /// The first seat asked.
    pub first: bool,
    /// The second seat asked.
    pub second: bool,
    /// The new game's id, once made.
    pub game: Option<String>,
}

impl Rematch {
    /// Both seats asked, and the new game is still to be made.
    pub fn ready(&self) -> bool {
        self.first && self.second && self.game.is_none()
    }

    /// Records that `seat` asks.
    pub fn ask(&mut self, seat: Side) {
        match seat {
            Side::First => self.first = true,
            Side::Second => self.second = true,
        }
    }
}
