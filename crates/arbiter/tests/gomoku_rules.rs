//! Win and no-win cases for every rule set, and Renju's forbidden points.

use arbiter::gomoku::{Board, Forbidden, Move, PlaceError, Point, Position, Rules, Stone, forbidden};
use arbiter::{Game, MoveError, Outcome, Side, Termination};

fn point(text: &str) -> Point {
    Point::parse(text).unwrap()
}

/// A board with black stones on `black` and white on `white`.
fn board(size: u32, black: &str, white: &str) -> Board {
    let mut board = Board::new(size, size).unwrap();
    for (stones, stone) in [(black, Stone::Black), (white, Stone::White)] {
        for text in stones.split_whitespace() {
            board.place(point(text), stone).unwrap();
        }
    }
    board
}

/// Whether `stone` placed on `at` wins under `rules`.
fn wins(rules: Rules, size: u32, black: &str, white: &str, at: &str, stone: Stone) -> bool {
    let mut board = board(size, black, white);
    board.place(point(at), stone).unwrap();
    rules.wins(&board, point(at))
}

#[test]
fn five_wins_under_every_rule_set() {
    for rules in Rules::ALL {
        assert!(wins(rules, 15, "a1 b1 c1 d1", "", "e1", Stone::Black), "{rules}");
        assert!(wins(rules, 15, "", "h8 h9 h10 h11", "h12", Stone::White), "{rules}");
        assert!(!wins(rules, 15, "a1 b1 c1", "", "e1", Stone::Black), "{rules}: a gap is not five");
    }
}

#[test]
fn a_stone_joining_two_lines_into_exactly_five_wins() {
    for rules in Rules::ALL {
        assert!(wins(rules, 15, "d4 e4 g4 h4", "", "f4", Stone::Black), "{rules}: 2+2");
        assert!(wins(rules, 15, "c3 e5 f6 g7", "", "d4", Stone::Black), "{rules}: 1+3 diagonal");
    }
}

#[test]
fn six_in_a_row_wins_only_in_freestyle_and_caro_and_for_white_in_renju() {
    let (black, at) = ("c3 d3 e3 g3 h3", "f3");
    assert!(wins(Rules::Freestyle, 15, black, "", at, Stone::Black));
    assert!(wins(Rules::Caro, 15, black, "", at, Stone::Black));
    assert!(!wins(Rules::Standard, 15, black, "", at, Stone::Black));
    assert!(!wins(Rules::Renju, 15, black, "", at, Stone::Black));
    assert!(wins(Rules::Renju, 15, "", black, at, Stone::White));
}

#[test]
fn six_one_way_and_five_another_wins_by_the_five() {
    // f3 makes six along row 3 and exactly five along column f.
    let black = "a3 b3 c3 d3 e3 f4 f5 f6 f7";
    assert!(wins(Rules::Standard, 15, black, "", "f3", Stone::Black));
    assert!(wins(Rules::Renju, 15, black, "", "f3", Stone::Black));
    // Two fives at once.
    assert!(wins(Rules::Standard, 15, "a1 b1 c1 d1 e2 e3 e4 e5", "", "e1", Stone::Black));
}

#[test]
fn fives_at_edges_and_corners() {
    for rules in Rules::ALL {
        assert!(wins(rules, 7, "c7 d7 e7 f7", "", "g7", Stone::Black), "{rules}: top edge into the corner");
        assert!(wins(rules, 7, "", "a1 b2 c3 d4", "e5", Stone::White), "{rules}: diagonal from a corner");
        assert!(wins(rules, 7, "", "g1 f2 e3 d4", "c5", Stone::White), "{rules}: anti-diagonal from a corner");
    }
}

#[test]
fn lines_do_not_wrap_around_the_board() {
    // f1 g1 on the right edge and a2 b2 c2 at the left of the next row are not a line.
    assert!(!wins(Rules::Freestyle, 7, "f1 g1 a2 b2", "", "c2", Stone::Black));
}

#[test]
fn caro_refuses_a_five_blocked_at_both_ends() {
    let (black, white) = ("b1 c1 d1 e1", "a1 g1");
    assert!(!wins(Rules::Caro, 15, black, white, "f1", Stone::Black));
    assert!(wins(Rules::Standard, 15, black, white, "f1", Stone::Black));
    // One open end is enough; the board's edge is not an opponent's stone.
    assert!(wins(Rules::Caro, 15, black, "a1", "f1", Stone::Black));
    assert!(wins(Rules::Caro, 15, "a1 b1 c1 d1", "f1", "e1", Stone::Black));
}

#[test]
fn boards_smaller_than_five_end_in_a_draw() {
    let mut game = Position::new(Rules::Standard, 4, 4).unwrap();
    let mut moves = Vec::new();
    while game.outcome().is_none() {
        game.legal_moves(&mut moves);
        game.play(moves[0]);
    }
    assert_eq!(game.outcome(), Some(Outcome::draw(Termination::FullBoard)));
    let single = Position::new(Rules::Freestyle, 1, 1).unwrap();
    assert_eq!(single.count_legal_moves(), 1);
}

#[test]
fn renju_overline_is_forbidden_to_black_only() {
    let b = board(15, "c3 d3 e3 g3 h3", "");
    assert_eq!(forbidden(&b, point("f3")), Some(Forbidden::Overline));
    assert_eq!(forbidden(&b, point("f4")), None);
}

#[test]
fn renju_double_four_is_forbidden() {
    // Two fours in two lines: row 8 (d8 e8 f8 + h8) and column h (h4 h5 h6 + h8).
    let b = board(15, "d8 e8 f8 h4 h5 h6", "c8 h3");
    assert_eq!(forbidden(&b, point("h8")), Some(Forbidden::DoubleFour));
    // Two fours in one line: xx.xx.xx, and xxx.x.xxx, with a middle stone played.
    let pairs = board(15, "b8 c8 f8 h8 i8", "");
    assert_eq!(forbidden(&pairs, point("e8")), Some(Forbidden::DoubleFour));
    let triples = board(15, "a8 b8 c8 g8 h8 i8", "");
    assert_eq!(forbidden(&triples, point("e8")), Some(Forbidden::DoubleFour));
    // xx.x.xx is no four at all: filling a gap gives four and a gap, never five.
    let gaps = board(15, "b8 c8 g8 h8", "");
    assert_eq!(forbidden(&gaps, point("e8")), None);
    // x.xxx.x with the centre played.
    let spread = board(15, "b8 d8 f8 h8", "");
    assert_eq!(forbidden(&spread, point("e8")), Some(Forbidden::DoubleFour));
    // A single four with a three is allowed (4-3).
    let four_three = board(15, "d8 e8 f8 h5 h6", "c8");
    assert_eq!(forbidden(&four_three, point("h8")), None);
}

#[test]
fn renju_double_three_is_forbidden() {
    // Open threes on row 8 (f8 g8 + h8) and column h (h6 h7 + h8).
    let b = board(15, "f8 g8 h6 h7", "");
    assert_eq!(forbidden(&b, point("h8")), Some(Forbidden::DoubleThree));
    // One three blocked at an end by White is not a three: allowed.
    let blocked = board(15, "f8 g8 h6 h7", "e8 i8");
    assert_eq!(forbidden(&blocked, point("h8")), None);
    // A split three (x.xx) counts as well.
    let split = board(15, "e8 g8 h6 h7", "");
    assert_eq!(forbidden(&split, point("h8")), Some(Forbidden::DoubleThree));
}

#[test]
fn renju_false_three_does_not_make_a_double_three() {
    // h8 makes threes on row 8 (f8 g8 h8) and column h (h6 h7 h8). With d8 White,
    // the row three becomes a straight four only through i8.
    let real = board(15, "f8 g8 h6 h7", "d8");
    assert_eq!(forbidden(&real, point("h8")), Some(Forbidden::DoubleThree));
    // Black's i4 i5 i6 i7 i9 make i8 an overline, so i8 is forbidden, the row three
    // is false, and h8 makes only one real three: allowed.
    let trapped = board(15, "f8 g8 h6 h7 i4 i5 i6 i7 i9", "d8");
    assert_eq!(forbidden(&trapped, point("i8")), Some(Forbidden::Overline));
    assert_eq!(forbidden(&trapped, point("h8")), None);
    // Blocked instead of forbidden: White on i8 too leaves no straight four.
    let blocked = board(15, "f8 g8 h6 h7", "d8 i8");
    assert_eq!(forbidden(&blocked, point("h8")), None);
}

#[test]
fn renju_five_wins_even_with_a_forbidden_shape() {
    // h8 makes five on row 8 and an overline on column h at once: a five wins.
    let b = board(15, "d8 e8 f8 g8 h2 h3 h4 h5 h6 h7", "");
    assert_eq!(forbidden(&b, point("h8")), None);
    let mut game = Position::from_board(Rules::Renju, b, Stone::Black);
    let mv = game.parse_move("h8").unwrap();
    game.play(mv);
    assert_eq!(game.outcome().map(|o| o.winner()), Some(Some(Side::First)));
}

#[test]
fn forbidden_points_are_illegal_and_explained() {
    let game = Position::from_board(Rules::Renju, board(15, "f8 g8 h6 h7", "a1 a2 a3 a4"), Stone::Black);
    assert_eq!(
        game.parse_move("h8").unwrap_err().to_string(),
        "illegal move h8: h8 is forbidden to Black: it makes a double three"
    );
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(!moves.contains(&Move::Stone(point("h8"))));
    assert_eq!(game.forbidden_points(), vec![point("h8")]);
    assert_eq!(game.clone().place(point("h8")), Err(PlaceError::Forbidden(point("h8"))));
    // White may play there.
    let white = Position::from_board(Rules::Renju, board(15, "f8 g8 h6 h7 a5", "a1 a2 a3 a4"), Stone::White);
    assert!(white.parse_move("h8").is_ok());
    // Other rule sets forbid nothing.
    let standard = Position::from_board(Rules::Standard, board(15, "f8 g8 h6 h7", "a1 a2 a3 a4"), Stone::Black);
    assert!(standard.parse_move("h8").is_ok());
}

#[test]
fn moves_are_read_as_points_or_row_column() {
    let game = Position::new(Rules::Standard, 15, 15).unwrap();
    assert_eq!(game.parse_move("h8"), Ok(Move::Stone(point("h8"))));
    assert_eq!(game.parse_move("8,8"), Ok(Move::Stone(point("h8"))));
    assert!(matches!(game.parse_move("p1"), Err(MoveError::Illegal { .. })));
    assert!(matches!(game.parse_move("h"), Err(MoveError::Syntax { .. })));
    let big = Position::new(Rules::Freestyle, 64, 64).unwrap();
    assert_eq!(big.parse_move("bl64"), Ok(Move::Stone(Point { column: 63, row: 63 })));
}

#[test]
fn the_game_ends_at_the_first_win() {
    let mut game = Position::new(Rules::Standard, 15, 15).unwrap();
    for text in ["a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2"] {
        let mv = game.parse_move(text).unwrap();
        game.play(mv);
        assert_eq!(game.outcome(), None);
    }
    let mv = game.parse_move("e1").unwrap();
    game.play(mv);
    assert_eq!(game.outcome(), Some(Outcome::win(Side::First, Termination::FiveInARow)));
    assert_eq!(game.parse_move("e2"), Err(MoveError::GameOver));
    assert_eq!(game.place(point("e2")), Err(PlaceError::GameOver));
    assert_eq!(game.count_legal_moves(), 0);
}

#[test]
fn the_winning_line_is_the_five_in_order() {
    let mut game = Position::new(Rules::Standard, 9, 9).unwrap();
    assert!(game.winning_line().is_empty());
    for text in ["e5", "a1", "c3", "a2", "d4", "a3", "g7", "a4", "f6"] {
        game.place(Point::parse(text).unwrap()).unwrap();
    }
    let line: Vec<String> = game.winning_line().iter().map(ToString::to_string).collect();
    assert_eq!(line, ["c3", "d4", "e5", "f6", "g7"]);
}
