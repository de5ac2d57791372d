//! The browser client end to end, in headless Chromium driven over WebDriver: people
//! create games in the lobby, follow invite links, play by clicking, and watch moves
//! arrive live. Screenshots of each board are written to `arbiter-screenshots/` in the
//! system's temporary directory (`/tmp`), and the drawn pieces, stones, pegs and links
//! are counted on the same page.
//!
//! Needs Debian's `chromium` and `chromium-driver`: plain `cargo test` ignores these
//! tests; `scripts/test` installs both and runs them with `--ignored`, and they fail
//! if either is missing.

use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

#[path = "../serve/harness.rs"]
#[allow(dead_code)]
mod serve_harness;

mod accounts;
mod axe;
mod bots;
mod draughts_rule_sets;
mod game_page;
mod languages;
mod layout;
mod lobby;
mod openings;
mod package;
mod tournaments;

use serve_harness::Server;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A chromedriver process on a free loopback port, stopped when dropped with the
/// browsers it started: they share its process group, so a test that fails before
/// closing its windows leaves no Chromium running.
struct Driver {
    child: Child,
    url: String,
}

impl Driver {
    fn start() -> Driver {
        assert!(
            std::path::Path::new(CHROMIUM).exists() && std::path::Path::new(CHROMEDRIVER).exists(),
            "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
        );
        // The port is free when it is picked, but another process may take it before
        // chromedriver binds it (chromedriver then exits), and a bare TCP connect can
        // succeed with no one listening (Linux connects a socket to itself when the
        // port it picks for the connection is the one asked for). So chromedriver is
        // ready only when its own `/status` says so, and a driver that exited is
        // started again on another port.
        for _ in 0..5 {
            let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
            let mut child = Command::new(CHROMEDRIVER)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .process_group(0)
                .spawn()
                .expect("start chromedriver");
            let started = Instant::now();
            loop {
                if ready(port) {
                    return Driver { child, url: format!("http://127.0.0.1:{port}") };
                }
                if child.try_wait().ok().flatten().is_some() {
                    break;
                }
                if started.elapsed() > Duration::from_secs(20) {
                    drop(Driver { child, url: String::new() });
                    panic!("chromedriver did not start");
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        panic!("chromedriver exited at each of 5 starts")
    }

    /// A new headless browser window of the given width.
    async fn browser(&self, width: u32) -> Client {
        self.window(width, 1000).await
    }

    /// A new headless browser window of the given size.
    async fn window(&self, width: u32, height: u32) -> Client {
        self.open(width, height, None).await
    }

    /// A new headless browser window of the given size whose language is `language`
    /// (`zh-CN`): its own, and the one it asks pages for.
    async fn window_in(&self, width: u32, height: u32, language: &str) -> Client {
        self.open(width, height, Some(language)).await
    }

    async fn open(&self, width: u32, height: u32, language: Option<&str>) -> Client {
        let mut args = vec![
            "--headless".to_owned(),
            "--no-sandbox".to_owned(),
            "--disable-gpu".to_owned(),
            "--disable-dev-shm-usage".to_owned(),
            "--disable-background-networking".to_owned(),
            "--disable-component-update".to_owned(),
            "--disable-sync".to_owned(),
            "--no-first-run".to_owned(),
            "--disable-quic".to_owned(),
            format!("--window-size={width},{height}"),
        ];
        let mut options = json!({ "binary": CHROMIUM });
        if let Some(language) = language {
            args.push(format!("--lang={language}"));
            options["prefs"] = json!({ "intl.accept_languages": language });
        }
        options["args"] = json!(args);
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("goog:chromeOptions".to_owned(), options);
        ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(&self.url)
            .await
            .expect("a browser session")
    }
}

/// Whether the chromedriver on `port` answers its `/status` as ready for sessions.
fn ready(port: u16) -> bool {
    use std::io::{Read, Write};
    let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", port)) else { return false };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let request = format!("GET /status HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    if stream.write_all(request.as_bytes()).is_err() {
        return false;
    }
    // chromedriver may keep the connection open after its answer: read until the
    // answer says ready, the connection ends, or the read times out.
    let mut answer = Vec::new();
    let mut chunk = [0; 4096];
    while let Ok(n @ 1..) = stream.read(&mut chunk) {
        answer.extend_from_slice(&chunk[..n]);
        let text: String = String::from_utf8_lossy(&answer).split_whitespace().collect();
        if text.contains("\"ready\":true") {
            return true;
        }
    }
    false
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The whole group: chromedriver and every Chromium process under it.
        let _ = Command::new("kill").args(["-s", "KILL", "--", &format!("-{}", self.child.id())]).status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether the server carries the npm package (bindings/js built before it), which the
/// page then plays on.
async fn serves_package(server: &Server) -> bool {
    let response = reqwest::get(server.url("/assets/arbiter/index.js")).await.unwrap();
    response.status() == reqwest::StatusCode::OK
}

async fn script(client: &Client, code: &str) -> Value {
    client.execute(code, vec![]).await.expect("script runs")
}

/// Waits until `code` returns `expected`, for up to twenty seconds (a loaded machine
/// can be slow; a test that passes does not wait them out). A script that throws, as
/// one reading an element the page has not drawn yet does, has not given it yet.
async fn wait_for(client: &Client, code: &str, expected: Value) {
    if let Err(got) = wait_at_most(client, code, &expected, Duration::from_secs(20)).await {
        panic!("{code} gave {got}, waited for {expected}");
    }
}

/// Waits until `code` returns `expected`, for up to `limit`; what it gave last if it
/// never did.
async fn wait_at_most(client: &Client, code: &str, expected: &Value, limit: Duration) -> Result<(), String> {
    let started = Instant::now();
    loop {
        let got = match client.execute(code, vec![]).await {
            Ok(got) if got == *expected => return Ok(()),
            Ok(got) => got.to_string(),
            Err(error) => format!("an error ({error})"),
        };
        if started.elapsed() >= limit {
            return Err(got);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Picks a game in the lobby, once the lobby has built its list from the server's, and
/// opens the lobby's "More options".
/// Waits until the lobby's script has wired the page: it shows the lobby in the same
/// turn that it listens to the lobby's fields and buttons, which are in the page
/// before, so that a field typed into or a button clicked earlier would go unheard.
async fn lobby_ready(client: &Client) {
    wait_for(client, "return document.getElementById('lobby').hidden", json!(false)).await;
}

async fn choose_game(client: &Client, kind: &str) {
    lobby_ready(client).await;
    wait_for(client, &format!("return !!document.querySelector(\"#game-kind option[value='{kind}']\")"), json!(true))
        .await;
    client.find(Locator::Css("#game-kind")).await.unwrap().select_by_value(kind).await.unwrap();
    // The game's options, the player's name and every time control are under "More
    // options".
    script(client, "document.getElementById('more-options').open = true").await;
}

async fn count(client: &Client, selector: &str) -> u64 {
    script(client, &format!("return document.querySelectorAll('{selector}').length")).await.as_u64().unwrap_or(0)
}

async fn move_count(client: &Client, moves: u64) {
    wait_for(client, "return document.querySelectorAll('#moves .move').length", json!(moves)).await;
}

/// Clicks the board point `point` (its `data-point`) once the board shows it. The
/// board is drawn anew when a state arrives; a click that finds the point gone from
/// the page (or covered while it is redrawn) looks for it again.
async fn click_point(client: &Client, point: &str) {
    let selector = format!(".spot[data-point=\"{point}\"]");
    let mut tries = 0;
    loop {
        let element =
            client.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css(&selector)).await.expect(&selector);
        match element.click().await {
            Ok(()) => return,
            Err(e) if tries < 5 => {
                tries += 1;
                eprintln!("click {point} again: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("click {point}: {e}"),
        }
    }
}

/// Moves the piece on `from` to `to` by clicking both points: the second click only
/// once the page shows the piece picked up (or, if the page does not yet know it is
/// the player's turn, marked as a premove's start, which it plays when it learns). A
/// page that has just been loaded again may draw its board before it has the game's
/// moves, and let the first click go unheard: that click is made again.
async fn click_move(client: &Client, from: &str, to: &str) {
    let picked = format!(
        "return !!document.querySelector('.spot.selected[data-point=\"{from}\"], .spot.premove[data-point=\"{from}\"]')"
    );
    let mut tries = 0;
    loop {
        click_point(client, from).await;
        match wait_at_most(client, &picked, &json!(true), Duration::from_secs(5)).await {
            Ok(()) => break,
            Err(got) if tries < 3 => {
                tries += 1;
                eprintln!("click {from} again: the page shows it picked up: {got}");
            }
            Err(got) => panic!("{from} is never picked up: {got}"),
        }
    }
    click_point(client, to).await;
}

async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.expect("screenshot");
    assert!(png.starts_with(b"\x89PNG") && png.len() > 2000, "{name}: not a real picture");
    let dir = std::env::temp_dir().join("arbiter-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}

/// A game created over the API, and the page address of each seat.
async fn new_game(server: &Server, game: &str, options: Value) -> (String, String, String) {
    let created = serve_harness::create(&reqwest::Client::new(), server, game, options).await;
    let page = server.url(&format!("/games/{}", created.id));
    (format!("{page}#seat=first&token={}", created.first), format!("{page}#seat=second&token={}", created.second), page)
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn two_players_play_gomoku_to_a_win_while_a_third_watches() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let (black, white, watcher) = (driver.browser(1000).await, driver.browser(1000).await, driver.browser(400).await);

    // Black creates the game in the lobby and hands White the invite link.
    black.goto(&server.url("/")).await.unwrap();
    choose_game(&black, "gomoku").await;
    black.find(Locator::Css("input[name=size]")).await.unwrap().send_keys("9").await.unwrap();
    // A person sent a link, not an open challenge.
    black.find(Locator::Css("#opponent")).await.unwrap().select_by_value("").await.unwrap();
    black.find(Locator::Css("#new-game button[type=submit]")).await.unwrap().click().await.unwrap();
    black.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("#invite-link")).await.unwrap();
    wait_for(&black, "return document.getElementById('invite-link').value.includes('seat=second')", json!(true)).await;
    let invite = script(&black, "return document.getElementById('invite-link').value").await;
    let game_page = script(&black, "return location.pathname").await;
    white.goto(invite.as_str().unwrap()).await.unwrap();
    watcher.goto(&server.url(game_page.as_str().unwrap())).await.unwrap();
    move_count(&watcher, 0).await;

    let moves = ["e5", "d4", "f5", "d5", "g5", "d6", "h5", "d7", "i5"];
    for (ply, point) in moves.iter().enumerate() {
        let player = if ply % 2 == 0 { &black } else { &white };
        click_point(player, point).await;
        // Every move reaches the watcher live, stone by stone.
        move_count(&watcher, ply as u64 + 1).await;
        wait_for(&watcher, "return document.querySelectorAll('.stone').length", json!(ply + 1)).await;
    }
    for client in [&black, &white, &watcher] {
        wait_for(
            client,
            "return document.getElementById('banner').textContent.startsWith('Black wins by five in a row')",
            json!(true),
        )
        .await;
    }
    let banner = script(&black, "return document.getElementById('banner').textContent").await;
    assert_eq!(banner, json!("Black wins by five in a row: you win!"));
    assert_eq!(count(&watcher, ".stone-black").await, 5);
    assert_eq!(count(&watcher, ".stone-white").await, 4);
    screenshot(&watcher, "gomoku-watcher-phone-width").await;
    for client in [black, white, watcher] {
        let _ = client.close().await;
    }
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn xiangqi_draughts_and_twixt_are_played_by_clicking() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let (first, second) = (driver.browser(1000).await, driver.browser(1000).await);

    // Xiangqi: click a piece, then where it goes.
    let (red, black, _) = new_game(&server, "xiangqi", json!({})).await;
    first.goto(&red).await.unwrap();
    second.goto(&black).await.unwrap();
    wait_for(&first, "return document.querySelectorAll('.piece').length", json!(32)).await;
    // An illegal attempt shows the server's reason.
    click_point(&first, "b0").await;
    click_point(&first, "b3").await;
    wait_for(
        &first,
        "return document.getElementById('error').textContent",
        json!("illegal move b0b3: a horse cannot move from b0 to b3 here"),
    )
    .await;
    for (player, from, to, ply) in [(&first, "h2", "e2", 1), (&second, "h7", "e7", 2), (&first, "e2", "e6", 3)] {
        click_point(player, from).await;
        wait_for(player, "return document.querySelectorAll('.spot.legal').length > 0", json!(true)).await;
        click_point(player, to).await;
        move_count(&first, ply).await;
        move_count(&second, ply).await;
    }
    // The central cannon took a soldier.
    wait_for(&second, "return document.querySelectorAll('.piece').length", json!(31)).await;
    assert_eq!(count(&second, ".last").await, 2);
    screenshot(&second, "xiangqi").await;

    // Draughts: numbered squares, a step each, then a capture.
    let (white, black, _) = new_game(&server, "draughts", json!({})).await;
    first.goto(&white).await.unwrap();
    second.goto(&black).await.unwrap();
    // The page draws the board once its state has come.
    wait_for(&first, "return document.querySelectorAll('.piece').length", json!(40)).await;
    for (player, from, to, ply) in [(&first, "32", "28", 1), (&second, "19", "23", 2), (&first, "28", "19", 3)] {
        click_move(player, from, to).await;
        move_count(&first, ply).await;
    }
    move_count(&second, 3).await;
    assert_eq!(
        script(&second, "return document.querySelector('#moves .move:last-child').textContent").await,
        json!("28x19")
    );
    wait_for(&second, "return document.querySelectorAll('.piece').length", json!(39)).await;
    screenshot(&second, "draughts").await;

    // TwixT: pegs a knight's move apart are linked.
    let (black_seat, white_seat, _) = new_game(&server, "twixt", json!({ "size": 12 })).await;
    first.goto(&black_seat).await.unwrap();
    second.goto(&white_seat).await.unwrap();
    for (player, point, ply) in [(&first, "c4", 1), (&second, "h8", 2), (&first, "e5", 3), (&second, "j9", 4)] {
        click_point(player, point).await;
        move_count(&first, ply).await;
    }
    move_count(&second, 4).await;
    wait_for(&second, "return document.querySelectorAll('.peg').length", json!(4)).await;
    assert_eq!(count(&second, ".link").await, 2);
    assert_eq!(count(&second, ".link-black").await, 1);
    // The waiting player sees no point shaded as forbidden: the edge rows' tints are
    // the board's own, each side's in its colour whoever is to move.
    assert_eq!(count(&second, ".spot.forbidden").await, 0);
    assert_eq!(count(&second, ".band-black").await, 2);
    screenshot(&second, "twixt").await;
    // Clicking when it is not one's turn: with the rules in the page, a premove is
    // queued; without them, the server's word is shown.
    click_point(&second, "k10").await;
    if serves_package(&server).await {
        wait_for(
            &second,
            "return document.getElementById('premove').textContent.startsWith('Premove k10')",
            json!(true),
        )
        .await;
    } else {
        wait_for(&second, "return document.getElementById('error').textContent", json!("it is not your turn")).await;
    }

    for client in [first, second] {
        let _ = client.close().await;
    }
}

/// Sizes the window so that the page itself is `width` by `height`, as on a laptop's or
/// a phone's screen, whatever height the browser's own frame takes. (Its width needs
/// no correcting, and headless Chromium reports a narrow window's outer width as 500.)
async fn viewport(client: &Client, width: u32, height: u32) {
    client.set_window_size(width, height).await.unwrap();
    let frame = script(client, "return outerHeight - innerHeight").await;
    client.set_window_size(width, height + frame.as_u64().unwrap_or(0) as u32).await.unwrap();
}

/// A key pressed on the page.
async fn key(client: &Client, key: &str) {
    let code = format!("document.body.dispatchEvent(new KeyboardEvent('keydown', {{ key: '{key}', bubbles: true }}))");
    script(client, &code).await;
}

async fn click(client: &Client, id: &str) {
    let selector = format!("#{id}");
    let element =
        client.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css(&selector)).await.expect(&selector);
    wait_for(client, &format!("return !document.getElementById('{id}').hidden"), json!(true)).await;
    element.click().await.unwrap_or_else(|e| panic!("click #{id}: {e}"));
}

async fn banner_starts_with(client: &Client, text: &str) {
    wait_for(
        client,
        &format!("return document.getElementById('banner').textContent.startsWith('{text}')"),
        json!(true),
    )
    .await;
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn clocks_resignation_draws_rematches_check_and_the_turned_board() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let (first, second) = (driver.browser(1000).await, driver.browser(1000).await);

    // A Xiangqi game in check, seen by Black: the board turned, Black's general ringed.
    let (red, black, page) = new_game(&server, "xiangqi", json!({ "fen": "4k4/9/9/4N4/9/9/4C4/9/9/4K4 b" })).await;
    second.goto(&black).await.unwrap();
    wait_for(&second, "return document.getElementById('status').textContent.includes('check!')", json!(true)).await;
    wait_for(&second, "return document.querySelectorAll('.check').length", json!(1)).await;
    let y = "const y = (p) => Number(document.querySelector(`.spot[data-point=\"${p}\"]`).getAttribute('cy'));";
    let below = format!("{y} return y('e9') > y('e0')");
    let above = format!("{y} return y('e9') < y('e0')");
    wait_for(&second, &below, json!(true)).await;
    screenshot(&second, "xiangqi-black-in-check").await;
    // The plain address, in a browser that holds a seat of this game, is the spectator's.
    first.goto(&red).await.unwrap();
    wait_for(&first, "return document.getElementById('status').textContent.includes('waiting')", json!(true)).await;
    first.goto(&page).await.unwrap();
    wait_for(&first, "return document.getElementById('status').textContent.includes('(watching)')", json!(true)).await;
    assert_eq!(script(&first, "return document.getElementById('resign').hidden").await, json!(true));
    wait_for(&first, &above, json!(true)).await;

    // A short clock runs out: Black's, after both first moves, and White wins on time.
    let (black_seat, white_seat, _) = new_game(&server, "gomoku", json!({ "size": 9, "clock": { "base": 2 } })).await;
    first.goto(&black_seat).await.unwrap();
    second.goto(&white_seat).await.unwrap();
    click_point(&first, "e5").await;
    move_count(&second, 1).await;
    click_point(&second, "d4").await;
    move_count(&first, 2).await;
    wait_for(&first, "return document.getElementById('clock-bottom').classList.contains('low')", json!(true)).await;
    for client in [&first, &second] {
        banner_starts_with(client, "White wins by time").await;
    }
    screenshot(&second, "gomoku-lost-on-time").await;

    // A resignation.
    let (red, black, _) = new_game(&server, "xiangqi", json!({})).await;
    first.goto(&red).await.unwrap();
    second.goto(&black).await.unwrap();
    for (player, from, to, ply) in [(&first, "h2", "e2", 1), (&second, "h7", "e7", 2)] {
        click_point(player, from).await;
        click_point(player, to).await;
        move_count(&first, ply).await;
    }
    click(&second, "resign").await;
    click(&second, "resign").await;
    banner_starts_with(&first, "Red wins by resignation: you win!").await;
    banner_starts_with(&second, "Red wins by resignation").await;

    // A draw offered and accepted, then a rematch that both ask for.
    let (white, black, _) = new_game(&server, "draughts", json!({})).await;
    first.goto(&white).await.unwrap();
    second.goto(&black).await.unwrap();
    click_point(&first, "32").await;
    click_point(&first, "28").await;
    move_count(&second, 1).await;
    click(&first, "offer-draw").await;
    wait_for(&second, "return document.getElementById('offer').textContent", json!("Your opponent offers a draw."))
        .await;
    click(&second, "accept-draw").await;
    for client in [&first, &second] {
        banner_starts_with(client, "Draw by agreement").await;
    }
    click(&first, "rematch").await;
    wait_for(&second, "return document.getElementById('rematch').textContent", json!("Accept the rematch")).await;
    click(&second, "rematch").await;
    // Both pages move to the new game, the seats swapped: the first player now has
    // Black, seen at the bottom.
    for client in [&first, &second] {
        wait_for(
            client,
            "return document.querySelectorAll('#moves .move').length === 0 && !!document.querySelector('.spot')",
            json!(true),
        )
        .await;
    }
    let seat = script(&first, "return new URLSearchParams(location.hash.slice(1)).get('seat')").await;
    assert_eq!(seat, json!("second"));
    wait_for(
        &first,
        "return document.getElementById('status').textContent.includes('waiting for your opponent')",
        json!(true),
    )
    .await;
    click_point(&second, "32").await;
    click_point(&second, "28").await;
    move_count(&first, 1).await;
    screenshot(&first, "draughts-rematch-black-seat").await;
    for client in [first, second] {
        let _ = client.close().await;
    }
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn a_person_plays_the_computer_from_the_lobby() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let player = driver.browser(1000).await;
    player.goto(&server.url("/")).await.unwrap();
    choose_game(&player, "xiangqi").await;
    // The lobby offers the engines that play the game chosen.
    wait_for(
        &player,
        "return [...document.querySelectorAll('#opponent option')].map(o => o.value)",
        json!(["open", "", "arbiter"]),
    )
    .await;
    player.find(Locator::Css("#opponent")).await.unwrap().select_by_value("arbiter").await.unwrap();
    wait_for(&player, "return document.getElementById('computer-fields').hidden", json!(false)).await;
    player.find(Locator::Css("#my-seat")).await.unwrap().select_by_value("first").await.unwrap();
    let movetime = player.find(Locator::Css("#movetime")).await.unwrap();
    movetime.clear().await.unwrap();
    movetime.send_keys("0.2").await.unwrap();
    // A classical clock: ten minutes for every 40 moves, and 5 s a move.
    player.find(Locator::Css("#clock-kind")).await.unwrap().select_by_value("custom").await.unwrap();
    wait_for(&player, "return document.getElementById('clock-custom').hidden", json!(false)).await;
    for (field, value) in [("#clock-base", "600"), ("#clock-increment", "5"), ("#clock-moves", "40")] {
        let input = player.find(Locator::Css(field)).await.unwrap();
        input.clear().await.unwrap();
        input.send_keys(value).await.unwrap();
    }
    player.find(Locator::Css("#new-game button[type=submit]")).await.unwrap().click().await.unwrap();
    player.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("#board svg")).await.unwrap();
    wait_for(&player, "return location.hash.startsWith('#seat=first&token=')", json!(true)).await;
    wait_for(&player, "return document.getElementById('invite').hidden", json!(true)).await;
    let settings = script(&player, "return document.getElementById('settings').textContent").await;
    assert!(settings.as_str().unwrap().contains("arbiter plays Black, 0.2 s a move"), "{settings}");
    assert!(settings.as_str().unwrap().contains("10 minutes for every 40 moves + 5 seconds"), "{settings}");

    // The central cannon; the computer answers by itself.
    click_point(&player, "h2").await;
    click_point(&player, "e2").await;
    move_count(&player, 2).await;
    wait_for(&player, "return document.getElementById('status').textContent.endsWith('your turn')", json!(true)).await;
    screenshot(&player, "xiangqi-against-the-computer").await;
    // The record downloads from the page's link.
    let record = player
        .execute_async(
            "const done = arguments[0]; fetch(document.getElementById('record-link').href).then(r => r.text()).then(done)",
            vec![],
        )
        .await
        .unwrap();
    let record = record.as_str().unwrap();
    assert!(record.contains("[Variant \"xiangqi\"]") && record.contains("1. H2-E2"), "{record}");
    assert!(record.contains("[Black \"arbiter (computer)\"]"), "{record}");
    let _ = player.close().await;
}
