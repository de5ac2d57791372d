//! The game page beside the board: stepping back through a live game while it goes
//! on and coming back to it, the move list in numbered pairs, the sounds and their
//! mute switch, the words a spectator reads, and a new game with the same settings.

use fantoccini::Locator;
use serde_json::json;

use super::serve_harness::{self, Server};
use super::{
    Driver, click_move, click_point, count, key, move_count, new_game, screenshot, script, serves_package, viewport,
    wait_for,
};

const CURRENT: &str =
    "const c = document.querySelector('#moves .move.current'); return c ? Number(c.dataset.ply) : null";

#[tokio::test]
#[ignore = "needs Chromium and the package built: scripts/test runs it"]
async fn a_live_game_is_stepped_back_through_while_it_goes_on_and_returned_to() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    assert!(serves_package(&server).await, "the server carries no package: run bindings/js/build.sh, then build it");
    let client = reqwest::Client::new();
    let game =
        serve_harness::create(&client, &server, "xiangqi", json!({ "clock": { "base": 300, "increment": 3 } })).await;
    // Eleven moves: Black to move, the move list's numbers going past 9.
    let moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "a0b0", "b7b3", "g3g4"];
    serve_harness::play_all(&client, &server, &game, &moves).await;
    let page = driver.window(1366, 768).await;
    viewport(&page, 1366, 768).await;
    page.goto(&server.url(&format!("/games/{}#seat=first&token={}", game.id, game.first))).await.unwrap();
    move_count(&page, 11).await;
    // Pairs with their numbers, as a record writes them; "10." whole.
    let rows = script(&page, "return [...document.querySelectorAll('#moves .number')].map(n => n.textContent)").await;
    assert_eq!(rows, json!(["1.", "2.", "3.", "4.", "5.", "6."]));
    let text = script(&page, "return document.getElementById('moves').innerText.replace(/\\s+/g, ' ').trim()").await;
    assert!(text.as_str().unwrap().starts_with("1. h2e2 h9g7 2. h0g2 i9h9"), "{text}");
    let ten = script(&page, "const n = [...document.querySelectorAll('#moves .number')].find(n => n.textContent === '6.'); return n.scrollWidth <= n.clientWidth + 1").await;
    assert_eq!(ten, json!(true), "a move number is clipped");

    // Back three moves, then to the start: the board shows each position.
    for _ in 0..3 {
        key(&page, "ArrowLeft").await;
    }
    wait_for(&page, CURRENT, json!(8)).await;
    wait_for(&page, "return document.getElementById('live').hidden", json!(false)).await;
    wait_for(
        &page,
        "return document.getElementById('step-help').textContent",
        json!("Position after 8 of 11 moves (the game goes on): click a move, or use ← → Home End."),
    )
    .await;
    // The last move marked is the eighth's; at the start there is none.
    assert_eq!(count(&page, ".last").await, 2);
    key(&page, "Home").await;
    wait_for(&page, "return document.querySelectorAll('.last').length", json!(0)).await;
    screenshot(&page, "xiangqi-stepped-to-the-start-1366x768").await;

    // The game goes on meanwhile: Black's move arrives, the list grows, the position
    // shown stays, and a sound says a move came.
    let (status, _) = serve_harness::play(&client, &server, &game.id, &game.second, "b3e3", 11).await;
    assert_eq!(status, reqwest::StatusCode::OK);
    move_count(&page, 12).await;
    assert_eq!(count(&page, ".last").await, 0, "the position shown stays the start's");
    wait_for(&page, "return (document.body.dataset.sounds || '').includes('move')", json!(true)).await;
    // Back to the game: Black's cannon has taken Red's soldier.
    page.find(Locator::Css("#live")).await.unwrap().click().await.unwrap();
    wait_for(&page, CURRENT, json!(12)).await;
    wait_for(&page, "return document.querySelectorAll('.piece').length", json!(31)).await;
    assert_eq!(script(&page, "return document.getElementById('live').hidden").await, json!(true));
    // A move clicked in the list shows its position; End comes back.
    page.find(Locator::Css("#moves .move[data-ply=\"2\"]")).await.unwrap().click().await.unwrap();
    wait_for(&page, CURRENT, json!(2)).await;
    wait_for(&page, "return document.querySelectorAll('.piece').length", json!(32)).await;
    key(&page, "End").await;
    wait_for(&page, CURRENT, json!(12)).await;
    wait_for(&page, "return document.querySelectorAll('.piece').length", json!(31)).await;

    // The mute switch, remembered by the browser: no sound after it.
    page.find(Locator::Css("#mute")).await.unwrap().click().await.unwrap();
    wait_for(&page, "return document.getElementById('mute').textContent", json!("Sound off")).await;
    page.refresh().await.unwrap();
    wait_for(&page, "return document.getElementById('mute').textContent", json!("Sound off")).await;
    move_count(&page, 12).await;
    let (status, _) = serve_harness::play(&client, &server, &game.id, &game.first, "e2d2", 12).await;
    assert_eq!(status, reqwest::StatusCode::OK);
    move_count(&page, 13).await;
    assert_eq!(script(&page, "return document.body.dataset.sounds || ''").await, json!(""));
    let _ = page.close().await;
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn a_spectator_reads_the_sides_names_and_the_words_change_when_the_game_ends() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let client = reqwest::Client::new();
    let game =
        serve_harness::create(&client, &server, "xiangqi", json!({ "clock": { "base": 300, "increment": 3 } })).await;
    serve_harness::play_all(&client, &server, &game, &["h2e2"]).await;
    let page = driver.window(1366, 768).await;
    page.goto(&server.url(&format!("/games/{}", game.id))).await.unwrap();
    move_count(&page, 1).await;
    // The standard start is not written out; the time control is in words.
    let settings = script(&page, "return document.getElementById('settings').textContent").await;
    let settings = settings.as_str().unwrap();
    if serves_package(&server).await {
        // The page knows the standard start from the rules in the page.
        assert!(!settings.contains("rnbakabnr"), "{settings}");
    }
    assert!(settings.contains("5 minutes + 3 seconds"), "{settings}");
    // A click on the board (once drawn: the move list may be shown first): only the
    // players move.
    wait_for(&page, "return document.querySelector('.spot[data-point=\"e0\"]') !== null", json!(true)).await;
    script(&page, "document.querySelector('.spot[data-point=\"e0\"]').dispatchEvent(new MouseEvent('click'))").await;
    wait_for(&page, "return document.getElementById('error').textContent.startsWith('You are watching')", json!(true))
        .await;
    // Black offers a draw: the spectator reads the side's name.
    let offer = client
        .post(server.url(&format!("/api/games/{}/draw", game.id)))
        .bearer_auth(&game.second)
        .json(&json!({ "action": "offer" }))
        .send()
        .await
        .unwrap();
    assert_eq!(offer.status(), reqwest::StatusCode::OK);
    wait_for(&page, "return document.getElementById('offer').textContent", json!("Black offers a draw.")).await;
    // Red resigns: the watching words give way to the end's.
    let resign = client
        .post(server.url(&format!("/api/games/{}/resign", game.id)))
        .bearer_auth(&game.first)
        .send()
        .await
        .unwrap();
    assert_eq!(resign.status(), reqwest::StatusCode::OK);
    wait_for(&page, "return document.getElementById('banner').textContent", json!("Black wins by resignation")).await;
    assert_eq!(script(&page, "return document.getElementById('error').textContent").await, json!(""));
    let status = script(&page, "return document.getElementById('status').textContent").await;
    assert!(status.as_str().unwrap().starts_with("Game over"), "{status}");
    // A new game with the same settings, the spectator now its first seat.
    page.find(Locator::Css("#new-same")).await.unwrap().click().await.unwrap();
    wait_for(&page, "return location.hash.startsWith('#seat=first&token=')", json!(true)).await;
    assert_ne!(script(&page, "return location.pathname").await, json!(format!("/games/{}", game.id)));
    wait_for(
        &page,
        "return document.getElementById('settings').textContent.includes('5 minutes + 3 seconds')",
        json!(true),
    )
    .await;
    move_count(&page, 0).await;
    let _ = page.close().await;
}

/// Under the FMJD rules "captured pieces come off only when the move ends"
/// (docs/rules.md, International draughts), so a capture may come round to end on its
/// start square: in `W:W43,48:B28,29,38,39,3` the only move is `43x43`. The page plays
/// it by a click on the piece and a second click on the same square (which otherwise
/// lets the piece go), and draws its route and crosses out the four pieces it took.
#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn a_draughts_capture_back_to_its_start_square_is_played_by_clicking_the_piece_twice() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let (white, _, _) = new_game(&server, "draughts", json!({ "fen": "W:W43,48:B28,29,38,39,3" })).await;
    let page = driver.browser(1000).await;
    page.goto(&white).await.unwrap();
    wait_for(&page, "return document.querySelectorAll('.piece').length", json!(7)).await;
    click_point(&page, "43").await;
    let chosen = "const s = document.querySelector('.spot[data-point=\"43\"]'); return [s.classList.contains('selected'), s.classList.contains('legal')]";
    wait_for(&page, chosen, json!([true, true])).await;
    click_point(&page, "43").await;
    move_count(&page, 1).await;
    assert_eq!(
        script(&page, "return document.querySelector('#moves .move:last-child').textContent").await,
        json!("43x43")
    );
    wait_for(&page, "return document.querySelectorAll('.piece').length", json!(3)).await;
    assert_eq!(count(&page, ".route").await, 1);
    assert_eq!(count(&page, ".captured").await, 4);
    screenshot(&page, "draughts-capture-back-to-its-start").await;
    let _ = page.close().await;
}

/// With captures kept apart (the `captures` option, docs/rules.md), the same round trip
/// is two moves, one for each order the four pieces are taken in: the second click on
/// 43 offers both, written with their paths, and the one chosen is played.
#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn captures_kept_apart_offer_each_order_as_its_own_move() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let options = json!({ "fen": "W:W43,48:B28,29,38,39,3", "captures": "apart" });
    let (white, _, _) = new_game(&server, "draughts", options).await;
    let page = driver.browser(1000).await;
    page.goto(&white).await.unwrap();
    wait_for(&page, "return document.querySelectorAll('.piece').length", json!(7)).await;
    click_point(&page, "43").await;
    click_point(&page, "43").await;
    let offered = "return [...document.querySelectorAll('#choices button')].map(b => b.textContent).sort()";
    wait_for(&page, offered, json!(["43x32x23x34x43", "43x34x23x32x43"])).await;
    script(
        &page,
        "[...document.querySelectorAll('#choices button')].find(b => b.textContent === '43x34x23x32x43').click()",
    )
    .await;
    move_count(&page, 1).await;
    assert_eq!(
        script(&page, "return document.querySelector('#moves .move:last-child').textContent").await,
        json!("43x34x23x32x43")
    );
    wait_for(&page, "return document.querySelectorAll('.piece').length", json!(3)).await;
    screenshot(&page, "draughts-captures-apart-chosen").await;
    let _ = page.close().await;
}

/// Russian draughts on its 8x8 board, played by clicking: 32 squares named as Russian
/// players write them (`c3`), the men on their layout points, and a capture's route and
/// taken piece drawn, on a laptop and, turned for Black, on a phone.
#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn russian_draughts_is_played_on_its_eight_by_eight_board_by_clicking() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let (white_seat, black_seat, _) = new_game(&server, "draughts", json!({ "rules": "russian" })).await;
    let (white, black) = (driver.window(1366, 768).await, driver.window(390, 844).await);
    viewport(&white, 1366, 768).await;
    viewport(&black, 390, 844).await;
    white.goto(&white_seat).await.unwrap();
    black.goto(&black_seat).await.unwrap();
    wait_for(&white, "return document.querySelectorAll('.piece').length", json!(24)).await;
    assert_eq!(count(&white, ".spot").await, 32);
    assert_eq!(count(&white, ".spot[data-point=\"c3\"]").await, 1);
    // White's c3 at the lower left, Black's f6 at the upper right, upright.
    let place = |point: &str| {
        format!(
            "const r = document.querySelector('.spot[data-point=\"{point}\"]').getBoundingClientRect(); return [r.x, r.y]"
        )
    };
    let (c3, f6) = (script(&white, &place("c3")).await, script(&white, &place("f6")).await);
    assert!(c3[0].as_f64() < f6[0].as_f64() && c3[1].as_f64() > f6[1].as_f64(), "c3 {c3}, f6 {f6}");
    for (player, from, to, ply) in [(&white, "c3", "d4", 1), (&black, "f6", "e5", 2), (&white, "d4", "f6", 3)] {
        click_move(player, from, to).await;
        move_count(&white, ply).await;
        move_count(&black, ply).await;
    }
    wait_for(&black, "return document.querySelectorAll('.piece').length", json!(23)).await;
    assert_eq!(count(&black, ".route").await, 1);
    assert_eq!(count(&black, ".captured").await, 1);
    screenshot(&white, "draughts-russian-1366x768").await;
    // Black's own page shows the board turned, Black at the bottom: c3 above f6.
    let (c3, f6) = (script(&black, &place("c3")).await, script(&black, &place("f6")).await);
    assert!(c3[0].as_f64() > f6[0].as_f64() && c3[1].as_f64() < f6[1].as_f64(), "turned: c3 {c3}, f6 {f6}");
    screenshot(&black, "draughts-russian-phone-turned").await;
    for client in [white, black] {
        let _ = client.close().await;
    }
}
