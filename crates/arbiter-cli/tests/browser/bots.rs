//! A person plays a bot: a bot's name is marked as a program's on the game page's
//! players' bars, in the lobby's games in play, and on its own page.

use std::time::Duration;

use fantoccini::Locator;
use serde_json::{Value, json};

use super::serve_harness::Server;
use super::{Driver, script, wait_for};

/// A bot account made over HTTP: its API token.
async fn make_bot(server: &Server, name: &str) -> String {
    let http = reqwest::Client::new();
    let origin = ("Origin", server.base.clone());
    let made = http
        .post(server.url("/api/accounts"))
        .header(origin.0, &origin.1)
        .json(&json!({ "name": name, "password": "correct horse" }))
        .send()
        .await
        .unwrap();
    let cookie = made.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    let token: Value = http
        .post(server.url("/api/tokens"))
        .header(origin.0, &origin.1)
        .header("Cookie", cookie)
        .json(&json!({ "label": "bot" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = token["token"].as_str().unwrap().to_owned();
    let marked = http.post(server.url("/api/me/bot")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(marked.status(), reqwest::StatusCode::OK);
    token
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn a_bots_name_is_marked_wherever_it_is_shown() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let token = make_bot(&server, "Robo").await;
    let page = driver.browser(1000).await;
    page.goto(&server.url("/")).await.unwrap();
    let field = page.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("#account-name")).await.unwrap();
    field.send_keys("Ada").await.unwrap();
    page.find(Locator::Css("#account-password")).await.unwrap().send_keys("correct horse").await.unwrap();
    page.find(Locator::Css("#sign-up")).await.unwrap().click().await.unwrap();
    wait_for(&page, "return document.getElementById('me-link').textContent", json!("Ada")).await;
    // Ada challenges the bot from her page's session; the bot accepts with its token.
    let challenge = "const r = await fetch('/api/challenges', {method: 'POST', headers: {'Content-Type': \
                     'application/json'}, body: JSON.stringify({to: 'Robo', game: 'gomoku', colour: 'first'})}); \
                     return (await r.json()).challenge.id;";
    let id = script(&page, &format!("return (async () => {{ {challenge} }})()")).await;
    let id = id.as_str().unwrap();
    let accepted: Value = reqwest::Client::new()
        .post(server.url(&format!("/api/challenges/{id}/accept")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let game = accepted["game"]["id"].as_str().unwrap();
    page.goto(&server.url(&format!("/games/{game}"))).await.unwrap();
    wait_for(&page, "return document.querySelector('#clock-top .who .bot-mark')?.textContent", json!("BOT")).await;
    wait_for(&page, "return document.querySelector('#clock-bottom .bot-mark') === null", json!(true)).await;
    page.goto(&server.url("/")).await.unwrap();
    wait_for(&page, "return document.querySelector('#game-list .bot-mark')?.textContent", json!("BOT")).await;
    page.goto(&server.url("/players/Robo")).await.unwrap();
    wait_for(&page, "return document.querySelector('#player-title .bot-mark')?.textContent", json!("BOT")).await;
    wait_for(&page, "return document.querySelector('#player-playing .bot-mark') === null", json!(true)).await;
    page.goto(&server.url("/players/Ada")).await.unwrap();
    wait_for(&page, "return document.querySelector('#player-playing .bot-mark')?.textContent", json!("BOT")).await;
    let _ = page.close().await;
}
