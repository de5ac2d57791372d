//! How a game of international draughts ends (FMJD rules): the side to move with no
//! legal move loses; draws by 25 moves of kings only, and by the endgame counts.
//! Threefold repetition needs the game's history: see [`crate::WithHistory`].

use super::board::Position;
use crate::game::Outcome;

/// 25 moves by each side in which only kings moved and nothing was captured.
const KING_ONLY_PLIES: u16 = 50;
/// Three pieces, at least one a king, against a lone king: 16 moves each.
const THREE_AGAINST_KING_PLIES: u16 = 32;
/// Two pieces or one, at least one a king, against a lone king: 5 moves each.
const TWO_AGAINST_KING_PLIES: u16 = 10;

impl Position {
    /// The number of plies after which the current material is drawn by the endgame
    /// counts, if it is one of the counted endgames.
    fn endgame_limit(&self) -> Option<u16> {
        let [white_men, white_kings, black_men, black_kings] = self.material();
        let lone_king = |men: u32, kings: u32| men == 0 && kings == 1;
        let (strong_men, strong_kings) = if lone_king(black_men, black_kings) {
            (white_men, white_kings)
        } else if lone_king(white_men, white_kings) {
            (black_men, black_kings)
        } else {
            return None;
        };
        match (strong_men + strong_kings, strong_kings) {
            (_, 0) => None,
            (3, _) => Some(THREE_AGAINST_KING_PLIES),
            (1 | 2, _) => Some(TWO_AGAINST_KING_PLIES),
            _ => None,
        }
    }

    /// The draw the counters have reached, if any: once drawn, no move is legal.
    pub(crate) fn counted_draw(&self) -> Option<Outcome> {
        if self.king_plies >= KING_ONLY_PLIES {
            return Some(Outcome::Draw { reason: "25 moves of kings only" });
        }
        if self.endgame_limit().is_some_and(|limit| self.endgame_plies >= limit) {
            return Some(Outcome::Draw { reason: "the endgame count" });
        }
        None
    }

    /// The outcome the position alone decides (no repetition), or `None`.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(draw) = self.counted_draw() {
            return Some(draw);
        }
        if self.count_legal_moves() == 0 {
            return Some(Outcome::Win { winner: self.side.opponent().side(), reason: "no legal move" });
        }
        None
    }

    /// Sets the draw counters, for positions that come from the middle of a game.
    pub fn set_counters(&mut self, king_only_plies: u16, endgame_plies: u16) {
        self.king_plies = king_only_plies;
        self.endgame_plies = endgame_plies;
    }
}
