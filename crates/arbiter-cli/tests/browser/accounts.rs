//! Players who come back: two people make accounts in their browsers, play a rated
//! game from the lobby, close the game's tabs, and find the game again from their
//! own pages (its turn shown there), where they finish it; each page then shows the
//! rating, its chart and the game with its rating change. While one player's tab is
//! closed the other is told the opponent has left, and that they are back.

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::json;

use super::serve_harness::Server;
use super::{
    Driver, choose_game, click, click_point, lobby_ready, move_count, screenshot, script, wait_at_most, wait_for,
};

/// Makes an account `name` in the lobby's account card.
pub(super) async fn sign_up(page: &Client, server: &Server, name: &str) {
    page.goto(&server.url("/")).await.unwrap();
    lobby_ready(page).await;
    page.find(Locator::Css("#account-name")).await.unwrap().send_keys(name).await.unwrap();
    page.find(Locator::Css("#account-password")).await.unwrap().send_keys("correct horse").await.unwrap();
    let me = "return document.getElementById('me-link').textContent";
    let signed_in = "return (async () => (await fetch('/api/me', {cache: 'no-store'})).ok)()";
    let mut got = String::new();
    // A click is tried again if the page shows no one signed in: on a loaded machine
    // it has once gone unheard (no error shown, no account made). If the account was
    // made, the lobby loaded again shows it instead.
    for _ in 0..3 {
        if script(page, signed_in).await == json!(true) {
            page.goto(&server.url("/")).await.unwrap();
            lobby_ready(page).await;
        } else {
            page.find(Locator::Css("#sign-up")).await.unwrap().click().await.unwrap();
        }
        match wait_at_most(page, me, &json!(name), Duration::from_secs(10)).await {
            Ok(()) => {
                wait_for(page, "return document.querySelector('#account-nav a')?.textContent", json!(name)).await;
                return;
            }
            Err(last) => got = last,
        }
    }
    let state = script(
        page,
        "const $ = (id) => document.getElementById(id); return [$('account-error').textContent, \
         $('account-name').value, $('account-password').value.length, $('account-form').checkValidity(), \
         $('signed-in').hidden, location.href];",
    )
    .await;
    panic!("signing up {name}: the page names {got}; its error, fields, validity, sign-in hidden, address: {state}");
}

/// Opens a new tab and closes the one the game was in, as a player who closes it; the
/// browser keeps its session.
async fn close_tab(page: &Client) {
    let old = page.window().await.unwrap();
    let new = page.new_window(true).await.unwrap();
    page.switch_to_window(new.handle).await.unwrap();
    page.switch_to_window(old).await.unwrap();
    page.close_window().await.unwrap();
    let left = page.windows().await.unwrap();
    page.switch_to_window(left[0].clone()).await.unwrap();
}

/// From the lobby, the header's link to one's own page, then the game in play there.
async fn back_from_own_page(page: &Client, server: &Server, name: &str, turn: &str) {
    page.goto(&server.url("/")).await.unwrap();
    wait_for(page, "return document.querySelector('#account-nav a') !== null", json!(true)).await;
    script(page, "document.querySelector('#account-nav a').click()").await;
    wait_for(page, "return location.pathname", json!(format!("/players/{name}"))).await;
    wait_for(page, "return document.querySelectorAll('#player-playing li[data-game]').length", json!(1)).await;
    let entry = script(page, "return document.querySelector('#player-playing li[data-game]')?.textContent").await;
    assert!(entry.as_str().unwrap().contains(turn), "{entry}");
    assert!(entry.as_str().unwrap().contains("rated"), "{entry}");
    script(page, "document.querySelector('#player-playing li[data-game] a.go').click()").await;
    wait_for(page, "return location.pathname.startsWith('/games/')", json!(true)).await;
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn two_accounts_play_a_rated_game_leave_and_find_it_again_from_their_pages() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("arbiter.db").display());
    let server = Server::start_with(&database, &["--gone-seconds", "2", "--claim-seconds", "60"]);
    let (ada, bob) = (driver.browser(1000).await, driver.browser(1000).await);
    sign_up(&ada, &server, "Ada").await;
    sign_up(&bob, &server, "Bob").await;
    screenshot(&ada, "accounts-lobby-signed-in").await;

    // Ada opens a rated Gomoku challenge on a 9x9 board.
    choose_game(&ada, "gomoku").await;
    ada.find(Locator::Css("input[name=size]")).await.unwrap().send_keys("9").await.unwrap();
    ada.find(Locator::Css("#clock-kind")).await.unwrap().select_by_value("15+10").await.unwrap();
    click(&ada, "rated").await;
    ada.find(Locator::Css("#new-game button[type=submit]")).await.unwrap().click().await.unwrap();
    wait_for(&ada, "return location.hash.startsWith('#seat=first&token=')", json!(true)).await;

    // Bob sees it in his lobby, rated, with Ada's rating; he joins.
    bob.refresh().await.unwrap();
    wait_for(&bob, "return document.querySelectorAll('#open-list li[data-game] button.join').length", json!(1)).await;
    let open = script(&bob, "return document.querySelector('#open-list li[data-game]')?.textContent").await;
    assert!(open.as_str().unwrap().contains("rated") && open.as_str().unwrap().contains("Ada 1500?"), "{open}");
    screenshot(&bob, "accounts-rated-challenge-in-the-lobby").await;
    script(&bob, "document.querySelector('#open-list li[data-game] button.join').click()").await;
    wait_for(&bob, "return location.hash.startsWith('#seat=second&token=')", json!(true)).await;
    // Both names are accounts: they open the players' pages.
    wait_for(&bob, "return document.querySelector('#clock-top .who a.player-link')?.textContent", json!("Ada")).await;
    wait_for(&ada, "return document.querySelector('#clock-top .who')?.textContent", json!("White · Bob")).await;

    for (ply, (player, point)) in [(&ada, "e5"), (&bob, "d4"), (&ada, "f5"), (&bob, "d5")].into_iter().enumerate() {
        click_point(player, point).await;
        move_count(&ada, ply as u64 + 1).await;
        move_count(&bob, ply as u64 + 1).await;
    }

    // Bob closes his tab: Ada is told he has left; he comes back from his page (his
    // game is in play there, Ada's turn) and she is told nothing more.
    close_tab(&bob).await;
    wait_for(
        &ada,
        "return document.getElementById('presence-text').textContent.startsWith('Your opponent has left the game')",
        json!(true),
    )
    .await;
    screenshot(&ada, "accounts-opponent-left").await;
    back_from_own_page(&bob, &server, "Bob", "their turn").await;
    wait_for(&bob, "return document.querySelector('#clock-bottom .who')?.textContent", json!("White · Bob (you)"))
        .await;
    wait_for(&ada, "return document.getElementById('presence').hidden", json!(true)).await;

    // Ada closes hers and comes back the same way: her turn, her seat by her session.
    close_tab(&ada).await;
    back_from_own_page(&ada, &server, "Ada", "your turn").await;
    wait_for(&ada, "return document.querySelector('#clock-bottom .who')?.textContent", json!("Black · Ada (you)"))
        .await;
    move_count(&ada, 4).await;
    for (ply, (player, point)) in
        [(&ada, "g5"), (&bob, "d6"), (&ada, "h5"), (&bob, "d7"), (&ada, "i5")].into_iter().enumerate()
    {
        click_point(player, point).await;
        move_count(&ada, ply as u64 + 5).await;
    }
    for page in [&ada, &bob] {
        wait_for(
            page,
            "return document.getElementById('banner').textContent.startsWith('Black wins by five in a row')",
            json!(true),
        )
        .await;
    }
    screenshot(&bob, "accounts-rated-game-over").await;

    // Their pages: the rating, its chart, the game with its rating change.
    for (page, name, change, rating) in [(&ada, "Ada", "+162 (1662)", "1662"), (&bob, "Bob", "−162 (1338)", "1338")] {
        page.goto(&server.url(&format!("/players/{name}"))).await.unwrap();
        wait_for(page, "return document.querySelectorAll('#player-finished li[data-game]').length", json!(1)).await;
        let played = script(page, "return document.querySelector('#player-finished li[data-game]')?.textContent").await;
        assert!(played.as_str().unwrap().contains(change), "{name}: {played}");
        wait_for(page, "return document.querySelectorAll('#player-ratings svg.chart circle').length", json!(1)).await;
        let title = script(page, "return document.querySelector('#player-ratings h3')?.textContent").await;
        assert!(title.as_str().unwrap().starts_with(&format!("Gomoku: {rating}? (provisional)")), "{title}");
        assert_eq!(
            script(page, "return document.querySelectorAll('#player-playing li[data-game]').length").await,
            json!(0)
        );
    }
    assert_eq!(script(&ada, "return document.getElementById('tokens-card').hidden").await, json!(false));
    screenshot(&ada, "accounts-player-page").await;
    // Another player's page has no tokens.
    ada.goto(&server.url("/players/Bob")).await.unwrap();
    wait_for(&ada, "return document.getElementById('player-title').textContent", json!("Bob")).await;
    assert_eq!(script(&ada, "return document.getElementById('tokens-card').hidden").await, json!(true));
    for page in [ada, bob] {
        let _ = page.close().await;
    }
}

/// The live connection lost and back, and a game that no longer exists, in words.
#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn the_page_says_when_it_reconnects_and_when_a_game_is_gone() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("arbiter.db").display());
    let server = Server::start(&database);
    let page = driver.browser(1000).await;
    let (first, _, _) = super::new_game(&server, "gomoku", json!({ "size": 9 })).await;
    page.goto(&first).await.unwrap();
    wait_for(&page, "return document.querySelectorAll('.spot').length", json!(81)).await;
    let address = server.base.clone();
    server.kill();
    wait_for(
        &page,
        "return /server cannot be reached/.test(document.getElementById('connection').textContent)",
        json!(true),
    )
    .await;
    screenshot(&page, "connection-lost").await;
    // The same server back on the same port and database.
    let port = address.rsplit(':').next().unwrap().to_owned();
    let _back = Server::start_at(&database, &format!("127.0.0.1:{port}"));
    wait_for(&page, "return document.getElementById('connection').textContent", json!("Reconnected.")).await;
    // A game this server does not have: said so, once.
    page.goto(&format!("{address}/games/0123456789abcdef01234567")).await.unwrap();
    wait_for(
        &page,
        "return document.getElementById('connection').textContent",
        json!("This game no longer exists on the server."),
    )
    .await;
    let _ = page.close().await;
}
