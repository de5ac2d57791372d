//! The draughts family's rule sets: perft from their starts against published counts,
//! and each rule set's own rules, cited to their texts in docs/rules.md.

use arbiter::Termination;
use arbiter::draughts::{Color, Kind, Position, Rules, Square};
use arbiter::{Game, WithHistory, perft};

fn start(rules: Rules) -> Position {
    Position::start_with(rules)
}

/// Perft from the start, depths 1-8: DCTL's counts (`dctl-perft RULES 8 start count
/// drop all`, docs/rules.md), and for checkers Aart Bik's published table too.
#[test]
fn perft_from_the_starts() {
    let cases: [(Rules, [u64; 8]); 3] = [
        (Rules::Brazilian, [7, 49, 302, 1469, 7473, 37628, 187302, 907830]),
        (Rules::Russian, [7, 49, 302, 1469, 7482, 37986, 190146, 929899]),
        (Rules::English, [7, 49, 302, 1469, 7361, 36768, 179740, 845931]),
    ];
    for (rules, counts) in cases {
        for (depth, &count) in (1..).zip(&counts) {
            assert_eq!(perft(&start(rules), depth), count, "{rules} depth {depth}");
        }
    }
}

fn fen(rules: Rules, text: &str) -> Position {
    Position::from_fen_with(rules, text).unwrap()
}

fn moves(position: &Position) -> Vec<String> {
    let mut out = Vec::new();
    position.legal_moves(&mut out);
    let mut texts: Vec<String> = out.iter().map(ToString::to_string).collect();
    texts.sort();
    texts
}

/// Plays `texts` in turn, the rules that look back included.
fn play(start: Position, texts: &[&str]) -> WithHistory<Position> {
    let mut game = WithHistory::new(start);
    for text in texts {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(mv);
    }
    game
}

// Brazilian draughts (docs/rules.md, "Brazilian draughts": CBD, the FMJD's rules for
// draughts-64).

/// CBD rule 12 (majority): of a capture of one piece and one of two, only the larger.
#[test]
fn brazilian_the_largest_capture_is_compulsory() {
    // White a3 (21) can take b4 (17); White g3 (24) can take f4 (19) and then f6 (11).
    let position = fen(Rules::Brazilian, "W:W21,24:B17,19,11");
    assert_eq!(moves(&position), ["g3:g7"]);
}

/// CBD rule 13: a man that passes the crowning row during a capture is not crowned.
#[test]
fn brazilian_a_man_passing_the_last_row_stays_a_man() {
    // b6 (9) takes c7 (6) to d8 and goes on over e7 (7) to f6 (11): it stops on f6.
    let position = fen(Rules::Brazilian, "W:W9:B6,7");
    assert_eq!(moves(&position), ["b6:f6"]);
    let mut after = position;
    let mut list = Vec::new();
    after.legal_moves(&mut list);
    after.play(list[0]);
    assert_eq!(after.piece_at(Square::new(11).unwrap()).unwrap().kind, Kind::Man);
}

/// CBD rule 8: the king moves forwards and backwards as many squares as it likes.
#[test]
fn brazilian_kings_fly() {
    assert_eq!(fen(Rules::Brazilian, "W:WK29:B4").count_legal_moves(), 6);
}

// Russian draughts (docs/rules.md, "Russian draughts": the rules of the Russian
// draughts federation).

/// FShR rules, capture: any capture may be chosen, not the largest.
#[test]
fn russian_any_capture_may_be_chosen() {
    let position = fen(Rules::Russian, "W:W21,24:B17,19,11");
    assert_eq!(moves(&position), ["a3:c5", "g3:g7"]);
}

/// FShR rules: a man that reaches the last row during a capture becomes a king and
/// goes on capturing as a king, in the same move.
#[test]
fn russian_a_man_crowned_during_a_capture_goes_on_as_a_king() {
    // b6 (9) takes c7 to d8, is crowned, and as a king takes f6 (11), landing on g5 or h4.
    let position = fen(Rules::Russian, "W:W9:B6,11");
    assert_eq!(moves(&position), ["b6:g5", "b6:h4"]);
    let mut list = Vec::new();
    position.legal_moves(&mut list);
    for mv in list {
        assert!(mv.crowns_in_passing());
        let mut after = position;
        after.play(mv);
        assert_eq!(after.piece_at(mv.to()).unwrap().kind, Kind::King, "{mv}");
    }
    // Under the English rules the move ends where the man is crowned.
    assert_eq!(moves(&fen(Rules::English, "W:W9:B6,11")), ["9x2"]);
}

/// FShR rules: men capture backwards as well as forwards.
#[test]
fn russian_men_capture_backwards() {
    assert_eq!(moves(&fen(Rules::Russian, "W:W22:B26")), ["c3:e1"]);
}

// English draughts (docs/rules.md, "English draughts": the English Draughts
// Association's and the WCDF's rules).

/// EDA/WCDF rules: Black moves first, from squares 1-12.
#[test]
fn english_black_moves_first() {
    let position = start(Rules::English);
    assert_eq!(position.turn(), Color::Black);
    assert_eq!(position.to_fen(), "B:W21-32:B1-12");
    assert_eq!(moves(&position), ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
}

/// EDA/WCDF rules: an uncrowned piece captures forwards only.
#[test]
fn english_men_capture_forward_only() {
    assert_eq!(moves(&fen(Rules::English, "W:W22:B26")), ["22-17", "22-18"]);
}

/// EDA/WCDF rules: a king moves and captures one square at a time, in all four ways.
#[test]
fn english_kings_move_one_square() {
    assert_eq!(moves(&fen(Rules::English, "W:WK18:B1")), ["18-14", "18-15", "18-22", "18-23"]);
    // It jumps the piece next to it only, never one further away.
    assert_eq!(moves(&fen(Rules::English, "W:WK29:B18")), ["29-25"]);
    assert_eq!(moves(&fen(Rules::English, "W:WK29:B25")), ["29x22"]);
}

/// EDA/WCDF rules: any capture may be chosen, and a capture is made to its end.
#[test]
fn english_any_capture_but_to_its_end() {
    let position = fen(Rules::English, "W:W21,24:B17,19,11");
    assert_eq!(moves(&position), ["21x14", "24x8"]);
}

/// EDA/WCDF rules: the same position the third time, the same side to move, draws.
#[test]
fn english_threefold_repetition_draws() {
    let start = fen(Rules::English, "W:WK29:BK4");
    let plies = ["29-25", "4-8", "25-29", "8-4", "29-25", "4-8", "25-29", "8-4"];
    assert_eq!(play(start, &plies[..7]).outcome(), None);
    assert_eq!(play(start, &plies).outcome().unwrap().termination(), Termination::ThreefoldRepetition);
}

// Killer draughts (docs/rules.md, "Killer draughts": the international rules and the
// Killer rule).

/// Perft from the start, depths 1-7, and from positions where kings take kings: DCTL's
/// counts (`dctl-perft killer 5 FEN list drop all`), which differ from the
/// international counts of the same positions wherever the Killer rule bites.
#[test]
fn killer_perft_from_the_start_and_with_kings() {
    let start_counts = [9, 81, 658, 4265, 27117, 167140, 1049442];
    for (depth, &count) in (1..).zip(&start_counts) {
        assert_eq!(perft(&start(Rules::Killer), depth), count, "depth {depth}");
    }
    let cases: [(&str, [u64; 5], [u64; 5]); 3] = [
        ("W:WK46,K3,33,38:BK28,K19,12,17", [4, 53, 175, 1462, 18873], [6, 59, 206, 1504, 20204]),
        ("B:WK47,K20,31,36:BK5,K24,8,14,22", [2, 10, 39, 163, 1045], [2, 11, 53, 277, 2438]),
        ("W:WK1,K50,30,35:BK23,K29,16,21,13", [15, 192, 983, 12936, 118096], [15, 200, 1222, 15946, 161533]),
    ];
    for (text, killer, international) in cases {
        for depth in 1..=5 {
            let i = depth as usize - 1;
            assert_eq!(perft(&fen(Rules::Killer, text), depth), killer[i], "killer {text} depth {depth}");
            assert_eq!(perft(&fen(Rules::International, text), depth), international[i], "{text} depth {depth}");
        }
    }
}

/// The Killer rule: a king that takes a king as the last piece of its capture stops on
/// the square right behind it; one that takes a man lands anywhere behind it.
#[test]
fn killer_a_king_that_takes_a_king_last_stops_right_behind_it() {
    assert_eq!(moves(&fen(Rules::Killer, "W:WK46:BK28")), ["46x23"]);
    assert_eq!(moves(&fen(Rules::International, "W:WK46:BK28")), ["46x10", "46x14", "46x19", "46x23", "46x5"]);
    // A man taken last: the international landings.
    assert_eq!(moves(&fen(Rules::Killer, "W:WK46:B28")), ["46x10", "46x14", "46x19", "46x23", "46x5"]);
    // Written with a farther landing square, the capture is refused, with the rule.
    let refused = fen(Rules::Killer, "W:WK46:BK28").parse_move("46x19").unwrap_err().to_string();
    assert!(refused.contains("stops right behind it: on 23, not on 19"), "{refused}");
}

/// The Killer rule binds the last piece only: a king taken earlier in the capture
/// leaves the king free where the last piece is a man, and a man taken before a king
/// does not free it.
#[test]
fn killer_only_the_last_piece_taken_binds_the_landing() {
    // K46 takes the king on 37, then the man on 19 further along the same diagonal
    // (46-41-37-32-28-23-19-14-10-5), or turns on 28 over the man on 22: the last piece
    // is a man each time, so every landing square behind it counts.
    let position = fen(Rules::Killer, "W:WK46:BK37,22,19");
    assert_eq!(moves(&position), ["46x10", "46x11", "46x14", "46x17", "46x5", "46x6"]);
    // The man on 37 first, the king on 19 last: only 14, right behind the king.
    assert_eq!(moves(&fen(Rules::Killer, "W:WK46:B37,K19")), ["46x14"]);
    assert_eq!(moves(&fen(Rules::International, "W:WK46:B37,K19")), ["46x10", "46x14", "46x5"]);
}

// Antidraughts (docs/rules.md, "Antidraughts": lidraughts' rules page and its rules
// as lidraughts' draughts module states them).

/// "The rules of antidraughts are the same as international draughts": the same moves,
/// so perft from the start equals the international counts (DCTL's, docs/rules.md).
#[test]
fn antidraughts_moves_as_international_draughts() {
    let counts = [9, 81, 658, 4265, 27117, 167140];
    for (depth, &count) in (1..).zip(&counts) {
        assert_eq!(perft(&start(Rules::Antidraughts), depth), count, "depth {depth}");
    }
    for text in ["W:WK46,K3,33,38:BK28,K19,12,17", "B:W28,31,33-50:B1-20", "W:W6:B"] {
        assert_eq!(moves(&fen(Rules::Antidraughts, text)), moves(&fen(Rules::International, text)), "{text}");
    }
}

/// "To win the game you must either lose all your pieces, or have your remaining pieces
/// blocked so that they cannot move": the side to move without a move wins.
#[test]
fn antidraughts_the_side_that_cannot_move_wins() {
    // White has lost every piece: White, to move, wins; in international draughts Black.
    let no_pieces = "W:W:B1";
    let won = fen(Rules::Antidraughts, no_pieces).outcome().unwrap();
    assert_eq!(won.winner(), Some(Color::White.side()));
    assert_eq!(won.termination(), Termination::NoLegalMove);
    assert_eq!(fen(Rules::International, no_pieces).outcome().unwrap().winner(), Some(Color::Black.side()));
    // White's man on 46 is blocked by Black's on 41 (36 and 37 beyond them taken too).
    let blocked = "W:W46:B41,36,37";
    assert_eq!(fen(Rules::Antidraughts, blocked).count_legal_moves(), 0);
    assert_eq!(fen(Rules::Antidraughts, blocked).outcome().unwrap().winner(), Some(Color::White.side()));
    // While a move remains, nothing is decided.
    assert_eq!(fen(Rules::Antidraughts, "W:W33:B22").outcome(), None);
    // Giving the last man away wins: after 33-28 Black must take it, and White, to
    // move with nothing left, has won.
    let game = play(fen(Rules::Antidraughts, "W:W33:B22"), &["33-28", "22x33"]);
    assert_eq!(game.outcome().unwrap().winner(), Some(Color::White.side()));
}

/// "Draws by threefold repetition remain the same"; there are no drawing rules with
/// few pieces left (and lidraughts counts no moves of kings only either).
#[test]
fn antidraughts_threefold_repetition_draws() {
    let start = fen(Rules::Antidraughts, "W:WK46:BK3");
    let plies = ["46-41", "3-9", "41-46", "9-3", "46-41", "3-9", "41-46", "9-3"];
    assert_eq!(play(start, &plies[..7]).outcome(), None);
    assert_eq!(play(start, &plies).outcome().unwrap().termination(), Termination::ThreefoldRepetition);
}

// Breakthrough (docs/rules.md, "Breakthrough": lidraughts' rules page and its rules as
// lidraughts' draughts module states them).

/// "The rules for moving the pieces are the same as international draughts": perft
/// from the start equals the international counts while no king can be made.
#[test]
fn breakthrough_moves_as_international_draughts() {
    let counts = [9, 81, 658, 4265, 27117, 167140];
    for (depth, &count) in (1..).zip(&counts) {
        assert_eq!(perft(&start(Rules::Breakthrough), depth), count, "depth {depth}");
    }
}

/// "The game is won when a man ends its turn on the opponents back row, thus promoting
/// to a king": the game ends there, won, and no move follows.
#[test]
fn breakthrough_the_first_king_wins() {
    let game = play(fen(Rules::Breakthrough, "W:W6,33:B45,22"), &["6-1"]);
    let won = game.outcome().unwrap();
    assert_eq!(won.winner(), Some(Color::White.side()));
    assert_eq!(won.termination(), Termination::FirstKing);
    let mut left = Vec::new();
    game.legal_moves(&mut left);
    assert!(left.is_empty());
    assert!(game.parse_move("22-28").is_err());
    // Under the international rules the game goes on.
    assert_eq!(play(fen(Rules::International, "W:W6,33:B45,22"), &["6-1"]).outcome(), None);
}

/// "Nothing happens when the back row is only touched in the middle of a capture
/// sequence": a man that passes the far row during a capture is no king, and the game
/// goes on.
#[test]
fn breakthrough_touching_the_back_row_during_a_capture_does_not_win() {
    // White's man on 13 takes 9, touching 4 on the far row, then 10, ending on 15.
    let position = fen(Rules::Breakthrough, "W:W13:B9,10,36");
    assert_eq!(moves(&position), ["13x15"]);
    let game = play(position, &["13x15"]);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.position().piece_at(Square::new(15).unwrap()).unwrap().kind, Kind::Man);
}

/// "Alternatively the game can be won as with international draughts, when the
/// opponent runs out of moves (either by losing all pieces, or when they are all
/// blocked)".
#[test]
fn breakthrough_the_side_that_cannot_move_loses() {
    let blocked = fen(Rules::Breakthrough, "W:W46:B41,36,37").outcome().unwrap();
    assert_eq!(blocked.winner(), Some(Color::Black.side()));
    assert_eq!(blocked.termination(), Termination::NoLegalMove);
    assert_eq!(fen(Rules::Breakthrough, "W:W:B1").outcome().unwrap().winner(), Some(Color::Black.side()));
}
