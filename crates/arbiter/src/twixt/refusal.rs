//! Why a TwixT peg or swap is illegal: the reasons a player is told, as data.

use super::board::{Color, Peg};

/// The rule that refuses a peg or a swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// The hole is not on the board.
    #[error("{peg} is off the {size}x{size} board")]
    OffBoard {
        /// The hole named.
        peg: Peg,
        /// The board's side.
        size: u32,
    },
    /// A peg already stands there.
    #[error("{peg} is already occupied")]
    Occupied {
        /// The hole named.
        peg: Peg,
    },
    /// The hole is in the opponent's end zone, behind its edge line.
    #[error("{peg} is in {owner}'s end zone", owner = .owner.name())]
    OpponentsEdge {
        /// The hole named.
        peg: Peg,
        /// Whose end zone it is.
        owner: Color,
    },
    /// A swap was asked for where the rules allow none: only White's first move may
    /// swap, and only with the swap rule on.
    #[error("a swap is only allowed as White's first move, with the swap rule on")]
    SwapNotAllowed,
}

impl crate::refusal::Refusal for Illegal {
    fn code(&self) -> &'static str {
        Illegal::code(self)
    }
}

impl Illegal {
    /// A stable snake_case name of the rule.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            Illegal::OffBoard { .. } => "off_board",
            Illegal::Occupied { .. } => "occupied",
            Illegal::OpponentsEdge { .. } => "opponents_edge",
            Illegal::SwapNotAllowed => "swap_not_allowed",
        }
    }
}
