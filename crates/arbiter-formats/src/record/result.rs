//! How a recorded game ended, as its result tag says, and its token as each game's
//! records write it (`1-0`, `2-0`), which the game states.

use arbiter::{GameKind, Side};

/// How a recorded game ended, as its result tag says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The side named won (`1-0` or `0-1`; `2-0` or `0-2` in draughts).
    Won(Side),
    /// A draw (`1/2-1/2`; `1-1` in draughts).
    Drawn,
    /// Not over, or over by no rule the record can say (`*`).
    Unfinished,
}

impl GameResult {
    /// The result of an outcome's winner (`None` for a draw).
    #[must_use]
    pub const fn of_winner(winner: Option<Side>) -> GameResult {
        match winner {
            Some(side) => GameResult::Won(side),
            None => GameResult::Drawn,
        }
    }

    /// The result as `kind`'s records write it: `1-0`, `0-1`, `1/2-1/2`, `*`; draughts
    /// `2-0`, `0-2`, `1-1`.
    #[must_use]
    pub fn token(self, kind: GameKind) -> &'static str {
        match self {
            GameResult::Won(winner) => kind.result_tokens().of(Some(winner)),
            GameResult::Drawn => kind.result_tokens().of(None),
            GameResult::Unfinished => "*",
        }
    }
}
