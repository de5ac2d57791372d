//! A served game as this process holds it: what serving adds to the game's state
//! ([`GameState`]): the game's row as stored (its identity, seats and players), the
//! version that counts its stored changes, its state as JSON text, made at most once a
//! change (with the legal moves and without) when a request or a new watcher first asks
//! for it, the explanation of its last repetition, worked out at most once a move, and
//! what this server's watchers have been shown of it.
//!
//! The store stays the truth: everything here is rebuilt from the stored row and moves
//! (the clocks from the times stored with each move), so a restart gives nobody time.
//! A change passes here once, after it is stored: [`LiveGame::take_move`] or
//! [`LiveGame::take_change`].

use std::sync::{Arc, OnceLock};

use serde_json::Value;

pub use crate::game_state::Corrupt;
use crate::game_state::StoredMove;
use crate::game_state::{Change, GameState, Moved, Times};
use crate::hub::Update;
use crate::rows::GameRow;
use crate::setup::Setup;
use crate::view::{Seen, state_text, takeback_text, update_text};

/// Milliseconds since the epoch: the time scale of clocks and deadlines, the same on
/// every server that shares a database.
pub fn now_millis() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// A game as held in memory.
pub struct LiveGame {
    /// The game's identity and seats; its other fields as loaded.
    pub row: GameRow,
    state: GameState,
    version: i64,
    texts: Texts,
    explanation: Explanation,
    shown: Shown,
}

/// The explanation of the game's last repetition as the API sends it, worked out at
/// most once a move: under Xiangqi's Chinese rules it may search thousands of
/// positions for each move of a cycle. Shared with the task that works it out, which
/// fills it even if the request that started it is gone, and with every request at the
/// same ply meanwhile, which waits for that one answer.
pub type Explanation = Arc<tokio::sync::OnceCell<Arc<str>>>;

/// The state as JSON text, made once a change when first asked for.
#[derive(Default)]
struct Texts {
    /// The state without the legal moves.
    lean: OnceLock<Arc<str>>,
    /// The state with them.
    full: OnceLock<Arc<str>>,
}

/// What this server's watchers have been shown of the game.
#[derive(Clone, Copy, Default)]
struct Shown {
    /// The ply they have seen the game at: the next update brings the moves from
    /// there (more than one when another server made them).
    ply: usize,
    /// Whether moves they saw were taken back since they last had an update: the next
    /// one is then the whole state.
    rewound: bool,
}

impl LiveGame {
    /// A game just created, at its start, waiting for its players as `times` say.
    pub fn new(row: GameRow, setup: Setup, times: Times) -> LiveGame {
        let state = GameState::new(setup, row.created_at, times)
            .waiting_for_opponent(row.waiting(), row.invite_token.is_some());
        LiveGame::of(row, state)
    }

    fn of(row: GameRow, state: GameState) -> LiveGame {
        let version = row.version;
        let shown = Shown { ply: state.ply() as usize, rewound: false };
        LiveGame { row, state, version, texts: Texts::default(), explanation: Explanation::default(), shown }
    }

    /// Rebuilds a game from its row and moves: the rules replay the moves, the clocks
    /// take the times stored with them.
    pub fn load(row: GameRow, moves: &[StoredMove], times: Times) -> Result<LiveGame, Corrupt> {
        let state = GameState::load(&row.stored(), moves, times)?;
        Ok(LiveGame::of(row, state))
    }

    /// The game's state: its rules, clock, offers and ending.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Counts every change stored: moves and events.
    pub fn version(&self) -> i64 {
        self.version
    }

    /// Takes a move once it is stored.
    pub fn take_move(&mut self, moved: Moved) {
        self.state = moved.after;
        // Only a move changes what the rules explain: the other changes (offers, an
        // ending beside the rules) leave the game's moves as they are. A takeback or
        // a game loaded again from the store is a new `LiveGame`, with none.
        self.explanation = Explanation::default();
        self.changed();
    }

    /// The explanation of the game's last repetition at its ply now, empty until it
    /// has been worked out.
    pub fn explanation(&self) -> Explanation {
        Arc::clone(&self.explanation)
    }

    /// Takes a change once it is stored.
    pub fn take_change(&mut self, change: Change) {
        self.state.take(change);
        self.changed();
    }

    fn changed(&mut self) {
        self.version += 1;
        self.texts = Texts::default();
    }

    /// Roughly the memory the game takes: its moves in every notation, the state
    /// texts made since the last change and the explanation kept since the last move.
    pub fn approx_bytes(&self) -> usize {
        let texts = [&self.texts.lean, &self.texts.full].iter().map(|t| t.get().map_or(0, |t| t.len())).sum::<usize>();
        let explanation = self.explanation.get().map_or(0, |t| t.len());
        texts + explanation + self.state.game().moves().len() * 96 + 1024
    }

    fn seen(&self) -> Seen<'_> {
        let state = &self.state;
        Seen {
            id: &self.row.id,
            setup: state.setup(),
            game: state.game(),
            clock: state.clock(),
            outcome: state.outcome().cloned(),
            draw_offer: state.draw_offer(),
            takeback_offer: state.takeback_offer(),
            rematch: state.rematch(),
            changed_at: state.changed_at(),
            players: self.row.names(),
            open: state.waiting(),
            takebacks: self.row.takebacks,
            rated: self.row.is_rated(),
            accounts: self.row.accounts().map(|a| a.is_some()),
            bots: self.row.bots,
            gone: state.gone(),
            abort_at: state.abort_at(),
            tournament: self.row.tournament_id.as_deref(),
        }
    }

    /// The state as JSON text, with the legal moves listed or not: made once a change,
    /// when first asked for, for every request and watcher after.
    pub fn state_text(&self, legal: bool) -> Arc<str> {
        let text = if legal { &self.texts.full } else { &self.texts.lean };
        Arc::clone(text.get_or_init(|| state_text(&self.seen(), legal)))
    }

    /// The state as JSON, without the legal moves (with them if `legal`).
    pub fn state_json(&self, legal: bool) -> Value {
        serde_json::from_str(&self.state_text(legal)).unwrap_or(Value::Null)
    }

    /// The update for watchers who saw the game at ply `since`: the moves from there,
    /// and the game's turn, clocks and ending now.
    pub fn update_since(&self, since: usize) -> String {
        update_text(&self.seen(), since)
    }

    /// The update for this server's watchers from where they saw the game, made only
    /// if someone `watched` it (the whole state after a takeback); either way the game
    /// is marked as seen at its ply now.
    pub fn next_update(&mut self, watched: bool) -> Option<Update> {
        let shown = std::mem::replace(&mut self.shown, Shown { ply: self.state.ply() as usize, rewound: false });
        if !watched {
            return None;
        }
        let text = if shown.rewound { takeback_text(&self.state_text(false)) } else { self.update_since(shown.ply) };
        Some(Update {
            since: shown.ply,
            ply: self.state.ply() as usize,
            version: self.version,
            rewound: shown.rewound,
            takebacks: self.row.takebacks,
            text: text.into(),
        })
    }

    /// Keeps what this server's watchers saw of `before`, the same game before it was
    /// loaded again from the store.
    /// If moves were taken back meanwhile, the next update is the whole state.
    pub fn keep_shown(&mut self, before: &LiveGame) {
        self.shown = Shown {
            ply: before.shown.ply.min(self.state.ply() as usize),
            rewound: before.shown.rewound || self.row.takebacks != before.row.takebacks,
        };
    }

    /// Takes the game as it is after a takeback (rebuilt from the moves left), keeping
    /// what this server's watchers saw.
    pub fn rewind(&mut self, fresh: LiveGame) {
        let before = std::mem::replace(self, fresh);
        self.keep_shown(&before);
        self.shown.rewound = true;
    }
}
