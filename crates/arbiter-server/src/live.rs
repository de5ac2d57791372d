//! Games in play, kept in memory beside the store: the game after the stored moves,
//! so that checking a move does not replay the game, and its state as last sent. The
//! store stays the truth: a game is (re)loaded from it whenever this copy may be
//! behind, and games leave memory when nobody has touched them for a while, or the
//! least recently used first when there are too many or they take too much room.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use arbiter::{AnyGame, GameKind, GameOptions, MoveDetail, OptionsInput, Outcome};
use serde::Serialize;
use serde_json::{Value, json};
use tokio::sync::Mutex;

use crate::store::{GameRow, Store, StoreError};

/// One game: its stored row, the game its moves lead to, and its state as JSON text,
/// made once per move for every request and watcher (listing a big board's legal
/// moves, Renju's forbidden points above all, is the costly part).
pub struct LiveGame {
    /// The row as loaded: the game's identity and seats. Its ply, status and
    /// outcome are not kept up to date here; the game says those.
    pub row: GameRow,
    game: AnyGame,
    state: Arc<str>,
}

/// The options as stored: every option of the game, defaults written out.
pub fn stored_options(options: &GameOptions) -> String {
    serde_json::to_string(&options.to_input()).unwrap_or_default()
}

/// Reads stored options, checking them again as any options are checked.
fn load_options(kind: GameKind, text: &str) -> Result<GameOptions, String> {
    let input: OptionsInput = serde_json::from_str(text).map_err(|e| e.to_string())?;
    GameOptions::new(kind, &input).map_err(|e| e.to_string())
}

impl LiveGame {
    /// A game and its row, its state made.
    pub fn new(row: GameRow, game: AnyGame) -> LiveGame {
        let mut live = LiveGame { row, game, state: Arc::from("") };
        live.state = Arc::from(live.make_state());
        live
    }

    /// Rebuilds a game by replaying its stored moves through the rules library.
    pub fn replay(row: GameRow, moves: &[String]) -> Result<LiveGame, String> {
        let kind: GameKind = row.game.parse().map_err(|e: arbiter::OptionsError| e.to_string())?;
        let mut game = AnyGame::new(&load_options(kind, &row.options)?);
        for text in moves {
            game.play_text(text).map_err(|e| format!("stored move {text}: {e}"))?;
        }
        Ok(LiveGame::new(row, game))
    }

    /// The game as the rules library holds it.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// Replaces the game (after a move) and makes its state anew.
    pub fn set_game(&mut self, game: AnyGame) {
        self.game = game;
        self.state = Arc::from(self.make_state());
    }

    /// Roughly the memory the game takes: its moves and its state text.
    pub fn approx_bytes(&self) -> usize {
        self.state.len() + self.game.moves().len() * 64 + 1024
    }

    pub fn ply(&self) -> i64 {
        self.game.moves().len() as i64
    }

    /// The game as every client sees it; no token appears here.
    fn view(&self) -> StateView<'_> {
        let game = &self.game;
        let over = game.outcome().is_some();
        let side = game.side_to_move();
        let legal = game.legal_moves();
        StateView {
            id: &self.row.id,
            game: game.kind().name(),
            options: game.options().to_input(),
            ply: self.ply(),
            status: game.status().name(),
            side_to_move: (!over).then(|| game.side_name(side)),
            seat_to_move: (!over).then(|| side.name()),
            position: game.position_text(),
            moves: game.moves().iter().map(|m| m.text.as_str()).collect(),
            legal_moves: legal.iter().map(|m| m.text.clone()).collect(),
            legal,
            outcome: outcome_json(game),
        }
    }

    pub fn state(&self) -> Value {
        serde_json::from_str(&self.state).unwrap_or(Value::Null)
    }

    fn make_state(&self) -> String {
        serde_json::to_string(&self.view()).unwrap_or_default()
    }

    /// The state as JSON text, made once a move for the reply and every watcher.
    pub fn state_text(&self) -> Arc<str> {
        Arc::clone(&self.state)
    }
}

/// An outcome as JSON: `{"result": "win", "winner": "red", "winner_seat": "first",
/// "reason": "checkmate", "detail": null}`.
pub fn outcome_json(game: &AnyGame) -> Value {
    match game.outcome() {
        None => Value::Null,
        Some(outcome) => outcome_value(game, &outcome),
    }
}

fn outcome_value(game: &AnyGame, outcome: &Outcome) -> Value {
    json!({
        "result": if outcome.is_draw() { "draw" } else { "win" },
        "winner": outcome.winner().map(|side| game.side_name(side)),
        "winner_seat": outcome.winner().map(arbiter::Side::name),
        "reason": outcome.reason(),
        "detail": outcome.detail(),
    })
}

#[derive(Serialize)]
struct StateView<'a> {
    id: &'a str,
    game: &'static str,
    options: OptionsInput,
    ply: i64,
    status: &'static str,
    side_to_move: Option<&'static str>,
    seat_to_move: Option<&'static str>,
    position: String,
    moves: Vec<&'a str>,
    legal_moves: Vec<String>,
    /// The legal moves with where each starts and ends, for the page to draw.
    legal: Vec<MoveDetail>,
    outcome: Value,
}

/// Why a game could not be had.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored game cannot be replayed: {0}")]
    Corrupt(String),
}

/// A game in memory, and when it was last asked for.
struct Entry {
    game: Arc<Mutex<LiveGame>>,
    /// Milliseconds since the registry started.
    last_used: AtomicU64,
    bytes: AtomicUsize,
}

/// The games this process has in memory.
pub struct Games {
    entries: std::sync::Mutex<HashMap<String, Entry>>,
    /// The bytes of every entry, kept as they change.
    total_bytes: AtomicUsize,
    started: Instant,
    max_games: usize,
    memory_budget: usize,
    idle: Duration,
}

impl Games {
    pub fn new(max_games: usize, memory_budget: usize, idle: Duration) -> Games {
        Games {
            entries: std::sync::Mutex::default(),
            total_bytes: AtomicUsize::new(0),
            started: Instant::now(),
            max_games: max_games.max(1),
            memory_budget,
            idle,
        }
    }

    fn now(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many games are in memory.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// The game `id`, loaded from the store if this process does not hold it.
    pub async fn get(&self, store: &Store, id: &str) -> Result<Option<Arc<Mutex<LiveGame>>>, LoadError> {
        if let Some(entry) = self.lock().get(id) {
            entry.last_used.store(self.now(), Ordering::Relaxed);
            return Ok(Some(Arc::clone(&entry.game)));
        }
        let Some(row) = store.game(id).await? else { return Ok(None) };
        let moves = store.moves(id).await?;
        let live = LiveGame::replay(row, &moves).map_err(LoadError::Corrupt)?;
        Ok(Some(self.insert(live)))
    }

    /// Puts a game into memory (another request may have loaded it meanwhile: the
    /// first stays).
    pub fn insert(&self, live: LiveGame) -> Arc<Mutex<LiveGame>> {
        let id = live.row.id.clone();
        let bytes = live.approx_bytes();
        let now = self.now();
        let mut entries = self.lock();
        let entry = entries.entry(id).or_insert_with(|| {
            self.total_bytes.fetch_add(bytes, Ordering::Relaxed);
            Entry { game: Arc::new(Mutex::new(live)), last_used: AtomicU64::new(now), bytes: AtomicUsize::new(bytes) }
        });
        Arc::clone(&entry.game)
    }

    /// Records that game `id` now takes about `bytes` (after a move).
    pub fn resized(&self, id: &str, bytes: usize) {
        if let Some(entry) = self.lock().get(id) {
            let before = entry.bytes.swap(bytes, Ordering::Relaxed);
            self.total_bytes.fetch_add(bytes, Ordering::Relaxed);
            self.total_bytes.fetch_sub(before, Ordering::Relaxed);
        }
    }

    /// Whether there are more games, or more bytes, than the limits allow.
    pub fn over_limits(&self) -> bool {
        self.len() > self.max_games || self.total_bytes.load(Ordering::Relaxed) > self.memory_budget
    }

    /// Lets games leave memory: those untouched for the idle time, then the least
    /// recently used while there are too many or they take too much room. A game in
    /// use by a request, or watched (`watched`), stays. Returns how many left.
    pub fn evict(&self, watched: impl Fn(&str) -> bool) -> usize {
        let now = self.now();
        let idle = self.idle.as_millis() as u64;
        let mut entries = self.lock();
        let before = entries.len();
        let movable = |id: &str, entry: &Entry| Arc::strong_count(&entry.game) == 1 && !watched(id);
        entries.retain(|id, entry| {
            now.saturating_sub(entry.last_used.load(Ordering::Relaxed)) < idle || !movable(id, entry)
        });
        let mut bytes: usize = entries.values().map(|e| e.bytes.load(Ordering::Relaxed)).sum();
        self.total_bytes.store(bytes, Ordering::Relaxed);
        if entries.len() > self.max_games || bytes > self.memory_budget {
            let mut by_age: Vec<(u64, String)> = entries
                .iter()
                .filter(|(id, entry)| movable(id, entry))
                .map(|(id, entry)| (entry.last_used.load(Ordering::Relaxed), id.clone()))
                .collect();
            by_age.sort_unstable();
            for (_, id) in by_age {
                if entries.len() <= self.max_games && bytes <= self.memory_budget {
                    break;
                }
                if let Some(entry) = entries.remove(&id) {
                    bytes = bytes.saturating_sub(entry.bytes.load(Ordering::Relaxed));
                }
            }
            self.total_bytes.store(bytes, Ordering::Relaxed);
        }
        before - entries.len()
    }

    /// Brings `live` up to date with the store (another server may have moved).
    pub async fn refresh(store: &Store, live: &mut LiveGame) -> Result<(), LoadError> {
        let Some(row) = store.game(&live.row.id).await? else { return Ok(()) };
        if row.ply == live.ply() {
            return Ok(());
        }
        let moves = store.moves(&row.id).await?;
        *live = LiveGame::replay(row, &moves).map_err(LoadError::Corrupt)?;
        Ok(())
    }
}
