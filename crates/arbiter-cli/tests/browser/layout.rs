//! The game page fits the window: at a laptop's 1366x768 (and the 1366x625 a browser's
//! frame leaves of it), a desktop's 1920x1080 and a phone's 390x844, the whole board and
//! both players' bars are in view with no scrolling, for every game, upright and
//! turned; the lower bar is the bottom side's. A screenshot of each is written (see
//! `screenshot`) to be looked at.

use fantoccini::Client;
use serde_json::{Value, json};

use super::serve_harness::{self, Server};
use super::{Driver, screenshot, script, viewport, wait_for};

const SIZES: [(u32, u32); 4] = [(1366, 768), (1366, 625), (1920, 1080), (390, 844)];

/// The boxes of the board and the two bars, and the window's size.
const BOXES: &str = "const box = (e) => { const r = e.getBoundingClientRect(); \
     return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; }; \
     return { board: box(document.querySelector('#board svg')), top: box(document.getElementById('clock-top')), \
     bottom: box(document.getElementById('clock-bottom')), width: innerWidth, height: innerHeight, \
     scrolled: scrollY, lower: document.querySelector('#clock-bottom .who').textContent }";

fn inside(name: &str, what: &str, b: &Value, width: f64, height: f64) {
    let (left, top, right, bottom) = (
        b["left"].as_f64().unwrap(),
        b["top"].as_f64().unwrap(),
        b["right"].as_f64().unwrap(),
        b["bottom"].as_f64().unwrap(),
    );
    assert!(
        left >= 0.0 && top >= 0.0 && right <= width + 0.5 && bottom <= height + 0.5 && right > left && bottom > top,
        "{name}: the {what} {b} is not inside the {width}x{height} window"
    );
}

async fn check(page: &Client, name: &str, bottom_side: &str) {
    let boxes = script(page, BOXES).await;
    let (width, height) = (boxes["width"].as_f64().unwrap(), boxes["height"].as_f64().unwrap());
    for what in ["board", "top", "bottom"] {
        inside(name, what, &boxes[what], width, height);
    }
    assert_eq!(boxes["scrolled"], json!(0), "{name}");
    // The bars are above and below the board, the bottom side's below.
    assert!(boxes["top"]["bottom"].as_f64() <= boxes["board"]["top"].as_f64(), "{name}: {boxes}");
    assert!(boxes["bottom"]["top"].as_f64() >= boxes["board"]["bottom"].as_f64(), "{name}: {boxes}");
    assert!(boxes["lower"].as_str().unwrap().starts_with(bottom_side), "{name}: {boxes}");
    // The board is not shrunk to a stamp: it takes most of the height or the width.
    let board = &boxes["board"];
    let (w, h) = (
        board["right"].as_f64().unwrap() - board["left"].as_f64().unwrap(),
        board["bottom"].as_f64().unwrap() - board["top"].as_f64().unwrap(),
    );
    assert!(h > 0.6 * height || w > 0.9 * width.min(700.0), "{name}: a {w}x{h} board in a {width}x{height} window");
    screenshot(page, name).await;
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn the_board_and_both_clocks_fit_the_window_for_every_game_both_ways_up() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let client = reqwest::Client::new();
    let clock = json!({ "base": 300, "increment": 3 });
    let games = [
        ("xiangqi", json!({ "clock": clock }), vec!["h2e2", "h9g7", "h0g2", "i9h9"], ["Red", "Black"]),
        ("draughts", json!({ "clock": clock }), vec!["32-28", "19-23", "28x19", "14x23"], ["White", "Black"]),
        ("gomoku", json!({ "clock": clock, "size": 15 }), vec!["h8", "h9", "i9", "g7"], ["Black", "White"]),
        ("gomoku", json!({ "clock": clock, "size": 19 }), vec!["j10", "k11"], ["Black", "White"]),
        ("twixt", json!({ "clock": clock, "size": 24 }), vec!["f6", "p17", "h7"], ["Black", "White"]),
    ];
    let mut seats = Vec::new();
    for (game, options, moves, sides) in &games {
        let created = serve_harness::create(&client, &server, game, options.clone()).await;
        serve_harness::play_all(&client, &server, &created, moves).await;
        let size = options.get("size").map(|s| format!("-{s}")).unwrap_or_default();
        seats.push((
            format!("{game}{size}"),
            server.url(&format!("/games/{}#seat=first&token={}", created.id, created.first)),
            sides,
        ));
    }
    let page = driver.window(1366, 768).await;
    for (width, height) in SIZES {
        viewport(&page, width, height).await;
        for (game, seat, sides) in &seats {
            page.goto("about:blank").await.unwrap();
            page.goto(seat).await.unwrap();
            wait_for(&page, "return !!document.querySelector('#board svg') && !!document.querySelector('#clock-bottom .time:not([hidden])')", json!(true)).await;
            check(&page, &format!("{game}-{width}x{height}"), sides[0]).await;
            // Clicked from the script, which scrolls nothing (on a phone the button is
            // below the board).
            script(&page, "document.getElementById('flip').click()").await;
            wait_for(
                &page,
                &format!("return document.querySelector('#clock-bottom .who').textContent.startsWith('{}')", sides[1]),
                json!(true),
            )
            .await;
            check(&page, &format!("{game}-{width}x{height}-turned"), sides[1]).await;
        }
    }
    let _ = page.close().await;
}
