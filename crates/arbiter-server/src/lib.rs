#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod accounts;
mod api;
mod app;
mod computer;
mod config;
mod events;
mod game_state;
mod hub;
mod listen;
mod live;
mod memory;
mod metrics;
mod ratings;
mod replay;
mod round;
mod rows;
pub mod runs;
mod setup;
mod store;
mod tokens;
mod view;
mod words;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;

use app::AppState;

pub use api::{ApiError, BODY_LIMIT, requests};
pub use computer::{BUILTIN as BUILTIN_ENGINE, Computer, Computers, FindError, NoMove, ProbeError};
pub use config::{Access, Config, DEFAULT_DATABASE, Leaving, Limits};
pub use replay::{game_of, game_of_state};
pub use round::MAX_SERVED_SIDE;
pub use store::StoreError;

/// The most game ids in one notification: PostgreSQL takes payloads up to 8000 bytes.
const IDS_PER_NOTICE: usize = 256;

/// Sends other servers the ids of games that moved. PostgreSQL serializes the commits
/// of transactions that NOTIFY, so the ids that pile up while one notification is
/// sent go out together in the next, instead of one notification per move.
async fn announce_moves(
    store: store::Store,
    instance: String,
    mut moved: tokio::sync::mpsc::UnboundedReceiver<String>,
) {
    let mut ids = Vec::with_capacity(IDS_PER_NOTICE);
    while moved.recv_many(&mut ids, IDS_PER_NOTICE).await > 0 {
        ids.sort_unstable();
        ids.dedup();
        let payload = format!("{instance}:{}", ids.join(","));
        if let Err(e) = store.notify(&payload).await {
            eprintln!("arbiter: could not notify other servers: {e}");
        }
        ids.clear();
    }
}

/// Why the server stopped or would not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database would not open.
    #[error("cannot open the database: {0}")]
    Store(#[from] StoreError),
    /// The address would not bind.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address asked for.
        addr: SocketAddr,
        /// Why it would not bind.
        source: std::io::Error,
    },
    /// Serving failed.
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
    /// The operating system gave no random bytes.
    #[error("cannot make an instance id: {0}")]
    Random(#[from] getrandom::Error),
    /// An engine of `--engine` that would not start.
    #[error("{0}")]
    Engine(#[from] ProbeError),
}

/// Runs the server until Ctrl-C or SIGTERM. `on_ready` is called with the address
/// actually bound (useful with port 0) once the database is ready.
pub async fn serve(config: Config, on_ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let limits = config.limits.clone();
    let computers = computer::Computers::new(config.engines.clone());
    computers.probe().await?;
    let store = store::Store::connect(&config.database, limits.database_timeout).await?;
    let instance = tokens::game_id()?;
    let moved = if store.is_postgres() {
        let (sender, receiver) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(announce_moves(store.clone(), instance.clone(), receiver));
        Some(sender)
    } else {
        None
    };
    let state = Arc::new(
        AppState::new(store.clone(), limits.clone(), computers, instance, moved)
            .with_access(config.access.clone())
            .with_leaving(config.leaving),
    );
    tokio::spawn(sweep(Arc::clone(&state)));
    tokio::spawn(round::watch_clocks(Arc::clone(&state)));
    tokio::spawn(round::watch_players(Arc::clone(&state)));
    tokio::spawn(events::run_tournaments(Arc::clone(&state)));
    if let store::Store::Postgres { pool, .. } = &store {
        let listener = PgListener::connect_with(pool).await.map_err(StoreError::from)?;
        tokio::spawn(relay_notifications(listener, Arc::clone(&state)));
    }
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|source| ServeError::Listen { addr: config.addr, source })?;
    on_ready(listener.local_addr()?);
    let metrics = Arc::clone(&state.metrics);
    listen::serve(listener, api::router(state), &limits, metrics, shutdown()).await?;
    Ok(())
}

/// Lets idle games leave memory, every little while.
async fn sweep(state: Arc<AppState>) {
    let every = (state.limits.game_idle / 4).clamp(Duration::from_millis(100), Duration::from_secs(30));
    loop {
        tokio::time::sleep(every).await;
        state.games.evict(|id| state.hub.watched(id));
    }
}

/// Turns other servers' notifications into updates for this server's watchers.
async fn relay_notifications(mut listener: PgListener, state: Arc<AppState>) {
    if let Err(e) = listener.listen("arbiter_moves").await {
        eprintln!("arbiter: cannot listen for other servers' moves: {e}");
        return;
    }
    loop {
        let notification = match listener.recv().await {
            Ok(n) => n,
            Err(e) => {
                // recv reconnects by itself; wait a little before trying again.
                eprintln!("arbiter: notification channel: {e}");
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                continue;
            }
        };
        let Some((instance, ids)) = notification.payload().split_once(':') else { continue };
        if instance == state.instance {
            continue;
        }
        for id in ids.split(',').filter(|id| state.hub.watched(id)) {
            let Ok(Some(game)) = state.games.get(&state.store, id).await else { continue };
            let mut live = game.lock().await;
            if memory::Games::refresh(&state.store, &mut live).await.is_ok() {
                round::show(&state, &mut live);
            }
        }
    }
}

async fn shutdown() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
}
