//! Why a move is illegal, in any game: each game's own reasons under one type, so that
//! [`crate::MoveError`] is the same for every game.

use crate::draughts::refusal as draughts;
use crate::gomoku::refusal as gomoku;
use crate::twixt::refusal as twixt;
use crate::xiangqi::refusal as xiangqi;

/// The rule that refuses a move, as the game states it. Its `Display` is the sentence a
/// player is told; [`Illegal::code`] is a stable name for programs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// A Xiangqi move.
    #[error(transparent)]
    Xiangqi(#[from] xiangqi::Illegal),
    /// A draughts move.
    #[error(transparent)]
    Draughts(#[from] draughts::Illegal),
    /// A Gomoku or Renju stone.
    #[error(transparent)]
    Gomoku(#[from] gomoku::Illegal),
    /// A TwixT peg or swap.
    #[error(transparent)]
    Twixt(#[from] twixt::Illegal),
}

impl Illegal {
    /// A stable snake_case name of the rule: `no_piece`, `not_your_piece`,
    /// `leaves_general_in_check`, `capture_compulsory`, `forbidden`, `occupied`, ...
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            Illegal::Xiangqi(reason) => reason.code(),
            Illegal::Draughts(reason) => reason.code(),
            Illegal::Gomoku(reason) => reason.code(),
            Illegal::Twixt(reason) => reason.code(),
        }
    }
}
