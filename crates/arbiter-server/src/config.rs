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
    /// How the server is reached: directly, or through a proxy that says who asks
    /// and whether over HTTPS.
    pub access: Access,
    /// The round's times for players who leave.
    pub leaving: Leaving,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: DEFAULT_DATABASE.to_owned(),
            limits: Limits::default(),
            engines: Vec::new(),
            access: Access::default(),
            leaving: Leaving::default(),
        }
    }
}

/// How clients reach the server, which says who a client is (for the limits on
/// failed sign-ins), whether the session cookie is `Secure`, and which origin the
/// server's own pages have.
#[derive(Clone, Debug, Default)]
pub struct Access {
    /// The server is reached through a reverse proxy that sets `X-Forwarded-For`
    /// (its last address is the client's), `X-Forwarded-Proto` (`https` makes the
    /// session cookie `Secure`) and, if it changes `Host`, `X-Forwarded-Host`. Without
    /// it these headers are ignored: any client could write them.
    pub behind_proxy: bool,
    /// The session cookie is always `Secure`: the server is reached over HTTPS only.
    pub secure_cookies: bool,
}

/// The round's times for players who leave: how long a side may take over its first
/// move before the game is aborted, how long an open challenge waits, how long a seat's
/// connection may be gone before the seat is declared gone, and how long its opponent
/// then waits to claim the game. A correspondence game (days per move) has its own:
/// players come and go there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leaving {
    /// The time for each side's first move in a game that is not correspondence.
    pub first_move: Duration,
    /// The time for each side's first move in a correspondence game.
    pub first_move_correspondence: Duration,
    /// How long an open challenge that is not correspondence waits for an opponent.
    pub challenge: Duration,
    /// How long a correspondence challenge waits for an opponent.
    pub challenge_correspondence: Duration,
    /// How long a seat's player may have no connection before the seat is declared
    /// gone (not in correspondence games).
    pub gone_after: Duration,
    /// How long after that its opponent may claim the game.
    pub claim_after: Duration,
}

impl Default for Leaving {
    fn default() -> Leaving {
        Leaving {
            first_move: Duration::from_secs(30),
            first_move_correspondence: Duration::from_secs(86_400),
            challenge: Duration::from_secs(3600),
            challenge_correspondence: Duration::from_secs(7 * 86_400),
            gone_after: Duration::from_secs(15),
            claim_after: Duration::from_secs(30),
        }
    }
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
