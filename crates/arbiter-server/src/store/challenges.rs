//! Bots and challenges to a named player in the database: marking an account a bot,
//! when its event stream was last connected, and the challenges between accounts
//! with their status. A pending challenge past its `expires_at` is expired: nothing
//! writes that, every reader sees it.

use super::games::{GAME_COLUMNS, Store, StoreError, game_from_row, on_pool, on_writer};
use crate::rows::GameRow;

/// A challenge's status: waiting for its addressee.
pub const PENDING: &str = "pending";
/// A challenge's status: accepted, its game made.
pub const ACCEPTED: &str = "accepted";
/// A challenge's status: declined by its addressee.
pub const DECLINED: &str = "declined";
/// A challenge's status: called off by its challenger.
pub const CANCELED: &str = "canceled";
/// A pending challenge's status once past its time (never stored).
pub const EXPIRED: &str = "expired";

/// A challenge as stored, with both players' names.
#[derive(Clone, Debug)]
pub struct Challenge {
    /// Its id.
    pub id: String,
    /// The challenger's account.
    pub challenger: i64,
    /// The challenger's name.
    pub challenger_name: String,
    /// The addressee's account.
    pub addressee: i64,
    /// The addressee's name.
    pub addressee_name: String,
    /// The game's kind by name.
    pub game: String,
    /// Its options as JSON.
    pub options: String,
    /// Whether the game is to be rated.
    pub rated: bool,
    /// The challenger's seat: `first`, `second` or `random`.
    pub colour: String,
    /// `pending`, `accepted`, `declined` or `canceled` as stored.
    pub status: String,
    /// The addressee's reason for declining.
    pub reason: Option<String>,
    /// The game made on accepting.
    pub game_id: Option<String>,
    /// When it was made.
    pub created_at: i64,
    /// When a pending challenge expires.
    pub expires_at: i64,
    /// When its status last changed.
    pub updated_at: i64,
}

impl Challenge {
    /// Its status at `now`: a pending challenge past its time is `expired`.
    pub fn status_at(&self, now: i64) -> &str {
        if self.status == PENDING && self.expires_at <= now { EXPIRED } else { &self.status }
    }
}

/// Why an account could not be marked a bot.
#[derive(Debug, PartialEq, Eq)]
pub enum MarkBot {
    /// It is a bot now (it may have been one already).
    Marked,
    /// It has played a game: it stays a person.
    HasPlayed,
}

const CHALLENGE_COLUMNS: &str = "c.id, c.challenger_id, f.name, c.addressee_id, t.name, c.game, c.options, c.rated, \
                                 c.colour, c.status, c.reason, c.game_id, c.created_at, c.expires_at, c.updated_at \
                                 FROM challenges c JOIN accounts f ON f.id = c.challenger_id \
                                 JOIN accounts t ON t.id = c.addressee_id";

type ChallengeRow = (
    String,
    i64,
    String,
    i64,
    String,
    String,
    String,
    i64,
    String,
    String,
    Option<String>,
    Option<String>,
    i64,
    i64,
    i64,
);

fn challenge(row: ChallengeRow) -> Challenge {
    let (id, challenger, challenger_name, addressee, addressee_name, game, options, rated, colour, status, reason) =
        (row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7, row.8, row.9, row.10);
    Challenge {
        id,
        challenger,
        challenger_name,
        addressee,
        addressee_name,
        game,
        options,
        rated: rated != 0,
        colour,
        status,
        reason,
        game_id: row.11,
        created_at: row.12,
        expires_at: row.13,
        updated_at: row.14,
    }
}

impl Store {
    /// Whether `account` is a bot.
    pub async fn is_bot(&self, account: i64) -> Result<bool, StoreError> {
        let sql = "SELECT bot FROM accounts WHERE id = $1";
        let bot = on_pool!(self, pool => sqlx::query_scalar::<_, i64>(sql).bind(account).fetch_optional(pool).await?);
        Ok(bot.unwrap_or(0) != 0)
    }

    /// Marks `account` a bot, unless it has played a game: one conditional UPDATE, so
    /// that a game made meanwhile on another server is seen.
    pub async fn mark_bot(&self, account: i64) -> Result<MarkBot, StoreError> {
        let sql = "UPDATE accounts SET bot = 1 WHERE id = $1 AND NOT EXISTS \
                   (SELECT 1 FROM games WHERE first_account = $1 OR second_account = $1)";
        let done = on_writer!(self, pool => sqlx::query(sql).bind(account).execute(pool).await?.rows_affected());
        if done == 1 || self.is_bot(account).await? {
            return Ok(MarkBot::Marked);
        }
        Ok(MarkBot::HasPlayed)
    }

    /// Notes that `account`'s event stream is connected at `now`.
    pub async fn bot_seen(&self, account: i64, now: i64) -> Result<(), StoreError> {
        let sql = "UPDATE accounts SET bot_seen_at = $2 WHERE id = $1";
        on_writer!(self, pool => sqlx::query(sql).bind(account).bind(now).execute(pool).await.map(|_| ()))?;
        Ok(())
    }

    /// Every bot, by name: `(id, name, last seen)`.
    pub async fn bots(&self) -> Result<Vec<(i64, String, Option<i64>)>, StoreError> {
        let sql = "SELECT id, name, bot_seen_at FROM accounts WHERE bot = 1 ORDER BY name_key LIMIT 500";
        let rows = on_pool!(self, pool => sqlx::query_as::<_, (i64, String, Option<i64>)>(sql).fetch_all(pool).await?);
        Ok(rows)
    }

    /// The games `account` has played or plays, by name.
    pub async fn games_played(&self, account: i64) -> Result<Vec<String>, StoreError> {
        let sql = "SELECT DISTINCT game FROM games WHERE first_account = $1 OR second_account = $1 ORDER BY game";
        let games = on_pool!(self, pool => sqlx::query_scalar::<_, String>(sql).bind(account).fetch_all(pool).await?);
        Ok(games)
    }

    /// Stores a new pending challenge.
    pub async fn create_challenge(&self, c: &Challenge) -> Result<(), StoreError> {
        let sql = "INSERT INTO challenges (id, challenger_id, addressee_id, game, options, rated, colour, status, \
                   created_at, expires_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)";
        on_writer!(self, pool => sqlx::query(sql)
            .bind(&c.id)
            .bind(c.challenger)
            .bind(c.addressee)
            .bind(&c.game)
            .bind(&c.options)
            .bind(i64::from(c.rated))
            .bind(&c.colour)
            .bind(&c.status)
            .bind(c.created_at)
            .bind(c.expires_at)
            .bind(c.updated_at)
            .execute(pool)
            .await
            .map(|_| ()))?;
        Ok(())
    }

    /// The challenge `id`.
    pub async fn challenge(&self, id: &str) -> Result<Option<Challenge>, StoreError> {
        let sql = format!("SELECT {CHALLENGE_COLUMNS} WHERE c.id = $1");
        let row = on_pool!(self, pool => sqlx::query_as::<_, ChallengeRow>(&sql).bind(id).fetch_optional(pool).await?);
        Ok(row.map(challenge))
    }

    /// The challenges from or to `account` whose status changed at `since` or later,
    /// oldest change first (at most 200).
    pub async fn challenges_of(&self, account: i64, since: i64) -> Result<Vec<Challenge>, StoreError> {
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} WHERE (c.addressee_id = $1 OR c.challenger_id = $1) AND c.updated_at >= $2 \
             ORDER BY c.updated_at, c.id LIMIT 200"
        );
        let rows = on_pool!(self, pool => sqlx::query_as::<_, ChallengeRow>(&sql).bind(account).bind(since).fetch_all(pool).await?);
        Ok(rows.into_iter().map(challenge).collect())
    }

    /// The pending challenges from or to `account` not expired at `now`, oldest first.
    pub async fn pending_challenges(&self, account: i64, now: i64) -> Result<Vec<Challenge>, StoreError> {
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} WHERE (c.addressee_id = $1 OR c.challenger_id = $1) AND c.status = 'pending' \
             AND c.expires_at > $2 ORDER BY c.created_at, c.id LIMIT 200"
        );
        let rows = on_pool!(self, pool => sqlx::query_as::<_, ChallengeRow>(&sql).bind(account).bind(now).fetch_all(pool).await?);
        Ok(rows.into_iter().map(challenge).collect())
    }

    /// How many challenges `account` made from `since` on, and when the first of them
    /// was made.
    pub async fn challenges_made(&self, account: i64, since: i64) -> Result<(i64, Option<i64>), StoreError> {
        let sql = "SELECT COUNT(*), MIN(created_at) FROM challenges WHERE challenger_id = $1 AND created_at >= $2";
        let found = on_pool!(self, pool => sqlx::query_as::<_, (i64, Option<i64>)>(sql).bind(account).bind(since).fetch_one(pool).await?);
        Ok(found)
    }

    /// Moves a pending challenge not expired at `now` to `status`, with `reason` and
    /// the game made (`game_id`): one conditional UPDATE, so that of an accept and a
    /// cancel sent at once, to one server or two, exactly one takes effect. `false`
    /// when it was no longer pending.
    pub async fn settle_challenge(
        &self,
        id: &str,
        status: &str,
        reason: Option<&str>,
        game_id: Option<&str>,
        now: i64,
    ) -> Result<bool, StoreError> {
        let sql = "UPDATE challenges SET status = $2, reason = $3, game_id = $4, updated_at = $5 \
                   WHERE id = $1 AND status = 'pending' AND expires_at > $5";
        let done = on_writer!(self, pool => sqlx::query(sql)
            .bind(id)
            .bind(status)
            .bind(reason)
            .bind(game_id)
            .bind(now)
            .execute(pool)
            .await?
            .rows_affected());
        Ok(done == 1)
    }

    /// Notes the game made for an accepted challenge; or, with no game (it could not
    /// be made), calls the challenge off with `reason`.
    pub async fn challenge_game(
        &self,
        id: &str,
        game_id: Option<&str>,
        reason: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let (sql, text) = match game_id {
            Some(game) => ("UPDATE challenges SET game_id = $2, updated_at = $3 WHERE id = $1", game),
            None => ("UPDATE challenges SET status = 'canceled', reason = $2, updated_at = $3 WHERE id = $1", reason),
        };
        on_writer!(self, pool => sqlx::query(sql).bind(id).bind(text).bind(now).execute(pool).await.map(|_| ()))?;
        Ok(())
    }

    /// The games going on in which `account` holds a seat, however they were made
    /// (an accepted challenge, a tournament's pairing, a join), oldest first.
    pub async fn ongoing_games_of(&self, account: i64) -> Result<Vec<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE (first_account = $1 OR second_account = $1) \
             AND status = 'ongoing' ORDER BY created_at, id LIMIT 500"
        );
        let found = on_pool!(self, pool => {
            let rows = sqlx::query(&sql).bind(account).fetch_all(pool).await?;
            rows.iter().map(game_from_row).collect::<Result<Vec<_>, _>>()?
        });
        Ok(found)
    }
}
