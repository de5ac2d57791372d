//! TwixT for Python. Actions: the point, numbered row by row from the top of the board
//! as it is drawn (row 1 at the bottom), left to right; the swap is `size * size` when
//! the swap rule is on. Observation (size x size x 13): own pegs, the opponent's; own
//! links in four directions, the opponent's; to move; plays Black; the swap may be
//! played now. A link is marked at its end with the smaller column, in the plane of
//! its direction: one column and two rows up, two columns and one row up, two columns
//! and one row down, one column and two rows down. Layout version 1.

use arbiter::twixt::{Board, Move, Peg, Position, Twixt};
use arbiter::{MoveDetail, Side};

use super::{History, PyGame, side_offset};
use crate::planes::Planes;

fn side(position: &Position) -> usize {
    position.board().size() as usize
}

/// The action of `mv`.
fn action(game: &History<Twixt>, mv: Move) -> usize {
    action_on(side(game.position()), mv)
}

/// The action of `mv` on a board of `side` points a side.
fn action_on(side: usize, mv: Move) -> usize {
    match mv {
        Move::Place(peg) => (side - 1 - usize::from(peg.y)) * side + usize::from(peg.x),
        Move::Swap => side * side,
    }
}

impl PyGame for Twixt {
    const LAYOUT: u32 = 1;

    type Context = ();

    fn context(_: &History<Self>) {}

    fn detail(_: (), mv: Move) -> MoveDetail {
        let to = match mv {
            Move::Place(peg) => Some(peg.to_string()),
            Move::Swap => None,
        };
        MoveDetail { text: mv.to_string(), to, ..MoveDetail::default() }
    }

    fn shape(game: &History<Twixt>) -> (usize, usize, usize) {
        let side = side(game.position());
        (side, side, 13)
    }

    fn action_count(game: &History<Twixt>) -> usize {
        let side = side(game.position());
        side * side + usize::from(game.position().swap_rule())
    }

    fn push_actions(game: &History<Twixt>, mv: Move, out: &mut Vec<usize>) {
        out.push(action(game, mv));
    }

    fn single_action(game: &History<Twixt>, mv: Move) -> Option<usize> {
        Some(action(game, mv))
    }

    fn single_actions(game: &History<Twixt>, legal: &[Move], out: &mut Vec<u32>) -> bool {
        // `action` with the board's side read once: a 24x24 board's 500-odd moves a step.
        let side = side(game.position());
        out.clear();
        // A board has at most 4096 x 4096 points: an action fits a `u32`.
        out.extend(legal.iter().map(|&mv| action_on(side, mv) as u32));
        true
    }

    fn keeps_lists(game: &History<Twixt>, mv: Move) -> bool {
        // A peg takes one point from both sides' lists (each side's are the open
        // points off the other's edge lines), past the swap when it is played with:
        // the swap may be offered after the first peg and mirrors the board.
        matches!(mv, Move::Place(_)) && (game.plies() >= 2 || !game.position().swap_rule())
    }

    fn placement(game: &History<Twixt>, action: usize) -> Option<Move> {
        let side = side(game.position());
        if action >= side * side {
            return None;
        }
        let y = u16::try_from(side - 1 - action / side).ok()?;
        let x = u16::try_from(action % side).ok()?;
        Some(Move::Place(Peg { x, y }))
    }

    fn spell(game: &History<Twixt>, route: &[usize], action: usize) -> Option<String> {
        let side = side(game.position());
        if !route.is_empty() || action > side * side {
            return None;
        }
        if action == side * side {
            return Some(Move::Swap.to_string());
        }
        Self::placement(game, action).map(|mv| mv.to_string())
    }

    fn observe(game: &History<Twixt>, legal: &[Move], observer: Side, _: &[usize], planes: &mut Planes<'_>) -> (usize, usize) {
        let board = game.position().board();
        let top = board.size() as usize - 1;
        for (peg, color) in board.pegs() {
            planes.set(top - usize::from(peg.y), usize::from(peg.x), side_offset(color.side(), observer, 1));
        }
        for (a, b) in board.links() {
            mark_link(board, observer, a, b, planes);
        }
        // The swap is the second side's first move, or never: the list is read then only.
        if game.plies() == 1 && legal.contains(&Move::Swap) {
            planes.fill(12);
        }
        (10, 11)
    }

    const OBSERVES_MOVES: bool = true;

    fn observe_move(game: &History<Twixt>, mv: Move, observer: Side, planes: &mut Planes<'_>) -> bool {
        // A peg changes its point and its new links (links are never taken away); the
        // first two plies may set or clear the swap's plane, and the swap mirrors the
        // board: those are written afresh.
        let Move::Place(peg) = mv else { return false };
        if game.plies() <= 2 {
            return false;
        }
        let board = game.position().board();
        let Some(color) = board.peg_at(peg) else { return false };
        let top = board.size() as usize - 1;
        planes.set(top - usize::from(peg.y), usize::from(peg.x), side_offset(color.side(), observer, 1));
        for (a, b) in board.links_at(peg) {
            mark_link(board, observer, a, b, planes);
        }
        true
    }
}

/// Marks the link from `a` to `b` at its end with the smaller column, in the plane of
/// its colour (as `observer` sees it) and direction.
fn mark_link(board: &Board, observer: Side, a: Peg, b: Peg, planes: &mut Planes<'_>) {
    let (left, right) = if a.x < b.x { (a, b) } else { (b, a) };
    let direction = match (right.x - left.x, i32::from(right.y) - i32::from(left.y)) {
        (1, 2) => 0,
        (2, 1) => 1,
        (2, -1) => 2,
        _ => 3,
    };
    let Some(color) = board.peg_at(left) else { return };
    let plane = 2 + side_offset(color.side(), observer, 4) + direction;
    planes.set(board.size() as usize - 1 - usize::from(left.y), usize::from(left.x), plane);
}
