//! Why the built-in engine refused what it was told. The text goes back to the other
//! side in its protocol's words for an error (`info string`, `error message=`,
//! `ERROR`, a DXP chat line), so it says what was wrong in the other side's terms.

use std::io;

use arbiter::{MoveError, OptionsError};

use crate::protocol::UnmatchedCapture;
use crate::protocol::draughts_board::BoardError;

/// Why a command was refused.
#[derive(Debug, thiserror::Error)]
pub(super) enum Refusal {
    /// UCI's or UCCI's `position` without `startpos` or `fen`.
    #[error("position: expected startpos or fen")]
    NoPosition,
    /// Hub's `pos` without `pos=`.
    #[error("pos: expected pos=")]
    NoPos,
    /// Hub's `set-param name=variant` with a value that names no rule set it plays.
    #[error("variant {0:?}: expected one of {values}", values = crate::protocol::hub_variant::values())]
    Variant(String),
    /// Hub's `pos=` that is no position.
    #[error("pos: {0}")]
    Pos(BoardError),
    /// A draughts position no game can start from.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A move the protocol's notation does not write.
    #[error("cannot read move {0}")]
    UnreadableMove(String),
    /// A DXP move that is no move at all.
    #[error("not a move")]
    NotAMove,
    /// A DXP move naming a capture that no legal capture matches.
    #[error(transparent)]
    Unmatched(UnmatchedCapture),
    /// Hub's move naming a capture that no legal capture matches.
    #[error("move {said}: {reason}")]
    Capture { said: String, reason: UnmatchedCapture },
    /// A start position or board the rules refuse.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// A move the rules refuse.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// Gomocup's `START` without a size.
    #[error("expected the board's size")]
    NoSize,
    /// A Gomoku board too small for five in a row.
    #[error("a {columns}x{rows} board has no room for five in a row")]
    TooSmall { columns: u16, rows: u16 },
    /// Gomocup's `x,y` off the board.
    #[error("{0:?} is not a point of the board")]
    NotAPoint(String),
    /// Gomocup's `SWAP2BOARD` with other than none, three or five stones.
    #[error("SWAP2BOARD gives none, three or five stones, not {0}")]
    Swap2Stones(usize),
    /// A line of Gomocup's `BOARD` that is not `x,y,who`.
    #[error("{0:?}: expected x,y,who")]
    NotAStone(String),
    /// A line too long or not UTF-8 (see [`arbiter::lines`]).
    #[error("{0}")]
    Line(String),
    /// The input could not be read.
    #[error(transparent)]
    Input(#[from] io::Error),
}
