//! Starting servers and talking to them.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// A running `arbiter serve`, killed with SIGKILL when dropped.
pub struct Server {
    child: Child,
    pub base: String,
}

impl Server {
    pub fn start(database: &str) -> Server {
        Server::start_with(database, &[])
    }

    /// A server with more `serve` options (limits).
    pub fn start_with(database: &str, options: &[&str]) -> Server {
        Server::start_with_env(database, options, &[])
    }

    /// A server with more `serve` options and environment variables.
    pub fn start_with_env(database: &str, options: &[&str], env: &[(&str, &str)]) -> Server {
        Server::spawn(database, "127.0.0.1:0", options, env)
    }

    /// A server on `addr` (a server started again on the port of one that stopped).
    #[allow(dead_code, reason = "the browser tests use it")]
    pub fn start_at(database: &str, addr: &str) -> Server {
        Server::spawn(database, addr, &[], &[])
    }

    fn spawn(database: &str, addr: &str, options: &[&str], env: &[(&str, &str)]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["serve", "--addr", addr, "--database", database])
            .args(options)
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start arbiter serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let address = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_owned();
        Server { child, base: address }
    }

    /// The server's resident memory, in KiB.
    pub fn resident_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    /// The `host:port` the server listens on.
    pub fn host(&self) -> String {
        self.base.trim_start_matches("http://").to_owned()
    }

    /// The value of a metric from `/metrics` (its first sample).
    pub async fn metric(&self, name: &str) -> f64 {
        let text = reqwest::get(self.url("/metrics")).await.unwrap().text().await.unwrap();
        text.lines()
            .find(|l| l.starts_with(name) && l[name.len()..].starts_with([' ', '{']))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("no metric {name} in {text}"))
    }

    /// Kills the process at once, as a crash would.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn ws_url(&self, id: &str) -> String {
        format!("{}/api/games/{id}/ws", self.base.replacen("http://", "ws://", 1))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct Created {
    pub id: String,
    pub first: String,
    pub second: String,
    pub state: Value,
}

/// Asks for a new game; the state answered lists the legal moves (`?legal=1`).
pub async fn post_game(client: &reqwest::Client, server: &Server, game: &str, options: Value) -> reqwest::Response {
    client
        .post(server.url("/api/games?legal=1"))
        .json(&json!({ "game": game, "options": options }))
        .send()
        .await
        .unwrap()
}

/// A new game, its state listing the legal moves, its invited player come: the second
/// seat's page opened (until then a game waits for its invited player, and the
/// player's coming is a change that watchers are told of).
pub async fn create(client: &reqwest::Client, server: &Server, game: &str, options: Value) -> Created {
    let response = post_game(client, server, game, options).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    if let Some(second) = body["tokens"]["second"].as_str() {
        let url = server.url(&format!("/api/games/{}", body["id"].as_str().unwrap()));
        let opened = client.get(url).bearer_auth(second).send().await.unwrap();
        assert_eq!(opened.status(), StatusCode::OK);
    }
    Created {
        id: body["id"].as_str().unwrap().to_owned(),
        first: body["tokens"]["first"].as_str().unwrap().to_owned(),
        second: body["tokens"]["second"].as_str().unwrap().to_owned(),
        state: body["state"].clone(),
    }
}

/// Sends a move; returns the status and the body.
pub async fn play(
    client: &reqwest::Client,
    server: &Server,
    id: &str,
    token: &str,
    text: &str,
    ply: i64,
) -> (StatusCode, Value) {
    let response = client
        .post(server.url(&format!("/api/games/{id}/moves")))
        .bearer_auth(token)
        .json(&json!({ "move": text, "ply": ply }))
        .send()
        .await
        .unwrap();
    let status = response.status();
    (status, response.json().await.unwrap())
}

pub async fn state(client: &reqwest::Client, server: &Server, id: &str) -> Value {
    state_with(client, server, id, "").await
}

/// The state with `query` (`?legal=1`).
pub async fn state_with(client: &reqwest::Client, server: &Server, id: &str, query: &str) -> Value {
    let response = client.get(server.url(&format!("/api/games/{id}{query}"))).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

/// Plays `moves` alternately from the first seat, each one required to succeed.
pub async fn play_all(client: &reqwest::Client, server: &Server, game: &Created, moves: &[&str]) -> Value {
    let mut last = game.state.clone();
    for (ply, text) in moves.iter().enumerate() {
        let token = if last["seat_to_move"] == "second" { &game.second } else { &game.first };
        let (status, body) = play(client, server, &game.id, token, text, ply as i64).await;
        assert_eq!(status, StatusCode::OK, "{text}: {body}");
        last = body;
    }
    last
}

pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn watch(server: &Server, id: &str) -> Socket {
    watch_with(server, id, "").await
}

/// A watcher whose address ends in `query` (`?legal=1`, `?since=3`).
pub async fn watch_with(server: &Server, id: &str, query: &str) -> Socket {
    let url = format!("{}{query}", server.ws_url(id));
    tokio_tungstenite::connect_async(url).await.expect("websocket").0
}

/// The state a watcher receives first, within five seconds.
pub async fn next_state(socket: &mut Socket) -> Value {
    let message = next_message(socket).await;
    assert_eq!(message["type"], "state", "a state: {message}");
    message["state"].clone()
}

/// The next update a watcher receives, within five seconds: the moves since the last
/// message, and the game's turn, clocks and ending.
pub async fn next_update(socket: &mut Socket) -> Value {
    let message = next_message(socket).await;
    assert_eq!(message["type"], "update", "an update: {message}");
    message
}

/// The next message a watcher receives, within five seconds.
pub async fn next_message(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .expect("a state within 5 s")
            .expect("socket open")
            .expect("no socket error");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// Checks that no seat token appears anywhere in a state sent to watchers.
pub fn assert_no_tokens(state: &Value, game: &Created) {
    let text = state.to_string();
    assert!(!text.contains(&game.first) && !text.contains(&game.second), "a token leaked: {text}");
}

/// `arbiter bot` for a bot's token, over arbiter's own engine or another `--engine`, killed
/// with SIGKILL when dropped (the server and browser tests both run bots).
pub struct BotProcess(pub Child);

impl BotProcess {
    pub fn start(server: &Server, token: &str) -> BotProcess {
        BotProcess::with_engine(server, token, &["arbiter"])
    }

    /// `arbiter bot` with one `--engine` of `words`.
    pub fn with_engine(server: &Server, token: &str, words: &[&str]) -> BotProcess {
        BotProcess::with_args(server, token, &[&["--engine"], words].concat())
    }

    /// `arbiter bot` with more arguments.
    pub fn with_args(server: &Server, token: &str, args: &[&str]) -> BotProcess {
        let child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["bot", "--server", &server.base, "--movetime", "50"])
            .args(args)
            .env("ARBITER_BOT_TOKEN", token)
            .spawn()
            .expect("start arbiter bot");
        BotProcess(child)
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
