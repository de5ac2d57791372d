//! The `captures` option: captures that take the same pieces in another order, from
//! the same start to the same end, are one move (`merged`, the default, as every
//! published perft counts) or one move for each order (`apart`, as DCTL's `keep`
//! counts them; `draughts_dctl.rs` compares the counts on random positions).

use arbiter::draughts::{Captures, Position, Rules, Square};
use arbiter::{AnyGame, Game, GameKind, GameOptions, OptionsInput, perft};

/// A white man on 43 takes 38, 28, 29 and 39 round the square they stand on, one way
/// round or the other: the same start, end and pieces.
const ROUND_TRIP: &str = "W:W43,48:B28,29,38,39,3";

fn texts(position: &Position) -> Vec<String> {
    let mut list = Vec::new();
    position.legal_moves(&mut list);
    let mut texts: Vec<String> = list.iter().map(ToString::to_string).collect();
    texts.sort();
    texts
}

fn square(number: u8) -> Square {
    Square::new(number).unwrap()
}

#[test]
fn merged_by_default_one_move_each_order_when_apart() {
    let merged = Position::from_fen(ROUND_TRIP).unwrap();
    assert_eq!(merged.captures(), Captures::Merged);
    assert_eq!(texts(&merged), ["43x43"]);
    assert_eq!(merged.count_legal_moves(), 1);
    assert_eq!(perft(&merged, 1), 1);

    let apart = merged.with_captures(Captures::Apart);
    // Two moves with the same ends are written with every landing square.
    assert_eq!(texts(&apart), ["43x32x23x34x43", "43x34x23x32x43"]);
    assert_eq!(apart.count_legal_moves(), 2);
    assert_eq!(perft(&apart, 1), 2);
    // Both leave the same position.
    let mut list = Vec::new();
    apart.legal_moves(&mut list);
    let after: Vec<String> = list
        .iter()
        .map(|&mv| {
            let mut next = apart;
            next.play(mv);
            next.to_fen()
        })
        .collect();
    assert_eq!(after[0], after[1]);
}

#[test]
fn the_orders_are_the_pieces_taken_one_after_another() {
    let apart = Position::from_fen(ROUND_TRIP).unwrap().with_captures(Captures::Apart);
    let one = apart.parse_move("43x34x23x32x43").unwrap();
    let other = apart.parse_move("43x32x23x34x43").unwrap();
    assert_ne!(one, other);
    let order = |mv: &arbiter::draughts::Move| mv.captured_in_order().map(Square::number).collect::<Vec<_>>();
    assert_eq!(order(&one), [39, 29, 28, 38]);
    assert_eq!(order(&other), [38, 28, 29, 39]);
    // Merged, the capture's pieces are the same, in either order.
    let merged = Position::from_fen(ROUND_TRIP).unwrap();
    assert_eq!(merged.parse_move("43x34x23x32x43").unwrap(), merged.parse_move("43x32x23x34x43").unwrap());
    assert_eq!(order(&merged.parse_move("43x43").unwrap()).len(), 4);
    assert!(order(&merged.parse_move("43x43").unwrap()).iter().all(|&s| [28, 29, 38, 39].contains(&s)));
    // Kept apart, the ends alone do not say which: the path must be written.
    let refused = apart.parse_move("43x43").unwrap_err();
    let arbiter::MoveError::Illegal { reason, .. } = refused else { panic!("refused as illegal") };
    assert_eq!(reason.code(), "ambiguous_capture", "{reason}");
    assert_eq!(one.to(), square(43));
}

/// A flying king that lands farther than the nearest square behind a piece and takes
/// the next one straight on takes them in the same order: the path it is written
/// with names the same move.
#[test]
fn a_farther_landing_on_the_same_line_is_the_same_order() {
    // The king on 46 takes 37, lands on 32 or 28, and takes 23 straight on.
    let apart = Position::from_fen("W:WK46:B37,23,3").unwrap().with_captures(Captures::Apart);
    assert_eq!(texts(&apart), ["46x10", "46x14", "46x19", "46x5"]);
    assert_eq!(apart.parse_move("46x28x19").unwrap(), apart.parse_move("46x32x19").unwrap());
    assert_eq!(apart.parse_move("46x28x19").unwrap(), apart.parse_move("46x19").unwrap());
    // Thai draughts: a king that turns back takes three pieces in two orders from one
    // start to one end (docs/rules.md, "Thai draughts"): merged one move, apart two.
    let thai = Position::from_fen_with(Rules::Thai, "W:WK5,K10,14:B6,K15,24,25").unwrap();
    assert_eq!(texts(&thai), ["10x1", "10x28"]);
    let thai_apart = thai.with_captures(Captures::Apart);
    assert_eq!(texts(&thai_apart), ["10x1", "10x19x1x28", "10x1x19x28"]);
    assert_eq!(perft(&thai_apart, 1), 3);
}

/// The option as every front end reads it: `captures=apart` starts positions that
/// keep the orders apart, written back only when it is not the default.
#[test]
fn the_captures_option_goes_through_the_registry() {
    let input = OptionsInput::new().with("fen", ROUND_TRIP).with("captures", "apart");
    let options = GameOptions::new(GameKind::Draughts, &input).unwrap();
    assert_eq!(AnyGame::new(&options).legal_moves().len(), 2);
    assert_eq!(options.to_input().text("captures").unwrap(), Some("apart"));
    let merged = GameOptions::new(GameKind::Draughts, &OptionsInput::new().with("fen", ROUND_TRIP)).unwrap();
    assert_eq!(AnyGame::new(&merged).legal_moves().len(), 1);
    assert_eq!(merged.to_input().text("captures").unwrap(), None);
    let refused = GameOptions::new(GameKind::Draughts, &OptionsInput::new().with("captures", "kept")).unwrap_err();
    assert!(refused.to_string().contains("expected one of merged, apart"), "{refused}");
}

/// Frisian draughts: a king may reach the same next piece by two lines, a diagonal and
/// a row; routes that take the same pieces in the same order are one move, apart or
/// not (DCTL's `keep` counts such routes twice: docs/rules.md).
#[test]
fn frisian_routes_taking_the_same_order_by_other_lines_are_one_move() {
    let position = Position::from_fen_with(Rules::Frisian, "W:WK38,K43,K46:BK1,K7,9,24,26,32").unwrap();
    let apart = position.with_captures(Captures::Apart);
    assert_eq!(texts(&apart), ["46x4"]);
    // Up the column over 26, then over 7 by the diagonal from 16 or along the row from 6.
    let by_the_diagonal = apart.parse_move("46x16x2x35x31x4").unwrap();
    let by_the_row = apart.parse_move("46x6x8x35x31x4").unwrap();
    assert_eq!(by_the_diagonal, by_the_row);
    let order: Vec<u8> = by_the_row.captured_in_order().map(Square::number).collect();
    assert_eq!(order, [26, 7, 24, 32, 9]);
}
