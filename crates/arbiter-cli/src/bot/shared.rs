//! What every game of a bot shares: the client, the engines, the games being played,
//! the waits between tries, and its log.

use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Duration;

use arbiter::AnyGame;
use arbiter_server::{BUILTIN_ENGINE, Computer, Computers};

use super::client::Client;

/// What every game of the bot shares.
pub struct Bot {
    pub client: Client,
    pub engines: Engines,
    pub movetime: Option<u64>,
    pub concurrency: usize,
    /// The games being played.
    pub active: Mutex<HashSet<String>>,
    /// Varies arbiter's own engine's choices from one run to the next.
    pub seed: u64,
}

/// The engines of `--engine`, and whether arbiter's own (in this process) plays.
pub struct Engines {
    pub computers: Computers,
    pub builtin: bool,
}

impl Engines {
    /// The first engine that plays `game` under its rules.
    pub fn for_game(&self, game: &AnyGame) -> Result<&Computer, String> {
        self.computers
            .all()
            .iter()
            .filter(|c| self.builtin || c.name != BUILTIN_ENGINE)
            .find(|c| c.games.contains(&game.kind()) && c.carries(game).is_ok())
            .ok_or_else(|| format!("no engine of this bot plays {} with these options", game.kind()))
    }
}

/// Waits that grow after each failure: 1, 2, 4... up to 30 seconds.
#[derive(Default)]
pub struct Backoff {
    failures: u32,
}

impl Backoff {
    /// The wait before the next try.
    pub fn next_wait(&mut self) -> Duration {
        let seconds = 1u64 << self.failures.min(5);
        self.failures += 1;
        Duration::from_secs(seconds.min(30))
    }

    /// After a success: the next wait is short again.
    pub fn reset(&mut self) {
        self.failures = 0;
    }
}

/// A line on standard error. No token is ever in one.
pub fn log(message: &str) {
    eprintln!("arbiter bot: {message}");
}
