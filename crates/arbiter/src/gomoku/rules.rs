//! The rule sets people play, and who a new stone makes the winner.

use std::fmt;
use std::str::FromStr;

use super::board::{Board, DIRECTIONS, Point, Stone};

/// A rule set, chosen by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rules {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; six or more wins nothing (the contest's rule).
    #[default]
    Standard,
    /// RIF Renju: Black may not make an overline, a double four or a double three
    /// (unless the same stone makes a five); Black wins with exactly five, White with
    /// five or more.
    Renju,
    /// Five or more wins, unless both ends of the line are blocked by the opponent.
    Caro,
}

impl Rules {
    /// Every rule set, one for each name that parsing accepts.
    pub const ALL: [Rules; 4] = [Rules::Freestyle, Rules::Standard, Rules::Renju, Rules::Caro];

    /// The rule set's name in lower case, as [`FromStr`] reads it and `Display` writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rules::Freestyle => "freestyle",
            Rules::Standard => "standard",
            Rules::Renju => "renju",
            Rules::Caro => "caro",
        }
    }

    /// Whether the stone just placed on `point` wins under these rules. Reads only the
    /// four lines through `point`: constant work, whatever the board size.
    #[must_use]
    pub fn wins(self, board: &Board, point: Point) -> bool {
        self.winning_direction(board, point).is_some()
    }

    /// The direction (column step, row step) of the line through `point` that wins.
    #[must_use]
    pub fn winning_direction(self, board: &Board, point: Point) -> Option<(i32, i32)> {
        let stone = board.stone_at(point)?;
        DIRECTIONS.iter().copied().find(|&direction| {
            let (length, blocked_ahead, blocked_behind) = board.line_through(point, direction);
            match self {
                Rules::Freestyle => length >= 5,
                Rules::Standard => length == 5,
                Rules::Renju => length == 5 || (stone == Stone::White && length > 5),
                Rules::Caro => length >= 5 && !(blocked_ahead && blocked_behind),
            }
        })
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no rule set's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules {:?}: expected freestyle, standard, renju or caro", crate::quote::excerpt(.0))]
pub struct UnknownRules(pub String);

impl FromStr for Rules {
    type Err = UnknownRules;

    fn from_str(text: &str) -> Result<Rules, UnknownRules> {
        Rules::ALL.into_iter().find(|r| r.name() == text).ok_or_else(|| UnknownRules(text.to_owned()))
    }
}
