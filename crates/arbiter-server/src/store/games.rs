//! The store itself (SQLite or PostgreSQL, connected, migrated, its writers) and its
//! games and moves; accounts and ratings have rooms of their own beside it.

use std::str::FromStr;
use std::time::Duration;

use sqlx::Connection;
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, migrate::Migrator};
use std::sync::Arc;

use tokio::sync::{Mutex, mpsc, oneshot};

use crate::game_state::StoredMove;
use crate::rows::{FINISHED, GameEvent, GameRow, MoveRecord, ONGOING, SEAT_CLAIMED, SEAT_FREE};

/// Which games a lobby list takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listed {
    /// Every game going on, open challenges included.
    Ongoing,
    /// Games going on whose seats are both taken.
    Playing,
    /// Open challenges whose second seat is free.
    Open,
    /// Games over.
    Finished,
}

impl Listed {
    /// The list named `name` in a query.
    pub fn named(name: &str) -> Option<Listed> {
        match name {
            "ongoing" => Some(Listed::Ongoing),
            "playing" => Some(Listed::Playing),
            "open" => Some(Listed::Open),
            "finished" => Some(Listed::Finished),
            _ => None,
        }
    }

    /// The list's condition on the games table: constants only, never a client's text.
    fn filter(self) -> String {
        match self {
            Listed::Ongoing => format!("status = '{ONGOING}'"),
            Listed::Playing => format!("status = '{ONGOING}' AND seat_open <> {SEAT_FREE}"),
            Listed::Open => format!("status = '{ONGOING}' AND seat_open = {SEAT_FREE}"),
            Listed::Finished => format!("status = '{FINISHED}'"),
        }
    }

    /// The list's order, newest first: finished games by when they ended, the others by
    /// when they were made.
    fn order(self) -> &'static str {
        match self {
            Listed::Finished => "ended_at DESC, id",
            Listed::Ongoing | Listed::Playing | Listed::Open => "created_at DESC, id",
        }
    }
}

/// A takeback as stored: game `id`, at `version`, goes back to `ply` at `now`, its
/// running clock to run out at `deadline`.
pub struct Undo {
    /// The game's id.
    pub id: String,
    /// The version the takeback was worked out from.
    pub version: i64,
    /// The ply the game goes back to: the moves from it on are deleted.
    pub ply: i64,
    /// When the running clock runs out after it.
    pub deadline: Option<i64>,
    /// When the takeback is made, milliseconds since the epoch.
    pub now: i64,
    /// The seat to move after it.
    pub to_move: &'static str,
}

/// Who joins an open challenge, and when.
pub struct Joiner {
    /// Their name, checked.
    pub name: Option<String>,
    /// Their account, if signed in.
    pub account: Option<i64>,
    /// When they join, milliseconds since the epoch.
    pub now: i64,
    /// The game's next deadline after the join (the first move's).
    pub deadline: Option<i64>,
}

/// A game's seats as the rules for leaving see them: when each seat's player was
/// last connected.
#[derive(Clone, Debug)]
pub struct Presence {
    /// The game's id.
    pub id: String,
    /// When each seat's player was last connected.
    pub seen: [Option<i64>; 2],
}

// The same tables for both; the trigger that keeps a game's row in step with its
// moves is written in each database's own dialect.
static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another move for this ply was stored first.
    #[error("that ply has already been played")]
    Conflict,
    /// The database refused or failed an operation.
    #[error("database: {0}")]
    Database(sqlx::Error),
    /// The schema could not be brought up to date.
    #[error("migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The task that stores moves has stopped.
    #[error("the database writer has stopped")]
    WriterGone,
    /// Another server holds the SQLite file.
    #[error(
        "{file} is in use by another arbiter server: an SQLite database serves one server (run several servers on one PostgreSQL database)"
    )]
    InUse {
        /// The SQLite file.
        file: String,
    },
    /// The SQLite file would not open.
    #[error("cannot open {file}: {source}")]
    File {
        /// The SQLite file.
        file: String,
        /// Why it would not open.
        source: std::io::Error,
    },
    /// The URL names a database that is neither SQLite nor PostgreSQL.
    #[error("{scheme}:// is no database arbiter serves: expected sqlite://FILE or postgres://USER@HOST:PORT/DB")]
    UnknownScheme {
        /// What the URL starts with, before `://` (cut short if long).
        scheme: String,
    },
    /// The database did not answer in time.
    #[error("cannot reach the database within {0:?}")]
    Timeout(Duration),
}

/// Database errors since the start, for `/metrics`.
pub static DATABASE_ERRORS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> StoreError {
        DATABASE_ERRORS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        StoreError::Database(error)
    }
}

impl StoreError {
    /// Whether the database is busy or out of reach for now (a client may retry),
    /// rather than refusing the operation.
    pub fn is_unavailable(&self) -> bool {
        match self {
            StoreError::Database(error) => match error {
                sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::PoolClosed | sqlx::Error::Tls(_) => true,
                // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with their extended codes.
                sqlx::Error::Database(e) => {
                    e.code().and_then(|code| code.parse::<u32>().ok()).is_some_and(|code| matches!(code & 0xff, 5 | 6))
                }
                _ => false,
            },
            StoreError::WriterGone | StoreError::Timeout(_) => true,
            _ => false,
        }
    }
}

/// SQLite allows one writer at a time: writes go through a pool of one connection,
/// so they queue in the process instead of retrying on a busy database, and reads
/// use a pool of their own beside it (WAL lets them run while a write commits).
/// On both databases moves reach the database through writer tasks (see
/// [`write_moves`]), which store the moves that arrive together with one statement.
#[derive(Clone)]
pub enum Store {
    Sqlite {
        reader: SqlitePool,
        writer: SqlitePool,
        moves: mpsc::Sender<PendingMove>,
        /// The database file, locked for this process as long as it runs.
        _lock: Arc<std::fs::File>,
    },
    Postgres {
        pool: PgPool,
        moves: mpsc::Sender<PendingMove>,
    },
}

/// The file of an SQLite URL: `sqlite://arbiter.db?mode=rwc` is `arbiter.db`.
fn sqlite_file(url: &str) -> &str {
    let path = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")).unwrap_or(url);
    path.split('?').next().unwrap_or(path)
}

/// Opens (creating it if missing) and locks the SQLite file, so that a second server
/// on the same file stops at once: two processes would each keep their own copy of
/// the games in memory and serve stale reads. The lock is an advisory lock of its
/// own, which SQLite's locks do not see; it lasts as long as the file stays open.
fn lock_sqlite_file(file: &str) -> Result<std::fs::File, StoreError> {
    let opened = std::fs::OpenOptions::new().read(true).write(true).create(true).truncate(false).open(file);
    let handle = opened.map_err(|source| StoreError::File { file: file.to_owned(), source })?;
    match handle.try_lock() {
        Ok(()) => Ok(handle),
        Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::InUse { file: file.to_owned() }),
        Err(std::fs::TryLockError::Error(source)) => Err(StoreError::File { file: file.to_owned(), source }),
    }
}

/// The pool that the move writers use.
#[derive(Clone)]
enum Writer {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Writer tasks on PostgreSQL, each with a batch in flight: commits overlap, and
/// each commit carries every move that arrived meanwhile.
const POSTGRES_WRITERS: usize = 4;

/// A move waiting to be stored, and where to say how it went.
pub struct PendingMove {
    record: MoveRecord,
    done: oneshot::Sender<Result<(), StoreError>>,
}

const INSERT_MOVE: &str = "INSERT INTO moves (game_id, ply, text, status, outcome, created_at, clock_ms, deadline, draw_offer, to_move) VALUES ";
const MOVE_COLUMNS: usize = 10;
/// The most moves stored by one statement.
const BATCH: usize = 64;

/// `($1, $2, ...), (...)` for `rows` rows of the moves table.
fn move_placeholders(rows: usize) -> String {
    let row = |r: usize| {
        format!("({})", (1..=MOVE_COLUMNS).map(|c| format!("${}", r * MOVE_COLUMNS + c)).collect::<Vec<_>>().join(", "))
    };
    (0..rows).map(row).collect::<Vec<_>>().join(", ")
}

fn map_insert_error(error: sqlx::Error) -> StoreError {
    match error {
        sqlx::Error::Database(e) if e.is_unique_violation() => StoreError::Conflict,
        other => other.into(),
    }
}

/// Stores the moves of `rows` with one INSERT.
async fn insert_rows(writer: &Writer, rows: &[&MoveRecord]) -> Result<(), sqlx::Error> {
    let sql = format!("{INSERT_MOVE}{}", move_placeholders(rows.len()));
    macro_rules! run {
        ($pool:expr) => {{
            let mut query = sqlx::query(&sql);
            for r in rows {
                query = query
                    .bind(&r.id)
                    .bind(r.ply)
                    .bind(&r.text)
                    .bind(&r.status)
                    .bind(&r.outcome)
                    .bind(r.now)
                    .bind(r.clock_ms)
                    .bind(r.deadline)
                    .bind(&r.draw_offer)
                    .bind(r.to_move);
            }
            query.execute($pool).await.map(|_| ())
        }};
    }
    match writer {
        Writer::Sqlite(pool) => run!(pool),
        Writer::Postgres(pool) => run!(pool),
    }
}

/// Stores moves as they come. Moves that arrive while a statement runs are stored
/// together by the next (group commit): one round trip and one commit for many
/// moves. If the combined statement fails (a ply taken by another process), each
/// move is stored alone, so that each gets its own answer. Several writers may
/// share one queue; each takes what is waiting when it is free.
async fn write_moves(writer: Writer, queue: Arc<Mutex<mpsc::Receiver<PendingMove>>>) {
    let mut batch: Vec<PendingMove> = Vec::with_capacity(BATCH);
    loop {
        if queue.lock().await.recv_many(&mut batch, BATCH).await == 0 {
            return;
        }
        let rows: Vec<&MoveRecord> = batch.iter().map(|p| &p.record).collect();
        let result = insert_rows(&writer, &rows).await;
        match result {
            Ok(()) => {
                for pending in batch.drain(..) {
                    let _ = pending.done.send(Ok(()));
                }
            }
            Err(e) if batch.len() == 1 => {
                if let Some(pending) = batch.pop() {
                    let _ = pending.done.send(Err(map_insert_error(e)));
                }
            }
            Err(_) => {
                for pending in batch.drain(..) {
                    let result = insert_rows(&writer, &[&pending.record]).await.map_err(map_insert_error);
                    let _ = pending.done.send(result);
                }
            }
        }
    }
}

/// Starts `writers` move writers on `writer` and returns the queue they serve.
fn start_writers(writer: Writer, writers: usize) -> mpsc::Sender<PendingMove> {
    let (moves, queue) = mpsc::channel(4 * BATCH);
    let queue = Arc::new(Mutex::new(queue));
    for _ in 0..writers {
        tokio::spawn(write_moves(writer.clone(), Arc::clone(&queue)));
    }
    moves
}

/// Runs the same sqlx expression on the pool for reading.
macro_rules! on_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            Store::Sqlite { reader: $pool, .. } => $body,
            Store::Postgres { pool: $pool, .. } => $body,
        }
    };
}

/// Runs the same sqlx expression on the pool for writing.
macro_rules! on_writer {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            Store::Sqlite { writer: $pool, .. } => $body,
            Store::Postgres { pool: $pool, .. } => $body,
        }
    };
}

pub(super) use {on_pool, on_writer};

pub(crate) fn game_from_row<R: Row>(row: &R) -> Result<GameRow, sqlx::Error>
where
    for<'r> &'r str: sqlx::ColumnIndex<R>,
    String: for<'r> sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    i64: for<'r> sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    Option<String>: for<'r> sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    Option<i64>: for<'r> sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    Ok(GameRow {
        id: row.try_get("id")?,
        game: row.try_get("game")?,
        options: row.try_get("options")?,
        first_token: row.try_get("first_token")?,
        second_token: row.try_get("second_token")?,
        ply: row.try_get("ply")?,
        status: row.try_get("status")?,
        outcome: row.try_get("outcome")?,
        created_at: row.try_get("created_at")?,
        version: row.try_get("version")?,
        deadline: row.try_get("deadline")?,
        draw_offer: row.try_get("draw_offer")?,
        rematch: row.try_get("rematch")?,
        first_name: row.try_get("first_name")?,
        second_name: row.try_get("second_name")?,
        seat_open: row.try_get("seat_open")?,
        invite_token: row.try_get("invite_token")?,
        takeback_offer: row.try_get("takeback_offer")?,
        takebacks: row.try_get("takebacks")?,
        resumed_at: row.try_get("resumed_at")?,
        ended_at: row.try_get("ended_at")?,
        rated: row.try_get("rated")?,
        first_account: row.try_get("first_account")?,
        second_account: row.try_get("second_account")?,
        to_move: row.try_get("to_move")?,
        joined_at: row.try_get("joined_at")?,
        first_gone: row.try_get("first_gone")?,
        second_gone: row.try_get("second_gone")?,
        tournament_id: row.try_get("tournament_id")?,
        bots: [row.try_get::<i64, _>("first_bot")? != 0, row.try_get::<i64, _>("second_bot")? != 0],
    })
}

pub(crate) const GAME_COLUMNS: &str = "id, game, options, first_token, second_token, ply, status, outcome, created_at, version, \
                            deadline, draw_offer, rematch, first_name, second_name, seat_open, invite_token, \
                            takeback_offer, takebacks, resumed_at, ended_at, rated, first_account, \
                            second_account, to_move, joined_at, first_gone, second_gone, tournament_id, \
                            COALESCE((SELECT b.bot FROM accounts b WHERE b.id = games.first_account), 0) AS first_bot, \
                            COALESCE((SELECT b.bot FROM accounts b WHERE b.id = games.second_account), 0) AS second_bot";

impl Store {
    /// Opens the database at `url` (`sqlite://FILE` or `postgres://...`), creating an
    /// SQLite file if missing, and brings the schema up to date. `timeout` bounds the
    /// wait for a lock or a connection, then and later. A database that cannot be
    /// reached fails at once with the driver's reason.
    pub async fn connect(url: &str, timeout: Duration) -> Result<Store, StoreError> {
        // `mysql://x` would otherwise be taken for an SQLite file of that name.
        if let Some((scheme, _)) = url.split_once("://")
            && !matches!(scheme, "sqlite" | "postgres" | "postgresql")
        {
            return Err(StoreError::UnknownScheme { scheme: arbiter::quote::excerpt(scheme) });
        }
        let store = if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            let options = PgConnectOptions::from_str(url)?;
            // One connection first: the pool would retry until its timeout and then
            // say only that it timed out; this says why ("connection refused").
            let first = tokio::time::timeout(timeout, PgConnection::connect_with(&options))
                .await
                .map_err(|_| StoreError::Timeout(timeout))??;
            let _ = first.close().await;
            let pool = PgPoolOptions::new().max_connections(16).acquire_timeout(timeout).connect_with(options).await?;
            POSTGRES_MIGRATIONS.run(&pool).await?;
            let moves = start_writers(Writer::Postgres(pool.clone()), POSTGRES_WRITERS);
            Store::Postgres { pool, moves }
        } else {
            let lock = Arc::new(lock_sqlite_file(sqlite_file(url))?);
            // WAL lets readers work beside the writer; with synchronous=NORMAL a commit
            // survives the process being killed (though not the machine losing power).
            let options = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(timeout)
                .foreign_keys(true);
            let writer = SqlitePoolOptions::new()
                .max_connections(1)
                .acquire_timeout(timeout)
                .connect_with(options.clone())
                .await?;
            SQLITE_MIGRATIONS.run(&writer).await?;
            let reader =
                SqlitePoolOptions::new().max_connections(4).acquire_timeout(timeout).connect_with(options).await?;
            let moves = start_writers(Writer::Sqlite(writer.clone()), 1);
            Store::Sqlite { reader, writer, moves, _lock: lock }
        };
        Ok(store)
    }

    /// Whether the store is PostgreSQL, which several servers may share.
    pub fn is_postgres(&self) -> bool {
        matches!(self, Store::Postgres { .. })
    }

    /// Stores a new game's row.
    pub async fn create_game(&self, game: &GameRow) -> Result<(), StoreError> {
        let sql = "INSERT INTO games (id, game, options, first_token, second_token, ply, status, outcome, created_at, \
                   version, deadline, draw_offer, rematch, first_name, second_name, seat_open, invite_token, \
                   takeback_offer, takebacks, resumed_at, ended_at, rated, first_account, second_account, to_move, \
                   tournament_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
                   $18, $19, $20, $21, $22, $23, $24, $25, $26)";
        on_writer!(self, pool => sqlx::query(sql)
            .bind(&game.id)
            .bind(&game.game)
            .bind(&game.options)
            .bind(&game.first_token)
            .bind(&game.second_token)
            .bind(game.ply)
            .bind(&game.status)
            .bind(&game.outcome)
            .bind(game.created_at)
            .bind(game.version)
            .bind(game.deadline)
            .bind(&game.draw_offer)
            .bind(&game.rematch)
            .bind(&game.first_name)
            .bind(&game.second_name)
            .bind(game.seat_open)
            .bind(&game.invite_token)
            .bind(&game.takeback_offer)
            .bind(game.takebacks)
            .bind(game.resumed_at)
            .bind(game.ended_at)
            .bind(game.rated)
            .bind(game.first_account)
            .bind(game.second_account)
            .bind(&game.to_move)
            .bind(&game.tournament_id)
            .execute(pool)
            .await
            .map(|_| ()))?;
        Ok(())
    }

    /// The row of game `id`, if there is one.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
        let row = on_pool!(self, pool => match sqlx::query(&sql).bind(id).fetch_optional(pool).await? {
            Some(row) => Some(game_from_row(&row)?),
            None => None,
        });
        Ok(row)
    }

    /// The game's moves in order, with the clock times they left.
    pub async fn moves(&self, id: &str) -> Result<Vec<StoredMove>, StoreError> {
        let sql = "SELECT text, clock_ms, created_at FROM moves WHERE game_id = $1 ORDER BY ply";
        let rows = on_pool!(self, pool => sqlx::query_as::<_, (String, Option<i64>, i64)>(sql).bind(id).fetch_all(pool).await?);
        Ok(rows.into_iter().map(|(text, clock_ms, created_at)| StoredMove { text, clock_ms, created_at }).collect())
    }

    /// Stores a change other than a move; `false` if the game changed since
    /// `event.version` (another server got there first).
    pub async fn record_event(&self, event: &GameEvent) -> Result<bool, StoreError> {
        // The first ending's time stays: a rematch asked after it changes the row again.
        let sql = "UPDATE games SET status = $1, outcome = $2, deadline = $3, draw_offer = $4, rematch = $5, \
                   takeback_offer = $8, ended_at = COALESCE(ended_at, $9), first_gone = $10, second_gone = $11, \
                   version = version + 1 WHERE id = $6 AND version = $7";
        let done = on_writer!(self, pool => sqlx::query(sql)
            .bind(event.status)
            .bind(&event.outcome)
            .bind(event.deadline)
            .bind(event.draw_offer)
            .bind(&event.rematch)
            .bind(&event.id)
            .bind(event.version)
            .bind(event.takeback_offer)
            .bind(event.ended_at)
            .bind(event.gone[0])
            .bind(event.gone[1])
            .execute(pool)
            .await?
            .rows_affected());
        Ok(done == 1)
    }

    /// Ongoing games whose running clock ran out by `now`.
    pub async fn expired(&self, now: i64) -> Result<Vec<String>, StoreError> {
        let sql = "SELECT id FROM games WHERE status = 'ongoing' AND deadline IS NOT NULL AND deadline <= $1 \
                   ORDER BY deadline LIMIT 100";
        let ids = on_pool!(self, pool => sqlx::query_scalar::<_, String>(sql).bind(now).fetch_all(pool).await?);
        Ok(ids)
    }

    /// Stores a move with the game's status, outcome, deadline and draw offer after it,
    /// or fails with [`StoreError::Conflict`] if that ply is taken. One statement: the
    /// `move_played` trigger updates the game row with it. Returns once committed.
    pub async fn record_move(&self, record: MoveRecord) -> Result<(), StoreError> {
        let moves = match self {
            Store::Sqlite { moves, .. } | Store::Postgres { moves, .. } => moves,
        };
        let (done, answer) = oneshot::channel();
        moves.send(PendingMove { record, done }).await.map_err(|_| StoreError::WriterGone)?;
        answer.await.map_err(|_| StoreError::WriterGone)?
    }

    /// The games `list` takes, newest first (see [`Listed::order`]), and how many there are in all.
    pub async fn list_games(&self, list: Listed, limit: i64, offset: i64) -> Result<(Vec<GameRow>, i64), StoreError> {
        let (filter, order) = (list.filter(), list.order());
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE {filter} ORDER BY {order} LIMIT $1 OFFSET $2");
        let count = format!("SELECT COUNT(*) FROM games WHERE {filter}");
        let found = on_pool!(self, pool => {
            let rows = sqlx::query(&sql).bind(limit).bind(offset).fetch_all(pool).await?;
            let games = rows.iter().map(game_from_row).collect::<Result<Vec<_>, _>>()?;
            let total: i64 = sqlx::query_scalar(&count).fetch_one(pool).await?;
            (games, total)
        });
        Ok(found)
    }

    /// Gives the free second seat of open challenge `id` to `joiner`, its token stored
    /// as `token_hash`: one conditional UPDATE, so that of many joins at once, on one
    /// server or several, exactly one claims it. `false` if the seat was not free.
    pub async fn claim_seat(&self, id: &str, token_hash: &str, joiner: &Joiner) -> Result<bool, StoreError> {
        let sql = "UPDATE games SET second_token = $2, second_name = $3, seat_open = $4, second_account = $7, \
                   joined_at = $8, deadline = $9, version = version + 1 \
                   WHERE id = $1 AND seat_open = $5 AND status = $6";
        let done = on_writer!(self, pool => sqlx::query(sql)
            .bind(id)
            .bind(token_hash)
            .bind(joiner.name.as_deref())
            .bind(SEAT_CLAIMED)
            .bind(SEAT_FREE)
            .bind(ONGOING)
            .bind(joiner.account)
            .bind(joiner.now)
            .bind(joiner.deadline)
            .execute(pool)
            .await?
            .rows_affected());
        Ok(done == 1)
    }

    /// Names seat `seat` (0 the first, 1 the second) of game `id` going on `name`, if it
    /// has no name yet; `false` if it has one (or the game is over).
    pub async fn name_seat(&self, id: &str, seat: usize, name: &str) -> Result<bool, StoreError> {
        let column = if seat == 0 { "first_name" } else { "second_name" };
        let sql = format!(
            "UPDATE games SET {column} = $2, version = version + 1 WHERE id = $1 AND {column} IS NULL AND status = $3"
        );
        let done = on_writer!(self, pool => sqlx::query(&sql).bind(id).bind(name).bind(ONGOING).execute(pool).await?.rows_affected());
        Ok(done == 1)
    }

    /// Forgets the second seat's token kept for the creator of game `id`: the seat
    /// has been used, at `now`; the game's next deadline is then `deadline` (the
    /// invited player's first move). `false` if another server forgot it first.
    pub async fn forget_invite(&self, id: &str, now: i64, deadline: Option<i64>) -> Result<bool, StoreError> {
        let sql = "UPDATE games SET invite_token = NULL, joined_at = $2, deadline = $3, version = version + 1 \
                   WHERE id = $1 AND invite_token IS NOT NULL";
        let done = on_writer!(self, pool => sqlx::query(sql).bind(id).bind(now).bind(deadline).execute(pool).await?.rows_affected());
        Ok(done == 1)
    }

    /// Takes back the moves of game `id` from `undo.ply` on, if the game is still at
    /// `undo.version`: the game's row and the deletion of its moves in one
    /// transaction. `false` if another server changed the game meanwhile.
    pub async fn take_back(&self, undo: &Undo) -> Result<bool, StoreError> {
        let update = "UPDATE games SET ply = $2, status = $3, outcome = NULL, deadline = $4, draw_offer = NULL, \
                      takeback_offer = NULL, takebacks = takebacks + 1, resumed_at = $5, version = version + 1, \
                      to_move = $7 WHERE id = $1 AND version = $6";
        let delete = "DELETE FROM moves WHERE game_id = $1 AND ply >= $2";
        let done = on_writer!(self, pool => {
            let mut transaction = pool.begin().await?;
            let updated = sqlx::query(update)
                .bind(&undo.id)
                .bind(undo.ply)
                .bind(ONGOING)
                .bind(undo.deadline)
                .bind(undo.now)
                .bind(undo.version)
                .bind(undo.to_move)
                .execute(&mut *transaction)
                .await?
                .rows_affected();
            if updated == 1 {
                sqlx::query(delete).bind(&undo.id).bind(undo.ply).execute(&mut *transaction).await?;
                transaction.commit().await?;
            }
            updated == 1
        });
        Ok(done)
    }

    /// Records that the seats `seats` (game id, seat index) have a connection at `now`.
    pub async fn seen(&self, seats: &[(String, usize)], now: i64) -> Result<(), StoreError> {
        for column in ["first_seen", "second_seen"] {
            let index = usize::from(column == "second_seen");
            let ids: Vec<&str> = seats.iter().filter(|(_, seat)| *seat == index).map(|(id, _)| id.as_str()).collect();
            for chunk in ids.chunks(100) {
                let places: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 2)).collect();
                let sql = format!("UPDATE games SET {column} = $1 WHERE id IN ({})", places.join(", "));
                on_writer!(self, pool => {
                    let mut query = sqlx::query(&sql).bind(now);
                    for id in chunk {
                        query = query.bind(*id);
                    }
                    query.execute(pool).await.map(|_| ())
                })?;
            }
        }
        Ok(())
    }

    /// Games going on with a seat whose player was last connected before `before` and
    /// that is not declared gone yet.
    pub async fn absent(&self, before: i64) -> Result<Vec<Presence>, StoreError> {
        let sql = "SELECT id, first_seen, second_seen FROM games WHERE status = 'ongoing' \
                   AND ((first_seen < $1 AND first_gone IS NULL) OR (second_seen < $1 AND second_gone IS NULL)) \
                   LIMIT 100";
        type Seats = (String, Option<i64>, Option<i64>);
        let rows = on_pool!(self, pool => sqlx::query_as::<_, Seats>(sql).bind(before).fetch_all(pool).await?);
        Ok(rows
            .into_iter()
            .map(|(id, first_seen, second_seen)| Presence { id, seen: [first_seen, second_seen] })
            .collect())
    }

    /// Sends `payload` to every server listening on PostgreSQL.
    pub async fn notify(&self, payload: &str) -> Result<(), StoreError> {
        if let Store::Postgres { pool, .. } = self {
            sqlx::query("SELECT pg_notify('arbiter_moves', $1)").bind(payload).execute(pool).await?;
        }
        Ok(())
    }

    /// Whether the database answers, and takes writes, within `within`: `Err` says
    /// what is wrong.
    pub async fn health(&self, within: Duration) -> Result<(), StoreError> {
        let check = async {
            match self {
                // A write lock, given back at once: a database locked by another
                // process reads fine but cannot store a move.
                // (A transaction object, so that a check cut short by the timeout
                // still rolls back before the connection is used again.)
                Store::Sqlite { writer, .. } => {
                    let mut connection = writer.acquire().await?;
                    connection.begin_with("BEGIN IMMEDIATE").await?.rollback().await
                }
                Store::Postgres { pool, .. } => sqlx::query("SELECT 1").execute(pool).await.map(|_| ()),
            }
        };
        tokio::time::timeout(within, check).await.map_err(|_| StoreError::Timeout(within))?.map_err(StoreError::from)
    }
}
