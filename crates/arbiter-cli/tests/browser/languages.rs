//! The page in the players' languages and within everyone's reach: browsers whose
//! language is Simplified or Traditional Chinese get the lobby and a Xiangqi game in
//! it (the move list in Chinese notation, the files numbered from each side as Chinese
//! boards number them, refusals and endings in Chinese); an English browser switches
//! language, and the choice is kept; a Xiangqi game is played from the keyboard alone,
//! with the move box and the board walked by arrow keys, and the live region read back.
//! Screenshots of the Chinese pages at a laptop's and a phone's size are written (see
//! `screenshot`) to be looked at.

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use super::serve_harness::{self, Server};
use super::{Driver, move_count, new_game, screenshot, script, viewport, wait_for};

const ENTER: &str = "\u{E007}";
const LEFT: &str = "\u{E012}";
const UP: &str = "\u{E013}";
const RIGHT: &str = "\u{E014}";

async fn text(page: &Client, id: &str) -> String {
    script(page, &format!("return document.getElementById('{id}')?.textContent")).await.as_str().unwrap().to_owned()
}

async fn text_is(page: &Client, id: &str, expected: &str) {
    wait_for(page, &format!("return document.getElementById('{id}')?.textContent"), json!(expected)).await;
}

async fn text_has(page: &Client, id: &str, part: &str) {
    wait_for(page, &format!("return document.getElementById('{id}').textContent.includes({part:?})"), json!(true))
        .await;
}

/// The board's file numbers along its lower and upper edges, each read left to right.
async fn file_numbers(page: &Client) -> Value {
    script(
        page,
        "const labels = [...document.querySelectorAll('#board text.file-number')]; \
         const ys = labels.map((l) => Number(l.getAttribute('y'))); \
         const row = (y) => labels.filter((l) => Number(l.getAttribute('y')) === y) \
           .sort((a, b) => Number(a.getAttribute('x')) - Number(b.getAttribute('x'))).map((l) => l.textContent).join(''); \
         return [row(Math.max(...ys)), row(Math.min(...ys))]",
    )
    .await
}

/// Types `move` into the move box and presses Enter.
async fn type_move(page: &Client, mv: &str) {
    let input = page.wait().for_element(Locator::Css("#move-input")).await.unwrap();
    wait_for(page, "return !document.getElementById('move-form').hidden", json!(true)).await;
    input.send_keys(&format!("{mv}{ENTER}")).await.unwrap();
}

/// Presses `keys` on the board (which takes the focus first, as a Tab would give it).
async fn board_keys(page: &Client, keys: &str) {
    let board = page.find(Locator::Css("#board")).await.unwrap();
    board.send_keys(keys).await.unwrap();
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn chinese_browsers_get_the_lobby_and_a_game_in_their_language_and_an_english_one_switches() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let simplified = driver.window_in(1366, 768, "zh-CN").await;
    let traditional = driver.window_in(1366, 768, "zh-TW").await;

    // The lobby, in each browser's own language: `<html lang>`, the play form first,
    // the games' names, the time controls as buttons.
    for (page, tag, opponent, xiangqi, none) in
        [(&simplified, "zh-CN", "对手", "中国象棋", "不计时"), (&traditional, "zh-TW", "對手", "象棋", "不計時")]
    {
        page.goto(&server.url("/")).await.unwrap();
        wait_for(page, "return document.documentElement.lang", json!(tag)).await;
        text_is(page, "play-heading", "下棋").await;
        wait_for(
            page,
            "return document.querySelector('#opponent').labels[0].querySelector('span').textContent",
            json!(opponent),
        )
        .await;
        wait_for(
            page,
            "return document.querySelector(\"#game-kind option[value='xiangqi']\")?.textContent",
            json!(xiangqi),
        )
        .await;
        wait_for(page, "return document.querySelector('#time-buttons button')?.textContent", json!(none)).await;
        // The play form and the open challenges come before the lists and the account.
        let order = script(
            page,
            "const y = (id) => document.getElementById(id).getBoundingClientRect().top; \
             return y('new-game') < y('account-card') && y('open-list') < y('game-list')",
        )
        .await;
        assert_eq!(order, json!(true), "{tag}: the play form and open challenges come first");
        // The technical options are folded away.
        assert_eq!(script(page, "return document.getElementById('more-options').open").await, json!(false));
    }
    screenshot(&simplified, "lobby-zh-CN-laptop").await;
    viewport(&simplified, 390, 844).await;
    screenshot(&simplified, "lobby-zh-CN-phone").await;
    screenshot(&traditional, "lobby-zh-TW-laptop").await;

    // A Xiangqi game: Red in Simplified Chinese, Black in Traditional.
    let (red, black, _) = new_game(&server, "xiangqi", json!({})).await;
    viewport(&simplified, 1366, 768).await;
    simplified.goto(&red).await.unwrap();
    traditional.goto(&black).await.unwrap();
    for page in [&simplified, &traditional] {
        wait_for(page, "return document.querySelectorAll('.piece').length", json!(32)).await;
    }
    text_is(&simplified, "status", "轮到红方走棋 — 轮到你").await;
    text_is(&traditional, "status", "輪到紅方走棋 — 等待對手").await;
    wait_for(&simplified, "return document.querySelector('#move-form label').textContent", json!("着法")).await;
    wait_for(&traditional, "return document.querySelector('#move-form label').textContent", json!("著法")).await;
    // Each side's files are counted from its own right: Red's 一 to 九 along Red's
    // edge, Black's 1 to 9 along Black's, whichever side is below.
    assert_eq!(file_numbers(&simplified).await, json!(["九八七六五四三二一", "123456789"]));
    assert_eq!(file_numbers(&traditional).await, json!(["987654321", "一二三四五六七八九"]));
    screenshot(&simplified, "xiangqi-zh-CN-laptop").await;

    // The central cannon, typed in ICCS; the move list shows it in Chinese notation.
    type_move(&simplified, "h2e2").await;
    move_count(&traditional, 1).await;
    wait_for(&simplified, "return document.querySelector('#moves .move')?.textContent", json!("炮二平五")).await;
    wait_for(&traditional, "return document.querySelector('#moves .move')?.textContent", json!("炮二平五")).await;
    // A refusal by its stable code, in Traditional Chinese: the chariot is blocked.
    type_move(&traditional, "a9a5").await;
    text_has(&traditional, "error", "a9a5").await;
    let refused = text(&traditional, "error").await;
    assert!(refused.starts_with("著法 a9a5 不成立："), "{refused}");
    // Black's horse, typed in Chinese notation with plain digits; the move list writes
    // Black's files in full-width digits, as Chinese records do.
    type_move(&traditional, "馬8進7").await;
    move_count(&simplified, 2).await;
    wait_for(&simplified, "return document.querySelectorAll('#moves .move')[1]?.textContent", json!("马８进７")).await;
    viewport(&traditional, 390, 844).await;
    screenshot(&traditional, "xiangqi-zh-TW-phone").await;

    // Red resigns: the ending in each language.
    for _ in 0..2 {
        script(&simplified, "document.getElementById('resign').click()").await;
    }
    wait_for(&simplified, "return document.getElementById('banner').textContent", json!("黑方胜（认输）")).await;
    wait_for(&traditional, "return document.getElementById('banner').textContent", json!("黑方勝（認輸）：你贏了！"))
        .await;
    viewport(&simplified, 390, 844).await;
    screenshot(&simplified, "xiangqi-zh-CN-phone-ended").await;

    // An English browser reads English, and switches to Traditional Chinese with the
    // header's switch; the choice is kept, and `?lang=` overrides it.
    let english = driver.window_in(1366, 768, "en-US").await;
    english.goto(&server.url("/")).await.unwrap();
    wait_for(&english, "return document.documentElement.lang", json!("en")).await;
    text_is(&english, "play-heading", "Play").await;
    // The switch lists the languages once the page has read them: wait for it.
    wait_for(&english, "return !!document.querySelector(\"#language option[value='zh-TW']\")", json!(true)).await;
    english.find(Locator::Css("#language")).await.unwrap().select_by_value("zh-TW").await.unwrap();
    wait_for(&english, "return document.documentElement.lang", json!("zh-TW")).await;
    text_is(&english, "play-heading", "下棋").await;
    english.goto(&server.url("/")).await.unwrap();
    wait_for(&english, "return document.documentElement.lang", json!("zh-TW")).await;
    text_is(&english, "more-options-summary", "更多選項").await;
    english.goto(&server.url("/?lang=en")).await.unwrap();
    wait_for(&english, "return document.documentElement.lang", json!("en")).await;
    text_is(&english, "more-options-summary", "More options").await;

    for client in [simplified, traditional, english] {
        let _ = client.close().await;
    }
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn a_xiangqi_game_is_played_from_the_keyboard_alone() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let (first, second) = (driver.window_in(1366, 768, "en-US").await, driver.window_in(1366, 768, "zh-CN").await);
    let (red, black, _) = new_game(&server, "xiangqi", json!({})).await;
    first.goto(&red).await.unwrap();
    second.goto(&black).await.unwrap();
    for page in [&first, &second] {
        wait_for(page, "return document.querySelectorAll('.piece').length", json!(32)).await;
    }
    // Every control is labelled: the move box by its label.
    assert_eq!(
        script(&first, "return document.getElementById('move-input').labels[0].textContent").await,
        json!("Move")
    );

    // Red types the central cannon in WXF and presses Enter; Black hears it in Chinese.
    type_move(&first, "C2.5").await;
    move_count(&second, 1).await;
    text_is(&second, "announcer", "红方：炮二平五。").await;
    // Black answers in the move box, in Chinese notation; Red hears it.
    type_move(&second, "马8进7").await;
    move_count(&first, 2).await;
    text_is(&first, "announcer", "Black: h9g7.").await;

    // Red walks the board from its lower left corner (a0): the horse on h0 is named
    // with where it can go, picked with Enter, walked to g2 and put down with Enter.
    board_keys(&first, &RIGHT.repeat(7)).await;
    text_is(&first, "board-point", "h0, Red horse, moves to g2, i2").await;
    board_keys(&first, ENTER).await;
    text_has(&first, "board-point", "Picked up: h0").await;
    board_keys(&first, &format!("{UP}{UP}")).await;
    text_is(&first, "board-point", "h2, empty").await;
    board_keys(&first, &format!("{LEFT}{ENTER}")).await;
    move_count(&second, 3).await;
    text_is(&second, "announcer", "红方：马二进三。").await;
    // The arrow keys on the board moved its cursor, not back through the game's moves.
    assert_eq!(script(&first, "return document.getElementById('live').hidden").await, json!(true));

    // A refusal, said in the alert line; Black's chariot cannot jump its own horse.
    type_move(&second, "i9i5").await;
    text_has(&second, "error", "i9i5").await;
    type_move(&second, "h7h0").await;
    move_count(&first, 4).await;
    text_is(&first, "announcer", "Black: h7h0.").await;

    // The position in words, for a screen reader.
    let words = text(&first, "position-words").await;
    assert!(words.contains("Red horse: b0, g2") || words.contains("Red horse: g2, b0"), "{words}");
    assert!(words.contains("Black cannon: b7, h0") || words.contains("Black cannon: h0, b7"), "{words}");

    // Red resigns from the keyboard (Tab to the button, Enter twice): the end is said.
    let resign = first.find(Locator::Css("#resign")).await.unwrap();
    resign.send_keys(ENTER).await.unwrap();
    resign.send_keys(ENTER).await.unwrap();
    wait_for(&second, "return document.getElementById('announcer').textContent", json!("黑方胜（认输）：你赢了！"))
        .await;
    text_is(&first, "announcer", "Black wins by resignation").await;
    screenshot(&second, "xiangqi-keyboard-zh-CN").await;
    for client in [first, second] {
        let _ = client.close().await;
    }
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn a_piece_held_back_by_a_compulsory_capture_says_so_in_each_language() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let page = driver.window(1366, 768).await;
    // FMJD rules (docs/rules.md, "International draughts"): "the capture that takes the
    // most pieces is compulsory". After 32-28 19-23, White's
    // only moves are the capture 28x19: a click on 31, which could step otherwise,
    // says why it cannot move, and which piece must take.
    let client = reqwest::Client::new();
    let game = serve_harness::create(&client, &server, "draughts", json!({})).await;
    serve_harness::play_all(&client, &server, &game, &["32-28", "19-23"]).await;
    let white = server.url(&format!("/games/{}#seat=first&token={}", game.id, game.first));
    for (tag, expected) in [
        ("en", "A capture is compulsory: the piece on 28 must take (28x19)."),
        ("zh-CN", "必须吃子：28 上的棋子必须吃（28x19）。"),
        ("zh-TW", "必須吃子：28 上的棋子必須吃（28x19）。"),
    ] {
        let (path, seat) = white.split_once('#').unwrap();
        page.goto(&format!("{path}?lang={tag}#{seat}")).await.unwrap();
        wait_for(&page, "return document.documentElement.lang", json!(tag)).await;
        wait_for(&page, "return document.querySelectorAll('.piece').length", json!(40)).await;
        wait_for(&page, "return document.getElementById('status').textContent !== ''", json!(true)).await;
        super::click_point(&page, "31").await;
        text_is(&page, "error", expected).await;
    }
    let _ = page.close().await;
}
