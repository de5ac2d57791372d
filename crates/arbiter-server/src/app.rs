//! What a running server shares between requests: the store, the games in memory,
//! the watchers, the counters, the limits, the engines, how clients reach it, the
//! round's times for players who leave, the password hasher and the seats' players
//! connected here.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use arbiter::Side;
use tokio::sync::mpsc::UnboundedSender;

use crate::accounts::password::Passwords;
use crate::computer::Computers;
use crate::config::{Access, Leaving, Limits};
use crate::game_state::Times;
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
    /// How clients reach the server.
    pub access: Access,
    /// The round's times for players who leave.
    pub leaving: Leaving,
    /// Hashes and checks passwords, a few at a time.
    pub passwords: Passwords,
    /// The seats whose players are connected to this server, and by how many
    /// connections.
    pub present: Mutex<HashMap<(String, Side), usize>>,
    /// The tournaments watched here, each fed by one task.
    pub tournaments: crate::events::feed::Feeds,
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
        let leaving = Leaving::default();
        AppState {
            store,
            games: Games::new(
                limits.max_games_in_memory,
                limits.memory_budget,
                limits.game_idle,
                Times::from(&leaving),
            ),
            hub: Arc::new(Hub::new(limits.max_watchers_per_game, limits.max_watchers)),
            metrics: Arc::new(Metrics::default()),
            limits,
            instance,
            moved,
            computers,
            thinking: Mutex::default(),
            access: Access::default(),
            leaving,
            passwords: Passwords::default(),
            present: Mutex::default(),
            tournaments: crate::events::feed::Feeds::default(),
        }
    }

    /// The same state reached as `access` says.
    #[must_use]
    pub fn with_access(mut self, access: Access) -> AppState {
        self.access = access;
        self
    }

    /// The same state with the round's times for players who leave `leaving`.
    #[must_use]
    pub fn with_leaving(mut self, leaving: Leaving) -> AppState {
        self.games = Games::new(
            self.limits.max_games_in_memory,
            self.limits.memory_budget,
            self.limits.game_idle,
            Times::from(&leaving),
        );
        self.leaving = leaving;
        self
    }

    /// Tells other servers sharing the database that game `id` moved.
    pub fn announce(&self, id: &str) {
        if let Some(moved) = &self.moved {
            let _ = moved.send(id.to_owned());
        }
    }

    fn present(&self) -> std::sync::MutexGuard<'_, HashMap<(String, Side), usize>> {
        self.present.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts one more connection of `seat`'s player to game `id`; `true` if it is
    /// the first here.
    pub fn enter(&self, id: &str, seat: Side) -> bool {
        let mut present = self.present();
        let count = present.entry((id.to_owned(), seat)).or_insert(0);
        *count += 1;
        *count == 1
    }

    /// Counts one connection less.
    pub fn leave(&self, id: &str, seat: Side) {
        let mut present = self.present();
        let key = (id.to_owned(), seat);
        if let Some(count) = present.get_mut(&key) {
            *count -= 1;
            if *count == 0 {
                present.remove(&key);
            }
        }
    }

    /// Whether `seat`'s player of game `id` is connected here.
    pub fn is_present(&self, id: &str, seat: Side) -> bool {
        self.present().contains_key(&(id.to_owned(), seat))
    }

    /// Every seat whose player is connected here: game id and seat index.
    pub fn present_seats(&self) -> Vec<(String, usize)> {
        self.present().keys().map(|(id, seat)| (id.clone(), seat.index())).collect()
    }
}
