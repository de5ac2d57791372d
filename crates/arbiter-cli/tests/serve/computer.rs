//! Playing the computer: an engine in one seat, answering each move through the
//! same checks as a person's, arbiter's own engine or a program in its protocol.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::harness::{Server, play, post_game, state};

const ENGINES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/engines");

fn database(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}", dir.path().join("arbiter.db").display())
}

/// Creates a game against the computer; returns the id, the one token given and its
/// seat, and the state.
async fn create_against(
    client: &reqwest::Client,
    server: &Server,
    game: &str,
    options: Value,
) -> (String, String, String, Value) {
    let response = post_game(client, server, game, options).await;
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let tokens = body["tokens"].as_object().unwrap();
    assert_eq!(tokens.len(), 1, "the engine's seat has no token to give: {body}");
    let (seat, token) = tokens.iter().next().unwrap();
    (body["id"].as_str().unwrap().to_owned(), token.as_str().unwrap().to_owned(), seat.clone(), body["state"].clone())
}

/// The state once the game has `ply` moves, waiting for the engine.
async fn wait_for_ply(client: &reqwest::Client, server: &Server, id: &str, ply: i64) -> Value {
    let start = Instant::now();
    loop {
        let now = state(client, server, id).await;
        if now["ply"].as_i64() >= Some(ply) || now["status"] == "finished" {
            return now;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "the engine did not move: {now}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn the_computer_answers_a_move_in_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&database(&dir));
    let client = reqwest::Client::new();
    let engines: Value = client.get(server.url("/api/engines")).send().await.unwrap().json().await.unwrap();
    assert_eq!(engines["engines"][0]["name"], "arbiter");
    for game in ["xiangqi", "draughts", "gomoku", "twixt"] {
        let (id, token, seat, start) =
            create_against(&client, &server, game, json!({ "opponent": { "movetime": 0.1 } })).await;
        assert_eq!(seat, "first", "the engine takes the second seat unless told");
        assert_eq!(start["options"]["opponent"], json!({ "engine": "arbiter", "side": "second", "movetime": 0.1 }));
        let first = start["legal_moves"][0].as_str().unwrap();
        let (status, body) = play(&client, &server, &id, &token, first, 0).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let after = wait_for_ply(&client, &server, &id, 2).await;
        assert_eq!(after["ply"], 2, "{game}: {after}");
        assert_eq!(after["seat_to_move"], "first");
    }
}

#[tokio::test]
async fn the_computer_moves_first_declines_draws_and_takes_rematches() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&database(&dir));
    let client = reqwest::Client::new();
    let options = json!({ "opponent": { "engine": "arbiter", "side": "first", "movetime": 0.05 } });
    let (id, token, seat, _) = create_against(&client, &server, "gomoku", options).await;
    assert_eq!(seat, "second");
    let opened = wait_for_ply(&client, &server, &id, 1).await;
    assert_eq!(opened["moves"], json!(["h8"]), "the first stone in the centre");
    let act = |path: &str, body: Value| {
        client.post(server.url(&format!("/api/games/{id}/{path}"))).bearer_auth(&token).json(&body).send()
    };
    let offered: Value = act("draw", json!({ "action": "offer" })).await.unwrap().json().await.unwrap();
    assert_eq!(offered["draw_offer"], Value::Null, "declined at once: {offered}");
    act("resign", json!({})).await.unwrap();
    let asked: Value = act("rematch", json!({})).await.unwrap().json().await.unwrap();
    let rematch = asked["rematch"]["game"].as_str().expect("the engine took the rematch").to_owned();
    let swapped = state(&client, &server, &rematch).await;
    assert_eq!(swapped["options"]["opponent"]["side"], "second", "colours swap");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(state(&client, &server, &rematch).await["ply"], 0, "the person moves first now");
    let (status, body) = play(&client, &server, &rematch, &token, "h8", 0).await;
    assert_eq!(status, StatusCode::OK, "the same token opens the other seat: {body}");
    wait_for_ply(&client, &server, &rematch, 2).await;
}

#[tokio::test]
async fn engines_given_to_serve_play_through_their_protocol() {
    let dir = tempfile::tempdir().unwrap();
    let illegal = format!("args={ENGINES}/illegal.sh");
    let server = Server::start_with(
        &database(&dir),
        &[
            "--engine",
            "name=elephant",
            "cmd=builtin",
            "proto=ucci",
            "option.depth=2",
            "--engine",
            "name=cheat",
            "cmd=/bin/sh",
            &illegal,
            "proto=uci",
        ],
    );
    let client = reqwest::Client::new();
    let engines: Value = client.get(server.url("/api/engines")).send().await.unwrap().json().await.unwrap();
    assert_eq!(engines["engines"][1], json!({ "name": "elephant", "games": ["xiangqi"] }));

    let options = json!({ "opponent": { "engine": "elephant", "movetime": 0.2 } });
    let (id, token, _, _) = create_against(&client, &server, "xiangqi", options).await;
    play(&client, &server, &id, &token, "h2e2", 0).await;
    let answered = wait_for_ply(&client, &server, &id, 2).await;
    assert_eq!(answered["ply"], 2, "{answered}");

    // An engine that gives an illegal move resigns.
    let options = json!({ "opponent": { "engine": "cheat", "movetime": 0.2 } });
    let (id, token, _, _) = create_against(&client, &server, "xiangqi", options).await;
    play(&client, &server, &id, &token, "h2e2", 0).await;
    let ended = wait_for_ply(&client, &server, &id, 99).await;
    assert_eq!(ended["status"], "finished");
    assert_eq!(ended["outcome"]["winner_seat"], "first");
    assert_eq!(ended["outcome"]["reason"], "resignation");
}

#[tokio::test]
async fn unknown_engines_and_bad_opponents_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&database(&dir), &["--engine", "name=hub", "cmd=builtin", "proto=hub"]);
    let client = reqwest::Client::new();
    let cases = [
        ("xiangqi", json!({ "opponent": { "engine": "nobody" } }), "no engine named \"nobody\""),
        ("xiangqi", json!({ "opponent": { "engine": "hub" } }), "does not play xiangqi"),
        ("gomoku", json!({ "opponent": { "movetime": 0 } }), "movetime"),
        ("gomoku", json!({ "opponent": { "side": "third" } }), "side"),
        ("gomoku", json!({ "opponent": "computer" }), "opponent"),
    ];
    for (game, options, needle) in cases {
        let response = post_game(&client, &server, game, options).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        let body: Value = response.json().await.unwrap();
        assert!(body["error"].as_str().unwrap().contains(needle), "{body} should mention {needle}");
    }
}

#[tokio::test]
async fn the_computer_takes_every_step_of_an_opening_rule() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&database(&dir));
    let client = reqwest::Client::new();
    // The computer opens a Swap2 game: its three stones come one after another, then
    // the person is asked, and the state says by whom and what, and the colours.
    let options = json!({ "opening": "swap2", "opponent": { "side": "first", "movetime": 0.05 } });
    let (id, token, seat, _) = create_against(&client, &server, "gomoku", options).await;
    assert_eq!(seat, "second");
    let asked = wait_for_ply(&client, &server, &id, 3).await;
    assert_eq!(asked["seat_to_move"], "second", "{asked}");
    assert_eq!(asked["colors"], json!({ "first": "black", "second": "white" }));
    assert!(asked["task"].as_str().unwrap().starts_with("Swap2: the 4th stone (white), or swap, or +2"), "{asked}");
    // Two more stones: the computer chooses its colour, then whoever is White plays.
    for (ply, text) in [(3, "+2"), (4, "a1"), (5, "o15")] {
        let (status, body) = play(&client, &server, &id, &token, text, ply).await;
        assert_eq!(status, StatusCode::OK, "{text}: {body}");
    }
    let chosen = wait_for_ply(&client, &server, &id, 7).await;
    assert!(chosen["task"].is_null(), "the opening is over: {chosen}");
    let moves = chosen["moves"].as_array().unwrap();
    assert!(moves[6] == "swap" || chosen["colors"] == json!({ "first": "white", "second": "black" }), "{chosen}");

    // The person opens a Soosõrv-8 game; the computer decides, declares or offers, and
    // chooses, as the steps come to it.
    let options = json!({ "rules": "renju", "opening": "soosorv-8", "opponent": { "movetime": 0.05 } });
    let (id, token, seat, _) = create_against(&client, &server, "gomoku", options).await;
    assert_eq!(seat, "first");
    let mut now = state(&client, &server, &id).await;
    let mut person = 0;
    while !now["task"].is_null() {
        let ply = now["ply"].as_i64().unwrap();
        if now["seat_to_move"] != "first" {
            now = wait_for_ply(&client, &server, &id, ply + 1).await;
            continue;
        }
        let listed = crate::harness::state_with(&client, &server, &id, "?legal=1").await;
        let texts: Vec<&str> = listed["legal_moves"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
        let text = texts.iter().find(|t| !t.starts_with("swap")).copied().unwrap();
        let (status, body) = play(&client, &server, &id, &token, text, ply).await;
        assert_eq!(status, StatusCode::OK, "{text}: {body}");
        person += 1;
        assert!(person < 20, "the opening goes on: {body}");
        now = body;
    }
    let moves = now["moves"].as_array().unwrap();
    assert!(moves.iter().any(|m| m.as_str().is_some_and(|t| t.starts_with("choose:"))), "{now}");
}
