//! The server under attack: every limit on what an anonymous client controls, memory
//! that levels off, panics that harm no other game, a database that is busy or gone,
//! and every error answered as JSON. Each test fails without what it tests.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::harness::{Server, create, next_message, next_state, next_update, play, play_all, state, watch};

fn sqlite(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}", dir.path().join("arbiter.db").display())
}

/// Sends `request` on a fresh connection and reads the answer until the server
/// closes it or `wait` passes.
fn raw(server: &Server, request: &[u8], wait: Duration) -> String {
    let mut stream = TcpStream::connect(server.host()).unwrap();
    stream.write_all(request).unwrap();
    stream.set_read_timeout(Some(wait)).unwrap();
    let mut answer = Vec::new();
    let mut buffer = [0u8; 4096];
    while let Ok(n) = stream.read(&mut buffer) {
        if n == 0 {
            break;
        }
        answer.extend_from_slice(&buffer[..n]);
    }
    String::from_utf8_lossy(&answer).into_owned()
}

/// The JSON body of a raw answer.
fn raw_json(answer: &str) -> Value {
    let body = answer.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or_default();
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {answer:?}"))
}

#[tokio::test]
async fn every_error_is_json() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&sqlite(&dir));
    let client = reqwest::Client::new();
    let method = client.delete(server.url("/api/games")).send().await.unwrap();
    assert_eq!(method.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert!(method.headers().contains_key("allow"));
    let body: Value = method.json().await.unwrap();
    assert!(body["error"].as_str().unwrap().starts_with("method not allowed"), "{body}");
    let bad_path = client.get(server.url("/api/games/%ff")).send().await.unwrap();
    assert_eq!(bad_path.status(), StatusCode::BAD_REQUEST);
    assert!(bad_path.json::<Value>().await.unwrap()["error"].as_str().unwrap().contains("UTF-8"));
    let game = create(&client, &server, "gomoku", json!({})).await;
    let not_a_socket = client.get(server.ws_url(&game.id).replacen("ws://", "http://", 1)).send().await.unwrap();
    assert!(not_a_socket.status().is_client_error());
    assert!(not_a_socket.json::<Value>().await.unwrap()["error"].is_string());
    // An address over hyper's 64 KiB limit: answered by hyper itself, given JSON.
    let long = format!("GET /api/games/{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(70_000));
    let answer = raw(&server, long.as_bytes(), Duration::from_secs(5));
    assert!(answer.starts_with("HTTP/1.1 414"), "{answer:.200}");
    assert_eq!(raw_json(&answer), json!({ "error": "the address is too long" }));
    let favicon = client.get(server.url("/favicon.ico")).send().await.unwrap();
    assert_eq!(favicon.status(), StatusCode::OK);
}

/// Bodies that are not UTF-8, options whose names hold line ends (which JSON parsers
/// quote), values far longer than any valid one (within the body limit, over which
/// bodies are a 413): each a 400 with one short line.
#[tokio::test]
async fn bad_bodies_are_refused_in_one_short_line() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&sqlite(&dir));
    let client = reqwest::Client::new();
    let post = |body: Vec<u8>| {
        client.post(server.url("/api/games")).header("content-type", "application/json").body(body).send()
    };
    let long_name = json!({ "game": "gomoku", "name": "n".repeat(12_000) }).to_string();
    let long_fen = json!({ "game": "xiangqi", "options": { "fen": "r".repeat(12_000) } }).to_string();
    let bodies: [Vec<u8>; 5] = [
        b"{\"game\": \"gomoku\xff\xfe\"}".to_vec(),
        br#"{"game": "gomoku", "options": {"a\nb\u0007": 1}}"#.to_vec(),
        br#"{"game": "gomoku\n\n\n", "x\ny": 1}"#.to_vec(),
        long_name.into_bytes(),
        long_fen.into_bytes(),
    ];
    for body in bodies {
        let answer = post(body).await.unwrap();
        assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
        let error: Value = answer.json().await.unwrap();
        let message = error["error"].as_str().unwrap();
        assert!(!message.contains('\n') && !message.contains('\u{7}'), "{message:?}");
        assert!(message.chars().count() < 400, "{} characters: {message:.200}", message.chars().count());
    }
}

#[tokio::test]
async fn silent_and_slow_clients_are_cut_off() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&sqlite(&dir), &["--header-timeout", "1", "--body-timeout", "1"]);
    // A connection that sends nothing, one that sends half its headers, and a kept-
    // alive connection that goes quiet after its first answer: all closed.
    let started = Instant::now();
    assert_eq!(raw(&server, b"", Duration::from_secs(5)), "");
    assert_eq!(raw(&server, b"GET /healthz HTTP/1.1\r\nHost:", Duration::from_secs(5)), "");
    let kept = raw(&server, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", Duration::from_secs(5));
    assert!(kept.starts_with("HTTP/1.1 200"), "{kept}");
    assert!(started.elapsed() < Duration::from_secs(10), "each closed within about a second");
    // A body announced but never sent.
    let slow = raw(
        &server,
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
        Duration::from_secs(5),
    );
    assert!(slow.starts_with("HTTP/1.1 4"), "{slow}");
    assert!(raw_json(&slow)["error"].is_string());
}

#[tokio::test]
async fn an_oversized_body_is_refused_before_100_continue() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&sqlite(&dir));
    let request = b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                    Content-Length: 1000000000000\r\nExpect: 100-continue\r\n\r\n";
    let answer = raw(&server, request, Duration::from_secs(2));
    assert!(answer.starts_with("HTTP/1.1 413"), "no 100 Continue first: {answer:?}");
    assert!(raw_json(&answer)["error"].as_str().unwrap().contains("bytes"));
}

#[tokio::test]
async fn connections_over_the_limit_are_closed_and_the_server_recovers() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&sqlite(&dir), &["--max-connections", "4", "--header-timeout", "1"]);
    let silent: Vec<TcpStream> = (0..20).map(|_| TcpStream::connect(server.host()).unwrap()).collect();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // The silent ones have been cut off by the header timeout; the server answers.
    let health = reqwest::get(server.url("/healthz")).await.unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    assert!(server.metric("arbiter_connections_refused_total").await >= 15.0);
    drop(silent);
}

#[tokio::test]
async fn watchers_are_bounded_and_their_messages_small() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&sqlite(&dir), &["--max-watchers-per-game", "2", "--ws-max-message", "4096"]);
    let client = reqwest::Client::new();
    let game = create(&client, &server, "gomoku", json!({})).await;
    let mut first = watch(&server, &game.id).await;
    let mut second = watch(&server, &game.id).await;
    next_state(&mut first).await;
    next_state(&mut second).await;
    let third = tokio_tungstenite::connect_async(server.ws_url(&game.id)).await;
    match third {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE)
        }
        other => panic!("a third watcher was let in: {other:?}"),
    }
    assert_eq!(server.metric("arbiter_websockets_open").await, 2.0);
    // A watcher that sends a 64 KiB message is disconnected; the other goes on.
    let _ = first.send(Message::Text("x".repeat(64 * 1024).into())).await;
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match first.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the oversized message ended the socket");
    let (status, _) = play(&client, &server, &game.id, &game.first, "h8", 0).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(next_update(&mut second).await["ply"], 1);
    // When its last watcher goes, the game's channel goes.
    drop(second);
    drop(first);
    let started = Instant::now();
    while server.metric("arbiter_watched_games").await > 0.0 {
        assert!(started.elapsed() < Duration::from_secs(5), "the channel was not freed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(server.metric("arbiter_websockets_open").await, 0.0);
}

#[tokio::test]
async fn games_leave_memory_and_come_back_from_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&sqlite(&dir), &["--max-games-in-memory", "5", "--game-idle", "0.5"]);
    let client = reqwest::Client::new();
    let mut games = Vec::new();
    for _ in 0..12 {
        let game = create(&client, &server, "xiangqi", json!({})).await;
        play_all(&client, &server, &game, &["h2e2"]).await;
        games.push(game);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(server.metric("arbiter_games_in_memory").await <= 5.0);
    // Every game is still there, reloaded from the database, and plays on.
    for game in &games {
        assert_eq!(state(&client, &server, &game.id).await["moves"], json!(["h2e2"]));
        let (status, body) = play(&client, &server, &game.id, &game.second, "h9g7", 1).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    // Untouched for the idle time, they all leave.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(server.metric("arbiter_games_in_memory").await, 0.0);
    assert_eq!(state(&client, &server, &games[0].id).await["ply"], 2);
}

#[tokio::test]
async fn memory_levels_off_over_many_games() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&sqlite(&dir), &["--max-games-in-memory", "50"]);
    let client = reqwest::Client::new();
    let mut resident = Vec::new();
    for round in 0..4 {
        for _ in 0..200 {
            let game = create(&client, &server, "gomoku", json!({ "size": 19 })).await;
            play_all(&client, &server, &game, &["j10", "k10", "j11"]).await;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert!(server.metric("arbiter_games_in_memory").await <= 50.0, "round {round}");
        resident.push(server.resident_kib());
    }
    // 800 games played; memory after the first 200 and after all of them within
    // a few megabytes (allocator slack), not growing with the games.
    let (first, last) = (resident[0], resident[3]);
    assert!(last < first + 8 * 1024, "resident memory grew from {first} KiB to {last} KiB: {resident:?}");
}

#[tokio::test]
// The route that panics is in debug builds only.
#[cfg(debug_assertions)]
async fn a_panic_is_answered_500_and_harms_no_other_game() {
    let dir = tempfile::tempdir().unwrap();
    // The panic is asked for: its backtrace would land in a passing run's output.
    let server = Server::start_with_env(&sqlite(&dir), &[], &[("RUST_BACKTRACE", "0")]);
    let client = reqwest::Client::new();
    let game = create(&client, &server, "draughts", json!({})).await;
    let panicked = client.get(server.url("/api/debug/panic")).send().await.unwrap();
    assert_eq!(panicked.status(), StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(panicked.json::<Value>().await.unwrap(), json!({ "error": "internal error" }));
    assert_eq!(server.metric("arbiter_panics_total").await, 1.0);
    let after = play_all(&client, &server, &game, &["32-28"]).await;
    assert_eq!(after["ply"], 1);
}

#[tokio::test]
async fn a_second_server_on_one_sqlite_file_refuses_to_start() {
    let dir = tempfile::tempdir().unwrap();
    let _first = Server::start(&sqlite(&dir));
    let second = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", &sqlite(&dir)])
        .output()
        .unwrap();
    assert_eq!(second.status.code(), Some(1));
    let message = String::from_utf8_lossy(&second.stderr);
    assert!(message.contains("in use by another arbiter server") && message.contains("PostgreSQL"), "{message}");
}

#[tokio::test]
async fn an_unreachable_postgresql_fails_at_once_with_the_reason() {
    let started = Instant::now();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", "postgres://arbiter@127.0.0.1:1/arbiter"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let message = String::from_utf8_lossy(&output.stderr).to_lowercase();
    assert!(message.contains("refused"), "{message}");
    assert!(started.elapsed() < Duration::from_secs(4), "it took {:?}", started.elapsed());
}

#[tokio::test]
async fn impossible_positions_are_refused_and_finished_ones_listed_as_finished() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&sqlite(&dir));
    let client = reqwest::Client::new();
    let refused = [
        ("xiangqi", "4k4/9/9/9/9/9/9/9/RRR6/4K4 w", "3 chariots"),
        ("xiangqi", "4k4/9/NNN6/9/9/9/9/9/9/4K4 w", "3 horses"),
        ("draughts", "W:W30-50:B1-5", "21 pieces"),
    ];
    for (game, fen, reason) in refused {
        let response = client
            .post(server.url("/api/games"))
            .json(&json!({ "game": game, "options": { "fen": fen } }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{fen}");
        let body: Value = response.json().await.unwrap();
        assert!(body["error"].as_str().unwrap().contains(reason), "{body}");
    }
    // Black is mated before any move; a draughts side without pieces has lost.
    for (game, fen) in [("xiangqi", "1R2k4/R8/9/9/9/9/9/9/9/3K5 b"), ("draughts", "B:W31:B")] {
        let created = create(&client, &server, game, json!({ "fen": fen })).await;
        assert_eq!(created.state["status"], "finished", "{fen}");
        let finished: Value =
            client.get(server.url("/api/games?status=finished&limit=200")).send().await.unwrap().json().await.unwrap();
        let listed = finished["games"].as_array().unwrap().iter().any(|g| g["id"] == created.id.as_str());
        assert!(listed, "{fen} is listed as finished");
    }
}

#[tokio::test]
async fn a_locked_database_is_503_with_retry_after_and_healthz_says_so() {
    use sqlx::Connection;
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&sqlite(&dir), &["--database-timeout", "0.5"]);
    let client = reqwest::Client::new();
    let game = create(&client, &server, "gomoku", json!({})).await;
    // Another program takes the write lock and holds it.
    let mut other = sqlx::SqliteConnection::connect(&sqlite(&dir)).await.unwrap();
    sqlx::query("BEGIN EXCLUSIVE").execute(&mut other).await.unwrap();
    let started = Instant::now();
    let response = client
        .post(server.url(&format!("/api/games/{}/moves", game.id)))
        .bearer_auth(&game.first)
        .json(&json!({ "move": "h8", "ply": 0 }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(response.headers().contains_key("retry-after"));
    assert!(response.json::<Value>().await.unwrap()["error"].as_str().unwrap().contains("database"));
    assert!(started.elapsed() < Duration::from_secs(3));
    let health = client.get(server.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(health.json::<Value>().await.unwrap()["status"], "unavailable");
    assert!(server.metric("arbiter_database_errors_total").await >= 1.0);
    // Released, the move goes through.
    sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
    let (status, body) = play(&client, &server, &game.id, &game.first, "h8", 0).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn boards_and_states_are_compressed_when_the_client_accepts_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&sqlite(&dir));
    let client = reqwest::Client::new();
    let game = create(&client, &server, "twixt", json!({ "size": 48 })).await;
    for path in [format!("/api/games/{}/board.svg", game.id), format!("/api/games/{}", game.id)] {
        for encoding in ["gzip", "br"] {
            let response = client.get(server.url(&path)).header("accept-encoding", encoding).send().await.unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            let used = response.headers().get("content-encoding").map(|v| v.to_str().unwrap().to_owned());
            assert_eq!(used.as_deref(), Some(encoding), "{path}");
        }
    }
}

/// A watcher that stops reading while the game goes on is closed once it is a whole
/// backlog of updates behind (code 1013, naming the ply to resume from), and resumes
/// from that ply with exactly the moves it missed.
/// A watcher of game `id` with a small receive window: with the server's fixed send
/// buffer, what the kernels hold for it while it does not read is a few hundred
/// updates at most. It has read the state it gets first.
async fn slow_watcher(server: &Server, id: &str) -> crate::harness::Socket {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let stream = socket.connect(server.host().parse().unwrap()).await.unwrap();
    let plain = tokio_tungstenite::MaybeTlsStream::Plain(stream);
    let (mut slow, _) = tokio_tungstenite::client_async(server.ws_url(id), plain).await.unwrap();
    assert_eq!(next_message(&mut slow).await["type"], "state");
    slow
}

/// 1,280 Gomoku moves on a 128x128 board, column by column, every other column: a
/// stone's neighbours on its column are the other side's and the next column is
/// empty, so nobody makes five.
fn points_without_five() -> Vec<String> {
    (0..10).flat_map(|col| (1..=128).map(move |row| format!("{}{row}", char::from(b'a' + 2 * col)))).collect()
}

#[tokio::test]
async fn a_watcher_that_never_reads_again_is_dropped_at_the_send_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&sqlite(&dir), &["--ws-send-timeout", "1"]);
    let client = reqwest::Client::new();
    let game = create(&client, &server, "gomoku", json!({"size": 128})).await;
    let mut slow = slow_watcher(&server, &game.id).await;
    // It stops reading: its buffers fill within a few hundred moves, and the next
    // message to it waits past the deadline.
    for (ply, text) in points_without_five().iter().enumerate() {
        let token = if ply % 2 == 0 { &game.first } else { &game.second };
        let (status, body) = play(&client, &server, &game.id, token, text, ply as i64).await;
        assert_eq!(status, StatusCode::OK, "{text}: {body}");
    }
    let start = Instant::now();
    while server.metric("arbiter_watchers_dropped_total").await < 1.0 {
        assert!(start.elapsed() < Duration::from_secs(10), "the watcher is still held");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(server.metric("arbiter_websockets_open").await, 0.0, "its place is given back");
    // Without ever reading again it would be held until TCP gave up; read now, it
    // gets what the kernels held and then the end of the connection, no close frame
    // (none could get through).
    loop {
        match tokio::time::timeout(Duration::from_secs(10), slow.next()).await.expect("the connection ends") {
            Some(Ok(Message::Text(_))) => {}
            Some(Ok(Message::Close(frame))) => panic!("a close frame got through the full buffers: {frame:?}"),
            Some(Ok(_)) => {}
            Some(Err(_)) | None => break,
        }
    }
}

#[tokio::test]
async fn a_watcher_that_falls_behind_is_dropped_and_may_resume() {
    let dir = tempfile::tempdir().unwrap();
    // The send deadline kept out of the way: this watcher reads again, late.
    let server = Server::start_with(&sqlite(&dir), &["--ws-send-timeout", "600"]);
    let client = reqwest::Client::new();
    let game = create(&client, &server, "gomoku", json!({"size": 128})).await;
    let mut slow = slow_watcher(&server, &game.id).await;
    let points = points_without_five();
    for (ply, text) in points.iter().enumerate() {
        let token = if ply % 2 == 0 { &game.first } else { &game.second };
        let (status, body) = play(&client, &server, &game.id, token, text, ply as i64).await;
        assert_eq!(status, StatusCode::OK, "{text}: {body}");
    }
    // Reading again: the updates the kernels held, then the server's close.
    let mut seen = 0;
    let close = loop {
        let message = tokio::time::timeout(Duration::from_secs(10), slow.next())
            .await
            .expect("the server closes within 10 s")
            .expect("a close before the end")
            .expect("no socket error");
        match message {
            Message::Text(text) => {
                let update: Value = serde_json::from_str(&text).unwrap();
                assert_eq!(update["type"], "update");
                seen = update["ply"].as_u64().unwrap() as usize;
            }
            Message::Close(frame) => break frame.expect("a close frame with its reason"),
            _ => {}
        }
    };
    assert_eq!(u16::from(close.code), 1013, "{close:?}");
    assert!(seen + 64 < points.len(), "dropped a backlog behind: saw ply {seen} of {}", points.len());
    let resume = format!("?since={seen}");
    assert!(close.reason.contains(&resume), "{close:?}");
    let metrics = client.get(server.url("/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(metrics.lines().any(|l| l == "arbiter_watchers_dropped_total 1"), "{metrics}");
    // Resumed from its ply: one update with exactly the moves it missed.
    let mut again = crate::harness::watch_with(&server, &game.id, &resume).await;
    let update = next_update(&mut again).await;
    let missed = update["moves"].as_array().unwrap();
    assert_eq!(missed.len(), points.len() - seen);
    assert_eq!(missed[0]["text"], points[seen]);
    assert_eq!(update["ply"], points.len());
}
