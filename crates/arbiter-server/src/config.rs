//! How a server is set up: where it listens, its database, and the limits on what
//! an anonymous client may make it hold (connections, time, memory, watchers).

use std::net::SocketAddr;
use std::time::Duration;

/// The default database: an SQLite file in the working directory.
pub const DEFAULT_DATABASE: &str = "sqlite://arbiter.db";

/// Where to listen, which database to use, and the limits.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on.
    pub addr: SocketAddr,
    /// `sqlite://FILE` or `postgres://...`.
    pub database: String,
    /// The bounds on what clients may make the server hold.
    pub limits: Limits,
    /// Engines people can play besides arbiter's own.
    pub engines: Vec<arbiter_match::engine::EngineSpec>,
}

/// Everything a client controls is bounded; each bound is a `serve` option.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Open HTTP connections at once; more are closed as they arrive. Never more
    /// than the process may open files, less a reserve for the database and logs.
    pub max_connections: usize,
    /// Time a client has to send a request's headers; also the longest a kept-alive
    /// connection may sit idle between requests.
    pub header_timeout: Duration,
    /// Time a client has to send a request's body.
    pub body_timeout: Duration,
    /// The largest WebSocket message or frame a watcher may send (watchers send
    /// nothing the server needs).
    pub ws_max_message: usize,
    /// The longest a message to a watcher may wait to be taken: a watcher whose
    /// connection takes nothing for this long (it stopped reading, or its network is
    /// gone) is dropped, its place given back.
    pub ws_send_timeout: Duration,
    /// Watchers of one game at once.
    pub max_watchers_per_game: usize,
    /// Watchers of all games at once.
    pub max_watchers: usize,
    /// Games kept in memory; the least recently used leave first.
    pub max_games_in_memory: usize,
    /// Bytes the games in memory may take (their moves and their state as last
    /// sent); the least recently used leave first.
    pub memory_budget: usize,
    /// A game nobody has touched for this long leaves memory (it is reloaded from
    /// the database when asked for).
    pub game_idle: Duration,
    /// How long to wait for the database (a lock, a connection) before answering
    /// 503.
    pub database_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 1024,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            ws_max_message: 4096,
            ws_send_timeout: Duration::from_secs(10),
            max_watchers_per_game: 1000,
            max_watchers: 10_000,
            max_games_in_memory: 10_000,
            memory_budget: 512 << 20,
            game_idle: Duration::from_secs(600),
            database_timeout: Duration::from_secs(5),
        }
    }
}

/// File descriptors kept for the database, the log and the listener.
const RESERVED_FILES: u64 = 64;

impl Limits {
    /// `max_connections`, lowered to what the process's open-file limit allows.
    #[must_use]
    pub fn connections_allowed(&self) -> usize {
        match open_file_limit() {
            Some(files) => self.max_connections.min(files.saturating_sub(RESERVED_FILES).max(1) as usize),
            None => self.max_connections,
        }
    }
}

/// The soft limit on open files, read from `/proc` where there is one.
fn open_file_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}
