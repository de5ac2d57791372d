//! How one position ends under each rule set: the side to move with no legal move
//! loses, or in Antidraughts wins; in Breakthrough the first king wins; in Frisian
//! draughts one king each, neither able to take the other, is a draw. The endings
//! that look back over the game are the history's (`history.rs`).

use super::bits::Bits;
use super::board::{Bitboards, Position};
use super::rules::RuleBook;
use crate::game::Outcome;
use crate::termination::Termination;

impl Position {
    /// [`crate::Game::outcome`] under rule set `R`.
    pub(super) fn outcome_under<R: RuleBook>(&self) -> Option<Outcome> {
        self.bitboards::<R>().outcome_under::<R>()
    }
}

impl<B: Bits> Bitboards<B> {
    /// [`Position::outcome_under`]'s work.
    fn outcome_under<R: RuleBook<Bits = B>>(&self) -> Option<Outcome> {
        if self.decided_by_a_king::<R>() {
            // The side that has just moved made it; a king of the side to move stands
            // only on a board set up so, and then that side has won.
            let mover = self.side.opponent();
            let winner = if (self.own(mover) & self.kings).is_empty() { self.side } else { mover };
            return Some(Outcome::win(winner.side(), Termination::FirstKing));
        }
        if self.count_legal_moves_inline::<R>() != 0 {
            if R::ONE_KING_EACH_DRAWS && self.one_king_each_drawn::<R>() {
                return Some(Outcome::draw(Termination::OneKingEach));
            }
            return None;
        }
        let winner = if R::NO_MOVE_WINS { self.side } else { self.side.opponent() };
        Some(Outcome::win(winner.side(), Termination::NoLegalMove))
    }

    /// Frisian draughts (article 21): one king each, the side to move unable to
    /// capture and with a move after which the other cannot capture either (neither
    /// king can take, nor is bound to be taken after its next move).
    fn one_king_each_drawn<R: RuleBook<Bits = B>>(&self) -> bool {
        let lone_king = |pieces: B| pieces.count_ones() == 1 && (pieces & !self.kings).is_empty();
        if !lone_king(self.white) || !lone_king(self.black) || self.has_capture_in::<R>() {
            return false;
        }
        let mut safe = false;
        self.for_each_quiet::<R>(|from, to| {
            if !safe {
                let mut after = *self;
                after.apply_masks::<R>(Self::mask_in::<R>(from), Self::mask_in::<R>(to), B::ZERO, false);
                safe = !after.has_capture_in::<R>();
            }
        });
        safe
    }

    /// Breakthrough: a king on the board, so the game is over and no move is left.
    #[inline(always)]
    pub(crate) fn decided_by_a_king<R: RuleBook<Bits = B>>(&self) -> bool {
        R::FIRST_KING_WINS && !self.kings.is_empty()
    }
}
