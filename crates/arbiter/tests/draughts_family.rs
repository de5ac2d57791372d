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
    let cases: [(Rules, [u64; 8]); 8] = [
        (Rules::Brazilian, [7, 49, 302, 1469, 7473, 37628, 187302, 907830]),
        (Rules::Russian, [7, 49, 302, 1469, 7482, 37986, 190146, 929899]),
        (Rules::English, [7, 49, 302, 1469, 7361, 36768, 179740, 845931]),
        (Rules::Pool, [7, 49, 302, 1469, 7482, 37986, 190146, 929896]),
        (Rules::Czech, [7, 49, 302, 1469, 7361, 36768, 179740, 845931]),
        (Rules::Spanish, [7, 49, 302, 1469, 7361, 36473, 177532, 828783]),
        (Rules::Italian, [7, 49, 302, 1469, 7361, 36473, 177532, 828783]),
        // DCTL given the Thai start by FEN (`dctl-perft thai 8 W:W25,...,32:B1,...,8
        // count drop all`): its `start` is the twelve-men board of its own tests.
        (Rules::Thai, [7, 49, 392, 3136, 26592, 218695, 1820189, 14533014]),
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

// Canadian draughts (docs/rules.md, "Canadian draughts": the Quebec federation's
// rules, the international rules on 144 squares with 30 men a side).

/// Perft from the 12x12 start, depths 1-7, as published in the "Perft on large boards"
/// thread of the FMJD's forum and in DCTL's tests (depths 8-10, 31,839,056,
/// 237,209,258 and 1,761,652,936, are docs/rules.md's command).
#[test]
fn canadian_perft_from_the_start() {
    let counts = [11, 121, 1_222, 10_053, 79_049, 584_100, 4_369_366];
    for (depth, &count) in (1..).zip(&counts) {
        assert_eq!(perft(&start(Rules::Canadian), depth), count, "depth {depth}");
    }
}

/// Thirty men a side on the five nearest rows of the 144-square board, White first.
#[test]
fn canadian_thirty_men_a_side_white_first() {
    let position = start(Rules::Canadian);
    assert_eq!(position.to_fen(), "W:W43-72:B1-30");
    assert_eq!(position.turn(), Color::White);
    assert_eq!(position.layout().size(), 12);
    assert_eq!(position.layout().squares(), 72);
    assert!(Position::from_fen_with(Rules::Canadian, "W:W73:B1").is_err());
}

/// As in international draughts, the capture of the most pieces is compulsory: 55
/// takes one piece, 58 two.
#[test]
fn canadian_the_largest_capture_is_compulsory() {
    assert_eq!(moves(&fen(Rules::Canadian, "W:W55,58:B49,51,39")), ["58x34"]);
}

/// Men capture backwards.
#[test]
fn canadian_men_capture_backwards() {
    assert_eq!(moves(&fen(Rules::Canadian, "W:W32:B38")), ["32x45"]);
}

/// Kings fly: from the corner the long diagonal's eleven squares.
#[test]
fn canadian_kings_fly_the_long_diagonal() {
    assert_eq!(fen(Rules::Canadian, "W:WK67:B1").count_legal_moves(), 11);
}

/// A man that passes the crowning row during a capture is not crowned: 13 takes 8 to
/// square 2 on Black's back row and goes on over 9 to 15, a man.
#[test]
fn canadian_a_man_passing_the_last_row_stays_a_man() {
    let game = play(fen(Rules::Canadian, "W:W13:B8,9"), &["13x15"]);
    assert_eq!(game.position().piece_at(Square::new(15).unwrap()).unwrap().kind, Kind::Man);
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

// American pool checkers (docs/rules.md, "American pool checkers": the American Pool
// Checker Association's rules of play and tournament rules).

/// APCA tournament rules 5 and 7: Black on the first twelve squares, and Black moves first.
#[test]
fn pool_black_moves_first() {
    let position = start(Rules::Pool);
    assert_eq!(position.turn(), Color::Black);
    assert_eq!(position.to_fen(), "B:W21-32:B1-12");
    assert_eq!(moves(&position), ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
}

/// APCA rules of play 4: men move forward only but jump forward or backward.
#[test]
fn pool_men_capture_backwards() {
    assert_eq!(moves(&fen(Rules::Pool, "W:W22:B26")), ["22x31"]);
    // Not a step backwards.
    assert_eq!(moves(&fen(Rules::Pool, "W:W22:B1")), ["22-17", "22-18"]);
}

/// APCA: kings fly, moving and jumping any number of squares along a diagonal.
#[test]
fn pool_kings_fly() {
    assert_eq!(fen(Rules::Pool, "W:WK29:B4").count_legal_moves(), 6);
    // The king takes d2's piece from a distance and may land on any square behind it.
    assert_eq!(moves(&fen(Rules::Pool, "W:WK4:B18")), ["4x22", "4x25", "4x29"]);
}

/// APCA: when two captures are possible the player may choose either, even the one
/// with fewer jumps, but the one chosen is made to its end.
#[test]
fn pool_any_capture_but_to_its_end() {
    let position = fen(Rules::Pool, "W:W21,24:B17,19,11");
    assert_eq!(moves(&position), ["21x14", "24x8"]);
}

/// APCA rules of play, on crowning: a man that reaches the far side by a jump and can jump on
/// backwards must do so, and is not crowned; it is crowned only if its jumps end there.
#[test]
fn pool_a_man_is_crowned_only_where_its_jumps_end() {
    // b6 (9) takes c7 (6) to d8 (2) and must go on over e7 (7) to f6 (11), still a man.
    let position = fen(Rules::Pool, "W:W9:B6,7");
    assert_eq!(moves(&position), ["9x11"]);
    let mut list = Vec::new();
    position.legal_moves(&mut list);
    let mut after = position;
    after.play(list[0]);
    assert_eq!(after.piece_at(Square::new(11).unwrap()).unwrap().kind, Kind::Man);
    // With nothing to take backwards from d8 the jump ends there and crowns: the Russian
    // rules would make it a king at once and go on over f6 (11).
    let position = fen(Rules::Pool, "W:W9:B6,11");
    assert_eq!(moves(&position), ["9x2"]);
    position.legal_moves(&mut list);
    assert!(!list[0].crowns_in_passing());
    let mut after = position;
    after.play(list[0]);
    assert_eq!(after.piece_at(Square::new(2).unwrap()).unwrap().kind, Kind::King);
}

// Czech draughts (docs/rules.md, "Czech draughts": the Czech draughts federation's
// rules, česká dáma).

/// ČFD rules 7-8: twelve men a side on the first three rows, White begins; squares are
/// named in chess notation (rule 4).
#[test]
fn czech_white_moves_first() {
    let position = start(Rules::Czech);
    assert_eq!(position.turn(), Color::White);
    assert_eq!(position.to_fen(), "W:W21-32:B1-12");
    assert_eq!(moves(&position), ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]);
}

/// ČFD rules 9-10: men step and capture forward only.
#[test]
fn czech_men_capture_forward_only() {
    assert_eq!(moves(&fen(Rules::Czech, "W:W22:B26")), ["c3-b4", "c3-d4"]);
    assert_eq!(moves(&fen(Rules::Czech, "W:W22:B18")), ["c3:e5"]);
}

/// ČFD rule 9: a king moves any number of free squares along a diagonal, either way.
#[test]
fn czech_kings_fly() {
    assert_eq!(fen(Rules::Czech, "W:WK29:B4").count_legal_moves(), 6);
}

/// ČFD: where both a king and a man can capture, the king must: the man's capture is
/// not a legal move, and written, it is refused for that reason.
#[test]
fn czech_a_king_captures_first() {
    // King a1 can take b2; man g3 can take f4.
    let position = fen(Rules::Czech, "W:W24,K29:B19,25");
    assert_eq!(moves(&position), ["a1:c3", "a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"]);
    let Err(arbiter::MoveError::Illegal { reason, .. }) = position.parse_move("g3:e5") else {
        panic!("g3:e5 is refused")
    };
    assert_eq!(reason.code(), "king_captures_first", "{reason}");
    // Without a king's capture, the man takes; under the Russian rules both may.
    assert_eq!(moves(&fen(Rules::Czech, "W:W24,K29:B19")), ["g3:e5"]);
    assert_eq!(moves(&fen(Rules::Russian, "W:W24,K29:B19,25")).len(), 7);
}

/// ČFD: the player may choose any capture, not necessarily the largest, but makes
/// it to its end.
#[test]
fn czech_any_capture_may_be_chosen() {
    let position = fen(Rules::Czech, "W:W21,24:B17,19,11");
    assert_eq!(moves(&position), ["a3:c5", "g3:g7"]);
}

/// ČFD rule 10: a man whose capture ends on the last row becomes a king there, and
/// moves as a king from the next move on.
#[test]
fn czech_a_man_crowned_ends_its_move() {
    let position = fen(Rules::Czech, "W:W9:B6,11");
    assert_eq!(moves(&position), ["b6:d8"]);
    let mut list = Vec::new();
    position.legal_moves(&mut list);
    let mut after = position;
    after.play(list[0]);
    assert_eq!(after.piece_at(Square::new(2).unwrap()).unwrap().kind, Kind::King);
}

// Spanish draughts (docs/rules.md, "Spanish draughts": the Spanish clubs' rule books,
// damas españolas).

/// White begins, on the turned board: a playable square at each player's right, so a1
/// is light and h1 dark; square 1 is the top row's first dark square, a8, and 32 is h1.
#[test]
fn spanish_white_moves_first_on_the_turned_board() {
    let position = start(Rules::Spanish);
    assert_eq!(position.turn(), Color::White);
    assert_eq!(position.to_fen(), "W:W21-32:B1-12");
    // b3 (21) to a4 (17) or c4 (18), ..., h3 (24) to g4 (20) only.
    assert_eq!(moves(&position), ["21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"]);
    let layout = position.layout();
    assert!(layout.turned() && !start(Rules::Brazilian).layout().turned());
    let at = |n| layout.coordinates(Square::new(n).unwrap());
    assert_eq!((at(1), at(4), at(29), at(32)), ((0, 0), (0, 6), (7, 1), (7, 7)));
    assert_eq!((layout.square_at(7, 0), layout.square_at(7, 7)), (None, Square::new(32)));
    assert_eq!(layout.algebraic_name(Square::new(32).unwrap()), "h1");
    for square in layout.all() {
        let (row, column) = layout.coordinates(square);
        assert_eq!((row + column) % 2, 0, "{square}: the dark squares of the turned board");
        assert_eq!(layout.square_at(row, column), Some(square));
    }
    // h1 (32), in the corner, has one step; b1 (29), two.
    assert_eq!(moves(&fen(Rules::Spanish, "W:W32:B1")), ["32-28"]);
    assert_eq!(moves(&fen(Rules::Spanish, "W:W29:B1")), ["29-25", "29-26"]);
}

/// Men step and capture forward only: f3 (23) does not take e2 (27) behind it.
#[test]
fn spanish_men_capture_forward_only() {
    assert_eq!(moves(&fen(Rules::Spanish, "W:W23:B27")), ["23-19", "23-20"]);
}

/// Kings fly: they move any number of free squares along a diagonal (h1 to b7).
#[test]
fn spanish_kings_fly() {
    assert_eq!(fen(Rules::Spanish, "W:WK32:B1").count_legal_moves(), 6);
}

/// The law of quantity: the capture of the most pieces is compulsory, a king
/// counting as one piece.
#[test]
fn spanish_the_most_pieces_first() {
    // h3 (24) can take g4 (20); b3 (21) can take c4 (18) and then c6 (10), to b7 (5).
    assert_eq!(moves(&fen(Rules::Spanish, "W:W21,24:B10,18,20")), ["21x5"]);
    // Two men before one king.
    assert_eq!(moves(&fen(Rules::Spanish, "W:W21,24:B10,18,K20")), ["21x5"]);
}

/// The law of quality: of the captures that take as many pieces, the one that takes
/// the most kings is compulsory (the international rules on 8x8: either).
#[test]
fn spanish_then_the_most_kings() {
    assert_eq!(moves(&fen(Rules::Spanish, "W:W21,24:B18,K20")), ["24x15"]);
    assert_eq!(moves(&fen(Rules::Brazilian, "W:W21,24:BK17,19")), ["a3:c5", "g3:e5"]);
}

/// A man whose capture reaches the last row is crowned there and the move ends.
#[test]
fn spanish_a_man_crowned_ends_its_move() {
    let position = fen(Rules::Spanish, "W:W12:B7,10");
    assert_eq!(moves(&position), ["12x3"]);
    let mut list = Vec::new();
    position.legal_moves(&mut list);
    let mut after = position;
    after.play(list[0]);
    assert_eq!(after.piece_at(Square::new(3).unwrap()).unwrap().kind, Kind::King);
}

// Italian draughts (docs/rules.md, "Italian draughts": the Italian draughts
// federation's official rules, FID).

/// FID 2.3-2.4 and 3.4: the dark square in each player's lower right corner, squares
/// numbered from the top left dark square (a8) to the bottom right (h1); White begins.
#[test]
fn italian_white_moves_first_on_the_turned_board() {
    let position = start(Rules::Italian);
    assert_eq!(position.turn(), Color::White);
    assert_eq!(position.to_fen(), "W:W21-32:B1-12");
    assert_eq!(moves(&position), ["21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"]);
    let layout = position.layout();
    assert!(layout.turned());
    assert_eq!(layout.coordinates(Square::new(32).unwrap()), (7, 7));
}

/// FID (the ten rules, rule 3): a man captures forward only, and never a king.
#[test]
fn italian_men_do_not_take_kings() {
    // d3 (22) cannot take the king on c4 (18); it takes a man there.
    assert_eq!(moves(&fen(Rules::Italian, "W:W22:BK18")), ["22-19"]);
    assert_eq!(moves(&fen(Rules::Italian, "W:W22:B18")), ["22x13"]);
    assert_eq!(moves(&fen(Rules::Italian, "W:WK22:BK18")), ["22x13"]);
    // Not backwards.
    assert_eq!(moves(&fen(Rules::Italian, "W:W23:B27")), ["23-19", "23-20"]);
}

/// FID (rules 2 and 4): a king moves one square at a time, forwards or backwards, and
/// takes the piece next to it only.
#[test]
fn italian_kings_move_one_square() {
    assert_eq!(moves(&fen(Rules::Italian, "W:WK22:B1")), ["22-18", "22-19", "22-26", "22-27"]);
    assert_eq!(moves(&fen(Rules::Italian, "W:WK32:B14")), ["32-28"]);
}

/// FID (rule 5): the capture of the most pieces is compulsory.
#[test]
fn italian_the_most_pieces_first() {
    assert_eq!(moves(&fen(Rules::Italian, "W:W21,24:B10,18,20")), ["21x5"]);
}

/// FID (rule 6): of captures of as many pieces, the one made with a king; the Spanish
/// rules would leave the choice.
#[test]
fn italian_then_with_a_king() {
    assert_eq!(moves(&fen(Rules::Italian, "W:W21,K24:B18,20")), ["24x15"]);
    // The Spanish rules let the man take too.
    assert!(moves(&fen(Rules::Spanish, "W:W21,K24:B18,20")).contains(&"21x14".to_owned()));
}

/// FID (rule 7): then the one that takes the most kings.
#[test]
fn italian_then_the_most_kings() {
    assert_eq!(moves(&fen(Rules::Italian, "W:WK21,K24:BK18,20")), ["21x14"]);
}

/// FID (rule 8): then the one that meets a king first. From d1 (30) the king takes
/// the king on c2 (26) and then the man on c4 (18), or the man on e2 (27) and then the
/// king on g4 (20): two pieces, one king, each; the first meets its king first.
#[test]
fn italian_then_a_king_first() {
    assert_eq!(moves(&fen(Rules::Italian, "W:WK30:BK26,18,27,K20")), ["30x14"]);
}

/// A man whose capture reaches the last row is crowned there and the move ends.
#[test]
fn italian_a_man_crowned_ends_its_move() {
    assert_eq!(moves(&fen(Rules::Italian, "W:W12:B7,10")), ["12x3"]);
}

// Thai draughts (docs/rules.md, "Thai draughts": the rules of Mak-hot as mindsports.nl,
// the Checkers & Draughts wiki and Thai sources state them).

/// Eight men a side on the two rows nearest each player (1-8 and 25-32), White first.
#[test]
fn thai_eight_men_a_side_on_two_rows_white_first() {
    let position = start(Rules::Thai);
    assert_eq!(position.turn(), Color::White);
    assert_eq!(position.to_fen(), "W:W25-32:B1-8");
    assert_eq!(moves(&position), ["25-21", "25-22", "26-22", "26-23", "27-23", "27-24", "28-24"]);
    // Eight is also the most a side can have.
    assert!(Position::from_fen_with(Rules::Thai, "W:W24-32:B1-8").is_err());
    assert_eq!(Rules::Thai.pieces_a_side(), 8);
}

/// Men move and capture forward only.
#[test]
fn thai_men_capture_forward_only() {
    assert_eq!(moves(&fen(Rules::Thai, "W:W22:B26")), ["22-17", "22-18"]);
    assert_eq!(moves(&fen(Rules::Thai, "W:W22:B18")), ["22x15"]);
}

/// A king moves any number of free squares along a diagonal.
#[test]
fn thai_kings_move_along_whole_diagonals() {
    assert_eq!(moves(&fen(Rules::Thai, "W:WK29:B1")), ["29-11", "29-15", "29-18", "29-22", "29-25", "29-4", "29-8"]);
}

/// A king captures a piece any distance away and lands on the square right behind it,
/// never farther (where the Czech rules let it land on any free square behind).
#[test]
fn thai_a_king_lands_right_behind_the_piece() {
    // a1 (29) takes c3 (22) from two squares away and stops on d4 (18).
    assert_eq!(moves(&fen(Rules::Thai, "W:WK29:B22")), ["29x18"]);
    assert_eq!(moves(&fen(Rules::Czech, "W:WK29:B22")), ["a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"]);
    let refused = fen(Rules::Thai, "W:WK29:B22").parse_move("29x15").unwrap_err();
    assert_eq!(refused.code(), "no_such_capture", "{refused}");
}

/// The king goes on capturing only from the square right behind the piece it took:
/// a capture open from a farther square of that line is not its to make.
#[test]
fn thai_a_king_goes_on_only_from_right_behind() {
    // After c3 (22) the king stands on d4 (18); d6 (10) could be taken from e5 (15),
    // where the Czech king goes on (to c7 or b8), not from d4.
    assert_eq!(moves(&fen(Rules::Thai, "W:WK29:B22,10")), ["29x18"]);
    assert_eq!(moves(&fen(Rules::Czech, "W:WK29:B22,10")), ["a1:b8", "a1:c7"]);
}

/// Pieces come off one by one as they are taken: a taken piece no longer blocks, and
/// the king may turn back over its square (and its own start square) in the same move.
#[test]
fn thai_pieces_come_off_as_they_are_taken() {
    // The king on d4 (18) takes e5 (15), landing on f6 (11), then turns back over e5 and
    // d4 to take c3 (22), landing on b2 (25); or the other way round.
    let position = fen(Rules::Thai, "W:WK18:B15,22");
    assert_eq!(moves(&position), ["18x11", "18x25"]);
    let mut list = Vec::new();
    position.legal_moves(&mut list);
    assert!(list.iter().all(|m| m.captured().count() == 2), "{list:?}");
    // Pieces left standing until the move ends (Czech rules) block the way back.
    let mut czech = Vec::new();
    fen(Rules::Czech, "W:WK18:B15,22").legal_moves(&mut czech);
    assert!(czech.iter().all(|m| m.captured().count() == 1), "{czech:?}");
    // Three pieces taken in two orders from d6 to h2 are one move (the same pieces, the
    // same end): c7 then e5 and g3 on the way back, or e5, c7 turning back, then g3.
    let three = fen(Rules::Thai, "W:WK5,K10,14:B6,K15,24,25");
    assert_eq!(moves(&three), ["10x1", "10x28"]);
    assert!(three.parse_move("10x1x19x28").is_ok() && three.parse_move("10x19x1x28").is_ok());
}

/// Any capture may be chosen, not the largest, but it is made to its end.
#[test]
fn thai_any_capture_may_be_chosen() {
    assert_eq!(moves(&fen(Rules::Thai, "W:W21,24:B17,19,11")), ["21x14", "24x8"]);
}

/// A man whose capture reaches the far row is crowned there and the move ends, though
/// as a king it could take on.
#[test]
fn thai_a_man_crowned_ends_its_move() {
    let position = fen(Rules::Thai, "W:W9:B6,7");
    assert_eq!(moves(&position), ["9x2"]);
    let mut list = Vec::new();
    position.legal_moves(&mut list);
    let mut after = position;
    after.play(list[0]);
    assert_eq!(after.piece_at(Square::new(2).unwrap()).unwrap().kind, Kind::King);
}

/// Draws: the same position the third time (no text found counts moves).
#[test]
fn thai_threefold_repetition_draws() {
    let start = fen(Rules::Thai, "W:WK30:BK3");
    let plies = ["30-25", "3-7", "25-30", "7-3", "30-25", "3-7", "25-30", "7-3"];
    assert_eq!(play(start, &plies[..7]).outcome(), None);
    assert_eq!(play(start, &plies).outcome().unwrap().termination(), Termination::ThreefoldRepetition);
}

// Frisian draughts (docs/rules.md, "Frisian draughts": the official rules of the
// Frisian draughts federation, 2011, by article).

/// Perft from the start equal to DCTL's (`dctl-perft frisian N start list drop`).
#[test]
fn frisian_perft_from_the_start() {
    let counts = [9, 81, 658, 3874, 21265, 102431, 540126];
    for (depth, &count) in (1..).zip(&counts) {
        assert_eq!(perft(&start(Rules::Frisian), depth), count, "frisian depth {depth}");
    }
}

/// Article 7: a man captures along the columns and rows too, forwards and backwards,
/// over the piece two squares away (the next square of that column or row).
#[test]
fn frisian_men_capture_along_columns_and_rows() {
    // 33 is row 6, column 5; 23 two rows up in that column, 13 behind it.
    assert_eq!(moves(&fen(Rules::Frisian, "W:W33:B23")), ["33x13"]);
    // Backwards down the column.
    assert_eq!(moves(&fen(Rules::Frisian, "W:W23:B33")), ["23x43"]);
    // Along the row: 34 next to 33, 35 behind it.
    assert_eq!(moves(&fen(Rules::Frisian, "W:W33:B34")), ["33x35"]);
    // International draughts has none of these.
    assert_eq!(moves(&fen(Rules::International, "W:W33:B23")), ["33-28", "33-29"]);
}

/// Article 7: a row ends at the board's edge: 5 ends the top row and 6 starts the
/// next, so a man on 5 does not take 6 "to the right", nor one on 7 take 6 "to the left".
#[test]
fn frisian_a_row_capture_stops_at_the_edge() {
    assert_eq!(moves(&fen(Rules::Frisian, "B:W6:B5")), ["5-10"]);
    assert_eq!(moves(&fen(Rules::Frisian, "W:W7:B6")), ["7-1", "7-2"]);
}

/// Article 9: a king's simple moves go along the diagonals only; it captures along
/// columns and rows too, flying, and lands on any empty square behind the piece.
#[test]
fn frisian_kings_move_diagonally_and_capture_every_way() {
    let mut diagonal =
        ["46-41", "46-37", "46-32", "46-28", "46-23", "46-19", "46-14", "46-10", "46-5"].map(String::from);
    diagonal.sort();
    assert_eq!(moves(&fen(Rules::Frisian, "W:WK46:B3")), diagonal);
    // Up the first column: 36 empty, 26 taken, 16 and 6 behind it.
    assert_eq!(moves(&fen(Rules::Frisian, "W:WK46:B26")), ["46x16", "46x6"]);
}

/// Article 8: a man is crowned only where its move ends; one that passes the king row
/// during a shot stays a man.
#[test]
fn frisian_a_man_passing_the_king_row_stays_a_man() {
    // 12 takes 7 to 1 (the king row), then 2 along the row to 3, then 13 down to 23.
    let position = fen(Rules::Frisian, "W:W12:B2,7,13");
    assert_eq!(moves(&position), ["12x23"]);
    let mut after = position;
    after.play(after.parse_move("12x23").unwrap());
    assert_eq!(after.piece_at(Square::new(23).unwrap()).unwrap().kind, Kind::Man);
}

/// Article 22: a shot along rows and columns is written as any other, by its ends or
/// by every landing square (here a diagonal, a row and a column).
#[test]
fn frisian_shots_along_rows_and_columns_are_written_as_any_other() {
    let position = fen(Rules::Frisian, "W:W12:B2,7,13");
    let by_ends = position.parse_move("12x23").unwrap();
    assert_eq!(position.parse_move("12x1x3x23").unwrap(), by_ends);
    assert_eq!(by_ends.to_string(), "12x23");
    assert!(position.parse_move("12x3x23").is_err());
}

/// Article 11: the highest value first; a king is worth more than a man but less than
/// two men, and k kings less than 2k men but more than 2k - 1.
#[test]
fn frisian_the_capture_of_the_highest_value() {
    // A king or a man: the king (international draughts: either).
    assert_eq!(moves(&fen(Rules::Frisian, "W:W33:B34,K23")), ["33x13"]);
    assert_eq!(moves(&fen(Rules::International, "W:W33:B34,K23")), ["33-28", "33-29"]);
    // A king or two men: the two men.
    assert_eq!(moves(&fen(Rules::Frisian, "W:W33:B34,40,K23")), ["33x44"]);
    // 33 can take two kings (23, 8); 46 three men (36, 16, 11): two kings are worth
    // more than three men (more than 2k - 1 = 3).
    assert_eq!(moves(&fen(Rules::Frisian, "W:W33,46:B11,16,36,K8,K23")), ["33x2"]);
    // A king and a man are worth less than three men.
    assert_eq!(moves(&fen(Rules::Frisian, "W:W33,46:B8,11,16,36,K23")), ["46x17"]);
}

/// Article 12: of shots of equal value, the king's.
#[test]
fn frisian_of_equal_values_the_king_captures() {
    // King 46 can take 26 up the column; man 33 can take 34 along the row.
    assert_eq!(moves(&fen(Rules::Frisian, "W:W33,K46:B26,34")), ["46x16", "46x6"]);
}

/// Article 17: with kings and men, no more than three simple moves in a row with the
/// same king; another piece moves (or the king captures), and the ban is lifted.
#[test]
fn frisian_the_same_king_moves_at_most_three_times_in_a_row() {
    let game = play(fen(Rules::Frisian, "W:WK46,50:BK9"), &["46-41", "9-4", "41-46", "4-9", "46-41", "9-4"]);
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let mut texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
    texts.sort();
    assert_eq!(texts, ["50-44", "50-45"]);
    assert_eq!(game.count_legal_moves(), 2);
    let Err(arbiter::MoveError::Illegal { reason, .. }) = game.parse_move("41-46") else { panic!("41-46 is refused") };
    assert_eq!(reason.code(), "same_king_moved_too_often", "{reason}");
    // A man's move lifts the ban.
    let game = play(
        fen(Rules::Frisian, "W:WK46,50:BK9"),
        &["46-41", "9-4", "41-46", "4-9", "46-41", "9-4", "50-45", "4-9", "41-46"],
    );
    assert_eq!(game.outcome(), None);
    // The rested king may still capture (here 14, which Black's king has just come to).
    let game = play(fen(Rules::Frisian, "W:WK46,50:BK9"), &["46-41", "9-4", "41-46", "4-9", "46-41", "9-14"]);
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let mut texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
    texts.sort();
    assert_eq!(texts, ["41x10", "41x5"]);
    // Another king's simple move lifts the ban too.
    let game = play(fen(Rules::Frisian, "W:WK26,K46,50:BK9"), &["46-41", "9-4", "41-46", "4-9", "46-41", "9-4"]);
    assert!(game.parse_move("41-46").is_err());
    play(
        fen(Rules::Frisian, "W:WK26,K46,50:BK9"),
        &["46-41", "9-4", "41-46", "4-9", "46-41", "9-4", "26-21", "4-9", "41-46"],
    );
    // Kings only: no limit (article 17, last sentence); nor in international draughts.
    play(fen(Rules::Frisian, "W:WK46,K50:BK9"), &["46-41", "9-4", "41-46", "4-9", "46-41", "9-4", "41-46"]);
    play(fen(Rules::International, "W:WK46,50:BK9"), &["46-41", "9-4", "41-46", "4-9", "46-41", "9-4", "41-46"]);
}

/// Article 17 with article 20f: a side whose only moves are the rested king's simple
/// moves cannot move, and loses.
#[test]
fn frisian_a_rested_king_alone_to_move_loses() {
    // White's man on 46 is blocked by 41 and 37; its king shuffles 5-10.
    let game = play(fen(Rules::Frisian, "W:WK5,46:B37,41,K26"), &["5-10", "26-21", "10-5", "21-26", "5-10", "26-21"]);
    let outcome = game.outcome().expect("White cannot move");
    assert_eq!(outcome.winner(), Some(Color::Black.side()));
    assert_eq!(outcome.termination(), Termination::NoLegalMove);
}

/// Article 21: one king each is a draw, unless the side to move can capture or every
/// move of its king is taken next.
#[test]
fn frisian_one_king_each_draws() {
    let drawn = fen(Rules::Frisian, "W:WK46:BK4").outcome().expect("a draw");
    assert_eq!((drawn.winner(), drawn.termination()), (None, Termination::OneKingEach));
    // White can take 36 up the column.
    assert_eq!(fen(Rules::Frisian, "W:WK46:BK36").outcome(), None);
    // White's king can only go along the diagonal of Black's king, which takes it.
    assert_eq!(fen(Rules::Frisian, "W:WK46:BK5").outcome(), None);
    // International draughts has no such rule.
    assert_eq!(fen(Rules::International, "W:WK46:BK4").outcome(), None);
}

// Frysk! (docs/rules.md, "Frysk!": lidraughts' variant, Frisian draughts from five men
// each on the back row).

/// The start: Black's men on 1-5, White's on 46-50, White to move. Perft by hand: each
/// side has 9 first moves (46 and 50 one each, 47-49 two each); no piece meets another
/// within four plies, so after White's first move White has 9 moves again (after
/// 46-41) or 8 (after any other: one man blocks a neighbour's step), 73 in all, and
/// Black the same: 9, 81, 9 x 73 = 657, 73 x 73 = 5329.
#[test]
fn frysk_starts_with_five_men_each_on_the_back_row() {
    let position = start(Rules::Frysk);
    assert_eq!(position.to_fen(), "W:W46-50:B1-5");
    assert_eq!(position.turn(), Color::White);
    for (depth, count) in (1..).zip([9, 81, 657, 5329]) {
        assert_eq!(perft(&position, depth), count, "frysk depth {depth}");
    }
    assert_eq!(Rules::Frysk.pieces_a_side(), 5);
    assert_eq!(Rules::from_game_type(97), Some(Rules::Frysk));
}

/// Otherwise the Frisian rules: the same moves on the same boards, the same limit on a
/// king's simple moves; and a side never has more than the five men it starts with.
#[test]
fn frysk_plays_by_the_frisian_rules() {
    for board in
        ["W:W33:B23", "B:W6:B5", "W:W33:B34,40,K23", "W:W33,46:B11,16,36,K8,K23", "W:W33,K46:B26,34", "W:WK46:B3"]
    {
        assert_eq!(moves(&fen(Rules::Frysk, board)), moves(&fen(Rules::Frisian, board)), "{board}");
    }
    let game = play(fen(Rules::Frysk, "W:WK46,50:BK9"), &["46-41", "9-4", "41-46", "4-9", "46-41", "9-4"]);
    assert_eq!(game.count_legal_moves(), 2);
    assert_eq!(fen(Rules::Frysk, "W:WK46:BK4").outcome().map(|o| o.termination()), Some(Termination::OneKingEach));
    assert!(Position::from_fen_with(Rules::Frysk, "W:W41-46:B1-5").is_err());
    assert!(Position::from_fen_with(Rules::Frisian, "W:W41-46:B1-5").is_ok());
}
