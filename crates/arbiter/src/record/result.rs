//! How a recorded game ended, as its result tag says. How each game writes a result
//! (`1-0`, `2-0`) is its records' to say: [`GameResult::token`] is in `format.rs`,
//! beside the tokens, so that a result needs nothing from the games.

use crate::game::Side;

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
}
