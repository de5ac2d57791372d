//! How the built-in engine values a position, per game: plain, well-known terms
//! (material for Xiangqi and draughts, lines for Gomoku, linked spans for TwixT),
//! always from the side to move's point of view, in hundredths of a pawn or so.
//!
//! Each game's evaluation is in a file named after it, an [`Evaluate`] for the
//! game's position; `visit` reaches it from a game of any kind, made from the
//! library's one list of games.

use arbiter::{AnyHistory, Game, LookBack, WithHistory};

use crate::budget::{Budget, Style};

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

    /// The move the game's own policy makes where a search does not fit (the steps of
    /// Gomoku's opening rules, where a player may act several times running and the
    /// colours change hands), within `budget` and `style`; `None` to search.
    fn own_move(&self, budget: Budget, style: Style) -> Option<Self::Move> {
        let _ = (budget, style);
        None
    }
}

/// Work on a game the built-in engine plays, handed the game's own type.
pub(crate) trait EvaluateVisitor {
    /// What the work gives.
    type Output;
    /// Does the work on `game`.
    fn visit<P: Evaluate + LookBack>(self, game: &WithHistory<P>) -> Self::Output;
}

/// Declares each game's file and runs a visitor on a game of any kind in its own type.
macro_rules! evaluate_games {
    ($($variant:ident $module:ident $spec:path),* $(,)?) => {
        $(mod $module;)*

        /// Runs `visitor` on `game` in its own type.
        pub(crate) fn visit<V: EvaluateVisitor>(game: &AnyHistory, visitor: V) -> V::Output {
            match game {
                $( AnyHistory::$variant(game) => visitor.visit(game), )*
            }
        }
    };
}

arbiter::for_each_game!(evaluate_games);
