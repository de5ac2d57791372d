//! Gomoku's opening rules on the page: a Soosõrv-8 and a Swap2 game played by two
//! people, each clicking their decisions (stones, swaps, the declaration, the offers,
//! the choice of one), and the same rules against arbiter's engine, which takes its
//! steps by itself. Each page says whose decision it is and what it asks, and the
//! players' bars follow the colours as the swaps exchange them.

use std::time::{Duration, Instant};

use fantoccini::Client;
use serde_json::{Value, json};

use super::serve_harness::{self, Server};
use super::{Driver, click_point, move_count, new_game, screenshot, script, viewport, wait_for};

/// Clicks the decision button whose words start with `label`.
async fn decide(client: &Client, label: &str) {
    let buttons = "[...document.querySelectorAll('#placeless button, #choices button')]";
    wait_for(client, &format!("return {buttons}.some(b => b.textContent.startsWith({label:?}))"), json!(true)).await;
    script(client, &format!("{buttons}.find(b => b.textContent.startsWith({label:?})).click()")).await;
}

/// Waits until the opening's note under the status line holds `words`.
async fn step_says(client: &Client, words: &str) {
    let note = "const n = document.getElementById('opening-step'); return !!n && !n.hidden && n.textContent";
    wait_for(client, &format!("{note}.includes({words:?})"), json!(true)).await;
}

/// Waits until the player's bar at `place` (`top`, `bottom`) reads `who`.
async fn bar_reads(client: &Client, place: &str, who: &str) {
    wait_for(client, &format!("return document.querySelector('#clock-{place} .who').textContent"), json!(who)).await;
}

async fn banner_starts_with(client: &Client, text: &str) {
    let code = format!("return document.getElementById('banner').textContent.startsWith({text:?})");
    wait_for(client, &code, json!(true)).await;
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn two_players_play_soosorv_8_and_swap2_by_clicking() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let (a, b) = (driver.browser(1100).await, driver.browser(1100).await);

    // Soosõrv-8 under Renju rules. The first player places the opening, three stones
    // running, the second of them a white one.
    let (first, second, _) = new_game(&server, "gomoku", json!({ "rules": "renju", "opening": "soosorv-8" })).await;
    a.goto(&first).await.unwrap();
    b.goto(&second).await.unwrap();
    step_says(&a, "Your decision: Soosõrv-8: the 1st stone (black) on the centre point").await;
    step_says(&b, "Your opponent's decision").await;
    for (point, ply) in [("h8", 1), ("i9", 2), ("j8", 3)] {
        click_point(&a, point).await;
        move_count(&b, ply).await;
    }
    // The second player's decision: swap, or the 4th stone.
    step_says(&b, "Your decision: Soosõrv-8: the 4th stone (white), or swap; opening 3I Kosei").await;
    screenshot(&b, "gomoku-soosorv-8-swap-or-4th-stone").await;
    decide(&b, "Swap colours").await;
    move_count(&a, 4).await;
    // The first player holds White now, and the bars say so.
    bar_reads(&a, "bottom", "White (you)").await;
    bar_reads(&b, "bottom", "Black (you)").await;
    click_point(&a, "f10").await;
    // White declares how many fifth moves Black offers.
    step_says(&a, "the number of fifth-move offers to be declared").await;
    screenshot(&a, "gomoku-soosorv-8-declaration").await;
    decide(&a, "Declare 2 fifth-move offers").await;
    // Black may swap again; it offers instead, clicking two points.
    step_says(&b, "Your decision: Soosõrv-8: fifth-move offers (offer:POINT, 0 of 2 made), or swap").await;
    click_point(&b, "g7").await;
    move_count(&a, 7).await;
    click_point(&b, "k9").await;
    // White chooses one of the two offers drawn on the board by clicking it.
    step_says(&a, "Your decision: Soosõrv-8: the choice of one fifth-move offer (choose:POINT) among g7, k9").await;
    wait_for(&a, "return document.querySelectorAll('#board .offer').length", json!(2)).await;
    screenshot(&a, "gomoku-soosorv-8-choose-an-offer").await;
    click_point(&a, "g7").await;
    move_count(&b, 9).await;
    wait_for(&b, "return document.querySelectorAll('#board .offer').length", json!(0)).await;
    wait_for(&b, "return document.getElementById('opening-step').hidden", json!(true)).await;
    // White plays the 6th stone, and ordinary play goes on to Black's five.
    let moves = ["a1", "g8", "a3", "g9", "a5", "g10", "a7", "g11"];
    for (index, point) in moves.iter().enumerate() {
        let player = if index % 2 == 0 { &a } else { &b };
        click_point(player, point).await;
        move_count(&a, 10 + index as u64).await;
    }
    banner_starts_with(&b, "Black wins by five in a row: you win!").await;
    banner_starts_with(&a, "Black wins by five in a row").await;
    screenshot(&b, "gomoku-soosorv-8-black-wins").await;

    // Swap2: three stones, then the second player's third option, two more stones
    // and the colour left to the first player, who takes Black.
    let (first, second, _) = new_game(&server, "gomoku", json!({ "opening": "swap2" })).await;
    a.goto(&first).await.unwrap();
    b.goto(&second).await.unwrap();
    for (point, ply) in [("h8", 1), ("h9", 2), ("j9", 3)] {
        click_point(&a, point).await;
        move_count(&b, ply).await;
    }
    step_says(&b, "Your decision: Swap2: the 4th stone (white), or swap, or +2 (two more stones)").await;
    screenshot(&b, "gomoku-swap2-three-options").await;
    decide(&b, "+2").await;
    move_count(&a, 4).await;
    click_point(&b, "g7").await;
    move_count(&a, 5).await;
    click_point(&b, "i7").await;
    // The first player chooses: White (the 6th stone) or Black (a swap).
    step_says(&a, "Your decision: Swap2: the 6th stone (white), or swap").await;
    bar_reads(&a, "bottom", "White (you)").await;
    decide(&a, "Swap colours").await;
    bar_reads(&a, "bottom", "Black (you)").await;
    bar_reads(&b, "bottom", "White (you)").await;
    wait_for(&b, "return document.getElementById('status').textContent.endsWith('your turn')", json!(true)).await;
    click_point(&b, "k11").await;
    move_count(&a, 8).await;
    let record = script(&a, "return [...document.querySelectorAll('#moves .move')].map(m => m.textContent)").await;
    assert_eq!(record, json!(["h8", "h9", "j9", "+2", "g7", "i7", "swap", "k11"]));
    screenshot(&a, "gomoku-swap2-after-the-choice").await;
    for client in [a, b] {
        let _ = client.close().await;
    }
}

/// The legal moves of the state, as the server lists them.
async fn legal(client: &reqwest::Client, server: &Server, id: &str) -> Value {
    serve_harness::state_with(client, server, id, "?legal=1").await
}

/// Plays `seat`'s part of a game against the computer by clicking, until the game has
/// `plies` moves past its opening: a stone near the centre where one is asked, the
/// fewest offers, the first offer, and never a swap; the computer answers by itself.
async fn play_against(page: &Client, server: &Server, id: &str, seat: &str, plies: usize) {
    let client = reqwest::Client::new();
    let started = Instant::now();
    let mut after_opening = None;
    loop {
        assert!(started.elapsed() < Duration::from_secs(60), "the game did not go on");
        let state = legal(&client, server, id).await;
        let ply = state["ply"].as_u64().unwrap_or(0) as usize;
        if state["task"].is_null() && after_opening.is_none() {
            after_opening = Some(ply);
        }
        if state["status"] == "finished" || after_opening.is_some_and(|start| ply >= start + plies) {
            return;
        }
        if state["seat_to_move"] != seat {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        let moves = state["legal"].as_array().unwrap();
        let texts: Vec<&str> = moves.iter().filter_map(|m| m["text"].as_str()).collect();
        if texts.iter().any(|t| t.starts_with("declare:")) {
            decide(page, "Declare 1 fifth-move offer").await;
        } else {
            // The legal point nearest the centre (h8), a stone, an offer or a choice.
            let near = |m: &&Value| {
                let point = m["to"].as_str()?;
                let column = i32::from(point.as_bytes()[0]) - i32::from(b'h');
                let row: i32 = point[1..].parse().ok()?;
                Some(column.abs() + (row - 8).abs())
            };
            let best = moves.iter().filter(|m| near(m).is_some()).min_by_key(|m| near(m)).expect("a move on a point");
            click_point(page, best["to"].as_str().unwrap()).await;
        }
        at_least(page, ply + 1).await;
    }
}

/// Waits until the page lists at least `moves` moves (the computer may have answered).
async fn at_least(page: &Client, moves: usize) {
    wait_for(page, &format!("return document.querySelectorAll('#moves .move').length >= {moves}"), json!(true)).await;
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn a_person_plays_soosorv_8_and_swap2_against_the_computer() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let client = reqwest::Client::new();
    let page = driver.browser(1100).await;
    for (opening, rules, engine_seat, my_seat) in
        [("soosorv-8", "renju", "second", "first"), ("swap2", "standard", "first", "second")]
    {
        let options = json!({
            "rules": rules,
            "opening": opening,
            "opponent": { "engine": "arbiter", "side": engine_seat, "movetime": 0.2 },
        });
        let response = serve_harness::post_game(&client, &server, "gomoku", options).await;
        assert_eq!(response.status(), reqwest::StatusCode::CREATED);
        let body: Value = response.json().await.unwrap();
        let id = body["id"].as_str().unwrap().to_owned();
        let token = body["tokens"][my_seat].as_str().unwrap().to_owned();
        page.goto(&server.url(&format!("/games/{id}#seat={my_seat}&token={token}"))).await.unwrap();
        if engine_seat == "first" {
            // The computer places the opening's three stones, one move after another.
            at_least(&page, 3).await;
            step_says(&page, "Your decision: Swap2: the 4th stone (white), or swap, or +2").await;
            screenshot(&page, "gomoku-swap2-the-computer-opened").await;
        } else {
            step_says(&page, "Your decision: Soosõrv-8: the 1st stone (black) on the centre point").await;
        }
        play_against(&page, &server, &id, my_seat, 4).await;
        let state = serve_harness::state(&client, &server, &id).await;
        assert!(state["task"].is_null(), "{opening}: the opening is over: {state}");
        assert!(state["colors"].is_object(), "{state}");
        at_least(&page, state["moves"].as_array().unwrap().len()).await;
        screenshot(&page, &format!("gomoku-{opening}-against-the-computer")).await;
    }
    let _ = page.close().await;
}

/// The box of the element `selector` and the window's size, after scrolling it to the
/// middle of the window as a player would.
async fn scrolled_to(page: &Client, selector: &str) -> Value {
    let code = format!(
        "const e = document.querySelector({selector:?}); e.scrollIntoView({{ block: 'center' }}); \
         const r = e.getBoundingClientRect(); \
         return {{ left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: innerWidth, height: innerHeight }}"
    );
    script(page, &code).await
}

fn in_window(name: &str, what: &str, b: &Value) {
    let number = |key: &str| b[key].as_f64().unwrap();
    assert!(
        number("left") >= 0.0
            && number("top") >= 0.0
            && number("right") <= number("width") + 0.5
            && number("bottom") <= number("height") + 0.5
            && number("right") > number("left"),
        "{name}: the {what} {b} is not inside the window"
    );
}

/// A decision of an opening: its name, the game's options, the moves before it, the
/// words of its step, the buttons the deciding page offers, and the offers drawn.
type Decision<'a> = (&'a str, &'a Value, &'a [&'a str], &'a str, &'a [&'a str], usize);

/// Each decision of Soosõrv-8 and Swap2 on a laptop's 1366x768 and a phone's 390x844,
/// the browser in English and in Chinese: the deciding player's page says it is their
/// decision and what it asks, the note and the decision's buttons (or the offers drawn
/// on the board) in the window once scrolled to, and the other player's page says it
/// is the opponent's. A screenshot of each is written, to be looked at.
#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn each_decision_shows_on_a_laptop_and_a_phone_in_english_and_chinese() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let client = reqwest::Client::new();
    let soosorv = json!({ "rules": "renju", "opening": "soosorv-8" });
    let swap2 = json!({ "opening": "swap2" });
    let decisions: [Decision; 5] = [
        (
            "soosorv-8-swap-or-4th-stone",
            &soosorv,
            &["h8", "i9", "j8"],
            "the 4th stone (white), or swap",
            &["Swap colours"],
            0,
        ),
        (
            "soosorv-8-declaration",
            &soosorv,
            &["h8", "i9", "j8", "swap", "f10"],
            "the number of fifth-move offers to be declared",
            &["Declare 1 fifth-move offer", "Declare 8 fifth-move offers"],
            0,
        ),
        (
            "soosorv-8-choice",
            &soosorv,
            &["h8", "i9", "j8", "swap", "f10", "declare:2", "offer:g7", "offer:k9"],
            "the choice of one fifth-move offer (choose:POINT) among g7, k9",
            &[],
            2,
        ),
        ("swap2-three-options", &swap2, &["h8", "h9", "j9"], "or +2 (two more stones)", &["Swap colours", "+2"], 0),
        (
            "swap2-colour-choice",
            &swap2,
            &["h8", "h9", "j9", "+2", "g7", "i7"],
            "the 6th stone (white), or swap",
            &["Swap colours"],
            0,
        ),
    ];
    let mut games = Vec::new();
    for (name, options, moves, words, buttons, offers) in decisions {
        let created = serve_harness::create(&client, &server, "gomoku", options.clone()).await;
        let state = serve_harness::play_all(&client, &server, &created, moves).await;
        let page = |seat: &str, token: &str| server.url(&format!("/games/{}#seat={seat}&token={token}", created.id));
        let (first, second) = (page("first", &created.first), page("second", &created.second));
        let (decider, other) = if state["seat_to_move"] == "second" { (second, first) } else { (first, second) };
        games.push((name, decider, other, words, buttons, offers));
    }
    for language in ["en-US", "zh-CN"] {
        let page = driver.window_in(1366, 768, language).await;
        let spoken = script(&page, "return navigator.language").await;
        assert_eq!(spoken, json!(language));
        for (width, height) in [(1366, 768), (390, 844)] {
            viewport(&page, width, height).await;
            for (name, decider, other, words, buttons, offers) in &games {
                let shot = format!("gomoku-{name}-{language}-{width}x{height}");
                page.goto("about:blank").await.unwrap();
                page.goto(decider).await.unwrap();
                step_says(&page, own_words(language, "Your decision: ")).await;
                step_says(&page, words).await;
                for label in buttons.iter().map(|label| own_words(language, label)) {
                    let find = format!(
                        "return [...document.querySelectorAll('#placeless button')].some(b => b.textContent.startsWith({label:?}))"
                    );
                    wait_for(&page, &find, json!(true)).await;
                }
                if *offers > 0 {
                    wait_for(&page, "return document.querySelectorAll('#board .offer').length", json!(offers)).await;
                }
                // The board's top at the window's top, as the page opens.
                screenshot(&page, &shot).await;
                let note = scrolled_to(&page, "#opening-step").await;
                in_window(&shot, "decision's note", &note);
                if !buttons.is_empty() {
                    let last = scrolled_to(&page, "#placeless button:last-child").await;
                    in_window(&shot, "last button", &last);
                    scrolled_to(&page, "#opening-step").await;
                    screenshot(&page, &format!("{shot}-decision")).await;
                }
                page.goto("about:blank").await.unwrap();
                page.goto(other).await.unwrap();
                step_says(&page, own_words(language, "Your opponent's decision: ")).await;
                step_says(&page, words).await;
                let none = "return document.querySelectorAll('#placeless button').length";
                wait_for(&page, none, json!(0)).await;
            }
        }
        let _ = page.close().await;
    }
}

/// The page's own words for an opening's decision in `language` (the step itself, from
/// the rules, is the server's English).
fn own_words<'a>(language: &str, english: &'a str) -> &'a str {
    if language != "zh-CN" {
        return english;
    }
    match english {
        "Your decision: " => "你的决定：",
        "Your opponent's decision: " => "对手的决定：",
        "Declare 1 fifth-move offer" => "宣布 1 个第五手打点",
        "Declare 8 fifth-move offers" => "宣布 8 个第五手打点",
        "Swap colours" => "交换颜色",
        other => other,
    }
}
