//! The games this process holds in memory, beside the store: they leave when nobody
//! has touched them for a while, or the least recently used first when there are too
//! many or they take too much room, and come back from the store when asked for.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::Mutex;

use crate::game_state::Times;
use crate::live::{Corrupt, LiveGame};
use crate::store::{Store, StoreError};

/// Why a game could not be had.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The stored game does not replay.
    #[error("stored game cannot be replayed: {0}")]
    Corrupt(#[from] Corrupt),
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
    times: Times,
}

impl Games {
    /// An empty registry: at most `max_games` games and `memory_budget` bytes, a game
    /// untouched for `idle` leaving.
    pub fn new(max_games: usize, memory_budget: usize, idle: Duration, times: Times) -> Games {
        Games {
            entries: std::sync::Mutex::default(),
            total_bytes: AtomicUsize::new(0),
            started: Instant::now(),
            max_games: max_games.max(1),
            memory_budget,
            idle,
            times,
        }
    }

    fn now(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The times the games wait for their players.
    pub fn times(&self) -> Times {
        self.times
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
        let live = LiveGame::load(row, &moves, self.times)?;
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

    /// Brings `live` up to date when servers share the database (PostgreSQL): another
    /// may have changed the game since this one last looked. On SQLite this server is
    /// the only writer, and memory is always current.
    pub async fn catch_up(store: &Store, live: &mut LiveGame) -> Result<(), LoadError> {
        if store.is_postgres() { Games::refresh(store, live).await } else { Ok(()) }
    }

    /// Brings `live` up to date with the store (another server may have moved).
    pub async fn refresh(store: &Store, live: &mut LiveGame) -> Result<(), LoadError> {
        let Some(row) = store.game(&live.row.id).await? else { return Ok(()) };
        if row.version == live.version() {
            return Ok(());
        }
        let moves = store.moves(&row.id).await?;
        let mut fresh = LiveGame::load(row, &moves, live.state().times())?;
        fresh.keep_shown(live);
        *live = fresh;
        Ok(())
    }
}
