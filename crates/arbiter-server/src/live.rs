//! A served game as this process holds it: the game after its stored moves (so that
//! checking a move does not replay the game), its clock, an ending beside the rules
//! (time, resignation, agreement, abort), the draw offer and the rematch, and its
//! state as JSON text, made at most once a change (with the legal moves and without)
//! when a request or a new watcher first asks for it.
//!
//! The store stays the truth: everything here is rebuilt from the stored row and moves
//! (the clocks from the times stored with each move), so a restart gives nobody time.
//! What may change a game, and when, is the round's to say (see `round`); here a
//! game only takes the changes it is given.

use std::sync::{Arc, OnceLock};

use arbiter::clock::Clock;
use arbiter::{AnyGame, GameKind, MoveError, Outcome, Side};
use serde_json::Value;

use crate::rows::{GameEvent, GameRow, MoveRecord, Rematch, StoredMove, outcome_text, status};
use crate::setup::{Setup, SetupError};
use crate::view::{Seen, state_text, update_text};

/// The clocks run once both sides have moved: from the third ply on.
const CLOCKS_START_AT_PLY: usize = 2;

/// Milliseconds since the epoch: the time scale of clocks and deadlines, the same on
/// every server that shares a database.
pub fn now_millis() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

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

/// A game as held in memory.
pub struct LiveGame {
    /// The game's identity and seats; its other fields as loaded.
    pub row: GameRow,
    setup: Setup,
    game: AnyGame,
    clock: Option<Clock>,
    /// An ending the rules did not decide.
    ending: Option<Outcome>,
    draw_offer: Option<Side>,
    takeback_offer: Option<Side>,
    rematch: Rematch,
    version: i64,
    /// When the last change was made (milliseconds since the epoch).
    changed_at: i64,
    /// The state without the legal moves, once asked for since the last change.
    lean: OnceLock<Arc<str>>,
    /// The state with them, once asked for since the last change.
    full: OnceLock<Arc<str>>,
    /// The ply this server's watchers have seen the game at: the next update brings
    /// the moves from there (more than one when another server made them).
    shown_ply: usize,
    /// Whether moves this server's watchers saw were taken back since they last had
    /// an update: the next one is then the whole state.
    rewound: bool,
}

/// A move checked and ready to store: the game after it and what goes in the row.
pub struct PreparedMove {
    game: AnyGame,
    clock: Option<Clock>,
    draw_offer: Option<Side>,
    /// The move's row.
    pub record: MoveRecord,
}

/// A change to a game other than a move, worked out before it is stored: the ending,
/// the draw offer and the rematch it leaves.
#[derive(Clone, Debug)]
pub struct Change {
    /// An ending beside the rules.
    pub ending: Option<Outcome>,
    /// The seat that offers a draw.
    pub draw_offer: Option<Side>,
    /// The seat that offers to take back its last move.
    pub takeback_offer: Option<Side>,
    /// Who asked for a rematch, and the new game.
    pub rematch: Rematch,
    stop_clock: bool,
    /// When the change is made, milliseconds since the epoch.
    pub now: i64,
}

impl Change {
    /// Ends the game with `outcome`: the clocks stop, an offer lapses.
    pub fn end(&mut self, outcome: Outcome) {
        self.ending = Some(outcome);
        self.draw_offer = None;
        self.takeback_offer = None;
        self.stop_clock = true;
    }
}

impl LiveGame {
    /// A game just created, at its start.
    pub fn new(row: GameRow, setup: Setup) -> LiveGame {
        let game = AnyGame::new(&setup.options);
        let clock = setup.clock.map(|c| Clock::new(c.control()));
        let changed_at = row.created_at;
        let mut live = LiveGame {
            row,
            setup,
            game,
            clock,
            ending: None,
            draw_offer: None,
            takeback_offer: None,
            rematch: Rematch::default(),
            version: 0,
            changed_at,
            lean: OnceLock::new(),
            full: OnceLock::new(),
            shown_ply: 0,
            rewound: false,
        };
        live.shown_ply = live.game.moves().len();
        live
    }

    /// Rebuilds a game from its row and moves: the rules replay the moves, the clocks
    /// take the times stored with them.
    pub fn load(row: GameRow, moves: &[StoredMove]) -> Result<LiveGame, Corrupt> {
        let kind: GameKind = row.game.parse().map_err(Corrupt::Kind)?;
        let value: Value = serde_json::from_str(&row.options).map_err(Corrupt::Json)?;
        let setup = Setup::read(kind, &value).map_err(Corrupt::Setup)?;
        let mut live = LiveGame::new(row.clone(), setup);
        let mut left = [None; 2];
        // The moves made on a running clock, for periods: every move from the third
        // on, as the clocks run once both sides have moved.
        let mut made = [0u32; 2];
        for (index, stored) in moves.iter().enumerate() {
            let mover = live.game.side_to_move();
            live.game.play_text(&stored.text).map_err(|error| Corrupt::Move { text: stored.text.clone(), error })?;
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
        if let Some(control) = live.setup.clock.map(|c| c.control()) {
            let remaining = left.map(|ms| ms.unwrap_or(control.initial_ms()));
            let running = (live.game.outcome().is_none() && live.game.moves().len() >= CLOCKS_START_AT_PLY)
                .then(|| (live.game.side_to_move(), last_change.max(0) as u64));
            live.clock = Some(Clock::resume(control, remaining, made, running));
        }
        if live.game.outcome().is_none() {
            live.ending = row.ending();
        }
        live.draw_offer = row.draw_offer();
        live.takeback_offer = row.takeback_offer();
        live.rematch = row.rematch();
        live.version = row.version;
        live.changed_at = last_change;
        // A game ended beside a move stopped its clocks when it ended.
        if live.ending.is_some()
            && let Some(clock) = &mut live.clock
        {
            clock.stop(row.ended_at.unwrap_or(last_change).max(last_change).max(0) as u64);
        }
        live.shown_ply = live.game.moves().len();
        Ok(live)
    }

    /// The game after its moves.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The game's options.
    pub fn setup(&self) -> &Setup {
        &self.setup
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

    /// Counts every change stored: moves and events.
    pub fn version(&self) -> i64 {
        self.version
    }

    /// Moves made.
    pub fn ply(&self) -> i64 {
        self.game.moves().len() as i64
    }

    /// How the game ended, by the rules or otherwise, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending.clone().or_else(|| self.game.outcome())
    }

    /// The time `side` has left at `now`, if the game has clocks.
    pub fn remaining_ms(&self, side: Side, now: i64) -> Option<u64> {
        Some(self.clock.as_ref()?.remaining_ms(side, now.max(0) as u64))
    }

    /// The side whose clock has run out at `now`, if the game goes on.
    pub fn flagged(&self, now: i64) -> Option<Side> {
        if self.outcome().is_some() {
            return None;
        }
        self.clock.as_ref()?.flagged(now.max(0) as u64)
    }

    /// When the running clock runs out, milliseconds since the epoch.
    pub fn deadline(&self) -> Option<i64> {
        self.clock.as_ref().and_then(Clock::deadline).map(|d| d as i64)
    }

    /// Plays `text` as the next move of `seat`, made at `now`, on a copy: the game
    /// changes only once the move is stored and [committed](LiveGame::commit_move).
    pub fn prepare_move(&self, seat: Side, text: &str, now: i64) -> Result<PreparedMove, MoveError> {
        let mut game = self.game.clone();
        let played = game.play_text(text)?.text.clone();
        let moment = now.max(0) as u64;
        let mut clock = self.clock.clone();
        let mut clock_ms = None;
        if let Some(clock) = &mut clock {
            // The mover's time left after the move (its full time while clocks wait for
            // both sides' first moves).
            clock_ms = clock.moved(seat, moment).map(|ms| ms as i64);
            // The clocks run once both sides have moved, as on every game site.
            if game.outcome().is_none() && game.moves().len() >= CLOCKS_START_AT_PLY {
                clock.start(game.side_to_move(), moment);
            }
        }
        // An offer lapses when its receiver moves; the offerer's own move keeps it.
        let draw_offer = self.draw_offer.filter(|&offerer| offerer == seat && game.outcome().is_none());
        let deadline = clock.as_ref().and_then(Clock::deadline).map(|d| d as i64);
        let record = MoveRecord::new(&self.row.id, self.ply(), played, &game, now, clock_ms, deadline, draw_offer);
        Ok(PreparedMove { game, clock, draw_offer, record })
    }

    /// Takes a prepared move once it is stored.
    pub fn commit_move(&mut self, prepared: PreparedMove) {
        self.game = prepared.game;
        self.clock = prepared.clock;
        self.draw_offer = prepared.draw_offer;
        // Any move lets a takeback offer lapse: the move it named is no longer last.
        self.takeback_offer = None;
        self.changed_at = prepared.record.now;
        self.version += 1;
        self.forget_texts();
    }

    /// A change made at `now` that changes nothing yet, for the round to shape.
    pub fn change(&self, now: i64) -> Change {
        Change {
            ending: self.ending.clone(),
            draw_offer: self.draw_offer,
            takeback_offer: self.takeback_offer,
            rematch: self.rematch.clone(),
            stop_clock: false,
            now,
        }
    }

    /// The row change that stores `change`, made only if the game is still at this
    /// version: an ending beside the rules or by the rules, the clock's deadline while
    /// the game goes on, the offers standing, and the time the game ended.
    pub fn event(&self, change: &Change) -> GameEvent {
        let outcome = change.ending.clone().or_else(|| self.game.outcome());
        let finished = outcome.is_some();
        GameEvent {
            id: self.row.id.clone(),
            version: self.version,
            status: status(finished),
            outcome: outcome_text(&self.game, outcome.as_ref()),
            deadline: if finished { None } else { self.deadline() },
            draw_offer: change.draw_offer.map(Side::name),
            rematch: serde_json::to_string(&change.rematch).unwrap_or_default(),
            takeback_offer: if finished { None } else { change.takeback_offer.map(Side::name) },
            ended_at: finished.then_some(change.now),
        }
    }

    /// Takes a change once it is stored.
    pub fn commit_change(&mut self, change: Change) {
        if change.stop_clock
            && let Some(clock) = &mut self.clock
        {
            clock.stop(change.now.max(0) as u64);
        }
        self.ending = change.ending;
        self.draw_offer = change.draw_offer;
        self.takeback_offer = change.takeback_offer;
        self.rematch = change.rematch;
        self.changed_at = change.now;
        self.version += 1;
        self.forget_texts();
    }

    /// Roughly the memory the game takes: its moves in every notation and the state
    /// texts made since the last change.
    pub fn approx_bytes(&self) -> usize {
        let texts = [&self.lean, &self.full].iter().map(|text| text.get().map_or(0, |t| t.len())).sum::<usize>();
        texts + self.game.moves().len() * 96 + 1024
    }

    fn forget_texts(&mut self) {
        self.lean = OnceLock::new();
        self.full = OnceLock::new();
    }

    fn seen(&self) -> Seen<'_> {
        Seen {
            id: &self.row.id,
            setup: &self.setup,
            game: &self.game,
            clock: self.clock.as_ref(),
            outcome: self.outcome(),
            draw_offer: self.draw_offer,
            takeback_offer: self.takeback_offer,
            rematch: &self.rematch,
            changed_at: self.changed_at,
            players: self.row.names(),
            open: self.row.waiting(),
            takebacks: self.row.takebacks,
        }
    }

    /// The state as JSON text, with the legal moves listed or not: made once a change,
    /// when first asked for, for every request and watcher after.
    pub fn state_text(&self, legal: bool) -> Arc<str> {
        let text = if legal { &self.full } else { &self.lean };
        Arc::clone(text.get_or_init(|| state_text(&self.seen(), legal)))
    }

    /// The state as JSON, without the legal moves (with them if `legal`).
    pub fn state(&self, legal: bool) -> Value {
        serde_json::from_str(&self.state_text(legal)).unwrap_or(Value::Null)
    }

    /// The update for watchers who saw the game at ply `since`: the moves from there,
    /// and the game's turn, clocks and ending now.
    pub fn update_since(&self, since: usize) -> String {
        update_text(&self.seen(), since)
    }

    /// Marks the game as seen by this server's watchers at its ply now; returns the
    /// ply they saw it at before, where their next update starts.
    pub fn mark_shown(&mut self) -> usize {
        std::mem::replace(&mut self.shown_ply, self.game.moves().len())
    }

    /// Keeps what this server's watchers saw of `before`, the same game before it was
    /// loaded again from the store.
    /// If moves were taken back meanwhile, the next update is the whole state.
    pub fn keep_shown(&mut self, before: &LiveGame) {
        self.rewound = before.rewound || self.row.takebacks != before.row.takebacks;
        self.shown_ply = before.shown_ply.min(self.game.moves().len());
    }

    /// Whether moves this server's watchers saw were taken back since their last
    /// update; asking says they will be told.
    pub fn take_rewound(&mut self) -> bool {
        std::mem::take(&mut self.rewound)
    }

    /// Takes the game as it is after a takeback (rebuilt from the moves left), keeping
    /// what this server's watchers saw.
    pub fn rewind(&mut self, fresh: LiveGame) {
        let before = std::mem::replace(self, fresh);
        self.keep_shown(&before);
        self.rewound = true;
    }
}
