//! Tournaments on the page: a signed-in player makes a Swiss from the lobby's form,
//! finds it in the lobby's list, opens its page and joins; a second player joins over
//! the API and the standings show both without a reload (the tournament's WebSocket),
//! in English and in Chinese, on a laptop and on a phone. A second Swiss, which starts
//! in a few seconds, shows its first round and links to the player's game. Screenshots are written to
//! `/tmp/arbiter-screenshots/tournament-*.png`.

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use super::serve_harness::Server;
use super::{Driver, choose_game, screenshot, script, viewport, wait_for};

/// An account made over the API: its session cookie, as a `Cookie` header's value.
pub(super) async fn api_account(server: &Server, name: &str) -> String {
    let answer = reqwest::Client::new()
        .post(server.url("/api/accounts"))
        .json(&json!({ "name": name, "password": "correct horse" }))
        .send()
        .await
        .unwrap();
    assert!(answer.status().is_success(), "{}", answer.status());
    let cookie = answer.headers().get("set-cookie").expect("a session cookie").to_str().unwrap();
    cookie.split(';').next().unwrap().to_owned()
}

/// A POST to the API as the account of `cookie`: its JSON answer, which must be a success.
/// It says it comes from the server's own page (`Sec-Fetch-Site`), as a browser would: a
/// write by session cookie from anywhere else is refused.
pub(super) async fn api_post(server: &Server, cookie: &str, path: &str, body: Value) -> Value {
    let answer = reqwest::Client::new()
        .post(server.url(path))
        .header("Cookie", cookie)
        .header("Sec-Fetch-Site", "same-origin")
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = answer.status();
    let text = answer.text().await.unwrap();
    assert!(status.is_success(), "{path}: {status} {text}");
    serde_json::from_str(&text).unwrap()
}

const ROWS: &str =
    "return [...document.querySelectorAll('#standings tbody tr[data-player]')].map((r) => r.dataset.player)";

/// The page is no wider than its window: the tables scroll inside their boxes.
async fn fits(page: &Client, name: &str) {
    let widths = script(page, "return [document.documentElement.scrollWidth, innerWidth]").await;
    assert!(widths[0].as_f64() <= widths[1].as_f64(), "{name}: the page is wider than its window: {widths}");
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn a_swiss_made_in_the_lobby_is_listed_joined_and_its_standings_follow_live() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let page = driver.window(1366, 900).await;
    super::accounts::sign_up(&page, &server, "Ada").await;

    // The form takes the play form's game and clock: Xiangqi, 3 minutes + 2 seconds.
    choose_game(&page, "xiangqi").await;
    page.find(Locator::Css("#clock-kind")).await.unwrap().select_by_value("3+2").await.unwrap();
    script(&page, "document.getElementById('new-tournament-box').open = true").await;
    wait_for(&page, "return document.getElementById('new-tournament').hidden", json!(false)).await;
    wait_for(
        &page,
        "return document.getElementById('tournament-game').textContent",
        json!("Xiangqi · 3 minutes + 2 seconds"),
    )
    .await;
    page.find(Locator::Css("#tournament-name")).await.unwrap().send_keys("Friday Swiss").await.unwrap();
    script(&page, "document.getElementById('tournament-rounds').value = '3'").await;
    screenshot(&page, "tournament-form-laptop").await;
    page.find(Locator::Css("#new-tournament button[type=submit]")).await.unwrap().click().await.unwrap();
    wait_for(&page, "return location.pathname.startsWith('/tournaments/')", json!(true)).await;
    let path = script(&page, "return location.pathname").await.as_str().unwrap().to_owned();
    let id = path.rsplit('/').next().unwrap().to_owned();
    wait_for(&page, "return document.getElementById('tournament-title').textContent", json!("Friday Swiss")).await;

    // Listed in the lobby as upcoming, with its game, clock, rounds and start.
    page.goto(&server.url("/")).await.unwrap();
    let item = format!("#tournaments-upcoming li[data-tournament='{id}']");
    wait_for(&page, &format!("return document.querySelector(\"{item} a\")?.textContent"), json!("Friday Swiss")).await;
    let listed = script(&page, &format!("return document.querySelector(\"{item}\").textContent")).await;
    let listed = listed.as_str().unwrap();
    for words in ["Xiangqi", "3 minutes + 2 seconds", "Swiss, 3 rounds", "0 players", "starts ", "upcoming"] {
        assert!(listed.contains(words), "{words} in {listed}");
    }
    script(&page, "document.getElementById('tournaments-card').scrollIntoView()").await;
    screenshot(&page, "tournament-lobby-laptop").await;

    // Its page from the list; Ada joins with the button, from the keyboard's reach.
    script(&page, &format!("document.querySelector(\"{item} a\").click()")).await;
    wait_for(&page, "return location.pathname", json!(path)).await;
    wait_for(&page, "return document.getElementById('tournament-join').hidden", json!(false)).await;
    let what = script(&page, "return document.getElementById('tournament-what').textContent").await;
    assert!(what.as_str().unwrap().starts_with("Xiangqi · 3 minutes + 2 seconds · Swiss, 3 rounds"), "{what}");
    wait_for(&page, "return document.getElementById('tournament-when').textContent.startsWith('starts ')", json!(true))
        .await;
    assert_eq!(
        script(&page, "return document.getElementById('tournament-records').getAttribute('href')").await,
        json!(format!("/api/tournaments/{id}/records"))
    );
    page.find(Locator::Css("#tournament-join")).await.unwrap().click().await.unwrap();
    wait_for(&page, ROWS, json!(["Ada"])).await;
    wait_for(&page, "return document.getElementById('tournament-withdraw').hidden", json!(false)).await;
    assert_eq!(script(&page, "return document.activeElement.id").await, json!("tournament-withdraw"));

    // Bob joins over the API: the standings show him without a reload.
    let bob = api_account(&server, "Bob").await;
    api_post(&server, &bob, &format!("/api/tournaments/{id}/join"), json!({})).await;
    wait_for(&page, &format!("{ROWS}.sort()"), json!(["Ada", "Bob"])).await;
    let heads =
        script(&page, "return [...document.querySelectorAll('#standings thead th')].map((h) => h.textContent)").await;
    assert_eq!(heads, json!(["Rank", "Player", "Rating", "Points", "W", "D", "L", "Buch.", "S-B"]));
    assert_eq!(
        script(&page, "return document.querySelector('#standings thead abbr')?.title").await,
        json!("wins"),
        "a short header carries its words"
    );
    screenshot(&page, "tournament-laptop").await;

    // In Simplified Chinese, on a phone: the same standings, in Chinese, within the width.
    viewport(&page, 390, 844).await;
    page.goto(&server.url(&format!("{path}?lang=zh-CN"))).await.unwrap();
    wait_for(&page, "return document.documentElement.lang", json!("zh-CN")).await;
    wait_for(&page, &format!("{ROWS}.sort()"), json!(["Ada", "Bob"])).await;
    assert_eq!(script(&page, "return document.getElementById('standings-heading').textContent").await, json!("排名"));
    let heads =
        script(&page, "return [...document.querySelectorAll('#standings thead th')].map((h) => h.textContent)").await;
    assert_eq!(heads[1], json!("棋手"));
    let what = script(&page, "return document.getElementById('tournament-what').textContent").await;
    assert!(what.as_str().unwrap().starts_with("中国象棋 · 3 分钟 + 2 秒 · 瑞士制，3 轮"), "{what}");
    assert_eq!(script(&page, "return document.getElementById('tournament-withdraw').textContent").await, json!("退出"));
    fits(&page, "zh-CN phone").await;
    screenshot(&page, "tournament-zh-CN-phone").await;
    page.goto(&server.url("/?lang=zh-CN")).await.unwrap();
    wait_for(&page, &format!("return document.querySelector(\"{item}\")?.textContent.includes('瑞士制')"), json!(true))
        .await;
    script(&page, "document.getElementById('tournaments-card').scrollIntoView()").await;
    fits(&page, "zh-CN lobby, phone").await;
    screenshot(&page, "tournament-lobby-zh-CN-phone").await;
    script(&page, "const box = document.getElementById('new-tournament-box'); box.open = true; box.scrollIntoView()")
        .await;
    fits(&page, "zh-CN tournament form, phone").await;
    screenshot(&page, "tournament-form-zh-CN-phone").await;

    // Back in English on the phone: Ada withdraws, and is marked so.
    page.goto(&server.url(&format!("{path}?lang=en"))).await.unwrap();
    wait_for(&page, "return document.getElementById('tournament-withdraw').hidden", json!(false)).await;
    fits(&page, "phone").await;
    screenshot(&page, "tournament-phone").await;
    page.find(Locator::Css("#tournament-withdraw")).await.unwrap().click().await.unwrap();
    wait_for(&page, "return document.getElementById('tournament-join').hidden", json!(false)).await;
    wait_for(
        &page,
        "return document.querySelector('#standings tr[data-player=\"Ada\"] th')?.textContent",
        json!("Ada (withdrawn)"),
    )
    .await;

    // A Swiss that starts in a few seconds, Ada in it from its page and Bob over the
    // API: once paired, the header and round 1 link to her game, to play.
    viewport(&page, 1366, 900).await;
    let cleo = api_account(&server, "Cleo").await;
    let made = api_post(
        &server,
        &cleo,
        "/api/tournaments",
        json!({ "name": "Blitz soon", "system": "swiss", "game": "gomoku", "rounds": 2, "starts_in": 8,
                "options": { "clock": { "base": 60, "increment": 0 } } }),
    )
    .await;
    let soon = made["id"].as_str().unwrap().to_owned();
    page.goto(&server.url(&format!("/tournaments/{soon}"))).await.unwrap();
    wait_for(&page, "return document.getElementById('tournament-join').hidden", json!(false)).await;
    page.find(Locator::Css("#tournament-join")).await.unwrap().click().await.unwrap();
    wait_for(&page, ROWS, json!(["Ada"])).await;
    api_post(&server, &bob, &format!("/api/tournaments/{soon}/join"), json!({})).await;
    let link = "document.querySelector('#rounds table[data-round=\"1\"] a[href^=\"/games/\"]')";
    let started = std::time::Instant::now();
    while script(&page, &format!("return {link} !== null")).await != json!(true) {
        assert!(started.elapsed() < Duration::from_secs(30), "the first round was not shown");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    wait_for(&page, "return document.getElementById('tournament-when').textContent", json!("round 1 of 2")).await;
    let caption = script(&page, "return document.querySelector('#rounds caption').textContent").await;
    assert_eq!(caption, json!("Round 1"));
    let label = script(&page, &format!("return {link}.getAttribute('aria-label')")).await;
    assert!(label.as_str().unwrap().starts_with("Play: round 1, "), "{label}");
    wait_for(&page, "return document.getElementById('tournament-your-game').hidden", json!(false)).await;
    let yours = script(&page, "return document.getElementById('tournament-your-game-link').textContent").await;
    assert_eq!(yours, json!("Your game of round 1, against Bob, is on: play it"));
    let game = script(&page, &format!("return {link}.getAttribute('href')")).await;
    assert_eq!(
        script(&page, "return document.getElementById('tournament-your-game-link').getAttribute('href')").await,
        game
    );
    screenshot(&page, "tournament-running-laptop").await;
    // The link opens the board on Ada's own seat.
    script(&page, "document.getElementById('tournament-your-game-link').click()").await;
    wait_for(&page, "return location.pathname", game).await;
    wait_for(
        &page,
        "return document.querySelector('#clock-bottom .who')?.textContent.includes('Ada (you)')",
        json!(true),
    )
    .await;
    let _ = page.close().await;
}
