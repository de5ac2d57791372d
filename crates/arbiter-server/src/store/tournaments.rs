//! Tournaments in the database: the tournament, its players, its pairings, and the
//! games its pairings name. A round is paired by one server only: the pairing is
//! stored in the same transaction that moves the tournament's round on, on the
//! condition that the round is still the one the pairing was worked out from.

use sqlx::Row;

use super::games::{GAME_COLUMNS, Store, StoreError, game_from_row, on_pool, on_writer};
use crate::rows::GameRow;

/// `status` of a tournament that has not started.
pub const CREATED: &str = "created";
/// `status` of a tournament going on.
pub const RUNNING: &str = "running";
/// `status` of a tournament over.
pub const ENDED: &str = "finished";

/// A tournament as stored.
#[derive(Clone, Debug)]
pub struct TournamentRow {
    /// Its id, 24 hex digits.
    pub id: String,
    /// Its name as its creator gave it.
    pub name: String,
    /// `swiss` or `arena`.
    pub system: String,
    /// The game's kind by name.
    pub game: String,
    /// Every game's options, the clock among them, as JSON.
    pub options: String,
    /// Whether its games are rated.
    pub rated: bool,
    /// A Swiss's rounds.
    pub rounds: Option<i64>,
    /// An arena's length in seconds.
    pub seconds: Option<i64>,
    /// When it starts, milliseconds since the epoch.
    pub starts_at: i64,
    /// When it ends (an arena) or ended (a Swiss).
    pub ends_at: Option<i64>,
    /// [`CREATED`], [`RUNNING`] or [`ENDED`].
    pub status: String,
    /// The last round paired (a Swiss), or the last wave of pairings (an arena).
    pub round: i64,
    /// The account that made it.
    pub created_by: i64,
    /// When it was made.
    pub created_at: i64,
    /// Counts its changes: joins, withdrawals, pairings, its start and end.
    pub version: i64,
    /// Its creator's name (read, never written).
    pub creator: String,
    /// Its players not withdrawn (read, never written).
    pub players: i64,
}

/// A player of a tournament.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The player's account.
    pub account: i64,
    /// The account's name.
    pub name: String,
    /// When it joined.
    pub joined_at: i64,
    /// The first round it could be paired in: the rounds before score nothing.
    pub joined_round: i64,
    /// The rating that ranks it, as it joined.
    pub rating: f64,
    /// Whether it has withdrawn: it keeps its points and is paired no more.
    pub withdrawn: bool,
    /// Whether the account is a bot.
    pub bot: bool,
}

/// A pairing: a game of a round between two accounts, or one account's bye.
#[derive(Clone, Debug, PartialEq)]
pub struct PairingRow {
    /// The round (a Swiss) or the wave of pairings (an arena).
    pub round: i64,
    /// Its board in the round, from 1.
    pub board: i64,
    /// The account in the first seat, or the one with the bye.
    pub first: i64,
    /// The account in the second seat; `None` for a bye.
    pub second: Option<i64>,
    /// The game's id; `None` for a bye.
    pub game_id: Option<String>,
    /// When it was paired.
    pub created_at: i64,
}

const TOURNAMENT_COLUMNS: &str = "id, name, system, game, options, rated, rounds, seconds, starts_at, ends_at, \
                                  status, round, created_by, created_at, version";

/// The columns read: the stored ones, the creator's name and the count of players.
const READ_COLUMNS: &str = "t.id, t.name, t.system, t.game, t.options, t.rated, t.rounds, t.seconds, t.starts_at, \
                            t.ends_at, t.status, t.round, t.created_by, t.created_at, t.version, \
                            (SELECT a.name FROM accounts a WHERE a.id = t.created_by) AS creator, \
                            (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id \
                            AND p.withdrawn = 0) AS players";

fn tournament_from_row<R: Row>(row: &R) -> Result<TournamentRow, sqlx::Error>
where
    for<'r> &'r str: sqlx::ColumnIndex<R>,
    String: for<'r> sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    i64: for<'r> sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    Option<i64>: for<'r> sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    Ok(TournamentRow {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        system: row.try_get("system")?,
        game: row.try_get("game")?,
        options: row.try_get("options")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        rounds: row.try_get("rounds")?,
        seconds: row.try_get("seconds")?,
        starts_at: row.try_get("starts_at")?,
        ends_at: row.try_get("ends_at")?,
        status: row.try_get("status")?,
        round: row.try_get("round")?,
        created_by: row.try_get("created_by")?,
        created_at: row.try_get("created_at")?,
        version: row.try_get("version")?,
        creator: row.try_get("creator")?,
        players: row.try_get("players")?,
    })
}

impl Store {
    /// Stores a new tournament.
    pub async fn create_tournament(&self, t: &TournamentRow) -> Result<(), StoreError> {
        let sql = format!(
            "INSERT INTO tournaments ({TOURNAMENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, \
             $13, $14, $15)"
        );
        on_writer!(self, pool => sqlx::query(&sql)
            .bind(&t.id)
            .bind(&t.name)
            .bind(&t.system)
            .bind(&t.game)
            .bind(&t.options)
            .bind(i64::from(t.rated))
            .bind(t.rounds)
            .bind(t.seconds)
            .bind(t.starts_at)
            .bind(t.ends_at)
            .bind(&t.status)
            .bind(t.round)
            .bind(t.created_by)
            .bind(t.created_at)
            .bind(t.version)
            .execute(pool)
            .await
            .map(|_| ()))?;
        Ok(())
    }

    /// Tournament `id`, if there is one.
    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        let sql = format!("SELECT {READ_COLUMNS} FROM tournaments t WHERE t.id = $1");
        let row = on_pool!(self, pool => match sqlx::query(&sql).bind(id).fetch_optional(pool).await? {
            Some(row) => Some(tournament_from_row(&row)?),
            None => None,
        });
        Ok(row)
    }

    /// The tournaments of `status`, `limit` from `offset`: those to come soonest first,
    /// the others newest first; and how many there are.
    pub async fn tournaments(
        &self,
        status: &'static str,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<TournamentRow>, i64), StoreError> {
        let order = if status == CREATED { "t.starts_at, t.id" } else { "t.starts_at DESC, t.id" };
        let sql =
            format!("SELECT {READ_COLUMNS} FROM tournaments t WHERE t.status = $1 ORDER BY {order} LIMIT $2 OFFSET $3");
        let count = "SELECT COUNT(*) FROM tournaments WHERE status = $1";
        let (rows, total) = on_pool!(self, pool => {
            let rows = sqlx::query(&sql).bind(status).bind(limit).bind(offset).fetch_all(pool).await?;
            let total: i64 = sqlx::query_scalar(count).bind(status).fetch_one(pool).await?;
            (rows.iter().map(tournament_from_row).collect::<Result<Vec<_>, _>>()?, total)
        });
        Ok((rows, total))
    }

    /// The tournaments a server has something to do for at `now`: those due to start,
    /// and those going on.
    pub async fn tournaments_due(&self, now: i64) -> Result<Vec<TournamentRow>, StoreError> {
        let sql = format!(
            "SELECT {READ_COLUMNS} FROM tournaments t WHERE t.status = $1 OR (t.status = $2 AND t.starts_at <= $3)"
        );
        let rows = on_pool!(self, pool => {
            let rows = sqlx::query(&sql).bind(RUNNING).bind(CREATED).bind(now).fetch_all(pool).await?;
            rows.iter().map(tournament_from_row).collect::<Result<Vec<_>, _>>()?
        });
        Ok(rows)
    }

    /// How many tournaments `account` made that are to come or going on.
    pub async fn open_tournaments_of(&self, account: i64) -> Result<i64, StoreError> {
        let sql = "SELECT COUNT(*) FROM tournaments WHERE created_by = $1 AND status <> $2";
        let count: i64 =
            on_pool!(self, pool => sqlx::query_scalar(sql).bind(account).bind(ENDED).fetch_one(pool).await?);
        Ok(count)
    }

    /// Adds `account` to tournament `id` (or brings it back after a withdrawal), first
    /// paired in `round`, ranked by `rating`.
    pub async fn enter_tournament(
        &self,
        id: &str,
        account: i64,
        rating: f64,
        round: i64,
        now: i64,
    ) -> Result<(), StoreError> {
        let enter = "INSERT INTO tournament_players (tournament_id, account_id, joined_at, joined_round, rating, withdrawn) \
                     VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT (tournament_id, account_id) DO UPDATE SET withdrawn = 0, \
                     joined_at = excluded.joined_at";
        let bump = "UPDATE tournaments SET version = version + 1 WHERE id = $1";
        on_writer!(self, pool => {
            let mut transaction = pool.begin().await?;
            sqlx::query(enter).bind(id).bind(account).bind(now).bind(round).bind(rating).execute(&mut *transaction).await?;
            sqlx::query(bump).bind(id).execute(&mut *transaction).await?;
            transaction.commit().await?;
        });
        Ok(())
    }

    /// Withdraws `account` from tournament `id`; `false` if it was not playing there.
    pub async fn withdraw(&self, id: &str, account: i64) -> Result<bool, StoreError> {
        let withdraw = "UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = $1 AND account_id = $2 AND withdrawn = 0";
        let bump = "UPDATE tournaments SET version = version + 1 WHERE id = $1";
        let done = on_writer!(self, pool => {
            let mut transaction = pool.begin().await?;
            let done = sqlx::query(withdraw).bind(id).bind(account).execute(&mut *transaction).await?.rows_affected();
            sqlx::query(bump).bind(id).execute(&mut *transaction).await?;
            transaction.commit().await?;
            done
        });
        Ok(done == 1)
    }

    /// The players of tournament `id`, in the order they joined.
    pub async fn entries(&self, id: &str) -> Result<Vec<Entry>, StoreError> {
        let sql = "SELECT p.account_id, a.name, p.joined_at, p.joined_round, p.rating, p.withdrawn, a.bot \
                   FROM tournament_players p JOIN accounts a ON a.id = p.account_id \
                   WHERE p.tournament_id = $1 ORDER BY p.joined_at, p.account_id";
        let rows = on_pool!(self, pool => sqlx::query_as::<_, (i64, String, i64, i64, f64, i64, i64)>(sql)
            .bind(id)
            .fetch_all(pool)
            .await?);
        Ok(rows
            .into_iter()
            .map(|(account, name, joined_at, joined_round, rating, withdrawn, bot)| Entry {
                account,
                name,
                joined_at,
                joined_round,
                rating,
                withdrawn: withdrawn != 0,
                bot: bot != 0,
            })
            .collect())
    }

    /// The pairings of tournament `id`, by round and board.
    pub async fn pairings(&self, id: &str) -> Result<Vec<PairingRow>, StoreError> {
        let sql = "SELECT round, board, first_account, second_account, game_id, created_at FROM tournament_pairings \
                   WHERE tournament_id = $1 ORDER BY round, board";
        let rows = on_pool!(self, pool => sqlx::query_as::<_, (i64, i64, i64, Option<i64>, Option<String>, i64)>(sql)
            .bind(id)
            .fetch_all(pool)
            .await?);
        Ok(rows
            .into_iter()
            .map(|(round, board, first, second, game_id, created_at)| PairingRow {
                round,
                board,
                first,
                second,
                game_id,
                created_at,
            })
            .collect())
    }

    /// The games of tournament `id`.
    pub async fn tournament_games(&self, id: &str) -> Result<Vec<GameRow>, StoreError> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE tournament_id = $1");
        let rows = on_pool!(self, pool => {
            let rows = sqlx::query(&sql).bind(id).fetch_all(pool).await?;
            rows.iter().map(game_from_row).collect::<Result<Vec<_>, _>>()?
        });
        Ok(rows)
    }

    /// Starts tournament `id`, once: `false` if it had started.
    pub async fn start_tournament(&self, id: &str) -> Result<bool, StoreError> {
        let sql = "UPDATE tournaments SET status = $2, version = version + 1 WHERE id = $1 AND status = $3";
        let done = on_writer!(self, pool => sqlx::query(sql).bind(id).bind(RUNNING).bind(CREATED).execute(pool).await?.rows_affected());
        Ok(done == 1)
    }

    /// Ends tournament `id` at `now` (an arena keeps the end it was made with), once.
    pub async fn end_tournament(&self, id: &str, now: i64) -> Result<bool, StoreError> {
        let sql = "UPDATE tournaments SET status = $2, ends_at = COALESCE(ends_at, $3), version = version + 1 \
                   WHERE id = $1 AND status = $4";
        let done = on_writer!(self, pool => sqlx::query(sql).bind(id).bind(ENDED).bind(now).bind(RUNNING).execute(pool).await?.rows_affected());
        Ok(done == 1)
    }

    /// Stores `pairings` as round `after + 1` of tournament `id`, if its last round is
    /// still `after`: of several servers pairing at once, one stores its pairing and
    /// the others get `false`. Players in `withdraw` (absent from their last game) are
    /// withdrawn in the same transaction.
    pub async fn store_pairings(
        &self,
        id: &str,
        after: i64,
        pairings: &[PairingRow],
        withdraw: &[i64],
    ) -> Result<bool, StoreError> {
        let advance = "UPDATE tournaments SET round = round + 1, version = version + 1 WHERE id = $1 AND round = $2";
        let insert = "INSERT INTO tournament_pairings (tournament_id, round, board, first_account, second_account, \
                      game_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)";
        let away = "UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = $1 AND account_id = $2";
        let stored = on_writer!(self, pool => {
            let mut transaction = pool.begin().await?;
            let advanced = sqlx::query(advance).bind(id).bind(after).execute(&mut *transaction).await?.rows_affected();
            if advanced == 1 {
                for p in pairings {
                    sqlx::query(insert)
                        .bind(id)
                        .bind(p.round)
                        .bind(p.board)
                        .bind(p.first)
                        .bind(p.second)
                        .bind(&p.game_id)
                        .bind(p.created_at)
                        .execute(&mut *transaction)
                        .await?;
                }
                for account in withdraw {
                    sqlx::query(away).bind(id).bind(account).execute(&mut *transaction).await?;
                }
                transaction.commit().await?;
            }
            advanced == 1
        });
        Ok(stored)
    }

    /// What changes when tournament `id` changes as its standings and pairings show it:
    /// its version (joins, withdrawals, pairings, start, end), and how many of its games
    /// are made and how many have ended. A move changes none of these, so neither the
    /// scheduler nor the watchers look again for one.
    pub async fn tournament_stamp(&self, id: &str) -> Result<(i64, i64, i64), StoreError> {
        let own = "SELECT version FROM tournaments WHERE id = $1";
        let games = "SELECT COUNT(*), CAST(COALESCE(SUM(CASE WHEN status = 'finished' THEN 1 ELSE 0 END), 0) AS BIGINT) \
                     FROM games WHERE tournament_id = $1";
        let stamp = on_pool!(self, pool => {
            let version: Option<i64> = sqlx::query_scalar(own).bind(id).fetch_optional(pool).await?;
            let (made, ended): (i64, i64) = sqlx::query_as(games).bind(id).fetch_one(pool).await?;
            (version.unwrap_or(-1), made, ended)
        });
        Ok(stamp)
    }
}
