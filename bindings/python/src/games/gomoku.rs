//! Gomoku and Renju for Python. Actions: the point, numbered row by row from the top
//! of the board as it is drawn (row 1 at the bottom), left to right. Observation
//! (rows x columns x 4): own stones, the opponent's; to move; plays Black.

use arbiter::gomoku::{Board, Gomoku, Point};
use arbiter::{MoveDetail, Side};

use super::{History, PyGame, side_offset};
use crate::planes::Planes;

fn action(board: &Board, point: Point) -> usize {
    let row_from_top = usize::from(board.rows() - 1 - point.row);
    row_from_top * usize::from(board.columns()) + usize::from(point.column)
}

impl PyGame for Gomoku {
    fn detail(point: Point) -> MoveDetail {
        MoveDetail { text: point.to_string(), to: Some(point.to_string()), ..MoveDetail::default() }
    }

    fn shape(game: &History<Gomoku>) -> (usize, usize, usize) {
        let board = game.position().board();
        (usize::from(board.rows()), usize::from(board.columns()), 4)
    }

    fn action_count(game: &History<Gomoku>) -> usize {
        let board = game.position().board();
        usize::from(board.rows()) * usize::from(board.columns())
    }

    fn actions(game: &History<Gomoku>, point: Point) -> Vec<usize> {
        vec![action(game.position().board(), point)]
    }

    fn spell(game: &History<Gomoku>, route: &[usize], action: usize) -> Option<String> {
        let board = game.position().board();
        let columns = usize::from(board.columns());
        if !route.is_empty() || action >= columns * usize::from(board.rows()) {
            return None;
        }
        let row_from_top = u16::try_from(action / columns).ok()?;
        let column = u16::try_from(action % columns).ok()?;
        Some(Point { column, row: board.rows() - 1 - row_from_top }.to_string())
    }

    fn observe(game: &History<Gomoku>, _: &[Point], observer: Side, _: &[usize], planes: &mut Planes) -> (usize, usize) {
        let board = game.position().board();
        let rows = board.rows();
        for row in 0..rows {
            for column in 0..board.columns() {
                if let Some(stone) = board.stone_at(Point { column, row }) {
                    let plane = side_offset(stone.side(), observer, 1);
                    planes.set(usize::from(rows - 1 - row), usize::from(column), plane);
                }
            }
        }
        (2, 3)
    }
}
