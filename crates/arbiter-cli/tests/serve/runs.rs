//! A match shared by workers through PostgreSQL: a run stored by `arbiter match
//! --database`, three `arbiter worker`s, one killed with SIGKILL in the middle of a
//! pair; the run ends with every pair counted once, the killed worker's pair played
//! by another, and the page and the API showing what the database holds.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::Value;
use sqlx::postgres::PgPool;

use crate::harness::Server;
use crate::postgres::database;

const ARBITER: &str = env!("CARGO_BIN_EXE_arbiter");

/// A run name no other test run of the same database has.
fn unique(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("{prefix}-{}-{nanos}", std::process::id())
}

/// Stores a run of arbiter's own engines, the first searching deeper, with `extra` flags.
fn store_run(url: &str, name: &str, extra: &[&str]) {
    let output = Command::new(ARBITER)
        .args(["match", "xiangqi", "--engine", "name=deep", "cmd=builtin", "proto=uci", "args=--depth 2"])
        .args(["--engine", "name=shallow", "cmd=builtin", "proto=uci", "args=--depth 1", "--depth", "2"])
        .args(["--database", url, "--run", name, "--workers", "0"])
        .args(extra)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
}

fn worker(url: &str, run: &str, name: &str) -> Child {
    Command::new(ARBITER)
        .args(["worker", "--database", url, "--run", run, "--name", name, "--lease", "1.5"])
        .stdout(Stdio::null())
        .spawn()
        .unwrap()
}

/// Waits for `child` to end by itself, within `limit`.
fn finished(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        assert!(start.elapsed() < limit, "a worker still runs after {limit:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

async fn json(server: &Server, path: &str) -> Value {
    let response = reqwest::get(server.url(path)).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.unwrap()
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_run_counts_every_pair_once_though_a_worker_is_killed() {
    let url = database();
    let name = unique("killed");
    store_run(&url, &name, &["--games", "12"]);
    let pool = PgPool::connect(&url).await.unwrap();
    let id: i64 = sqlx::query_scalar("SELECT id FROM runs WHERE name = $1").bind(&name).fetch_one(&pool).await.unwrap();

    let mut doomed = worker(&url, &name, "doomed");
    // Killed as soon as it holds a pair: in the middle of that pair.
    let start = Instant::now();
    let lost: i32 = loop {
        let held: Option<i32> = sqlx::query_scalar(
            "SELECT pair FROM run_pairs WHERE run_id = $1 AND worker = 'doomed' AND state = 'taken'",
        )
        .bind(id)
        .fetch_optional(&pool)
        .await
        .unwrap();
        if let Some(pair) = held {
            break pair;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "the first worker took no pair");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    doomed.kill().unwrap();
    doomed.wait().unwrap();
    let mut others = [worker(&url, &name, "w2"), worker(&url, &name, "w3")];
    let server = Server::start(&url);
    for child in &mut others {
        assert!(finished(child, Duration::from_secs(240)).success());
    }

    // Every pair counted once: six results, twelve games, none from the killed worker.
    let (status, verdict): (String, Option<String>) =
        sqlx::query_as("SELECT status, verdict FROM runs WHERE id = $1").bind(id).fetch_one(&pool).await.unwrap();
    assert_eq!((status.as_str(), verdict.as_deref()), ("finished", Some("games")));
    let results: Vec<(i32, String, i32, i16, i16)> = sqlx::query_as(
        "SELECT pair, worker, attempt, first_game, second_game FROM run_results WHERE run_id = $1 ORDER BY pair",
    )
    .bind(id)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(results.iter().map(|r| r.0).collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5]);
    assert!(results.iter().all(|r| r.1 != "doomed"), "the killed worker stored nothing: {results:?}");
    let replayed = results.iter().find(|r| r.0 == lost).unwrap();
    assert!(replayed.2 >= 2, "pair {lost} was handed out again after its lease ran out: {replayed:?}");
    let games: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM run_games WHERE run_id = $1").bind(id).fetch_one(&pool).await.unwrap();
    assert_eq!(games, 12);

    // What the database holds, counted here, against the API and the page.
    let (mut wins, mut draws, mut losses, mut pairs) = (0, 0, 0, [0u64; 5]);
    for &(_, _, _, a, b) in &results {
        for half in [a, b] {
            match half {
                2 => wins += 1,
                1 => draws += 1,
                _ => losses += 1,
            }
        }
        pairs[usize::try_from(a + b).unwrap()] += 1;
    }
    let run = json(&server, &format!("/api/runs/{id}")).await;
    let tally = &run["standing"]["tally"];
    assert_eq!(run["status"], "finished");
    assert_eq!(run["standing"]["games"], 12);
    assert_eq!(
        (tally["wins"].as_u64(), tally["draws"].as_u64(), tally["losses"].as_u64()),
        (Some(wins), Some(draws), Some(losses))
    );
    assert_eq!(tally["pairs"], serde_json::json!(pairs));
    assert_eq!(run["games"].as_array().unwrap().len(), 12);
    // Each game's ending by its termination's code, as the states and the packages
    // name it (the database keeps its words).
    let stored: Vec<String> = sqlx::query_scalar("SELECT termination FROM run_games WHERE run_id = $1")
        .bind(id)
        .fetch_all(&pool)
        .await
        .unwrap();
    for game in run["games"].as_array().unwrap() {
        let code = game["termination"].as_str().unwrap();
        let words = stored.iter().find(|w| w.parse::<arbiter::Termination>().is_ok_and(|t| t.code() == code));
        assert!(words.is_some() && !code.contains(' '), "{code} is no stored termination's code: {stored:?}");
    }
    assert!(wins > losses, "the deeper engine is the stronger: +{wins} ={draws} -{losses}");
    let listed = json(&server, "/api/runs").await;
    let entry = listed["runs"].as_array().unwrap().iter().find(|r| r["id"] == id).unwrap().clone();
    assert_eq!(entry["standing"], run["standing"]);
    let page = reqwest::get(server.url(&format!("/runs/{id}"))).await.unwrap().text().await.unwrap();
    assert!(page.contains(&format!("id=\"wdl\">{wins} {draws} {losses}<")), "{page}");
    let pentanomial = pairs.map(|p| p.to_string()).join(" ");
    assert!(page.contains(&format!("id=\"pairs\">{pentanomial}<")), "{page}");
    assert!(page.contains("id=\"games\">12 of 12<"), "{page}");
    let records = reqwest::get(server.url(&format!("/api/runs/{id}/pgn"))).await.unwrap().text().await.unwrap();
    assert_eq!(records.matches("[Result \"").count(), 12);
    let one = reqwest::get(server.url(&format!("/api/runs/{id}/pgn?pair={lost}&game=1"))).await.unwrap();
    assert_eq!(one.status(), StatusCode::OK);
    assert!(one.text().await.unwrap().contains("[Red \"shallow\"]"), "game 1 of a pair has the colours swapped");
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_run_ends_by_its_test_and_counts_no_pair_in_flight() {
    let url = database();
    let name = unique("sprt");
    // A large elo1 and wide bounds (alpha = beta = 0.1), so that the test decides
    // within a few pairs (four won pairs give H1, two drawn ones H0) but never after
    // one: with alpha = beta = 0.2 a single drawn pair is already past H0's bound.
    store_run(&url, &name, &["--games", "40", "--sprt", "elo0=0", "elo1=400", "alpha=0.1", "beta=0.1"]);
    let mut workers = [worker(&url, &name, "s1"), worker(&url, &name, "s2"), worker(&url, &name, "s3")];
    for child in &mut workers {
        assert!(finished(child, Duration::from_secs(120)).success());
    }
    let pool = PgPool::connect(&url).await.unwrap();
    let (id, status, verdict): (i64, String, Option<String>) =
        sqlx::query_as("SELECT id, status, verdict FROM runs WHERE name = $1")
            .bind(&name)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(status, "finished");
    assert!(matches!(verdict.as_deref(), Some("h0" | "h1")), "ended by its test: {verdict:?}");
    let counted: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM run_results WHERE run_id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(counted > 1 && counted < 20, "decided after {counted} pairs, before the game count");
    let server = Server::start(&url);
    let run = json(&server, &format!("/api/runs/{id}")).await;
    assert_eq!(run["standing"]["pairs"], counted);
    let sprt = &run["standing"]["sprt"];
    let (lower, upper) = (sprt["lower"].as_f64().unwrap(), sprt["upper"].as_f64().unwrap());
    // The pairs in play when the test decided are not counted: the ratio after every
    // stored pair but the last is within the bounds, and the last one's is past one.
    let history = run["llr_history"].as_array().unwrap();
    assert_eq!(history.len() as i64, counted);
    let ratios: Vec<f64> = history.iter().map(|point| point[1].as_f64().unwrap()).collect();
    let (last, before) = ratios.split_last().unwrap();
    assert!(before.iter().all(|llr| lower < *llr && *llr < upper), "{ratios:?} within ({lower}, {upper})");
    assert!(*last >= upper || *last <= lower, "the last stored ratio {last} is past a bound ({lower}, {upper})");
    assert_eq!(sprt["llr"].as_f64().unwrap(), *last);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_run_stopped_from_the_command_line_hands_out_nothing() {
    let url = database();
    let name = unique("stopped");
    store_run(&url, &name, &["--games", "4", "--sprt", "elo0=0", "elo1=10"]);
    let stop = Command::new(ARBITER).args(["match", "--database", &url, "--run", &name, "--stop"]).output().unwrap();
    assert!(stop.status.success(), "{}", String::from_utf8_lossy(&stop.stderr));
    assert_eq!(String::from_utf8_lossy(&stop.stdout).trim(), format!("run {name} stopped"));
    // A worker of the stopped run finds nothing to play and ends.
    let mut late = worker(&url, &name, "late");
    assert!(finished(&mut late, Duration::from_secs(20)).success());
    let server = Server::start(&url);
    let listed = json(&server, "/api/runs").await;
    let run = listed["runs"].as_array().unwrap().iter().find(|r| r["name"] == name.as_str()).unwrap().clone();
    assert_eq!((run["status"].as_str(), run["verdict"].as_str()), (Some("stopped"), Some("stopped")));
    assert_eq!(run["standing"]["games"], 0);
    assert_eq!(run["standing"]["sprt"]["test"]["elo1"], 10.0);
    let again = Command::new(ARBITER).args(["match", "--database", &url, "--run", &name, "--stop"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&again.stdout).trim(), format!("run {name} was over already"));
    let taken = Command::new(ARBITER)
        .args([
            "match",
            "xiangqi",
            "--engine",
            "name=a",
            "cmd=builtin",
            "proto=uci",
            "--engine",
            "name=b",
            "cmd=builtin",
        ])
        .args(["proto=uci", "--depth", "1", "--database", &url, "--run", &name, "--workers", "0"])
        .output()
        .unwrap();
    assert_eq!(taken.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&taken.stderr).contains("exists already"));
}

#[tokio::test]
async fn runs_need_postgresql() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = format!("sqlite://{}", dir.path().join("arbiter.db").display());
    let server = Server::start(&sqlite);
    let response = reqwest::get(server.url("/api/runs")).await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let body: Value = response.json().await.unwrap();
    assert!(body["error"].as_str().unwrap().contains("PostgreSQL"), "{body}");
    let worker = Command::new(ARBITER).args(["worker", "--database", &sqlite]).output().unwrap();
    assert_eq!(worker.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&worker.stderr).contains("postgres://"));
    let on_sqlite = Command::new(ARBITER)
        .args(["match", "xiangqi", "--engine", "name=a", "cmd=builtin", "proto=uci", "--engine", "name=b"])
        .args(["cmd=builtin", "proto=uci", "--depth", "1", "--games", "2", "--database", &sqlite, "--run", "r"])
        .output()
        .unwrap();
    assert_eq!(on_sqlite.status.code(), Some(2), "{}", String::from_utf8_lossy(&on_sqlite.stderr));
}
