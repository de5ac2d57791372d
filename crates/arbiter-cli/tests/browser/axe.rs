//! axe-core (Deque's accessibility engine, from npm: `npm ci` in this folder) run in
//! the page on the lobby, game pages (a player's, mid-game and finished, and a
//! spectator's), a player's page, a tournament's page, the lobby's bots and challenges
//! and the runs pages, in every language the page has: no violation of serious or
//! critical impact.

use std::path::PathBuf;

use fantoccini::Client;
use serde_json::{Value, json};

use super::serve_harness::Server;
use super::{Driver, click_move, move_count, new_game, screenshot, script, wait_for};

/// The languages the page is written in: every catalog of the server's page.
fn languages() -> Vec<String> {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../arbiter-server/web/locales");
    let mut tags: Vec<String> = std::fs::read_dir(&folder)
        .expect("the page's catalogs")
        .flatten()
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.strip_suffix(".ftl")).map(str::to_owned))
        .collect();
    tags.sort();
    assert!(tags.len() >= 3, "{tags:?}");
    tags
}

fn axe_source() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/browser/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing: run `npm ci` in crates/arbiter-cli/tests/browser", path.display()))
}

/// axe-core's serious and critical violations on the page as it is now, each with the
/// elements it found them on.
async fn violations(page: &Client, axe: &str) -> Vec<Value> {
    script(page, axe).await;
    let found = page
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             axe.run(document, { resultTypes: ['violations'] }).then((r) => done(r.violations \
               .filter((v) => v.impact === 'serious' || v.impact === 'critical') \
               .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary}`) })))) \
             .catch((e) => done([{ id: 'axe-failed', help: String(e) }]))",
            vec![],
        )
        .await
        .expect("axe runs");
    found.as_array().cloned().unwrap_or_default()
}

async fn check(page: &Client, axe: &str, name: &str, failures: &mut Vec<String>) {
    let found = violations(page, axe).await;
    if !found.is_empty() {
        failures.push(format!("{name}: {}", serde_json::to_string_pretty(&found).unwrap()));
    }
}

async fn in_language(page: &Client, tag: &str) {
    wait_for(page, "return document.documentElement.lang", json!(tag)).await;
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn axe_finds_nothing_serious_on_the_lobby_and_game_pages_in_every_language() {
    let axe = axe_source();
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let (page, other) = (driver.window(1366, 768).await, driver.window(1366, 768).await);
    // Something in each list of the lobby: an open challenge, a game in play, a
    // finished one.
    let (red, black, watch) = new_game(&server, "xiangqi", json!({ "clock": { "base": 300, "increment": 3 } })).await;
    other.goto(&red).await.unwrap();
    click_move(&other, "h2", "e2").await;
    move_count(&other, 1).await;
    let (white, _, draughts) = new_game(&server, "draughts", json!({})).await;
    let token = white.split("token=").nth(1).unwrap();
    let id = draughts.rsplit('/').next().unwrap();
    let aborted = reqwest::Client::new()
        .post(server.url(&format!("/api/games/{id}/abort")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert!(aborted.status().is_success(), "{}", aborted.text().await.unwrap());
    super::serve_harness::create(&reqwest::Client::new(), &server, "gomoku", json!({})).await;

    let mut failures = Vec::new();
    for tag in languages() {
        page.goto(&server.url(&format!("/?lang={tag}"))).await.unwrap();
        in_language(&page, &tag).await;
        wait_for(&page, "return document.querySelectorAll('#finished-list li[data-game]').length >= 1", json!(true))
            .await;
        check(&page, &axe, &format!("{tag} lobby"), &mut failures).await;
        script(&page, "document.getElementById('more-options').open = true").await;
        check(&page, &axe, &format!("{tag} lobby, more options"), &mut failures).await;

        // Black's seat, its turn: the move box, the board, the move list.
        page.goto(&format!("{}?lang={tag}#{}", watch, black.split('#').nth(1).unwrap())).await.unwrap();
        in_language(&page, &tag).await;
        wait_for(&page, "return document.querySelectorAll('.piece').length", json!(32)).await;
        move_count(&page, 1).await;
        check(&page, &axe, &format!("{tag} game page, a player's"), &mut failures).await;
        // The board walked by keys, the position in words open.
        script(&page, "document.getElementById('position-box').open = true; document.getElementById('board').focus()")
            .await;
        check(&page, &axe, &format!("{tag} game page, the board in focus"), &mut failures).await;
        // A spectator's view, and a finished game.
        page.goto(&format!("{watch}?lang={tag}")).await.unwrap();
        in_language(&page, &tag).await;
        move_count(&page, 1).await;
        check(&page, &axe, &format!("{tag} game page, a spectator's"), &mut failures).await;
        page.goto(&format!("{draughts}?lang={tag}")).await.unwrap();
        in_language(&page, &tag).await;
        wait_for(&page, "return !document.getElementById('banner').hidden", json!(true)).await;
        check(&page, &axe, &format!("{tag} game page, finished"), &mut failures).await;
        // A player's page (of nobody: the page and its error line).
        page.goto(&server.url(&format!("/players/nobody?lang={tag}"))).await.unwrap();
        in_language(&page, &tag).await;
        wait_for(&page, "return document.getElementById('player-error').textContent !== ''", json!(true)).await;
        check(&page, &axe, &format!("{tag} player's page"), &mut failures).await;
    }
    assert!(failures.is_empty(), "serious or critical accessibility violations:\n{}", failures.join("\n"));
    for client in [page, other] {
        let _ = client.close().await;
    }
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn axe_finds_nothing_serious_on_the_tournament_pages_in_every_language() {
    use super::tournaments::{api_account, api_post};
    let axe = axe_source();
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    // A Swiss under way, its first round paired, and one to come.
    let (bob, cleo) = (api_account(&server, "Bob").await, api_account(&server, "Cleo").await);
    let clock = json!({ "clock": { "base": 120, "increment": 1 } });
    let running = api_post(
        &server,
        &bob,
        "/api/tournaments",
        json!({ "name": "Now", "system": "swiss", "game": "xiangqi", "rounds": 3, "starts_in": 1, "options": clock }),
    )
    .await;
    let upcoming = api_post(
        &server,
        &bob,
        "/api/tournaments",
        json!({ "name": "Later", "system": "arena", "game": "gomoku", "minutes": 30, "starts_in": 600, "options": clock }),
    )
    .await;
    for cookie in [&bob, &cleo] {
        api_post(&server, cookie, &format!("/api/tournaments/{}/join", running["id"].as_str().unwrap()), json!({}))
            .await;
    }
    let page = driver.window(1366, 768).await;
    // Signed in: the lobby's tournament form, and Join on a tournament's page.
    super::accounts::sign_up(&page, &server, "Ada").await;
    let mut failures = Vec::new();
    for tag in languages() {
        page.goto(&server.url(&format!("/?lang={tag}"))).await.unwrap();
        in_language(&page, &tag).await;
        wait_for(
            &page,
            "return document.querySelectorAll('#tournaments-upcoming li[data-tournament]').length",
            json!(1),
        )
        .await;
        script(&page, "document.getElementById('new-tournament-box').open = true").await;
        check(&page, &axe, &format!("{tag} lobby, the tournament form"), &mut failures).await;
        for (what, t) in [("running", &running), ("upcoming", &upcoming)] {
            page.goto(&server.url(&format!("/tournaments/{}?lang={tag}", t["id"].as_str().unwrap()))).await.unwrap();
            in_language(&page, &tag).await;
            wait_for(&page, "return document.getElementById('tournament-title').textContent !== ''", json!(true)).await;
            // The first round's games may end unplayed (nobody moves) and the Swiss with
            // them: a round is there either way.
            if what == "running" {
                wait_for(&page, "return document.querySelectorAll('#rounds table').length >= 1", json!(true)).await;
            }
            check(&page, &axe, &format!("{tag} tournament page, {what}"), &mut failures).await;
        }
    }
    assert!(failures.is_empty(), "serious or critical accessibility violations:\n{}", failures.join("\n"));
    let _ = page.close().await;
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn axe_finds_nothing_serious_on_the_lobbys_bots_and_challenges_in_every_language() {
    let axe = axe_source();
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let token = super::bots::make_bot(&server, "Robo").await;
    let page = driver.window(1366, 768).await;
    super::accounts::sign_up(&page, &server, "Ada").await;
    // Robo challenges Ada; Ada challenges Robo (no program plays it: it stays pending).
    let asked = reqwest::Client::new()
        .post(server.url("/api/challenges"))
        .bearer_auth(&token)
        .json(&json!({ "to": "Ada", "game": "gomoku" }))
        .send()
        .await
        .unwrap();
    assert_eq!(asked.status(), reqwest::StatusCode::CREATED);
    let mine = "return (async () => (await fetch('/api/challenges', {method: 'POST', headers: {'Content-Type': \
                'application/json'}, body: JSON.stringify({to: 'Robo', game: 'xiangqi', rated: true})})).status)()";
    assert_eq!(script(&page, mine).await, json!(201));
    let mut failures = Vec::new();
    for tag in languages() {
        page.goto(&server.url(&format!("/?lang={tag}"))).await.unwrap();
        in_language(&page, &tag).await;
        for list in ["challenges-incoming", "challenges-outgoing"] {
            wait_for(
                &page,
                &format!("return document.querySelectorAll('#{list} li[data-challenge] button').length"),
                json!(if list == "challenges-incoming" { 2 } else { 1 }),
            )
            .await;
        }
        wait_for(&page, "return document.querySelectorAll('#bot-list li[data-bot] button').length", json!(1)).await;
        check(&page, &axe, &format!("{tag} lobby, bots and challenges"), &mut failures).await;
        script(&page, "document.getElementById('bots-card').scrollIntoView()").await;
        screenshot(&page, &format!("lobby-bots-{tag}-laptop")).await;
    }
    assert!(failures.is_empty(), "serious or critical accessibility violations:\n{}", failures.join("\n"));

    // The answers, in English: Robo declines Ada's challenge with its reason, which her
    // list and the live region show; she cancels another and declines Robo's.
    page.goto(&server.url("/?lang=en")).await.unwrap();
    in_language(&page, "en").await;
    let outgoing = "#challenges-outgoing li[data-challenge]";
    wait_for(&page, &format!("return document.querySelectorAll(\"{outgoing}\").length"), json!(1)).await;
    let id = script(&page, &format!("return document.querySelector(\"{outgoing}\").dataset.challenge")).await;
    let declined = reqwest::Client::new()
        .post(server.url(&format!("/api/challenges/{}/decline", id.as_str().unwrap())))
        .bearer_auth(&token)
        .json(&json!({ "reason": "not today" }))
        .send()
        .await
        .unwrap();
    assert_eq!(declined.status(), reqwest::StatusCode::OK);
    wait_for(
        &page,
        "return document.getElementById('challenge-news').textContent",
        json!("Robo declined your challenge: not today"),
    )
    .await;
    wait_for(
        &page,
        &format!("return document.querySelector(\"{outgoing} .challenge-status\").textContent"),
        json!("declined: not today"),
    )
    .await;
    script(&page, "document.querySelector(\"#bot-list li[data-bot='Robo'] button\").click()").await;
    wait_for(&page, &format!("return document.querySelector(\"{outgoing}\").dataset.status"), json!("pending")).await;
    script(&page, &format!("document.querySelector(\"{outgoing} button\").click()")).await;
    wait_for(&page, &format!("return document.querySelector(\"{outgoing}\").dataset.status"), json!("canceled")).await;
    // The Challenge button is there again for another challenge.
    wait_for(&page, "return document.querySelector(\"#bot-list li[data-bot='Robo'] button\").disabled", json!(false))
        .await;
    wait_for(
        &page,
        "return document.getElementById('challenge-news').textContent",
        json!("Your challenge to Robo is called off."),
    )
    .await;
    script(&page, "document.querySelectorAll('#challenges-incoming li[data-challenge] button')[1].click()").await;
    wait_for(
        &page,
        "return document.getElementById('challenges-incoming').textContent",
        json!("Nobody is challenging you."),
    )
    .await;
    script(&page, "document.getElementById('bots-card').scrollIntoView()").await;
    screenshot(&page, "lobby-bots-answered-laptop").await;
    // On a phone: the lists one under the other, within the window.
    super::viewport(&page, 390, 844).await;
    script(&page, "document.getElementById('bots-card').scrollIntoView()").await;
    let widths = script(&page, "return [document.documentElement.scrollWidth, innerWidth]").await;
    assert!(widths[0].as_f64() <= widths[1].as_f64(), "the lobby is wider than a phone: {widths}");
    screenshot(&page, "lobby-bots-answered-phone").await;
    let _ = page.close().await;
}

#[tokio::test]
#[ignore = "needs Chromium and PostgreSQL: scripts/test runs it"]
async fn axe_finds_nothing_serious_on_the_runs_pages() {
    let url = std::env::var("ARBITER_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
        .expect("ARBITER_TEST_POSTGRES must name a throwaway PostgreSQL database (scripts/test makes one)");
    let axe = axe_source();
    // A short run of arbiter's own engine against itself, played to its end.
    let name = format!("axe-{}-{}", std::process::id(), std::time::UNIX_EPOCH.elapsed().map_or(0, |d| d.as_nanos()));
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["match", "xiangqi", "--engine", "name=deep", "cmd=builtin", "proto=uci", "args=--depth 2"])
        .args(["--engine", "name=shallow", "cmd=builtin", "proto=uci", "args=--depth 1", "--depth", "1"])
        .args(["--games", "2", "--database", &url, "--run", &name, "--workers", "1"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let server = Server::start(&url);
    let runs: Value = reqwest::get(server.url("/api/runs")).await.unwrap().json().await.unwrap();
    let id =
        runs["runs"].as_array().unwrap().iter().find(|r| r["name"] == json!(name)).expect("the run is listed")["id"]
            .clone();
    let driver = Driver::start();
    let page = driver.window(1366, 768).await;
    let mut failures = Vec::new();
    for tag in languages() {
        for (what, path) in [("runs", "/runs".to_owned()), ("run", format!("/runs/{id}"))] {
            page.goto(&server.url(&format!("{path}?lang={tag}"))).await.unwrap();
            wait_for(&page, "return document.readyState", json!("complete")).await;
            // The server writes these pages in the language asked for.
            in_language(&page, &tag).await;
            check(&page, &axe, &format!("{tag} {what} page"), &mut failures).await;
        }
    }
    assert!(failures.is_empty(), "serious or critical accessibility violations:\n{}", failures.join("\n"));
    // The language the page's switch keeps (its cookie) is the runs pages' too.
    page.goto(&server.url("/?lang=zh-TW")).await.unwrap();
    in_language(&page, "zh-TW").await;
    page.goto(&server.url("/runs")).await.unwrap();
    wait_for(&page, "return document.querySelector('h1').textContent", json!("對局批次")).await;
    let _ = page.close().await;
}
