//! What a running server shares between requests: the store, the games in memory,
//! the watchers, the counters, the limits and the engines.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc::UnboundedSender;

use crate::computer::Computers;
use crate::config::Limits;
use crate::hub::Hub;
use crate::memory::Games;
use crate::metrics::Metrics;
use crate::store::Store;

/// What a running server shares between requests.
pub struct AppState {
    /// The database.
    pub store: Store,
    /// The games in memory.
    pub games: Games,
    /// The watchers.
    pub hub: Arc<Hub>,
    /// What the server counts.
    pub metrics: Arc<Metrics>,
    /// The bounds on what clients may make the server hold.
    pub limits: Limits,
    /// Tells this process's own notifications apart from other servers'.
    pub instance: String,
    /// Games that moved, for other servers' watchers (PostgreSQL only).
    pub moved: Option<UnboundedSender<String>>,
    /// The engines people can play.
    pub computers: Computers,
    /// Games whose engine is thinking in this process.
    pub thinking: Mutex<HashSet<String>>,
}

impl AppState {
    /// A server's shared state on `store`, under `limits`, with `computers`;
    /// `moved` passes changed games on to other servers.
    pub fn new(
        store: Store,
        limits: Limits,
        computers: Computers,
        instance: String,
        moved: Option<UnboundedSender<String>>,
    ) -> AppState {
        AppState {
            store,
            games: Games::new(limits.max_games_in_memory, limits.memory_budget, limits.game_idle),
            hub: Arc::new(Hub::new(limits.max_watchers_per_game, limits.max_watchers)),
            metrics: Arc::new(Metrics::default()),
            limits,
            instance,
            moved,
            computers,
            thinking: Mutex::default(),
        }
    }

    /// Tells other servers sharing the database that game `id` moved.
    pub fn announce(&self, id: &str) {
        if let Some(moved) = &self.moved {
            let _ = moved.send(id.to_owned());
        }
    }
}
