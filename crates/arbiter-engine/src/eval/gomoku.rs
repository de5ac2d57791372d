//! Gomoku (and Renju) for the built-in engine: the runs of stones and their free
//! ends; only the points near the stones searched.

use arbiter::Game;
use arbiter::gomoku::{self, Point};

use super::Evaluate;

/// The worth of a run of `length` stones with `open` free ends.
fn run_value(length: u32, open: u32) -> i32 {
    match (length.min(5), open) {
        (5, _) => 100_000,
        (4, 2) => 10_000,
        (4, 1) => 1_000,
        (3, 2) => 1_000,
        (3, 1) => 100,
        (2, 2) => 100,
        (2, 1) => 10,
        (1, 2) => 2,
        _ => 0,
    }
}

impl Evaluate for gomoku::Position {
    fn evaluate(&self) -> i32 {
        let board = self.board();
        let mut score = 0;
        let (columns, rows) = (i32::from(board.columns()), i32::from(board.rows()));
        let stone = |c: i32, r: i32| {
            if c < 0 || r < 0 || c >= columns || r >= rows {
                return None;
            }
            board.stone_at(Point { column: c as u16, row: r as u16 })
        };
        let empty = |c: i32, r: i32| c >= 0 && r >= 0 && c < columns && r < rows && stone(c, r).is_none();
        for r in 0..rows {
            for c in 0..columns {
                let Some(own) = stone(c, r) else { continue };
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    // Count each run once, from its first stone.
                    if stone(c - dc, r - dr) == Some(own) {
                        continue;
                    }
                    let mut length = 1;
                    while stone(c + length * dc, r + length * dr) == Some(own) {
                        length += 1;
                    }
                    let open = u32::from(empty(c - dc, r - dr)) + u32::from(empty(c + length * dc, r + length * dr));
                    let value = run_value(length as u32, open);
                    score += if own == self.turn() { value } else { -value };
                }
            }
        }
        score
    }

    /// The empty points next to a stone (or the centre of an empty board).
    fn candidate_moves(&self, out: &mut Vec<Point>) {
        out.clear();
        let board = self.board();
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if board.stones() == 0 {
            let centre = Point { column: board.columns() / 2, row: board.rows() / 2 };
            out.extend(legal.iter().copied().filter(|&p| p == centre).take(1));
            if out.is_empty() {
                out.extend(legal.first().copied());
            }
            return;
        }
        let near = |p: Point| {
            (-2i32..=2).any(|dc| {
                (-2i32..=2).any(|dr| {
                    let (c, r) = (i32::from(p.column) + dc, i32::from(p.row) + dr);
                    c >= 0 && r >= 0 && board.stone_at(Point { column: c as u16, row: r as u16 }).is_some()
                })
            })
        };
        out.extend(legal.into_iter().filter(|&p| near(p)));
    }
}
