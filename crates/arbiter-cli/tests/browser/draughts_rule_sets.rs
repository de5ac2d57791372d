//! Each 8x8 draughts rule set, and Canadian draughts on 12x12, played to its end in the
//! page, by clicking: White's page
//! and Black's, each player clicking their own moves, from a short ending (`fen`) that a
//! few moves finish by the rules (the side to move has no piece or no move), with the
//! rule set's own rule in play where it shows. The squares are named as the rule set
//! writes them (`c3` or `22`), Spanish and Italian draughts are on the turned board (a
//! playable square at each player's right-hand corner), and each ended game's page is
//! written (see `screenshot`) to be looked at: on a laptop, on a phone, one in Chinese.
//! The moves are those `arbiter moves draughts --rules R --fen F` lists.

use fantoccini::Client;
use serde_json::json;

use super::serve_harness::Server;
use super::{Driver, click_move, count, move_count, new_game, screenshot, script, viewport, wait_for};

/// Which window plays a side, and whose page is written when the game ends.
#[derive(Clone, Copy, PartialEq)]
enum Window {
    Laptop,
    Phone,
    Chinese,
}

struct Ending {
    rules: &'static str,
    fen: &'static str,
    /// Both sides' moves, in order, as the move list writes them; each is played by a
    /// click on its start square and one on its end square.
    moves: &'static [&'static str],
    /// The pieces and kings left on the board.
    pieces: u64,
    kings: u64,
    winner: &'static str,
    white: Window,
    black: Window,
    /// The side whose page is written when the game ends.
    shot: &'static str,
}

const ENDINGS: [Ending; 9] = [
    // A man passing the last row during a capture stays a man (h4), and the capture of
    // the most pieces (three) is the only one: f4xh6 is not allowed.
    Ending {
        rules: "brazilian",
        fen: "W:Wa5,c5,e3,f4:Bc7,e7,h6",
        moves: &["c5-b6", "h6-g5", "b6:h4"],
        pieces: 4,
        kings: 0,
        winner: "White",
        white: Window::Laptop,
        black: Window::Phone,
        shot: "white",
    },
    // A man crowned during a capture goes on as a king: b6 over c7 to d8, then over f6
    // and e3 to d2.
    Ending {
        rules: "russian",
        fen: "W:Wa5,c5:Bc7,f6,f4",
        moves: &["c5-b6", "f4-e3", "b6:d2"],
        pieces: 2,
        kings: 1,
        winner: "White",
        white: Window::Laptop,
        black: Window::Phone,
        shot: "black",
    },
    // Black moves first; White's last man (20, h4) may not take the man behind it
    // (24, g3), and has no move.
    Ending {
        rules: "english",
        fen: "B:W20,23:B10,11,16",
        moves: &["10-15", "23-19", "15x24"],
        pieces: 4,
        kings: 0,
        winner: "Black",
        white: Window::Phone,
        black: Window::Laptop,
        shot: "white",
    },
    // Black moves first, and a man captures backwards (18, d4, over 15 to 11).
    Ending {
        rules: "pool",
        fen: "B:W19:B5,18",
        moves: &["5-9", "19-15", "18x11"],
        pieces: 2,
        kings: 0,
        winner: "Black",
        white: Window::Laptop,
        black: Window::Phone,
        shot: "black",
    },
    // Where a king and a man can both capture, the king must (d8:g5, not e3:g5); a man
    // captures forward only, so Black's f4 does not take the king behind it.
    Ending {
        rules: "czech",
        fen: "W:WKa5,e3:Be7,g5",
        moves: &["a5-d8", "g5-f4", "d8:g5", "f4:d2", "g5:c1"],
        pieces: 1,
        kings: 1,
        winner: "White",
        white: Window::Laptop,
        black: Window::Phone,
        shot: "white",
    },
    // The turned board; of two captures of one piece, the one that takes the king
    // (23x16, not 17x10).
    Ending {
        rules: "spanish",
        fen: "W:W21,22,23:B13,K2",
        moves: &["21-17", "2-20", "23x16", "13-18", "22x13"],
        pieces: 3,
        kings: 0,
        winner: "White",
        white: Window::Phone,
        black: Window::Laptop,
        shot: "white",
    },
    // The turned board; White's man (19) may not take the king beside it (15), which
    // takes it and then White's last man.
    Ending {
        rules: "italian",
        fen: "W:W19,25:BK15",
        moves: &["25-21", "15x22", "21-18", "22x13"],
        pieces: 1,
        kings: 1,
        winner: "Black",
        white: Window::Laptop,
        black: Window::Chinese,
        shot: "black",
    },
    // A king takes a piece far off on its line and lands right behind it (25x15: on
    // e5, where a flying king elsewhere may land on f6, g7 or h8 too).
    Ending {
        rules: "thai",
        fen: "W:WK30:B15",
        moves: &["30-25", "15-18", "25x15"],
        pieces: 1,
        kings: 1,
        winner: "White",
        white: Window::Laptop,
        black: Window::Phone,
        shot: "white",
    },
    // Canadian draughts on the 12x12 board: of 58's captures the one of two pieces
    // (over 51 and 39 to 34), and Black has none left.
    Ending {
        rules: "canadian",
        fen: "W:W58:B51,39",
        moves: &["58x34"],
        pieces: 1,
        kings: 0,
        winner: "White",
        white: Window::Laptop,
        black: Window::Phone,
        shot: "white",
    },
];

/// Whether the board's lower right-hand corner, as the page shows it, is a playable
/// square: on the turned board of Spanish and Italian draughts for either player.
const RIGHT_CORNER_PLAYABLE: &str = "const board = document.querySelector('#board svg').getBoundingClientRect(); \
     return [...document.querySelectorAll('.spot')].some((s) => { const r = s.getBoundingClientRect(); \
     return Math.abs(r.right - board.right) < 2 && Math.abs(r.bottom - board.bottom) < 2; })";

/// The banner that ends a game won by `winner` (`White`), on the winner's page or
/// another, in English or Chinese.
fn banner(winner: &str, window: Window, won: bool) -> String {
    if window == Window::Chinese {
        let side = if winner == "White" { "白方" } else { "黑方" };
        let result = format!("{side}胜（无棋可走）");
        if won { format!("{result}：你赢了！") } else { result }
    } else {
        let result = format!("{winner} wins by no legal move");
        if won { format!("{result}: you win!") } else { result }
    }
}

#[tokio::test]
#[ignore = "needs Chromium: scripts/test runs it"]
async fn each_eight_by_eight_draughts_rule_set_and_canadian_draughts_are_played_to_their_end_by_clicking() {
    let driver = Driver::start();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&format!("sqlite://{}", dir.path().join("arbiter.db").display()));
    let laptop = driver.window(1366, 768).await;
    let phone = driver.window(390, 844).await;
    let chinese = driver.window_in(390, 844, "zh-CN").await;
    viewport(&laptop, 1366, 768).await;
    viewport(&phone, 390, 844).await;
    viewport(&chinese, 390, 844).await;
    let page = |window: Window| -> &Client {
        match window {
            Window::Laptop => &laptop,
            Window::Phone => &phone,
            Window::Chinese => &chinese,
        }
    };

    for ending in &ENDINGS {
        let rules = ending.rules;
        let (white_seat, black_seat, _) =
            new_game(&server, "draughts", json!({ "rules": rules, "fen": ending.fen })).await;
        let (white, black) = (page(ending.white), page(ending.black));
        white.goto(&white_seat).await.unwrap();
        black.goto(&black_seat).await.unwrap();
        let on_board = ending.fen.split(['W', 'B', ',']).filter(|part| !part.trim_matches(':').is_empty()).count();
        for player in [white, black] {
            wait_for(player, "return document.querySelectorAll('.piece').length", json!(on_board)).await;
            let squares = if rules == "canadian" { 72 } else { 32 };
            assert_eq!(count(player, ".spot").await, squares, "{rules}");
        }
        // The squares are named as the rule set writes its moves.
        let algebraic = ["brazilian", "russian", "czech"].contains(&rules);
        let named = if algebraic { "c3" } else { "22" };
        assert_eq!(count(white, &format!(".spot[data-point=\"{named}\"]")).await, 1, "{rules}: no square {named}");
        // Spanish and Italian draughts on the turned board: a playable square at each
        // player's right-hand corner; on the others, at the left.
        let turned = ["spanish", "italian"].contains(&rules);
        for player in [white, black] {
            assert_eq!(script(player, RIGHT_CORNER_PLAYABLE).await, json!(turned), "{rules}: the board's corner");
        }

        // The side to move first in the ending: Black in `B:` endings.
        let black_first = ending.fen.starts_with('B');
        for (ply, text) in ending.moves.iter().enumerate() {
            let player = if (ply % 2 == 0) != black_first { white } else { black };
            let (from, to) = text.split_once(['-', ':', 'x']).unwrap();
            click_move(player, from, to).await;
            move_count(white, ply as u64 + 1).await;
            move_count(black, ply as u64 + 1).await;
        }
        let last = ending.moves.last().unwrap();
        for player in [white, black] {
            assert_eq!(
                script(player, "return document.querySelector('#moves .move:last-child').textContent").await,
                json!(last),
                "{rules}"
            );
            wait_for(player, "return document.querySelectorAll('.piece').length", json!(ending.pieces)).await;
            assert_eq!(count(player, ".piece.king").await, ending.kings, "{rules}: kings");
        }
        // The game is over, won by the side whose opponent has no piece or no move.
        for (player, window, side) in [(white, ending.white, "White"), (black, ending.black, "Black")] {
            let expected = banner(ending.winner, window, side == ending.winner);
            wait_for(player, "return document.getElementById('banner').textContent", json!(expected)).await;
        }
        // Moves made with the mouse draw no keyboard cursor on a square nobody chose.
        for player in [white, black] {
            assert_eq!(count(player, ".spot.cursor").await, 0, "{rules}: a cursor after clicks");
        }
        let (shot, window) = if ending.shot == "white" { (white, ending.white) } else { (black, ending.black) };
        let size = match window {
            Window::Laptop => "1366x768",
            Window::Phone => "phone",
            Window::Chinese => "phone-zh-CN",
        };
        screenshot(shot, &format!("draughts-{rules}-ended-{}-{size}", ending.shot)).await;
    }
    for client in [laptop, phone, chinese] {
        let _ = client.close().await;
    }
}
