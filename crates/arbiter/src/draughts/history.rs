//! How a game of international draughts ends beyond the position itself (FMJD rules):
//! draws by 25 moves of kings only, by the endgame counts, and by threefold
//! repetition. These look back over the game, so they are the history's rules
//! ([`crate::WithHistory`]); the position alone decides only that the side to move
//! with no legal move has lost.

use super::board::{Move, Position};
use crate::game::Outcome;
use crate::history::LookBack;
use crate::termination::Termination;

/// 25 moves by each side in which only kings moved and nothing was captured.
const KING_ONLY_PLIES: u16 = 50;
/// Three pieces, at least one a king, against a lone king: 16 moves each.
const THREE_AGAINST_KING_PLIES: u16 = 32;
/// Two pieces or one, at least one a king, against a lone king: 5 moves each.
const TWO_AGAINST_KING_PLIES: u16 = 10;
/// The third occurrence of a position (pieces and side to move) draws.
const REPETITIONS: usize = 3;

/// What a ply leaves for the draw rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Memory {
    /// The position's hash: pieces and side to move.
    hash: u64,
    /// Men and kings of each side, to see when the endgame count starts again.
    material: [u32; 4],
    /// Plies in a row in which a king moved without capturing. Only such moves can
    /// be undone, so a repeated position lies within this many plies.
    king_plies: u16,
    /// Plies since the material last changed.
    endgame_plies: u16,
}

impl Position {
    /// The number of plies after which the current material is drawn by the endgame
    /// counts, if it is one of the counted endgames.
    fn endgame_limit(material: [u32; 4]) -> Option<u16> {
        let [white_men, white_kings, black_men, black_kings] = material;
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

    fn memory(&self, king_plies: u16, endgame_plies: u16) -> Memory {
        Memory { hash: self.hash(), material: self.material(), king_plies, endgame_plies }
    }
}

impl LookBack for Position {
    type Settings = ();
    type Memory = Memory;

    fn start_memory(&self) -> Memory {
        self.memory(0, 0)
    }

    fn play_remembering(&mut self, mv: Move, history: &[Memory]) -> Memory {
        let king_moved = self.kings & self.mask_of(mv.from) != 0;
        self.apply(mv.from, mv.to, mv.captured, mv.crowned);
        let last = history.last().copied().unwrap_or_else(|| self.start_memory());
        let king_plies = if king_moved && mv.captured == 0 { last.king_plies.saturating_add(1) } else { 0 };
        let material = self.material();
        let endgame_plies = if material == last.material { last.endgame_plies.saturating_add(1) } else { 0 };
        self.memory(king_plies, endgame_plies)
    }

    fn verdict(&self, history: &[Memory], (): &()) -> Option<Outcome> {
        let now = history.last()?;
        if now.king_plies >= KING_ONLY_PLIES {
            return Some(Outcome::draw(Termination::TwentyFiveKingMoves));
        }
        if Position::endgame_limit(now.material).is_some_and(|limit| now.endgame_plies >= limit) {
            return Some(Outcome::draw(Termination::EndgameCount));
        }
        // Same side to move: every second ply back, within the reversible stretch.
        let window = usize::from(now.king_plies).min(history.len() - 1);
        let earlier = history[history.len() - 1 - window..history.len() - 1].iter().rev().skip(1).step_by(2);
        if earlier.filter(|m| m.hash == now.hash).count() + 1 >= REPETITIONS {
            return Some(Outcome::draw(Termination::ThreefoldRepetition));
        }
        None
    }
}
