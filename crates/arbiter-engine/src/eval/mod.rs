//! How the built-in engine values a position, per game: plain, well-known terms
//! (material for Xiangqi and draughts, lines for Gomoku, linked spans for TwixT),
//! always from the side to move's point of view, in hundredths of a pawn or so.
//!
//! Each game's evaluation is in a file named after it; `visit` is the one place
//! that lists the games the engine plays.

mod draughts;
mod gomoku;
mod twixt;
mod xiangqi;

use arbiter::{AnyHistory, Game, LookBack, WithHistory};

/// A game the built-in engine can play: its positions and a score for them.
pub trait Evaluate: Game {
    /// The position's worth for the side to move; positive is good for it.
    fn evaluate(&self) -> i32;

    /// Moves worth searching at all, into `out` (all legal moves but for games with
    /// too many, where only points near the stones matter).
    fn candidate_moves(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves(out);
    }

    /// Whether `mv` takes something: searched first.
    fn is_capture(&self, _mv: Self::Move) -> bool {
        false
    }
}

/// Work on a game the built-in engine plays, handed the game's own type.
pub(crate) trait EvaluateVisitor {
    /// What the work gives.
    type Output;
    /// Does the work on `game`.
    fn visit<P: Evaluate + LookBack>(self, game: &WithHistory<P>) -> Self::Output;
}

/// Runs `visitor` on `game` in its own type.
pub(crate) fn visit<V: EvaluateVisitor>(game: &AnyHistory, visitor: V) -> V::Output {
    match game {
        AnyHistory::Xiangqi(game) => visitor.visit(game),
        AnyHistory::Draughts(game) => visitor.visit(game),
        AnyHistory::Gomoku(game) => visitor.visit(game),
        AnyHistory::Twixt(game) => visitor.visit(game),
    }
}
