//! Why a Gomoku or Renju stone is illegal: the reasons a player is told, as data.

use super::board::Point;
use super::renju::Forbidden;

/// The rule that refuses a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// The point is not on the board.
    #[error("{point} is off the {columns}x{rows} board")]
    OffBoard {
        /// The point named.
        point: Point,
        /// The board's columns.
        columns: u16,
        /// The board's rows.
        rows: u16,
    },
    /// A stone already stands there.
    #[error("{point} is already occupied")]
    Occupied {
        /// The point named.
        point: Point,
    },
    /// Renju: the point is forbidden to Black, for the pattern it would make.
    #[error("{point} is forbidden to Black: it makes {pattern}", pattern = .pattern.name())]
    Forbidden {
        /// The point named.
        point: Point,
        /// The overline, double four or double three it would make.
        pattern: Forbidden,
    },
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
            Illegal::Forbidden { .. } => "forbidden",
        }
    }
}
