//! After every move of random games, the engine's verdict (which reads only the
//! lines through the new stone) equals a brute-force scan of the whole board.

use arbiter::gomoku::{Board, Point, Position, Rules, Stone};
use arbiter::{Game, Outcome, Termination};
use proptest::prelude::*;

/// Every maximal run of one colour on the board, found by scanning from each run's
/// first stone: (stone, points of the run, blocked before, blocked after).
fn runs(board: &Board) -> Vec<(Stone, Vec<Point>, bool, bool)> {
    let (columns, rows) = (i32::from(board.columns()), i32::from(board.rows()));
    let at = |c: i32, r: i32| {
        if c < 0 || r < 0 || c >= columns || r >= rows {
            None
        } else {
            board.stone_at(Point { column: c as u16, row: r as u16 })
        }
    };
    let mut found = Vec::new();
    for c in 0..columns {
        for r in 0..rows {
            let Some(stone) = at(c, r) else { continue };
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                if at(c - dc, r - dr) == Some(stone) {
                    continue;
                }
                let mut points = Vec::new();
                let (mut x, mut y) = (c, r);
                while at(x, y) == Some(stone) {
                    points.push(Point { column: x as u16, row: y as u16 });
                    x += dc;
                    y += dr;
                }
                let before = at(c - dc, r - dr) == Some(stone.opponent());
                let after = at(x, y) == Some(stone.opponent());
                found.push((stone, points, before, after));
            }
        }
    }
    found
}

fn brute_force_wins(rules: Rules, board: &Board, last: Point) -> bool {
    runs(board).into_iter().any(|(stone, points, before, after)| {
        let n = points.len();
        points.contains(&last)
            && match rules {
                Rules::Freestyle => n >= 5,
                Rules::Standard => n == 5,
                Rules::Renju => n == 5 || (stone == Stone::White && n > 5),
                Rules::Caro => n >= 5 && !(before && after),
            }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn engine_verdicts_equal_a_whole_board_scan(
        rules in prop::sample::select(Rules::ALL.to_vec()),
        columns in 1u32..20,
        rows in 1u32..20,
        choices in prop::collection::vec(any::<u16>(), 0..400),
    ) {
        let mut game = Position::new(rules, columns, rows).unwrap();
        let mut moves = Vec::new();
        for choice in choices {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            let mover = game.turn();
            game.play(mv);
            let point = mv.point().expect("a stone");
            let expected = if brute_force_wins(rules, game.board(), point) {
                Some(Outcome::win(mover.side(), Termination::FiveInARow))
            } else if game.board().is_full() {
                Some(Outcome::draw(Termination::FullBoard))
            } else {
                None
            };
            if rules == Rules::Renju && expected.is_none() && game.outcome().is_some() {
                // The only other ending: no point left that Black may take.
                prop_assert!(game.board().empty_points().all(|p| game.forbidden(p).is_some()));
            } else {
                prop_assert_eq!(game.outcome(), expected, "{} after {}", game.board().to_text(), mv);
            }
        }
    }
}
