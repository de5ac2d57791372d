//! The scenarios on PostgreSQL, and several servers sharing one database: a move made
//! through one reaches watchers on the other, and simultaneous moves sent to two
//! servers store exactly one.

use reqwest::StatusCode;
use serde_json::json;

use crate::harness::{Server, create, next_state, next_update, play, watch};
use crate::scenarios;

/// The throwaway database to use. These tests are ignored by plain `cargo test`;
/// run with `--ignored`, they fail unless a database is named.
pub fn database() -> String {
    std::env::var("ARBITER_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
        .expect("ARBITER_TEST_POSTGRES must name a throwaway PostgreSQL database (scripts/test makes one)")
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_serves_every_scenario() {
    let url = database();
    let server = Server::start(&url);
    scenarios::all(&server).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_serves_a_place_to_play() {
    let server = Server::start(&database());
    crate::lobby::all(&server).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_runs_tournaments() {
    let server = Server::start_with(&database(), &crate::accounts::OPTIONS);
    crate::tournaments::all(&server).await;
}

/// Two servers on one database run the same tournaments: each start, pairing and end
/// is taken by one of them, so the Swiss is paired once a round and the arena once a
/// wave, whichever server gets there first.
#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_servers_share_tournaments() {
    let url = database();
    let (a, _b) =
        (Server::start_with(&url, &crate::accounts::OPTIONS), Server::start_with(&url, &crate::accounts::OPTIONS));
    crate::tournaments::swiss_of_nine(&a).await;
    crate::tournaments::arena_of_bots(&a).await;
}

/// Joins sent at once to two servers on one database: one gets the seat. A takeback
/// made through one server reaches the other's watchers as the whole state, and a
/// move through the other, which had not heard of it, is refused rather than stored
/// after the gap.
#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_servers_share_challenges_and_takebacks() {
    let url = database();
    let (a, b) = (Server::start(&url), Server::start(&url));
    crate::lobby::open_challenges(&a, &b).await;
    let client = reqwest::Client::new();
    let game = create(&client, &a, "gomoku", json!({})).await;
    crate::harness::play_all(&client, &a, &game, &["h8", "h9", "a1"]).await;
    let mut watcher_on_b = watch(&b, &game.id).await;
    assert_eq!(next_state(&mut watcher_on_b).await["ply"], 3);
    let takeback = format!("/api/games/{}/takeback", game.id);
    let post = |server: &crate::harness::Server, token: &str, action: &str| {
        client.post(server.url(&takeback)).bearer_auth(token).json(&json!({ "action": action })).send()
    };
    assert_eq!(post(&a, &game.first, "offer").await.unwrap().status(), StatusCode::OK);
    assert_eq!(next_update(&mut watcher_on_b).await["takeback_offer"], "first");
    assert_eq!(post(&a, &game.second, "accept").await.unwrap().status(), StatusCode::OK);
    let told = crate::harness::next_message(&mut watcher_on_b).await;
    assert_eq!(
        (told["type"].clone(), told["takeback"].clone(), told["state"]["ply"].clone()),
        (json!("state"), json!(true), json!(2))
    );
    // A server whose copy is from before the takeback (nobody watches there, so it
    // heard nothing) cannot store a move after the gap.
    let game = create(&client, &a, "gomoku", json!({})).await;
    crate::harness::play_all(&client, &a, &game, &["h8", "h9", "a1"]).await;
    assert_eq!(crate::harness::state(&client, &b, &game.id).await["ply"], 3);
    let takeback = format!("/api/games/{}/takeback", game.id);
    let post = |server: &crate::harness::Server, token: &str, action: &str| {
        client.post(server.url(&takeback)).bearer_auth(token).json(&json!({ "action": action })).send()
    };
    assert_eq!(post(&a, &game.first, "offer").await.unwrap().status(), StatusCode::OK);
    assert_eq!(post(&a, &game.second, "accept").await.unwrap().status(), StatusCode::OK);
    let (status, body) = play(&client, &b, &game.id, &game.second, "b1", 3).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = play(&client, &b, &game.id, &game.first, "b2", 2).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(crate::harness::state(&client, &a, &game.id).await["moves"], json!(["h8", "h9", "b2"]));
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_servers_share_games_and_watchers() {
    let url = database();
    let (a, b) = (Server::start(&url), Server::start(&url));
    let client = reqwest::Client::new();
    let game = create(&client, &a, "xiangqi", json!({})).await;
    let mut watcher_on_b = watch(&b, &game.id).await;
    assert_eq!(next_state(&mut watcher_on_b).await["ply"], 0);
    let (status, _) = play(&client, &a, &game.id, &game.first, "h2e2", 0).await;
    assert_eq!(status, StatusCode::OK);
    let relayed = next_update(&mut watcher_on_b).await;
    assert_eq!(relayed["ply"], 1);
    assert_eq!(relayed["moves"].as_array().unwrap().iter().map(|m| m["text"].clone()).collect::<Vec<_>>(), ["h2e2"]);
    // The reply goes through b, which must catch up with a's move first.
    let (status, body) = play(&client, &b, &game.id, &game.second, "h9g7", 1).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(next_update(&mut watcher_on_b).await["ply"], 2);
    // A watcher of b that resumes from ply 0 gets both moves, whichever server made them.
    let mut resumed = crate::harness::watch_with(&b, &game.id, "?since=0").await;
    let missed = next_update(&mut resumed).await;
    let texts: Vec<_> = missed["moves"].as_array().unwrap().iter().map(|m| m["text"].clone()).collect();
    assert_eq!((texts, missed["ply"].clone()), (vec![json!("h2e2"), json!("h9g7")], json!(2)));
    scenarios::simultaneous_moves_store_one(&a, &b).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_loses_no_acknowledged_move_when_killed() {
    let url = database();
    let client = reqwest::Client::new();
    let server = Server::start(&url);
    let game = create(&client, &server, "gomoku", json!({ "rules": "renju" })).await;
    let (status, acknowledged) = play(&client, &server, &game.id, &game.first, "h8", 0).await;
    assert_eq!(status, StatusCode::OK);
    server.kill();
    let restarted = Server::start(&url);
    assert_eq!(crate::harness::state(&client, &restarted, &game.id).await, acknowledged);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_serves_accounts_ratings_and_players_who_leave() {
    let server = Server::start_with(&database(), &crate::accounts::OPTIONS);
    crate::accounts::all(&server).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_keeps_the_rules_for_leaving_across_a_restart() {
    crate::accounts::leaving_survives_a_restart(&database()).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_serves_bots() {
    let server = Server::start_with(&database(), &crate::bots::OPTIONS);
    crate::bots::all(&server, &database()).await;
}

/// `arbiter bot` on PostgreSQL: a whole game, and a kill and restart mid-game.
#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_bot_process_plays_a_game_and_survives_a_kill() {
    let server = Server::start_with(&database(), &crate::bots::OPTIONS);
    crate::bots::bot_process_plays_and_resumes(&server).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_bot_process_declines_and_plays_through_a_protocol() {
    let server = Server::start_with(&database(), &crate::bots::OPTIONS);
    crate::bots::bot_process_declines_and_plays_through_a_protocol(&server).await;
}

/// Two servers on one database: the bot's streams on one are told of a challenge made,
/// and accepted, and of a move made, through the other.
#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test runs it"]
async fn postgres_bot_streams_span_servers() {
    let url = database();
    let (a, b) = (Server::start_with(&url, &crate::bots::OPTIONS), Server::start_with(&url, &crate::bots::OPTIONS));
    crate::bots::across_servers(&a, &b).await;
}
