//! Draughts for Python, on the board of the game's rule set (8x8, 10x10, 12x12), as its
//! position's [`Layout`] lays it out. A capture of several pieces is several actions,
//! one per landing, as OpenSpiel plays checkers: each action is a step
//! `(square - 1) * squares + (next - 1)` from where the piece stands to where it lands
//! next, `squares` the board's playable squares (50 on 10x10, so 2500 actions). A
//! capture route is what tells two legal captures with the same start and end apart,
//! and no fixed numbering of whole routes could hold every one; the landings of a route
//! do, since the piece taken between two landings is the first one on the line between
//! them. The steps chosen so far in a move are its `route`.
//!
//! Observation (size x size x 8, 10 x 10 x 8 for international draughts): own men,
//! own kings, the opponent's men and kings; the route so far (start and landings); the
//! pieces it has taken so far; to move; plays White. Layout version 1.

use arbiter::draughts::{Draughts, Kind, Layout, Move, Position, Square};
use arbiter::{Game, MoveDetail, Side};

use super::{History, PyGame, side_offset};
use crate::planes::Planes;

/// The action of a step from `from` to `to`: squares are numbered from 1 in the
/// layout's order.
fn action(layout: Layout, from: Square, to: Square) -> usize {
    (usize::from(from.number()) - 1) * layout.squares() + usize::from(to.number()) - 1
}

/// The step an action is, if it is one of the board's.
fn squares(layout: Layout, action: usize) -> Option<(Square, Square)> {
    let count = layout.squares();
    let square = |index: usize| layout.all().nth(index);
    if action >= count * count {
        return None;
    }
    Some((square(action / count)?, square(action % count)?))
}

/// Calls `reach` with each square a route has reached, in order: where the piece
/// started, then each landing. `None` if a step does not go on from where the
/// previous one ended (the squares up to there have been reached).
fn walk_route(layout: Layout, route: &[usize], mut reach: impl FnMut(Square)) -> Option<()> {
    let mut last = None;
    for &step in route {
        let (from, to) = squares(layout, step)?;
        match last {
            None => reach(from),
            Some(at) if at == from => {}
            Some(_) => return None,
        }
        reach(to);
        last = Some(to);
    }
    Some(())
}

/// The squares a route has reached: where the piece started, then each landing.
/// `None` if a step does not go on from where the previous one ended.
fn route_squares(layout: Layout, route: &[usize]) -> Option<Vec<Square>> {
    let mut reached = Vec::with_capacity(route.len() + 1);
    walk_route(layout, route, |square| reached.push(square))?;
    Some(reached)
}

/// The first piece on the line from `from` towards `to` (a diagonal, or in Frisian
/// draughts a row or column), if they share one, that the route has not taken already
/// (`taken`, by square number: in Thai draughts a king may cross the square of a piece
/// it took earlier in the move, and its own start square): the points between them on
/// the layout's grid.
fn jumped(position: &Position, from: Square, to: Square, taken: u128) -> Option<Square> {
    let layout = position.layout();
    let ((from_row, from_column), (to_row, to_column)) = (layout.coordinates(from), layout.coordinates(to));
    let (rows, columns) = (i16::from(to_row) - i16::from(from_row), i16::from(to_column) - i16::from(from_column));
    if (rows.abs() != columns.abs() && rows != 0 && columns != 0) || (rows == 0 && columns == 0) {
        return None;
    }
    let (row_step, column_step) = (rows.signum(), columns.signum());
    (1..rows.abs().max(columns.abs())).find_map(|k| {
        let row = u8::try_from(i16::from(from_row) + k * row_step).ok()?;
        let column = u8::try_from(i16::from(from_column) + k * column_step).ok()?;
        let square = layout.square_at(row, column)?;
        // Neither a piece taken already nor the moving piece's own start square, which
        // a Thai king may cross on its way back.
        let fresh = taken & (1u128 << square.number()) == 0;
        position.piece_at(square).filter(|piece| fresh && piece.color != position.turn()).map(|_| square)
    })
}

/// Marks `plane` at `square`'s point of the layout's grid.
fn mark(planes: &mut Planes<'_>, layout: Layout, square: Square, plane: usize) {
    let (row, column) = layout.coordinates(square);
    planes.set(usize::from(row), usize::from(column), plane);
}

impl PyGame for Draughts {
    const LAYOUT: u32 = 1;

    /// The position, whose board names the squares as its players write them.
    type Context = Position;

    fn context(game: &History<Draughts>) -> Position {
        *game.position()
    }

    fn detail(position: Position, mv: Move) -> MoveDetail {
        position.move_detail(mv)
    }

    fn shape(game: &History<Draughts>) -> (usize, usize, usize) {
        let size = usize::from(game.position().layout().size());
        (size, size, 8)
    }

    fn action_count(game: &History<Draughts>) -> usize {
        let squares = game.position().layout().squares();
        squares * squares
    }

    fn push_actions(game: &History<Draughts>, mv: Move, out: &mut Vec<usize>) {
        let layout = game.position().layout();
        let mut at = mv.from();
        for landing in mv.landings() {
            out.push(action(layout, at, landing));
            at = landing;
        }
    }

    fn spell(game: &History<Draughts>, route: &[usize], step: usize) -> Option<String> {
        let layout = game.position().layout();
        let reached = route_squares(layout, route)?;
        let (from, to) = squares(layout, step)?;
        if reached.last().is_some_and(|&last| last != from) {
            return None;
        }
        // A step, or a capture by the landings chosen, in the squares' names.
        if route.is_empty() {
            return Some(format!("{}-{}", layout.name(from), layout.name(to)));
        }
        let landings: Vec<String> = reached.iter().chain([&to]).map(|&square| layout.name(square)).collect();
        Some(landings.join("x"))
    }

    fn observe(game: &History<Draughts>, _: &[Move], observer: Side, route: &[usize], planes: &mut Planes<'_>) -> (usize, usize) {
        let position = game.position();
        let layout = position.layout();
        for (square, piece) in position.pieces() {
            let kind = match piece.kind {
                Kind::Man => 0,
                Kind::King => 1,
            };
            let plane = side_offset(piece.color.side(), observer, 2) + kind;
            mark(planes, layout, square, plane);
        }
        // Plane 4: the squares a capture's route has reached; plane 5: the pieces it
        // has jumped, each the one piece on the line between two landings. A route
        // that breaks off is drawn as far as it goes.
        let mut last: Option<Square> = None;
        let mut taken = 0u128;
        let _ = walk_route(layout, route, |square| {
            mark(planes, layout, square, 4);
            if let Some(piece) = last.and_then(|from| jumped(position, from, square, taken)) {
                mark(planes, layout, piece, 5);
                taken |= 1u128 << piece.number();
            }
            last = Some(square);
        });
        (6, 7)
    }
}
