//! Ratings in the database: each account's rating in each game, what each rated game
//! did to it, the leaderboards, and a player's games.

use sqlx::Row;

use super::games::{GAME_COLUMNS, Store, StoreError, game_from_row, on_pool, on_writer};
use crate::ratings::glicko::{Rating, START};
use crate::rows::{GameRow, RATED, RATED_DONE};

/// An account's rating in one game, as stored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    /// The rating, as of its last rated game.
    pub rating: Rating,
    /// Rated games played.
    pub games: i64,
    /// When its last rated game ended (its RD grows with the time since).
    pub rated_at: i64,
}

/// A rated game's change to one player's rating.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct RatingChange {
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
    /// The RD after it.
    pub rd: f64,
    /// When the game ended.
    pub at: i64,
}

/// A finished game's players and its end, as rating it needs.
pub struct Rated {
    /// The game's id.
    pub id: String,
    /// The game's kind by name.
    pub game: String,
    /// The accounts of the first and the second seat.
    pub accounts: [i64; 2],
    /// When the game ended.
    pub at: i64,
}

impl Store {
    /// Rates a rated game once: its players' ratings in its game are read, changed by
    /// `rate` and written back with what changed, in one transaction that also marks
    /// the game rated (so that of two servers, or a server and its sweep, one rates it).
    /// `false` if the game was rated already.
    pub async fn rate_game(
        &self,
        game: &Rated,
        rate: impl Fn([Standing; 2]) -> [Rating; 2],
    ) -> Result<bool, StoreError> {
        let lock = if self.is_postgres() { " FOR UPDATE" } else { "" };
        let mark = "UPDATE games SET rated = $2 WHERE id = $1 AND rated = $3";
        let start = "INSERT INTO ratings (account_id, game, rating, rd, volatility, games, rated_at) \
                     VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (account_id, game) DO NOTHING";
        let read = format!(
            "SELECT rating, rd, volatility, games, rated_at FROM ratings WHERE account_id = $1 AND game = $2{lock}"
        );
        let write = "UPDATE ratings SET rating = $3, rd = $4, volatility = $5, games = games + 1, rated_at = $6 \
                     WHERE account_id = $1 AND game = $2";
        let record = "INSERT INTO rating_changes (game_id, account_id, game, rating_before, rd_before, rating_after, \
                      rd_after, volatility_after, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
        // The rows are locked in the order of the accounts, so that two games of the
        // same players rated at once cannot wait for each other.
        let mut order = [0, 1];
        order.sort_by_key(|&i| game.accounts[i]);
        let done = on_writer!(self, pool => {
            let mut transaction = pool.begin().await?;
            let marked = sqlx::query(mark)
                .bind(&game.id)
                .bind(RATED_DONE)
                .bind(RATED)
                .execute(&mut *transaction)
                .await?
                .rows_affected();
            if marked == 1 {
                let mut standings = [Standing { rating: START, games: 0, rated_at: game.at }; 2];
                for &seat in &order {
                    let account = game.accounts[seat];
                    sqlx::query(start)
                        .bind(account)
                        .bind(&game.game)
                        .bind(START.rating)
                        .bind(START.rd)
                        .bind(START.volatility)
                        .bind(game.at)
                        .execute(&mut *transaction)
                        .await?;
                    let row = sqlx::query(&read).bind(account).bind(&game.game).fetch_one(&mut *transaction).await?;
                    standings[seat] = Standing {
                        rating: Rating {
                            rating: row.try_get("rating")?,
                            rd: row.try_get("rd")?,
                            volatility: row.try_get("volatility")?,
                        },
                        games: row.try_get("games")?,
                        rated_at: row.try_get("rated_at")?,
                    };
                }
                let after = rate(standings);
                for seat in order {
                    let (account, new) = (game.accounts[seat], after[seat]);
                    sqlx::query(write)
                        .bind(account)
                        .bind(&game.game)
                        .bind(new.rating)
                        .bind(new.rd)
                        .bind(new.volatility)
                        .bind(game.at)
                        .execute(&mut *transaction)
                        .await?;
                    sqlx::query(record)
                        .bind(&game.id)
                        .bind(account)
                        .bind(&game.game)
                        .bind(standings[seat].rating.rating)
                        .bind(standings[seat].rating.rd)
                        .bind(new.rating)
                        .bind(new.rd)
                        .bind(new.volatility)
                        .bind(game.at)
                        .execute(&mut *transaction)
                        .await?;
                }
                transaction.commit().await?;
            }
            marked == 1
        });
        Ok(done)
    }

    /// Marks rated game `id` as done without changing a rating (it was aborted).
    pub async fn unrate(&self, id: &str) -> Result<bool, StoreError> {
        let sql = "UPDATE games SET rated = $2 WHERE id = $1 AND rated = $3";
        let done = on_writer!(self, pool => sqlx::query(sql).bind(id).bind(RATED_DONE).bind(RATED).execute(pool).await?.rows_affected());
        Ok(done == 1)
    }

    /// Finished rated games whose ratings have not changed yet (a server stopped
    /// between the two), a few at a time.
    pub async fn games_to_rate(&self) -> Result<Vec<GameRow>, StoreError> {
        let sql = format!("SELECT {} FROM games WHERE rated = $1 AND status = 'finished' LIMIT 50", GAME_COLUMNS);
        let rows = on_pool!(self, pool => {
            let rows = sqlx::query(&sql).bind(RATED).fetch_all(pool).await?;
            rows.iter().map(game_from_row).collect::<Result<Vec<_>, _>>()?
        });
        Ok(rows)
    }

    /// The ratings of `account`, by game.
    pub async fn standings(&self, account: i64) -> Result<Vec<(String, Standing)>, StoreError> {
        let sql =
            "SELECT game, rating, rd, volatility, games, rated_at FROM ratings WHERE account_id = $1 ORDER BY game";
        let rows = on_pool!(self, pool => sqlx::query_as::<_, (String, f64, f64, f64, i64, i64)>(sql).bind(account).fetch_all(pool).await?);
        Ok(rows
            .into_iter()
            .map(|(game, rating, rd, volatility, games, rated_at)| {
                (game, Standing { rating: Rating { rating, rd, volatility }, games, rated_at })
            })
            .collect())
    }

    /// The rating of `account` in `game`, if it has played a rated game of it.
    pub async fn standing(&self, account: i64, game: &str) -> Result<Option<Standing>, StoreError> {
        Ok(self.standings(account).await?.into_iter().find(|(g, _)| g == game).map(|(_, s)| s))
    }

    /// The last `most` changes of `account`'s rating in each game, oldest first.
    pub async fn rating_history(&self, account: i64, most: i64) -> Result<Vec<(String, RatingChange)>, StoreError> {
        let sql = "SELECT game, rating_before, rating_after, rd_after, at FROM rating_changes WHERE account_id = $1 \
                   ORDER BY at DESC, game_id LIMIT $2";
        let rows = on_pool!(self, pool => sqlx::query_as::<_, (String, f64, f64, f64, i64)>(sql).bind(account).bind(most).fetch_all(pool).await?);
        Ok(rows
            .into_iter()
            .rev()
            .map(|(game, before, after, rd, at)| (game, RatingChange { before, after, rd, at }))
            .collect())
    }

    /// The rating changes of `account` in the games `ids`.
    pub async fn rating_changes(
        &self,
        account: i64,
        ids: &[String],
    ) -> Result<Vec<(String, RatingChange)>, StoreError> {
        let mut found = Vec::new();
        let sql = "SELECT game_id, rating_before, rating_after, rd_after, at FROM rating_changes \
                   WHERE account_id = $1 AND game_id = $2";
        for id in ids {
            let row = on_pool!(self, pool => sqlx::query_as::<_, (String, f64, f64, f64, i64)>(sql).bind(account).bind(id).fetch_optional(pool).await?);
            if let Some((id, before, after, rd, at)) = row {
                found.push((id, RatingChange { before, after, rd, at }));
            }
        }
        Ok(found)
    }

    /// The best-rated accounts in `game` whose stored RD is at most `max_rd`, best
    /// first, with their names: at most `most`.
    pub async fn leaders(&self, game: &str, max_rd: f64, most: i64) -> Result<Vec<(String, Standing)>, StoreError> {
        let sql = "SELECT a.name, r.rating, r.rd, r.volatility, r.games, r.rated_at FROM ratings r \
                   JOIN accounts a ON a.id = r.account_id WHERE r.game = $1 AND r.rd <= $2 \
                   ORDER BY r.rating DESC, a.name_key LIMIT $3";
        let rows = on_pool!(self, pool => sqlx::query_as::<_, (String, f64, f64, f64, i64, i64)>(sql).bind(game).bind(max_rd).bind(most).fetch_all(pool).await?);
        Ok(rows
            .into_iter()
            .map(|(name, rating, rd, volatility, games, rated_at)| {
                (name, Standing { rating: Rating { rating, rd, volatility }, games, rated_at })
            })
            .collect())
    }

    /// The games of `account`, newest first (a game over by when it ended, one going
    /// on by when it was made): those going on (`Some(true)`), those over
    /// (`Some(false)`) or all; a page of them, and how many there are in all.
    pub async fn player_games(
        &self,
        account: i64,
        ongoing: Option<bool>,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<GameRow>, i64), StoreError> {
        let status = match ongoing {
            Some(true) => " AND status = 'ongoing'",
            Some(false) => " AND status = 'finished'",
            None => "",
        };
        let filter = format!("(first_account = $1 OR second_account = $1){status}");
        let sql = format!(
            "SELECT {} FROM games WHERE {filter} ORDER BY COALESCE(ended_at, created_at) DESC, id LIMIT $2 OFFSET $3",
            GAME_COLUMNS
        );
        let count = format!("SELECT COUNT(*) FROM games WHERE {filter}");
        let found = on_pool!(self, pool => {
            let rows = sqlx::query(&sql).bind(account).bind(limit).bind(offset).fetch_all(pool).await?;
            let games = rows.iter().map(game_from_row).collect::<Result<Vec<_>, _>>()?;
            let total: i64 = sqlx::query_scalar(&count).bind(account).fetch_one(pool).await?;
            (games, total)
        });
        Ok(found)
    }
}
