//! Runs in PostgreSQL: stored with their pairs, handed out under leases with row
//! locks (`FOR UPDATE SKIP LOCKED`), and their results stored once each, the test
//! evaluated from what is stored after every pair.

use std::time::Duration;

use arbiter_match::stats::{Sprt, Tally, Verdict};
use serde::Serialize;
use sqlx::Row;
use sqlx::postgres::PgPool;

use crate::store::{Store, StoreError};

/// Why a run operation failed.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The database is SQLite, which one process keeps to itself.
    #[error("runs are shared through PostgreSQL: give --database postgres://USER@HOST:PORT/DB")]
    NotPostgres,
    /// A run of that name exists already.
    #[error("a run named {0:?} exists already: give the new run another --run name")]
    NameTaken(String),
    /// The database failed or refused an operation.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for RunError {
    fn from(error: sqlx::Error) -> RunError {
        RunError::Store(error.into())
    }
}

/// A run to store: two engines' match and its pairs of games.
#[derive(Clone, Debug)]
pub struct NewRun {
    /// Its name, unique in the database.
    pub name: String,
    /// The game's name (`xiangqi`, ...).
    pub game: String,
    /// The engines' names: the first is the one the results are seen from.
    pub engines: [String; 2],
    /// The time control, as the records' `TimeControl` writes it.
    pub time_control: String,
    /// The match's flags, which each worker reads again.
    pub flags: Vec<String>,
    /// The test that ends the run, if any.
    pub sprt: Option<Sprt>,
    /// Each pair's opening line (empty for the standard start) and seed.
    pub pairs: Vec<(String, i64)>,
}

/// A stored run as a worker needs it.
#[derive(Clone, Debug)]
pub struct RunRow {
    /// The run's id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The game's name.
    pub game: String,
    /// The engines' names.
    pub engines: [String; 2],
    /// The match's flags.
    pub flags: Vec<String>,
    /// `running`, `finished` or `stopped`.
    pub status: String,
    /// The pairs it plays at most.
    pub pairs: i32,
}

/// A pair handed to a worker.
#[derive(Clone, Debug)]
pub struct Claim {
    /// The run's id.
    pub run: i64,
    /// The pair, from 0.
    pub pair: i32,
    /// The opening's line (empty for the standard start).
    pub opening: String,
    /// The pair's seed.
    pub seed: i64,
    /// Which handing out of the pair this is, from 1: the claim is known by it.
    pub attempt: i32,
    /// The worker that holds it.
    pub worker: String,
}

/// One finished game of a pair.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The engine that moved first.
    pub first_player: String,
    /// Its opponent.
    pub second_player: String,
    /// The result token (`1-0`, ...).
    pub result: String,
    /// Why it ended, by the termination's stable name.
    pub termination: String,
    /// What happened, in a sentence.
    pub detail: String,
    /// The moves of the game.
    pub plies: i32,
    /// The game's record (PGN, PDN, ...).
    pub record: String,
    /// The run's first engine's points, in half points: 0, 1 or 2.
    pub half_points: i16,
}

/// What became of a pair handed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// Counted; the run ended with it when `ended` says so.
    Counted {
        /// The run's verdict if this pair ended it.
        ended: Option<&'static str>,
    },
    /// Another worker stored this pair first (it held it after this worker's lease
    /// ran out); not counted again.
    AlreadyStored,
    /// The run was over before this pair came in; not counted.
    RunOver,
}

/// What a run's stored results say, for the page and the API.
#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    /// Games counted.
    pub games: u32,
    /// Pairs counted.
    pub pairs: u32,
    /// Seen from the first engine: wins, draws, losses and the pairs by points.
    pub tally: Tally,
    /// The first engine's share of the points, once a game is counted.
    pub score: Option<f64>,
    /// The Elo difference with the half width of its 95% interval, once finite.
    pub elo: Option<arbiter_match::stats::Elo>,
    /// The likelihood that the first engine is the stronger.
    pub los: f64,
    /// The test, when the run has one.
    pub sprt: Option<SprtView>,
}

/// Where a run's test stands.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SprtView {
    /// The test's settings.
    pub test: Sprt,
    /// The ratio at or below which H0 is accepted.
    pub lower: f64,
    /// The ratio at or above which H1 is accepted.
    pub upper: f64,
    /// The log-likelihood ratio of the counted pairs.
    pub llr: f64,
}

/// A run as the page and the API show it.
#[derive(Clone, Debug, Serialize)]
pub struct RunView {
    /// The run's id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The game's name.
    pub game: String,
    /// The engines; the results are seen from the first.
    pub engines: [String; 2],
    /// The time control.
    pub time_control: String,
    /// `running`, `finished` or `stopped`.
    pub status: String,
    /// `h0`, `h1`, `games` or `stopped`, once over.
    pub verdict: Option<String>,
    /// Games the run plays at most.
    pub games_scheduled: u32,
    /// Milliseconds since the epoch.
    pub created_at: i64,
    /// Milliseconds since the epoch, once over.
    pub finished_at: Option<i64>,
    /// The workers holding one of its pairs now.
    pub workers: Vec<String>,
    /// What the stored results say.
    pub standing: Standing,
}

/// A counted game, for the list of records.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The pair, from 0.
    pub pair: i32,
    /// 0: the first engine moved first; 1: colours swapped.
    pub game: i16,
    /// The engine that moved first.
    pub first_player: String,
    /// Its opponent.
    pub second_player: String,
    /// The result token.
    pub result: String,
    /// Why it ended, as stored: the termination's words (`time forfeit`); the API
    /// sends its code (`time_forfeit`), as everywhere else.
    #[serde(serialize_with = "termination_code")]
    pub termination: String,
    /// What happened.
    pub detail: String,
    /// The moves of the game.
    pub plies: i32,
    /// The worker that played it.
    pub worker: String,
}

/// A stored termination's words as its code (`time forfeit` as `time_forfeit`), a name
/// that is no termination's as it is.
fn termination_code<S: serde::Serializer>(words: &str, serializer: S) -> Result<S::Ok, S::Error> {
    match words.parse::<arbiter::Termination>() {
        Ok(termination) => serializer.serialize_str(termination.code()),
        Err(_) => serializer.serialize_str(words),
    }
}

/// The tally of results given as (first game, second game, pairs) in half points.
fn tally_of(rows: impl IntoIterator<Item = (i16, i16, i64)>) -> Tally {
    let mut tally = Tally::default();
    for (first, second, count) in rows {
        let count = u32::try_from(count).unwrap_or(u32::MAX);
        for half in [first, second] {
            match half {
                2 => tally.wins += count,
                1 => tally.draws += count,
                _ => tally.losses += count,
            }
        }
        tally.pairs[usize::try_from(first + second).unwrap_or(0).min(4)] += count;
    }
    tally
}

/// The run's verdict, if its stored pairs end it: the test's, or the game count's.
fn verdict(sprt: Option<Sprt>, tally: &Tally, scheduled: i32) -> Option<&'static str> {
    match sprt.and_then(|test| test.verdict(tally)) {
        Some(Verdict::H0) => Some("h0"),
        Some(Verdict::H1) => Some("h1"),
        None => (i64::from(tally.pairs.iter().sum::<u32>()) >= i64::from(scheduled)).then_some("games"),
    }
}

fn standing(sprt: Option<Sprt>, tally: Tally) -> Standing {
    let pairs = tally.pairs.iter().sum();
    Standing {
        games: tally.games(),
        pairs,
        score: tally.score(),
        elo: tally.elo(),
        los: tally.los(),
        sprt: sprt.map(|test| {
            let (lower, upper) = test.bounds();
            SprtView { test, lower, upper, llr: tally.llr(test.elo0, test.elo1) }
        }),
        tally,
    }
}

fn sprt_of(row: &sqlx::postgres::PgRow) -> Result<Option<Sprt>, sqlx::Error> {
    let values: [Option<f64>; 4] =
        [row.try_get("sprt_elo0")?, row.try_get("sprt_elo1")?, row.try_get("sprt_alpha")?, row.try_get("sprt_beta")?];
    Ok(match values {
        [Some(elo0), Some(elo1), Some(alpha), Some(beta)] => Some(Sprt { elo0, elo1, alpha, beta }),
        _ => None,
    })
}

const RUN_COLUMNS: &str = "id, name, game, first_engine, second_engine, time_control, flags, sprt_elo0, sprt_elo1, \
     sprt_alpha, sprt_beta, pairs, status, verdict, (EXTRACT(EPOCH FROM created_at) * 1000)::BIGINT AS created_ms, \
     (EXTRACT(EPOCH FROM finished_at) * 1000)::BIGINT AS finished_ms";

fn run_row(row: &sqlx::postgres::PgRow) -> Result<RunRow, sqlx::Error> {
    Ok(RunRow {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        game: row.try_get("game")?,
        engines: [row.try_get("first_engine")?, row.try_get("second_engine")?],
        flags: row.try_get("flags")?,
        status: row.try_get("status")?,
        pairs: row.try_get("pairs")?,
    })
}

/// The runs of a PostgreSQL database.
#[derive(Clone)]
pub struct Runs {
    pool: PgPool,
}

impl Runs {
    /// Opens the database at `url` as the server does (its schema brought up to
    /// date), refusing SQLite.
    pub async fn connect(url: &str, timeout: Duration) -> Result<Runs, RunError> {
        if !(url.starts_with("postgres:") || url.starts_with("postgresql:")) {
            return Err(RunError::NotPostgres);
        }
        Runs::on(&Store::connect(url, timeout).await?).ok_or(RunError::NotPostgres)
    }

    /// The runs of a server's store, if it is PostgreSQL.
    pub(crate) fn on(store: &Store) -> Option<Runs> {
        match store {
            Store::Postgres { pool, .. } => Some(Runs { pool: pool.clone() }),
            Store::Sqlite { .. } => None,
        }
    }

    /// Stores a run and its pairs, all queued; returns its id.
    pub async fn create(&self, run: &NewRun) -> Result<i64, RunError> {
        let mut tx = self.pool.begin().await?;
        let sql = "INSERT INTO runs (name, game, first_engine, second_engine, time_control, flags, sprt_elo0, \
                   sprt_elo1, sprt_alpha, sprt_beta, pairs) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
                   ON CONFLICT (name) DO NOTHING RETURNING id";
        let id: Option<i64> = sqlx::query_scalar(sql)
            .bind(&run.name)
            .bind(&run.game)
            .bind(&run.engines[0])
            .bind(&run.engines[1])
            .bind(&run.time_control)
            .bind(&run.flags)
            .bind(run.sprt.map(|s| s.elo0))
            .bind(run.sprt.map(|s| s.elo1))
            .bind(run.sprt.map(|s| s.alpha))
            .bind(run.sprt.map(|s| s.beta))
            .bind(i32::try_from(run.pairs.len()).unwrap_or(i32::MAX))
            .fetch_optional(&mut *tx)
            .await?;
        let Some(id) = id else { return Err(RunError::NameTaken(run.name.clone())) };
        let (openings, seeds): (Vec<String>, Vec<i64>) = run.pairs.iter().cloned().unzip();
        // One statement for every pair, however many.
        sqlx::query(
            "INSERT INTO run_pairs (run_id, pair, opening, seed) \
             SELECT $1, (n - 1)::INTEGER, o, s FROM UNNEST($2::TEXT[], $3::BIGINT[]) WITH ORDINALITY AS t(o, s, n)",
        )
        .bind(id)
        .bind(&openings)
        .bind(&seeds)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The run named `name`, if there is one.
    pub async fn by_name(&self, name: &str) -> Result<Option<RunRow>, RunError> {
        let sql = format!("SELECT {RUN_COLUMNS} FROM runs WHERE name = $1");
        let row = sqlx::query(&sql).bind(name).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(run_row).transpose()?)
    }

    /// The runs still running, oldest first; only `name` if given.
    pub async fn running(&self, name: Option<&str>) -> Result<Vec<RunRow>, RunError> {
        let sql = format!(
            "SELECT {RUN_COLUMNS} FROM runs WHERE status = 'running' AND ($1::TEXT IS NULL OR name = $1) ORDER BY id"
        );
        let rows = sqlx::query(&sql).bind(name).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(run_row).collect::<Result<_, _>>()?)
    }

    /// Hands `worker` the first pair of the runs `runs` that is queued, or whose
    /// lease has run out, under a lease of `lease`; `None` when there is none. Pairs
    /// another worker is taking at the same moment are skipped, not waited for.
    pub async fn claim(&self, worker: &str, runs: &[i64], lease: Duration) -> Result<Option<Claim>, RunError> {
        let sql = "UPDATE run_pairs p SET state = 'taken', worker = $1, \
                   lease_until = now() + make_interval(secs => $2), attempts = p.attempts + 1 \
                   FROM (SELECT q.run_id, q.pair FROM run_pairs q JOIN runs r ON r.id = q.run_id \
                         WHERE r.status = 'running' AND q.run_id = ANY($3) \
                         AND (q.state = 'queued' OR (q.state = 'taken' AND q.lease_until < now())) \
                         ORDER BY q.run_id, q.pair LIMIT 1 FOR UPDATE OF q SKIP LOCKED) AS chosen \
                   WHERE p.run_id = chosen.run_id AND p.pair = chosen.pair \
                   RETURNING p.run_id, p.pair, p.opening, p.seed, p.attempts";
        let row = sqlx::query(sql).bind(worker).bind(lease.as_secs_f64()).bind(runs).fetch_optional(&self.pool).await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some(Claim {
            run: row.try_get("run_id")?,
            pair: row.try_get("pair")?,
            opening: row.try_get("opening")?,
            seed: row.try_get("seed")?,
            attempt: row.try_get("attempts")?,
            worker: worker.to_owned(),
        }))
    }

    /// Extends the claim's lease by `lease` from now; `false` once the pair is no
    /// longer the claim's (handed to another worker, or stored) or the run is over.
    pub async fn renew(&self, claim: &Claim, lease: Duration) -> Result<bool, RunError> {
        let sql = "UPDATE run_pairs p SET lease_until = now() + make_interval(secs => $4) FROM runs r \
                   WHERE p.run_id = $1 AND p.pair = $2 AND p.attempts = $3 AND p.state = 'taken' \
                   AND r.id = p.run_id AND r.status = 'running'";
        let done = sqlx::query(sql)
            .bind(claim.run)
            .bind(claim.pair)
            .bind(claim.attempt)
            .bind(lease.as_secs_f64())
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Gives the claim's pair back to the queue at once (a worker that stops).
    pub async fn release(&self, claim: &Claim) -> Result<(), RunError> {
        let sql = "UPDATE run_pairs SET state = 'queued', worker = NULL, lease_until = NULL \
                   WHERE run_id = $1 AND pair = $2 AND attempts = $3 AND state = 'taken'";
        sqlx::query(sql).bind(claim.run).bind(claim.pair).bind(claim.attempt).execute(&self.pool).await?;
        Ok(())
    }

    /// Stores the claim's two games and the pair's result in one transaction, then
    /// evaluates the run's test (and its game count) from every stored result,
    /// ending the run if it decides. The run's row is locked meanwhile, so pairs are
    /// counted one at a time and none after the run ended.
    pub async fn store(&self, claim: &Claim, games: &[PlayedGame; 2]) -> Result<Stored, RunError> {
        let mut tx = self.pool.begin().await?;
        let sql = format!("SELECT {RUN_COLUMNS} FROM runs WHERE id = $1 FOR UPDATE");
        let run = sqlx::query(&sql).bind(claim.run).fetch_one(&mut *tx).await?;
        let status: String = run.try_get("status")?;
        if status != "running" {
            return Ok(Stored::RunOver);
        }
        let sql = "INSERT INTO run_results (run_id, pair, worker, attempt, first_game, second_game) \
                   VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (run_id, pair) DO NOTHING";
        let inserted = sqlx::query(sql)
            .bind(claim.run)
            .bind(claim.pair)
            .bind(&claim.worker)
            .bind(claim.attempt)
            .bind(games[0].half_points)
            .bind(games[1].half_points)
            .execute(&mut *tx)
            .await?;
        if inserted.rows_affected() == 0 {
            return Ok(Stored::AlreadyStored);
        }
        for (index, game) in games.iter().enumerate() {
            let sql = "INSERT INTO run_games (run_id, pair, game, first_player, second_player, result, termination, \
                       detail, plies, record) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";
            sqlx::query(sql)
                .bind(claim.run)
                .bind(claim.pair)
                .bind(i16::try_from(index).unwrap_or(1))
                .bind(&game.first_player)
                .bind(&game.second_player)
                .bind(&game.result)
                .bind(&game.termination)
                .bind(&game.detail)
                .bind(game.plies)
                .bind(&game.record)
                .execute(&mut *tx)
                .await?;
        }
        let sql =
            "UPDATE run_pairs SET state = 'done', worker = $3, lease_until = NULL WHERE run_id = $1 AND pair = $2";
        sqlx::query(sql).bind(claim.run).bind(claim.pair).bind(&claim.worker).execute(&mut *tx).await?;
        let tally = self.tally(&mut tx, claim.run).await?;
        let ended = verdict(sprt_of(&run)?, &tally, run.try_get("pairs")?);
        if let Some(verdict) = ended {
            let sql = "UPDATE runs SET status = 'finished', verdict = $2, finished_at = now() WHERE id = $1";
            sqlx::query(sql).bind(claim.run).bind(verdict).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(Stored::Counted { ended })
    }

    /// The tally of every stored result of run `id`.
    async fn tally(&self, connection: &mut sqlx::PgConnection, id: i64) -> Result<Tally, RunError> {
        let sql = "SELECT first_game, second_game, COUNT(*) FROM run_results WHERE run_id = $1 GROUP BY 1, 2";
        let rows: Vec<(i16, i16, i64)> = sqlx::query_as(sql).bind(id).fetch_all(connection).await?;
        Ok(tally_of(rows))
    }

    /// Stops the run named `name`: `None` if there is none, `Some(false)` if it was
    /// over already.
    pub async fn stop(&self, name: &str) -> Result<Option<bool>, RunError> {
        let sql = "UPDATE runs SET status = 'stopped', verdict = 'stopped', finished_at = now() \
                   WHERE name = $1 AND status = 'running'";
        let done = sqlx::query(sql).bind(name).execute(&self.pool).await?;
        if done.rows_affected() == 1 {
            return Ok(Some(true));
        }
        Ok(self.by_name(name).await?.map(|_| false))
    }

    /// Every run, newest first, with its standing.
    pub async fn list(&self) -> Result<Vec<RunView>, RunError> {
        let sql = format!("SELECT {RUN_COLUMNS} FROM runs ORDER BY id DESC LIMIT 200");
        let rows = sqlx::query(&sql).fetch_all(&self.pool).await?;
        let mut views = Vec::with_capacity(rows.len());
        for row in &rows {
            views.push(self.view_of(row).await?);
        }
        Ok(views)
    }

    /// Run `id` with its standing, if there is one.
    pub async fn view(&self, id: i64) -> Result<Option<RunView>, RunError> {
        let sql = format!("SELECT {RUN_COLUMNS} FROM runs WHERE id = $1");
        match sqlx::query(&sql).bind(id).fetch_optional(&self.pool).await? {
            Some(row) => Ok(Some(self.view_of(&row).await?)),
            None => Ok(None),
        }
    }

    async fn view_of(&self, row: &sqlx::postgres::PgRow) -> Result<RunView, RunError> {
        let id: i64 = row.try_get("id")?;
        let mut connection = self.pool.acquire().await?;
        let tally = self.tally(&mut connection, id).await?;
        let sql = "SELECT DISTINCT worker FROM run_pairs WHERE run_id = $1 AND state = 'taken' AND lease_until > now() \
                   ORDER BY worker";
        let workers: Vec<String> = sqlx::query_scalar(sql).bind(id).fetch_all(&mut *connection).await?;
        let pairs: i32 = row.try_get("pairs")?;
        Ok(RunView {
            id,
            name: row.try_get("name")?,
            game: row.try_get("game")?,
            engines: [row.try_get("first_engine")?, row.try_get("second_engine")?],
            time_control: row.try_get("time_control")?,
            status: row.try_get("status")?,
            verdict: row.try_get("verdict")?,
            games_scheduled: u32::try_from(pairs).unwrap_or(0) * 2,
            created_at: row.try_get("created_ms")?,
            finished_at: row.try_get("finished_ms")?,
            workers,
            standing: standing(sprt_of(row)?, tally),
        })
    }

    /// The ratio after each stored pair, in the order they were stored, as (games,
    /// ratio); empty without a test.
    pub async fn llr_history(&self, view: &RunView) -> Result<Vec<(u32, f64)>, RunError> {
        let Some(sprt) = view.standing.sprt else { return Ok(Vec::new()) };
        let sql = "SELECT first_game, second_game FROM run_results WHERE run_id = $1 ORDER BY seq";
        let rows: Vec<(i16, i16)> = sqlx::query_as(sql).bind(view.id).fetch_all(&self.pool).await?;
        let mut tally = Tally::default();
        let mut points = Vec::with_capacity(rows.len());
        for (first, second) in rows {
            let one = tally_of([(first, second, 1)]);
            tally.wins += one.wins;
            tally.draws += one.draws;
            tally.losses += one.losses;
            for (sum, add) in tally.pairs.iter_mut().zip(one.pairs) {
                *sum += add;
            }
            points.push((tally.games(), tally.llr(sprt.test.elo0, sprt.test.elo1)));
        }
        Ok(points)
    }

    /// Run `id`'s counted games, by pair.
    pub async fn games(&self, id: i64) -> Result<Vec<GameView>, RunError> {
        let sql = "SELECT g.pair, g.game, g.first_player, g.second_player, g.result, g.termination, g.detail, g.plies, \
                   r.worker FROM run_games g JOIN run_results r ON r.run_id = g.run_id AND r.pair = g.pair \
                   WHERE g.run_id = $1 ORDER BY g.pair, g.game";
        let rows = sqlx::query(sql).bind(id).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                Ok(GameView {
                    pair: row.try_get("pair")?,
                    game: row.try_get("game")?,
                    first_player: row.try_get("first_player")?,
                    second_player: row.try_get("second_player")?,
                    result: row.try_get("result")?,
                    termination: row.try_get("termination")?,
                    detail: row.try_get("detail")?,
                    plies: row.try_get("plies")?,
                    worker: row.try_get("worker")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(RunError::from)
    }

    /// The records of run `id`'s counted games, by pair, or of one game.
    pub async fn records(&self, id: i64, one: Option<(i32, i16)>) -> Result<Vec<String>, RunError> {
        let sql = "SELECT record FROM run_games WHERE run_id = $1 AND ($2::INTEGER IS NULL OR (pair = $2 AND game = $3)) \
                   ORDER BY pair, game";
        let records = sqlx::query_scalar(sql)
            .bind(id)
            .bind(one.map(|o| o.0))
            .bind(one.map(|o| o.1))
            .fetch_all(&self.pool)
            .await?;
        Ok(records)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tally_counts_games_and_pairs_from_half_points() {
        let tally = tally_of([(2, 1, 3), (0, 0, 1), (1, 1, 2)]);
        assert_eq!((tally.wins, tally.draws, tally.losses), (3, 3 + 4, 2));
        assert_eq!(tally.pairs, [1, 0, 2, 3, 0]);
    }

    #[test]
    fn a_run_ends_by_its_test_or_its_game_count() {
        let test = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
        let undecided = tally_of([(2, 1, 3), (0, 1, 3), (1, 1, 4)]);
        assert_eq!(verdict(Some(test), &undecided, 20), None);
        assert_eq!(verdict(Some(test), &undecided, 10), Some("games"));
        assert_eq!(verdict(None, &undecided, 11), None);
        let strong = tally_of([(2, 2, 200), (2, 1, 50)]);
        assert_eq!(verdict(Some(test), &strong, 1000), Some("h1"));
        assert_eq!(verdict(Some(test), &strong.reversed(), 1000), Some("h0"));
    }

    #[test]
    fn a_games_termination_goes_out_as_its_code_and_an_unknown_one_as_stored() {
        let game = |termination: &str| GameView {
            pair: 0,
            game: 0,
            first_player: "a".into(),
            second_player: "b".into(),
            result: "1-0".into(),
            termination: termination.into(),
            detail: String::new(),
            plies: 1,
            worker: "w".into(),
        };
        let sent = |termination: &str| serde_json::to_value(game(termination)).unwrap()["termination"].clone();
        assert_eq!(sent("time forfeit"), "time_forfeit");
        assert_eq!(sent("25 moves of kings only"), "twenty_five_king_moves");
        assert_eq!(sent("time"), "time_forfeit", "the name stored before 0.2");
        assert_eq!(sent("something else"), "something else");
    }
}
