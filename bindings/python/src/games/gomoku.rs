//! Gomoku and Renju for Python. Actions: the point, numbered row by row from the top
//! of the board as it is drawn (row 1 at the bottom), left to right; with an opening
//! rule, after the `n` points: `n` swap, `n + 1` `+2`, `n + 1 + k` `declare:k` (k from
//! 1 to 12), then `n + 14 + p` the fifth-move offer on point `p` (a point's own number
//! is its stone, or where a choice among the offers is asked, the choice of the offer
//! there). Observation (rows x columns x 4): own stones (the colour the observer holds
//! now), the opponent's; to move; plays first (Black, but after an opening's swaps).
//! Layout version 1.

use arbiter::gomoku::{Board, Gomoku, MAX_OFFERS, Move, Point, Rules, Step};
use arbiter::{MoveDetail, Side};

use super::{History, PyGame};
use crate::planes::Planes;

fn point_action(board: &Board, point: Point) -> usize {
    let row_from_top = usize::from(board.rows() - 1 - point.row);
    row_from_top * usize::from(board.columns()) + usize::from(point.column)
}

fn points(board: &Board) -> usize {
    usize::from(board.rows()) * usize::from(board.columns())
}

/// The first action of the offers, on a board of `points` points.
const fn offers(points: usize) -> usize {
    points + 2 + MAX_OFFERS as usize
}

fn point_of(board: &Board, action: usize) -> Option<Point> {
    let columns = usize::from(board.columns());
    if action >= points(board) {
        return None;
    }
    let row_from_top = u16::try_from(action / columns).ok()?;
    let column = u16::try_from(action % columns).ok()?;
    Some(Point { column, row: board.rows() - 1 - row_from_top })
}

/// The action of `mv`.
fn action(game: &History<Gomoku>, mv: Move) -> usize {
    let board = game.position().board();
    let n = points(board);
    match mv {
        Move::Stone(point) | Move::Choose(point) => point_action(board, point),
        Move::Swap => n,
        Move::TwoMore => n + 1,
        Move::Declare(count) => n + 1 + usize::from(count),
        Move::Offer(point) => offers(n) + point_action(board, point),
    }
}

impl PyGame for Gomoku {
    const LAYOUT: u32 = 1;

    type Context = ();

    fn context(_: &History<Self>) {}

    fn detail(_: (), mv: Move) -> MoveDetail {
        MoveDetail { text: mv.to_string(), to: mv.point().map(|p| p.to_string()), ..MoveDetail::default() }
    }

    fn shape(game: &History<Gomoku>) -> (usize, usize, usize) {
        let board = game.position().board();
        (usize::from(board.rows()), usize::from(board.columns()), 4)
    }

    fn action_count(game: &History<Gomoku>) -> usize {
        let position = game.position();
        let points = points(position.board());
        if position.opening_rule().is_some() { offers(points) + points } else { points }
    }

    fn push_actions(game: &History<Gomoku>, mv: Move, out: &mut Vec<usize>) {
        out.push(action(game, mv));
    }

    fn single_action(game: &History<Gomoku>, mv: Move) -> Option<usize> {
        Some(action(game, mv))
    }

    fn keeps_lists(game: &History<Gomoku>, mv: Move) -> bool {
        // Outside an opening the legal moves are the empty points, the same for both
        // sides, but under Renju, whose forbidden points change with each stone.
        let position = game.position();
        matches!(mv, Move::Stone(_)) && position.opening_step().is_none() && position.rules() != Rules::Renju
    }

    fn placement(game: &History<Gomoku>, action: usize) -> Option<Move> {
        point_of(game.position().board(), action).map(Move::Stone)
    }

    fn spell(game: &History<Gomoku>, route: &[usize], action: usize) -> Option<String> {
        let position = game.position();
        let board = position.board();
        let n = points(board);
        if !route.is_empty() || action >= Self::action_count(game) {
            return None;
        }
        let mv = match action {
            _ if action < n => {
                let point = point_of(board, action)?;
                match position.opening_step() {
                    Some(Step::Choose) => Move::Choose(point),
                    _ => Move::Stone(point),
                }
            }
            _ if action == n => Move::Swap,
            _ if action == n + 1 => Move::TwoMore,
            _ if action < offers(n) => Move::Declare(u8::try_from(action - n - 1).ok()?),
            _ => Move::Offer(point_of(board, action - offers(n))?),
        };
        Some(mv.to_string())
    }

    fn observe(game: &History<Gomoku>, _: &[Move], observer: Side, _: &[usize], planes: &mut Planes<'_>) -> (usize, usize) {
        let board = game.position().board();
        for row in 0..board.rows() {
            for column in 0..board.columns() {
                mark_stone(game, observer, Point { column, row }, planes);
            }
        }
        (2, 3)
    }

    const OBSERVES_MOVES: bool = true;

    fn observe_move(game: &History<Gomoku>, mv: Move, observer: Side, planes: &mut Planes<'_>) -> bool {
        // Without an opening rule a move is a stone and the colours stay with their
        // sides; an opening's swaps and choices are written afresh.
        match mv {
            Move::Stone(point) if game.position().opening_rule().is_none() => {
                mark_stone(game, observer, point, planes);
                true
            }
            _ => false,
        }
    }
}

/// Marks the stone on `point`, if any, in the plane of its colour as `observer` sees it.
fn mark_stone(game: &History<Gomoku>, observer: Side, point: Point, planes: &mut Planes<'_>) {
    let position = game.position();
    let board = position.board();
    if let Some(stone) = board.stone_at(point) {
        let plane = usize::from(stone != position.color_of(observer));
        planes.set(usize::from(board.rows() - 1 - point.row), usize::from(point.column), plane);
    }
}
