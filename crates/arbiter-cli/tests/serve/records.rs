//! Each game's record to download, read back by the library's readers.

use arbiter::{GameKind, OptionsInput};
use arbiter_formats::record::replay;
use reqwest::StatusCode;
use serde_json::json;

use crate::harness::{Server, create, play_all};

#[tokio::test]
async fn every_game_gives_its_record_in_its_own_format() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let client = reqwest::Client::new();
    let cases: [(&str, serde_json::Value, &[&str], &str); 4] = [
        ("xiangqi", json!({}), &["h2e2", "h9g7", "h0g2"], "pgn"),
        ("draughts", json!({}), &["32-28", "19-23", "28x19", "14x23"], "pdn"),
        ("gomoku", json!({ "size": 9 }), &["e5", "d4", "f5", "d5", "g5", "d6", "h5", "d7", "i5"], "psq"),
        ("twixt", json!({ "size": 12 }), &["c3", "f2", "d5"], "tsgf"),
    ];
    for (game, options, moves, extension) in cases {
        let kind: GameKind = game.parse().unwrap();
        let created = create(&client, &server, game, options).await;
        play_all(&client, &server, &created, moves).await;
        let response = client.get(server.url(&format!("/api/games/{}/record", created.id))).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
        assert!(disposition.ends_with(&format!("{}.{extension}\"", created.id)), "{disposition}");
        let text = response.text().await.unwrap();
        assert_eq!(arbiter_formats::record::formats(kind)[0].extension, extension);
        let games = arbiter_formats::record::read_records(kind, &text).unwrap();
        let mut base = OptionsInput::default();
        if game == "gomoku" {
            base.set("rules", "standard");
        }
        let replayed = replay(kind, &games[0], &base, None);
        assert!(replayed.refusal.is_none(), "{game}: {text}");
        assert_eq!(replayed.played, moves.len(), "{game}: {text}");
        if game == "gomoku" {
            assert_eq!(replayed.verdict.unwrap().termination().as_str(), "five in a row");
        }
        if game == "xiangqi" {
            assert!(text.contains("[Red \"first seat\"]") && text.contains("[Variant \"xiangqi\"]"), "{text}");
        }
    }
}

#[tokio::test]
async fn a_finished_game_records_how_it_ended() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let client = reqwest::Client::new();
    let created = create(&client, &server, "draughts", json!({})).await;
    play_all(&client, &server, &created, &["32-28", "19-23"]).await;
    client
        .post(server.url(&format!("/api/games/{}/resign", created.id)))
        .bearer_auth(&created.first)
        .send()
        .await
        .unwrap();
    let text = client
        .get(server.url(&format!("/api/games/{}/record", created.id)))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(text.contains("[Result \"0-2\"]") && text.contains("[Termination \"resignation\"]"), "{text}");
    assert!(text.trim_end().ends_with("{black wins by resignation} 0-2"), "{text}");
}
