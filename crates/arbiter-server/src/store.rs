//! Games and moves in SQLite (the embedded default) or PostgreSQL (several servers
//! sharing the load), with one schema and migrations run at start.
//!
//! A move is stored in one transaction with the game's new ply; the primary key
//! (game, ply) makes the second of two moves for the same ply fail, in one process
//! or across many.

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, migrate::Migrator};

static MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another move for this ply was stored first.
    #[error("that ply has already been played")]
    Conflict,
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// One stored game, tokens as hashes.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: String,
    pub game: String,
    pub options: String,
    pub first_token: String,
    pub second_token: String,
    pub ply: i64,
    pub status: String,
    pub outcome: Option<String>,
    pub created_at: i64,
}

#[derive(Clone)]
pub enum Store {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs the same sqlx expression on whichever pool the store holds.
macro_rules! on_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            Store::Sqlite($pool) => $body,
            Store::Postgres($pool) => $body,
        }
    };
}

fn game_from_row<R: Row>(row: &R) -> Result<GameRow, sqlx::Error>
where
    for<'r> &'r str: sqlx::ColumnIndex<R>,
    String: for<'r> sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    i64: for<'r> sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    Option<String>: for<'r> sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
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
    })
}

const GAME_COLUMNS: &str = "id, game, options, first_token, second_token, ply, status, outcome, created_at";

impl Store {
    /// Opens the database at `url` (`sqlite://FILE` or `postgres://...`), creating an
    /// SQLite file if missing, and brings the schema up to date.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        let store = if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            let pool =
                PgPoolOptions::new().max_connections(16).acquire_timeout(Duration::from_secs(10)).connect(url).await?;
            Store::Postgres(pool)
        } else {
            // WAL lets readers work beside the writer; with synchronous=NORMAL a commit
            // survives the process being killed (though not the machine losing power).
            let options = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true);
            let pool = SqlitePoolOptions::new().max_connections(8).connect_with(options).await?;
            Store::Sqlite(pool)
        };
        on_pool!(&store, pool => MIGRATIONS.run(pool).await?);
        Ok(store)
    }

    pub fn is_postgres(&self) -> bool {
        matches!(self, Store::Postgres(_))
    }

    pub async fn create_game(&self, game: &GameRow) -> Result<(), StoreError> {
        let sql = "INSERT INTO games (id, game, options, first_token, second_token, ply, status, outcome, created_at) \
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
        on_pool!(self, pool => sqlx::query(sql)
            .bind(&game.id)
            .bind(&game.game)
            .bind(&game.options)
            .bind(&game.first_token)
            .bind(&game.second_token)
            .bind(game.ply)
            .bind(&game.status)
            .bind(&game.outcome)
            .bind(game.created_at)
            .execute(pool)
            .await
            .map(|_| ()))?;
        Ok(())
    }

    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
        let row = on_pool!(self, pool => match sqlx::query(&sql).bind(id).fetch_optional(pool).await? {
            Some(row) => Some(game_from_row(&row)?),
            None => None,
        });
        Ok(row)
    }

    /// The game's moves in order.
    pub async fn moves(&self, id: &str) -> Result<Vec<String>, StoreError> {
        let sql = "SELECT text FROM moves WHERE game_id = $1 ORDER BY ply";
        let texts = on_pool!(self, pool => sqlx::query_scalar::<_, String>(sql).bind(id).fetch_all(pool).await?);
        Ok(texts)
    }

    /// Stores move `ply` of game `id` and the game's new state, or fails with
    /// [`StoreError::Conflict`] if that ply is taken. Returns once committed.
    pub async fn record_move(
        &self,
        id: &str,
        ply: i64,
        text: &str,
        status: &str,
        outcome: Option<&str>,
        now: i64,
    ) -> Result<(), StoreError> {
        let insert = "INSERT INTO moves (game_id, ply, text, created_at) VALUES ($1, $2, $3, $4)";
        let update = "UPDATE games SET ply = $1, status = $2, outcome = $3 WHERE id = $4 AND ply = $5";
        let result: Result<u64, sqlx::Error> = on_pool!(self, pool => async {
            let mut tx = pool.begin().await?;
            sqlx::query(insert).bind(id).bind(ply).bind(text).bind(now).execute(&mut *tx).await?;
            let updated = sqlx::query(update)
                .bind(ply + 1)
                .bind(status)
                .bind(outcome)
                .bind(id)
                .bind(ply)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            if updated == 1 {
                tx.commit().await?;
            }
            Ok(updated)
        }.await);
        match result {
            Ok(1) => Ok(()),
            Ok(_) => Err(StoreError::Conflict),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::Conflict),
            Err(e) => Err(e.into()),
        }
    }

    /// Games with `status`, newest first, and how many there are in all.
    pub async fn list_games(&self, status: &str, limit: i64, offset: i64) -> Result<(Vec<GameRow>, i64), StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3"
        );
        let count = "SELECT COUNT(*) FROM games WHERE status = $1";
        let found = on_pool!(self, pool => {
            let rows = sqlx::query(&sql).bind(status).bind(limit).bind(offset).fetch_all(pool).await?;
            let games = rows.iter().map(game_from_row).collect::<Result<Vec<_>, _>>()?;
            let total: i64 = sqlx::query_scalar(count).bind(status).fetch_one(pool).await?;
            (games, total)
        });
        Ok(found)
    }

    /// Tells every server listening on PostgreSQL that game `id` moved.
    pub async fn notify_move(&self, payload: &str) -> Result<(), StoreError> {
        if let Store::Postgres(pool) = self {
            sqlx::query("SELECT pg_notify('arbiter_moves', $1)").bind(payload).execute(pool).await?;
        }
        Ok(())
    }

    pub async fn healthy(&self) -> bool {
        on_pool!(self, pool => sqlx::query("SELECT 1").execute(pool).await.is_ok())
    }
}
