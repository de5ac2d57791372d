//! The scenarios on the embedded SQLite default, and a restart after `kill -9`.

use reqwest::StatusCode;
use serde_json::json;

use crate::harness::{Server, create, play, play_all, state};
use crate::scenarios;

fn database(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}", dir.path().join("arbiter.db").display())
}

#[tokio::test]
async fn sqlite_serves_every_scenario() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&database(&dir));
    scenarios::all(&server).await;
}

#[tokio::test]
async fn sqlite_serves_a_place_to_play() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&database(&dir));
    crate::lobby::all(&server).await;
}

#[tokio::test]
async fn sqlite_loses_no_acknowledged_move_when_killed() {
    let dir = tempfile::tempdir().unwrap();
    let client = reqwest::Client::new();
    let server = Server::start(&database(&dir));
    let game = create(&client, &server, "draughts", json!({})).await;
    let acknowledged = play_all(&client, &server, &game, &["32-28", "19-23", "28x19"]).await;
    server.kill();

    let restarted = Server::start(&database(&dir));
    let after = state(&client, &restarted, &game.id).await;
    assert_eq!(after, acknowledged);
    let (status, body) = play(&client, &restarted, &game.id, &game.second, "14x23", 3).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn sqlite_runs_tournaments() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&database(&dir), &crate::accounts::OPTIONS);
    crate::tournaments::all(&server).await;
}

#[test]
fn serve_creates_the_default_database_in_the_working_directory() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .current_dir(dir.path())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut line).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(line.contains("database sqlite://arbiter.db"), "{line}");
    assert!(dir.path().join("arbiter.db").exists());
}

#[tokio::test]
async fn a_restart_keeps_counting_the_moves_of_a_period() {
    let dir = tempfile::tempdir().unwrap();
    let client = reqwest::Client::new();
    let server = Server::start(&database(&dir));
    let game = create(&client, &server, "gomoku", json!({ "clock": { "base": 60, "moves": 2 } })).await;
    // Two untimed first moves, then one timed move each.
    play_all(&client, &server, &game, &["h8", "h9", "a1", "a2"]).await;
    server.kill();
    let restarted = Server::start(&database(&dir));
    let (status, body) = crate::harness::play(&client, &restarted, &game.id, &game.first, "a3", 4).await;
    assert_eq!(status, reqwest::StatusCode::OK, "{body}");
    let first = body["clocks"]["first"].as_u64().unwrap();
    assert!(first > 100_000, "the first side's second timed move ended its period: {body}");
}

#[tokio::test]
async fn a_restart_gives_nobody_free_time() {
    let dir = tempfile::tempdir().unwrap();
    let client = reqwest::Client::new();
    let server = Server::start(&database(&dir));
    let game = create(&client, &server, "xiangqi", json!({ "clock": { "base": 2, "increment": 0 } })).await;
    play_all(&client, &server, &game, &["h2e2", "h9g7"]).await;
    server.kill();
    // Red's clock went on running while the server was down: flagged at restart.
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    let restarted = Server::start(&database(&dir));
    let started = std::time::Instant::now();
    loop {
        let after = state(&client, &restarted, &game.id).await;
        if after["status"] == "finished" {
            assert_eq!(after["outcome"]["reason"], "time forfeit");
            assert_eq!(after["outcome"]["winner"], "black");
            break;
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(3), "not flagged after the restart: {after}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn sqlite_serves_accounts_ratings_and_players_who_leave() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&database(&dir), &crate::accounts::OPTIONS);
    crate::accounts::all(&server).await;
}

#[tokio::test]
async fn sqlite_keeps_the_rules_for_leaving_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    crate::accounts::leaving_survives_a_restart(&database(&dir)).await;
}

/// The session cookie is `Secure` when the server is told it is reached over HTTPS:
/// by `--secure-cookies`, or behind a proxy by `X-Forwarded-Proto: https` (which a
/// server not behind a proxy ignores).
#[tokio::test]
async fn the_session_cookie_is_secure_over_https() {
    let dir = tempfile::tempdir().unwrap();
    let sign_up = |server: &Server, proto: &'static str| {
        let url = server.url("/api/accounts");
        async move {
            let name = crate::accounts::unique("Sec");
            let answer = reqwest::Client::new()
                .post(url)
                .header("X-Forwarded-Proto", proto)
                .json(&json!({ "name": name, "password": "correct horse" }))
                .send()
                .await
                .unwrap();
            assert_eq!(answer.status(), StatusCode::CREATED);
            answer.headers().get("set-cookie").unwrap().to_str().unwrap().to_owned()
        }
    };
    let always = Server::start_with(&database(&dir), &["--secure-cookies"]);
    assert!(sign_up(&always, "http").await.ends_with("; Secure"));
    drop(always);
    let proxied = Server::start_with(&database(&dir), &["--behind-proxy"]);
    assert!(sign_up(&proxied, "https").await.ends_with("; Secure"));
    assert!(!sign_up(&proxied, "http").await.contains("Secure"));
    drop(proxied);
    let direct = Server::start(&database(&dir));
    assert!(!sign_up(&direct, "https").await.contains("Secure"), "X-Forwarded-Proto is nobody's word here");
}
