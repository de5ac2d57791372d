//! The lobby between browsers: a player names themself (the browser remembers it),
//! opens a challenge, and another takes it from their own lobby's list, the names on
//! both boards; a third, too late, is told so. Games in play and finished games are
//! listed, and a finished one opens as a replay; a takeback is asked and accepted.

use fantoccini::{Client, Locator};
use serde_json::json;

use super::serve_harness::{self, Server};
use super::{
    Driver, choose_game, click, click_move, click_point, key, lobby_ready, move_count, screenshot, script,
    serves_package, wait_for,
};

async fn set_name(page: &Client, name: &str) {
    lobby_ready(page).await;
    let field = page.find(Locator::Css("#player-name")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(name).await.unwrap();
}

/// Clicks the first open challenge's Join button, from the page's script: the lists are
/// drawn anew every few seconds, and an element found before may be gone.
async fn join(page: &Client) {
    script(page, "document.querySelector('#open-list li[data-game] button.join').click()").await;
}

/// The text of the lobby list `list`'s entries.
async fn entries(page: &Client, list: &str) -> Vec<String> {
    let texts = script(
        page,
        &format!("return [...document.querySelectorAll('#{list} li[data-game]')].map(l => l.textContent)"),
    )
    .await;
    texts.as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn a_challenge_made_in_one_browser_is_joined_from_anothers_lobby() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let (alice, bob, carol) = (driver.browser(1000).await, driver.browser(1000).await, driver.browser(1000).await);

    // Alice names herself and opens a Xiangqi challenge, 3 minutes + 2 seconds.
    alice.goto(&server.url("/")).await.unwrap();
    set_name(&alice, "Alice").await;
    choose_game(&alice, "xiangqi").await;
    alice.find(Locator::Css("#clock-kind")).await.unwrap().select_by_value("3+2").await.unwrap();
    alice.find(Locator::Css("#opponent")).await.unwrap().select_by_value("open").await.unwrap();
    alice.find(Locator::Css("#new-game button[type=submit]")).await.unwrap().click().await.unwrap();
    wait_for(&alice, "return location.hash.startsWith('#seat=first&token=')", json!(true)).await;
    wait_for(&alice, "return document.querySelector('#clock-bottom .who').textContent", json!("Red · Alice (you)"))
        .await;
    // The browser remembers her name.
    alice.goto(&server.url("/")).await.unwrap();
    wait_for(&alice, "return document.getElementById('player-name').value", json!("Alice")).await;

    // Bob and Carol see it in their lobbies, with its game and clock.
    for page in [&bob, &carol] {
        page.goto(&server.url("/")).await.unwrap();
        wait_for(page, "return document.querySelectorAll('#open-list li[data-game]').length", json!(1)).await;
    }
    let open = entries(&bob, "open-list").await;
    assert!(
        open[0].contains("Xiangqi") && open[0].contains("3 minutes + 2 seconds") && open[0].contains("Alice"),
        "{open:?}"
    );
    // The page knows the standard start from the rules in the page.
    if serves_package(&server).await {
        assert!(!open[0].contains("set position"), "the standard start is no set position: {open:?}");
    }
    // Carol's list, as drawn before Bob joins (it is drawn anew every few seconds): her
    // click comes too late.
    script(&carol, "window.late = document.querySelector('#open-list li[data-game] button.join')").await;
    set_name(&bob, "Bob").await;
    join(&bob).await;
    wait_for(&bob, "return location.hash.startsWith('#seat=second&token=')", json!(true)).await;
    // Both boards name both players, each at their own side.
    wait_for(&bob, "return document.querySelector('#clock-bottom .who').textContent", json!("Black · Bob (you)")).await;
    wait_for(&bob, "return document.querySelector('#clock-top .who').textContent", json!("Red · Alice")).await;
    alice.back().await.unwrap();
    wait_for(&alice, "return document.querySelector('#clock-top .who').textContent", json!("Black · Bob")).await;
    screenshot(&bob, "xiangqi-joined-from-the-lobby").await;

    // Carol, too late, is told the seat is taken.
    script(&carol, "window.late.click()").await;
    wait_for(
        &carol,
        "return document.getElementById('join-error').textContent.startsWith('Someone else took that seat first')",
        json!(true),
    )
    .await;
    assert_eq!(script(&carol, "return location.pathname").await, json!("/"));

    // The game is in play, with its players and move count.
    click_move(&alice, "h2", "e2").await;
    move_count(&bob, 1).await;
    carol.refresh().await.unwrap();
    // The list's text, unless it has the game: what it says instead if it never does.
    wait_for(
        &carol,
        "const games = document.querySelectorAll('#game-list li[data-game]'); \
         return games.length === 1 ? 1 : document.getElementById('game-list').textContent",
        json!(1),
    )
    .await;
    let playing = entries(&carol, "game-list").await;
    assert!(
        playing[0].contains("Red Alice – Black Bob")
            && playing[0].contains("1 move")
            && !playing[0].contains("1 moves"),
        "{playing:?}"
    );
    for page in [alice, bob, carol] {
        let _ = page.close().await;
    }
}

#[tokio::test]
#[ignore = "needs Chromium and the package built: scripts/test runs it"]
async fn a_takeback_is_accepted_and_a_finished_game_replayed_from_the_lobby() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    assert!(serves_package(&server).await, "the server carries no package: run bindings/js/build.sh, then build it");
    let client = reqwest::Client::new();
    let (first, second) = (driver.browser(1000).await, driver.browser(1000).await);

    // Gomoku: Black asks to take back the third stone, White accepts; both boards go
    // back to two stones, and Black plays elsewhere.
    let game = serve_harness::create(&client, &server, "gomoku", json!({ "size": 9 })).await;
    first.goto(&server.url(&format!("/games/{}#seat=first&token={}", game.id, game.first))).await.unwrap();
    second.goto(&server.url(&format!("/games/{}#seat=second&token={}", game.id, game.second))).await.unwrap();
    for (ply, point) in ["e5", "d4", "f5"].iter().enumerate() {
        let player = if ply % 2 == 0 { &first } else { &second };
        click_point(player, point).await;
        move_count(&first, ply as u64 + 1).await;
        move_count(&second, ply as u64 + 1).await;
    }
    click(&first, "offer-takeback").await;
    wait_for(
        &second,
        "return document.getElementById('takeback').textContent",
        json!("Your opponent asks to take back their last move."),
    )
    .await;
    click(&second, "accept-takeback").await;
    for page in [&first, &second] {
        move_count(page, 2).await;
        wait_for(page, "return document.querySelectorAll('.stone').length", json!(2)).await;
    }
    wait_for(&first, "return document.getElementById('status').textContent.endsWith('your turn')", json!(true)).await;
    // The game then goes on to Black's five in a row.
    for (ply, point) in ["e6", "d5", "e7", "d6", "e8", "d7", "e4"].iter().enumerate() {
        let player = if ply % 2 == 0 { &first } else { &second };
        click_point(player, point).await;
        move_count(&second, ply as u64 + 3).await;
    }
    wait_for(
        &second,
        "return document.getElementById('banner').textContent.startsWith('Black wins by five in a row')",
        json!(true),
    )
    .await;

    // In a lobby's list of finished games, with its result; opened, it replays.
    first.goto(&server.url("/")).await.unwrap();
    wait_for(&first, "return document.querySelectorAll('#finished-list li[data-game]').length", json!(1)).await;
    let finished = script(&first, "return document.querySelector('#finished-list li[data-game]').textContent").await;
    assert!(finished.as_str().unwrap().contains("Black wins by five in a row"), "{finished}");
    assert!(finished.as_str().unwrap().contains("9 moves"), "{finished}");
    script(&first, "document.querySelector('#finished-list li[data-game] a.go').click()").await;
    wait_for(&first, "return document.querySelectorAll('.stone').length", json!(9)).await;
    key(&first, "Home").await;
    wait_for(&first, "return document.querySelectorAll('.stone').length", json!(0)).await;
    for stones in 1..=3 {
        key(&first, "ArrowRight").await;
        wait_for(&first, "return document.querySelectorAll('.stone').length", json!(stones)).await;
    }
    screenshot(&first, "gomoku-replayed-from-the-lobby").await;
    key(&first, "End").await;
    wait_for(&first, "return document.querySelectorAll('.stone').length", json!(9)).await;
    for page in [first, second] {
        let _ = page.close().await;
    }
}
