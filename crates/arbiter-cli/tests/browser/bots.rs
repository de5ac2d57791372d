//! A person plays a bot: a bot's name is marked as a program's on the game page's
//! players' bars, in the lobby's games in play, and on its own page; a person challenges
//! a bot (an `arbiter bot` process) from the lobby's bots and plays it, and accepts the
//! bot's challenge from the lobby. Screenshots: `/tmp/arbiter-screenshots/lobby-bots-*.png`.

use std::time::Duration;

use fantoccini::Locator;
use serde_json::{Value, json};

use super::serve_harness::{BotProcess, Server};
use super::{Driver, choose_game, click_move, click_point, screenshot, script, viewport, wait_for};

/// A bot account made over HTTP: its API token.
pub(super) async fn make_bot(server: &Server, name: &str) -> String {
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
    super::accounts::sign_up(&page, &server, "Ada").await;
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

/// The game page's state as the signed-in player's seat sees it (with its legal moves).
async fn state(page: &fantoccini::Client) -> Value {
    page.execute_async(
        "const done = arguments[0]; fetch(`/api/games/${location.pathname.split('/')[2]}?legal=1`, {cache: 'no-store'})\
         .then((r) => r.json()).then(done)",
        vec![],
    )
    .await
    .unwrap()
}

/// The page is no wider than its window.
async fn fits(page: &fantoccini::Client, name: &str) {
    let widths = script(page, "return [document.documentElement.scrollWidth, innerWidth]").await;
    assert!(widths[0].as_f64() <= widths[1].as_f64(), "{name}: the page is wider than its window: {widths}");
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn a_person_challenges_a_bot_from_the_lobby_plays_it_rated_and_accepts_its_challenge() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let token = make_bot(&server, "Robo").await;
    let process = BotProcess::start(&server, &token);
    let page = driver.window(1366, 900).await;
    super::accounts::sign_up(&page, &server, "Ada").await;

    // The bot is listed, online once its stream is connected.
    let robo = "#bot-list li[data-bot='Robo']";
    wait_for(&page, &format!("return document.querySelector(\"{robo} .online\") !== null"), json!(true)).await;
    assert_eq!(script(&page, "return document.getElementById('bots-sign-in').hidden").await, json!(true));
    // Gomoku 9x9, 3 minutes + 2 seconds, rated.
    choose_game(&page, "gomoku").await;
    script(
        &page,
        "const size = document.querySelector('#game-options [name=size]'); size.value = '9'; \
         size.dispatchEvent(new Event('change', {bubbles: true}));",
    )
    .await;
    page.find(Locator::Css("#clock-kind")).await.unwrap().select_by_value("3+2").await.unwrap();
    page.find(Locator::Css("#rated")).await.unwrap().click().await.unwrap();
    wait_for(
        &page,
        &format!("return document.querySelector(\"{robo} button\")?.getAttribute('aria-label')"),
        json!("Challenge Robo: Gomoku · 3 minutes + 2 seconds · rated"),
    )
    .await;
    let listed = script(&page, &format!("return document.querySelector(\"{robo}\").textContent")).await;
    assert!(listed.as_str().unwrap().contains("not rated in Gomoku"), "{listed}");
    script(&page, "document.getElementById('bots-card').scrollIntoView()").await;
    screenshot(&page, "lobby-bots-laptop").await;

    // The challenge: the bot accepts, and the page opens the game on Ada's seat.
    page.find(Locator::Css(&format!("{robo} button"))).await.unwrap().click().await.unwrap();
    wait_for(&page, "return location.pathname.startsWith('/games/')", json!(true)).await;
    page.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("#board svg")).await.unwrap();
    wait_for(
        &page,
        "return document.querySelector('#clock-bottom .who')?.textContent.includes('Ada (you)')",
        json!(true),
    )
    .await;
    let first = state(&page).await;
    assert_eq!(first["rated"], json!(true), "{first}");
    assert_eq!(first["options"]["rows"], json!(9), "{first}");
    assert_eq!(first["bots"][first["your_seat"].as_str().unwrap()], json!(false), "{first}");
    // Three moves of Ada's, by clicking, each answered by the bot.
    let mut played = 0;
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while played < 3 {
        assert!(std::time::Instant::now() < deadline, "the bot answered within a minute");
        let now = state(&page).await;
        assert!(now["outcome"].is_null(), "{now}");
        if now["seat_to_move"] == now["your_seat"] {
            let ply = now["ply"].as_u64().unwrap();
            let legal: Vec<&str> = now["legal_moves"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
            // Near the middle, where a person plays.
            let point = ["e5", "d4", "f6", "d6", "f4", "e4", "e6", "d5", "f5"]
                .into_iter()
                .find(|p| legal.contains(p))
                .unwrap_or(legal[0]);
            click_point(&page, point).await;
            // Ada's move on the page (the bot may have answered it already).
            wait_for(&page, &format!("return document.querySelectorAll('#moves .move').length > {ply}"), json!(true))
                .await;
            played += 1;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    wait_for(&page, "return document.getElementById('status').textContent.endsWith('your turn')", json!(true)).await;
    screenshot(&page, "lobby-bots-game").await;
    // Ada resigns (the button asks twice).
    for _ in 0..2 {
        page.find(Locator::Css("#resign")).await.unwrap().click().await.unwrap();
    }
    wait_for(&page, "return document.getElementById('banner').hidden", json!(false)).await;
    let over = state(&page).await;
    assert_eq!(over["outcome"]["reason"], json!("resignation"), "{over}");
    // Ada's page: the game, rated, with her rating's change.
    page.goto(&server.url("/players/Ada")).await.unwrap();
    wait_for(&page, "return document.querySelectorAll('#player-finished li[data-game]').length", json!(1)).await;
    let entry = script(&page, "return document.querySelector('#player-finished li[data-game]').textContent").await;
    assert!(entry.as_str().unwrap().contains("−162 (1338)"), "{entry}");

    // The bot challenges Ada; she accepts from the lobby, on a phone, in Chinese.
    drop(process);
    let _process = BotProcess::with_args(&server, &token, &["--engine", "arbiter", "--challenge", "Ada:gomoku"]);
    viewport(&page, 390, 844).await;
    page.goto(&server.url("/?lang=zh-CN")).await.unwrap();
    let incoming = "#challenges-incoming li[data-challenge]";
    wait_for(&page, &format!("return document.querySelectorAll(\"{incoming}\").length"), json!(1)).await;
    let words = script(&page, &format!("return document.querySelector(\"{incoming}\").textContent")).await;
    assert!(words.as_str().unwrap().starts_with("Robo 向你挑战：五子棋"), "{words}");
    wait_for(
        &page,
        &format!("return document.querySelector(\"{incoming} button\").getAttribute('aria-label')"),
        json!("接受 Robo 的挑战"),
    )
    .await;
    // Its rating in Gomoku, the game chosen, now shows in the list: Ada's loss was its win.
    choose_game(&page, "gomoku").await;
    wait_for(
        &page,
        &format!("return document.querySelector(\"{robo}\").textContent.includes('五子棋积分 1662?')"),
        json!(true),
    )
    .await;
    let listed = script(&page, &format!("return document.querySelector(\"{robo}\").textContent")).await;
    assert!(listed.as_str().unwrap().contains("在线 · 会下五子棋"), "{listed}");
    script(&page, "document.getElementById('bots-card').scrollIntoView()").await;
    fits(&page, "zh-CN lobby, phone").await;
    screenshot(&page, "lobby-bots-zh-CN-phone").await;
    page.find(Locator::Css(&format!("{incoming} button"))).await.unwrap().click().await.unwrap();
    wait_for(&page, "return location.pathname.startsWith('/games/')", json!(true)).await;
    wait_for(&page, "return document.querySelector('#clock-bottom .who')?.textContent.includes('Ada')", json!(true))
        .await;
    let game = state(&page).await;
    assert!(game["outcome"].is_null(), "{game}");
    assert_eq!(game["bots"][game["your_seat"].as_str().unwrap()], json!(false), "{game}");
    screenshot(&page, "lobby-bots-accepted-zh-CN-phone").await;
    let _ = page.close().await;
}

/// Scan 3.1 (a real draughts engine, through Hub) as a bot: a person challenges it,
/// rated and with a clock, from the lobby, plays moves by clicking, each answered by
/// Scan, and resigns; the game is rated. Scan is not part of arbiter: `ARBITER_SCAN`
/// names its binary (docs/matches.md), and `scripts/test` runs this test when it does.
#[tokio::test]
#[ignore = "needs Chromium and Scan 3.1 (ARBITER_SCAN): scripts/test runs it"]
async fn scan_bot_plays_a_rated_draughts_game_against_a_person_in_the_browser() {
    let scan = std::env::var("ARBITER_SCAN").expect("ARBITER_SCAN names Scan's binary");
    let folder = std::path::Path::new(&scan).parent().expect("Scan's folder").display().to_string();
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let token = make_bot(&server, "Scan").await;
    let (cmd, dir_word) = (format!("cmd={scan}"), format!("dir={folder}"));
    let _process = BotProcess::with_engine(&server, &token, &["name=scan", &cmd, "args=hub", &dir_word, "proto=hub"]);
    let page = driver.window(1366, 900).await;
    super::accounts::sign_up(&page, &server, "Ada").await;
    let bot = "#bot-list li[data-bot='Scan']";
    wait_for(&page, &format!("return document.querySelector(\"{bot} .online\") !== null"), json!(true)).await;
    choose_game(&page, "draughts").await;
    page.find(Locator::Css("#clock-kind")).await.unwrap().select_by_value("3+2").await.unwrap();
    page.find(Locator::Css("#rated")).await.unwrap().click().await.unwrap();
    wait_for(
        &page,
        &format!("return document.querySelector(\"{bot} button\")?.getAttribute('aria-label')"),
        json!("Challenge Scan: Draughts · 3 minutes + 2 seconds · rated"),
    )
    .await;
    page.find(Locator::Css(&format!("{bot} button"))).await.unwrap().click().await.unwrap();
    wait_for(&page, "return location.pathname.startsWith('/games/')", json!(true)).await;
    page.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("#board svg")).await.unwrap();
    // Three of Ada's moves, by clicking where a piece goes from and to, each answered.
    let mut played = 0;
    let deadline = std::time::Instant::now() + Duration::from_secs(90);
    while played < 3 {
        assert!(std::time::Instant::now() < deadline, "Scan answered within the time");
        let now = state(&page).await;
        assert!(now["outcome"].is_null(), "{now}");
        assert_eq!(now["rated"], json!(true), "{now}");
        if now["seat_to_move"] == now["your_seat"] {
            let ply = now["ply"].as_u64().unwrap();
            let legal: Vec<&str> = now["legal_moves"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
            // A move whose two ends no other move shares: a click on each says it.
            let ends = |m: &str| {
                m.split_once(['-', 'x'])
                    .map(|(a, _)| (a.to_owned(), m.rsplit(['-', 'x']).next().unwrap_or("").to_owned()))
            };
            let text = legal
                .iter()
                .copied()
                .find(|m| legal.iter().filter(|o| ends(o) == ends(m)).count() == 1)
                .expect("a move of its own ends");
            let (from, to) = ends(text).unwrap();
            click_move(&page, &from, &to).await;
            wait_for(&page, &format!("return document.querySelectorAll('#moves .move').length > {ply}"), json!(true))
                .await;
            played += 1;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    screenshot(&page, "scan-bot-game").await;
    for _ in 0..2 {
        page.find(Locator::Css("#resign")).await.unwrap().click().await.unwrap();
    }
    wait_for(&page, "return document.getElementById('banner').hidden", json!(false)).await;
    let over = state(&page).await;
    assert_eq!(
        (over["outcome"]["reason"].clone(), over["rated"].clone()),
        (json!("resignation"), json!(true)),
        "{over}"
    );
    page.goto(&server.url("/players/Ada")).await.unwrap();
    wait_for(&page, "return document.querySelectorAll('#player-finished li[data-game]').length", json!(1)).await;
    let entry = script(&page, "return document.querySelector('#player-finished li[data-game]').textContent").await;
    assert!(entry.as_str().unwrap().contains("−162 (1338)"), "{entry}");
    let _ = page.close().await;
}
