//! The page playing on the rules in WebAssembly (the npm package of `bindings/js`,
//! built into the server): a piece's targets shown, a refused move explained and
//! finished games stepped through with no request to the server, and a premove played
//! when the opponent's move arrives, which the server then takes as any move.
//!
//! The network log is the page's own: every request it makes, `fetch`, imports and
//! images alike, is an entry of `performance.getEntriesByType("resource")`, and the
//! WebSocket's messages are not requests.

use std::time::Duration;

use fantoccini::Locator;
use serde_json::json;

use super::serve_harness::{self, Server};
use super::{
    Driver, click_point, count, key, move_count, new_game, screenshot, script, serves_package, viewport, wait_for,
};

/// The page's requests so far, by address.
const REQUESTS: &str = "return performance.getEntriesByType('resource').map(e => e.name)";

/// Keeps every entry: the buffer holds 250 by default, and a full one drops the rest.
const KEEP_REQUESTS: &str = "performance.setResourceTimingBufferSize(100000)";

async fn requests(client: &fantoccini::Client) -> Vec<String> {
    let list = script(client, REQUESTS).await;
    list.as_array().unwrap().iter().map(|e| e.as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
#[ignore = "needs Chromium and the package built: scripts/test runs it"]
async fn the_page_plays_on_the_rules_in_webassembly() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    assert!(serves_package(&server).await, "the server carries no package: run bindings/js/build.sh, then build it");
    let (red_page, black_page) = (driver.window(1366, 768).await, driver.window(390, 844).await);
    for (page, width, height) in [(&red_page, 1366, 768), (&black_page, 390, 844)] {
        viewport(page, width, height).await;
    }

    let (red, black, _) = new_game(&server, "xiangqi", json!({})).await;
    red_page.goto(&red).await.unwrap();
    black_page.goto(&black).await.unwrap();
    for page in [&red_page, &black_page] {
        script(page, KEEP_REQUESTS).await;
        wait_for(page, "return document.querySelectorAll('.piece').length", json!(32)).await;
    }
    // The state asked for leaves the legal moves out (no `?legal=1`): the page lists
    // them itself.
    let asked = requests(&red_page).await;
    assert!(asked.iter().any(|r| r.contains("/api/games/")), "{asked:?}");
    assert!(!asked.iter().any(|r| r.contains("legal=1")), "{asked:?}");
    assert!(asked.iter().any(|r| r.ends_with("arbiter_bg.wasm")), "{asked:?}");
    assert!(!asked.iter().any(|r| r.contains("board.svg")), "the page draws the board itself: {asked:?}");

    // A piece's targets, at once and with no request; a refused move explained the same way.
    let before = requests(&red_page).await.len();
    click_point(&red_page, "b0").await;
    wait_for(&red_page, "return document.querySelectorAll('.spot.legal').length", json!(2)).await;
    click_point(&red_page, "b3").await;
    wait_for(
        &red_page,
        "return document.getElementById('error').textContent",
        json!("illegal move b0b3: a horse cannot move from b0 to b3 here"),
    )
    .await;
    assert_eq!(requests(&red_page).await.len(), before, "{:?}", &requests(&red_page).await[before..]);

    // Black queues a premove while Red thinks; Red's move brings it out, and the
    // server takes it as any move.
    click_point(&black_page, "h7").await;
    click_point(&black_page, "e7").await;
    wait_for(
        &black_page,
        "return document.getElementById('premove').textContent.startsWith('Premove h7 → e7')",
        json!(true),
    )
    .await;
    assert_eq!(count(&black_page, ".spot.premove").await, 2);
    screenshot(&black_page, "xiangqi-premove-phone").await;
    click_point(&red_page, "h2").await;
    click_point(&red_page, "e2").await;
    move_count(&red_page, 2).await;
    move_count(&black_page, 2).await;
    wait_for(&black_page, "return document.getElementById('premove').hidden", json!(true)).await;
    let id = red.split('#').next().unwrap().rsplit('/').next().unwrap().to_owned();
    let state = serve_harness::state(&reqwest::Client::new(), &server, &id).await;
    assert_eq!(state["moves"], json!(["h2e2", "h7e7"]));
    screenshot(&red_page, "xiangqi-after-the-premove-1366x768").await;

    // A premove that is no longer legal when the turn comes is dropped, unsent: Red's
    // cannon takes the soldier Black meant to move.
    click_point(&black_page, "e6").await;
    click_point(&black_page, "e5").await;
    click_point(&red_page, "e2").await;
    click_point(&red_page, "e6").await;
    move_count(&black_page, 3).await;
    wait_for(
        &black_page,
        "return document.getElementById('error').textContent",
        json!("The premove e6 → e5 is not legal now: dropped."),
    )
    .await;
    let state = serve_harness::state(&reqwest::Client::new(), &server, &id).await;
    assert_eq!(state["ply"], 3, "nothing was sent for the dropped premove");

    // A finished Gomoku game stepped through, position by position, with no request.
    let client = reqwest::Client::new();
    let gomoku = serve_harness::create(&client, &server, "gomoku", json!({ "size": 9 })).await;
    serve_harness::play_all(&client, &server, &gomoku, &["e5", "d4", "f5", "d5", "g5", "d6", "h5", "d7", "i5"]).await;
    let watch = server.url(&format!("/games/{}", gomoku.id));
    red_page.goto(&watch).await.unwrap();
    script(&red_page, KEEP_REQUESTS).await;
    wait_for(&red_page, "return document.querySelectorAll('.stone').length", json!(9)).await;
    wait_for(&red_page, "return document.getElementById('step-back').hidden", json!(false)).await;
    let before = requests(&red_page).await.len();
    key(&red_page, "ArrowLeft").await;
    wait_for(&red_page, "return document.querySelectorAll('.stone').length", json!(8)).await;
    key(&red_page, "Home").await;
    wait_for(&red_page, "return document.querySelectorAll('.stone').length", json!(0)).await;
    key(&red_page, "ArrowRight").await;
    wait_for(&red_page, "return document.querySelectorAll('.stone').length", json!(1)).await;
    red_page.find(Locator::Css("#moves .move[data-ply=\"4\"]")).await.unwrap().click().await.unwrap();
    wait_for(&red_page, "return document.querySelectorAll('.stone').length", json!(4)).await;
    assert_eq!(
        script(&red_page, "return document.querySelector('#moves .move.current').textContent").await,
        json!("d5")
    );
    wait_for(
        &red_page,
        "return document.getElementById('step-help').textContent.startsWith('Position after 4 of 9 moves')",
        json!(true),
    )
    .await;
    screenshot(&red_page, "gomoku-stepping-back-1366x768").await;
    key(&red_page, "End").await;
    wait_for(&red_page, "return document.querySelectorAll('.stone').length", json!(9)).await;
    assert_eq!(requests(&red_page).await.len(), before, "{:?}", &requests(&red_page).await[before..]);
    black_page.goto(&watch).await.unwrap();
    wait_for(&black_page, "return document.querySelectorAll('.stone').length", json!(9)).await;
    key(&black_page, "ArrowLeft").await;
    wait_for(&black_page, "return document.querySelectorAll('.stone').length", json!(8)).await;
    screenshot(&black_page, "gomoku-stepping-back-phone").await;
    let _ = tokio::time::timeout(Duration::from_secs(5), async {
        for page in [red_page, black_page] {
            let _ = page.close().await;
        }
    })
    .await;
}
