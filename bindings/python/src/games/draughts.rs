//! Draughts for Python. A capture of several pieces is several actions, one per
//! landing, as OpenSpiel plays checkers: each action is a step
//! `(square - 1) * 50 + (next - 1)` from where the piece stands to where it lands
//! next. A capture route is what tells two legal captures with the same start and end
//! apart, and no fixed numbering of whole routes could hold every one; the landings of
//! a route do, since the piece taken between two landings is the one on the diagonal
//! between them. The steps chosen so far in a move are its `route`.
//!
//! Observation (10 x 10 x 8): own men, own kings, the opponent's men and kings; the
//! route so far (start and landings); the pieces it has taken so far; to move; plays
//! White. Layout version 1.

use arbiter::draughts::{Draughts, Kind, Move, Position, SQUARES, Square};
use arbiter::{MoveDetail, Side};

use super::{History, PyGame, side_offset};
use crate::planes::Planes;

fn action(from: Square, to: Square) -> usize {
    (usize::from(from.number()) - 1) * SQUARES + usize::from(to.number()) - 1
}

fn squares(action: usize) -> Option<(Square, Square)> {
    let square = |index: usize| Square::new(u8::try_from(index + 1).ok()?);
    Some((square(action / SQUARES)?, square(action % SQUARES)?))
}

/// Calls `reach` with each square a route has reached, in order: where the piece
/// started, then each landing. `None` if a step does not go on from where the
/// previous one ended (the squares up to there have been reached).
fn walk_route(route: &[usize], mut reach: impl FnMut(Square)) -> Option<()> {
    let mut last = None;
    for &step in route {
        let (from, to) = squares(step)?;
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
fn route_squares(route: &[usize]) -> Option<Vec<Square>> {
    let mut reached = Vec::with_capacity(route.len() + 1);
    walk_route(route, |square| reached.push(square))?;
    Some(reached)
}

/// The first piece on the diagonal from `from` towards `to`, if they share one.
fn jumped(position: &Position, from: Square, to: Square) -> Option<Square> {
    let (rows, columns) =
        (i16::from(to.row()) - i16::from(from.row()), i16::from(to.column()) - i16::from(from.column()));
    if rows.abs() != columns.abs() || rows == 0 {
        return None;
    }
    let (row_step, column_step) = (rows.signum(), columns.signum());
    (1..rows.abs()).find_map(|k| {
        let row = u8::try_from(i16::from(from.row()) + k * row_step).ok()?;
        let column = u8::try_from(i16::from(from.column()) + k * column_step).ok()?;
        let square = Square::at(row, column)?;
        position.piece_at(square).map(|_| square)
    })
}

impl PyGame for Draughts {
    const LAYOUT: u32 = 1;

    fn detail(mv: Move) -> MoveDetail {
        let mut landings: Vec<String> = mv.landings().map(|s| s.to_string()).collect();
        landings.pop();
        MoveDetail {
            text: mv.to_string(),
            from: Some(mv.from().to_string()),
            to: Some(mv.to().to_string()),
            path: landings,
            captured: mv.captured().map(|s| s.to_string()).collect(),
        }
    }

    fn shape(_: &History<Draughts>) -> (usize, usize, usize) {
        (10, 10, 8)
    }

    fn action_count(_: &History<Draughts>) -> usize {
        SQUARES * SQUARES
    }

    fn push_actions(_: &History<Draughts>, mv: Move, out: &mut Vec<usize>) {
        let mut at = mv.from();
        for landing in mv.landings() {
            out.push(action(at, landing));
            at = landing;
        }
    }

    fn spell(_: &History<Draughts>, route: &[usize], step: usize) -> Option<String> {
        let reached = route_squares(route)?;
        let (from, to) = squares(step)?;
        if reached.last().is_some_and(|&last| last != from) {
            return None;
        }
        // A step, or a capture by the landings chosen.
        if route.is_empty() {
            return Some(format!("{from}-{to}"));
        }
        let landings: Vec<String> = reached.iter().chain([&to]).map(ToString::to_string).collect();
        Some(landings.join("x"))
    }

    fn observe(game: &History<Draughts>, _: &[Move], observer: Side, route: &[usize], planes: &mut Planes<'_>) -> (usize, usize) {
        let position = game.position();
        for (square, piece) in position.pieces() {
            let kind = match piece.kind {
                Kind::Man => 0,
                Kind::King => 1,
            };
            let plane = side_offset(piece.color.side(), observer, 2) + kind;
            planes.set(usize::from(square.row()), usize::from(square.column()), plane);
        }
        // Plane 4: the squares a capture's route has reached; plane 5: the pieces it
        // has jumped, each the one piece on the diagonal between two landings. A route
        // that breaks off is drawn as far as it goes.
        let mut last: Option<Square> = None;
        let _ = walk_route(route, |square| {
            planes.set(usize::from(square.row()), usize::from(square.column()), 4);
            if let Some(taken) = last.and_then(|from| jumped(position, from, square)) {
                planes.set(usize::from(taken.row()), usize::from(taken.column()), 5);
            }
            last = Some(square);
        });
        (6, 7)
    }
}
