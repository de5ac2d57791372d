//! How one position ends under each rule set: the side to move with no legal move
//! loses, or in Antidraughts wins. The endings that look back over the game are the
//! history's (`history.rs`).

use super::board::Position;
use super::rules::RuleBook;
use crate::game::Outcome;
use crate::termination::Termination;

impl Position {
    /// [`crate::Game::outcome`] under rule set `R`.
    pub(super) fn outcome_under<R: RuleBook>(&self) -> Option<Outcome> {
        if self.count_legal_moves_inline::<R>() != 0 {
            return None;
        }
        let winner = if R::NO_MOVE_WINS { self.side } else { self.side.opponent() };
        Some(Outcome::win(winner.side(), Termination::NoLegalMove))
    }
}
