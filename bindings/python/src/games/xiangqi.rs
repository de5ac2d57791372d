//! Xiangqi for Python. Actions: `from * 90 + to`, a point's number being
//! `rank * 9 + file` (the library's `Square::index`, rank 0 Red's back rank).
//! Observation (10 x 9 x 16): own general, advisors, elephants, horses, chariots,
//! cannons, soldiers; the opponent's, the same; to move; plays Red. Layout version 1.

use arbiter::xiangqi::{Kind, Move, Piece, Square, Xiangqi};
use arbiter::{MoveDetail, Side};

use super::{History, PyGame, side_offset};
use crate::planes::Planes;

/// Xiangqi's points.
const POINTS: usize = 90;

impl PyGame for Xiangqi {
    const LAYOUT: u32 = 1;

    type Context = ();

    fn context(_: &History<Self>) {}

    fn detail(_: (), mv: Move) -> MoveDetail {
        MoveDetail {
            text: mv.to_string(),
            from: Some(mv.from.to_string()),
            to: Some(mv.to.to_string()),
            ..MoveDetail::default()
        }
    }

    fn shape(_: &History<Xiangqi>) -> (usize, usize, usize) {
        (10, 9, 16)
    }

    fn action_count(_: &History<Xiangqi>) -> usize {
        POINTS * POINTS
    }

    fn push_actions(_: &History<Xiangqi>, mv: Move, out: &mut Vec<usize>) {
        out.push(mv.from.index() * POINTS + mv.to.index());
    }

    fn single_action(_: &History<Xiangqi>, mv: Move) -> Option<usize> {
        Some(mv.from.index() * POINTS + mv.to.index())
    }

    fn spell(_: &History<Xiangqi>, route: &[usize], action: usize) -> Option<String> {
        if !route.is_empty() {
            return None;
        }
        let from = Square::from_index(action / POINTS)?;
        let to = Square::from_index(action % POINTS)?;
        Some(format!("{from}{to}"))
    }

    fn observe(game: &History<Xiangqi>, _: &[Move], observer: Side, _: &[usize], planes: &mut Planes<'_>) -> (usize, usize) {
        for (square, piece) in game.position().pieces() {
            mark_piece(square, Some(piece), observer, planes);
        }
        (14, 15)
    }

    const OBSERVES_MOVES: bool = true;

    fn observe_move(game: &History<Xiangqi>, mv: Move, observer: Side, planes: &mut Planes<'_>) -> bool {
        // A move empties its point of departure and puts its piece on its arrival,
        // over whatever it took.
        let position = game.position();
        for square in [mv.from, mv.to] {
            mark_piece(square, position.piece_at(square), observer, planes);
        }
        true
    }
}

/// Writes the piece planes of `square`: `piece`'s alone marked (none for an empty
/// point).
fn mark_piece(square: Square, piece: Option<Piece>, observer: Side, planes: &mut Planes<'_>) {
    let kinds = Kind::ALL.len();
    let (row, column) = (9 - usize::from(square.rank()), usize::from(square.file()));
    for plane in 0..2 * kinds {
        planes.unset(row, column, plane);
    }
    if let Some(piece) = piece {
        planes.set(row, column, side_offset(piece.color.side(), observer, kinds) + piece.kind as usize);
    }
}
