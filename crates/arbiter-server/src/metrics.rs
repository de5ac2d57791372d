//! What the server counts, served at `GET /metrics` in the Prometheus text format:
//! moves stored and how long storing them took, open WebSockets, games in memory,
//! database errors, requests that panicked, connections refused over the limit,
//! explanations of a repetition worked out.

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

/// The server's counters, shared by every request.
pub struct Metrics {
    registry: Registry,
    /// Moves stored.
    pub moves_stored: Counter,
    /// Seconds from a move request's arrival to its answer, for moves stored.
    pub move_latency: Histogram,
    /// WebSocket watchers connected.
    pub websockets_open: Gauge,
    /// Games held in memory.
    pub games_in_memory: Gauge,
    /// Games with at least one watcher here (each has a live-update channel).
    pub watched_games: Gauge,
    /// Database operations that failed.
    pub database_errors: Counter,
    /// Requests that panicked.
    pub panics: Counter,
    /// Connections closed over the connection limit.
    pub connections_refused: Counter,
    /// Watchers dropped for falling a whole queue of updates behind.
    pub watchers_dropped: Counter,
    /// Explanations of a repetition worked out (each kept for its game's ply).
    pub explanations_worked_out: Counter,
}

impl Default for Metrics {
    fn default() -> Metrics {
        let mut registry = Registry::with_prefix("arbiter");
        let moves_stored = Counter::default();
        registry.register("moves_stored", "Moves stored", moves_stored.clone());
        // 0.5 ms to about 4 s, doubling.
        let move_latency = Histogram::new((0..14).map(|i| 0.0005 * f64::from(1u32 << i)));
        registry.register("move_latency_seconds", "Time to check and store a move", move_latency.clone());
        let websockets_open = Gauge::default();
        registry.register("websockets_open", "WebSocket watchers connected", websockets_open.clone());
        let games_in_memory = Gauge::default();
        registry.register("games_in_memory", "Games held in memory", games_in_memory.clone());
        let watched_games = Gauge::default();
        registry.register(
            "watched_games",
            "Games with a watcher, each with a live-update channel",
            watched_games.clone(),
        );
        let database_errors = Counter::default();
        registry.register("database_errors", "Database operations that failed", database_errors.clone());
        let panics = Counter::default();
        registry.register("panics", "Requests that panicked and were answered 500", panics.clone());
        let connections_refused = Counter::default();
        registry.register(
            "connections_refused",
            "Connections closed over the connection limit",
            connections_refused.clone(),
        );
        let watchers_dropped = Counter::default();
        registry.register(
            "watchers_dropped",
            "Watchers dropped for falling a whole queue of updates behind",
            watchers_dropped.clone(),
        );
        let explanations_worked_out = Counter::default();
        registry.register(
            "explanations_worked_out",
            "Explanations of a repetition worked out, each kept until the game's next move",
            explanations_worked_out.clone(),
        );
        Metrics {
            registry,
            moves_stored,
            move_latency,
            websockets_open,
            games_in_memory,
            watched_games,
            database_errors,
            panics,
            connections_refused,
            watchers_dropped,
            explanations_worked_out,
        }
    }
}

impl Metrics {
    /// Everything counted, in the Prometheus text format.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = encode(&mut out, &self.registry);
        out
    }
}
