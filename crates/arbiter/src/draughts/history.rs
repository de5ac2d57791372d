//! How a game of draughts ends beyond the position itself, as each rule set's
//! federation states it (docs/rules.md): international draughts (FMJD) by 25 moves of
//! kings only, by the endgame counts and by threefold repetition; Brazilian (CBD) by
//! 20 moves of kings only and threefold repetition; Russian (FShR) by 15 moves of
//! kings only, its endgame counts and threefold repetition; English (EDA/WCDF) by
//! threefold repetition (its 40-move rule is a claim a player makes, not a count the
//! rules run); American pool checkers (APCA) by three kings failing to win against one
//! in 13 moves, and threefold repetition; Killer draughts as international draughts;
//! Antidraughts (lidraughts) by threefold repetition only; Breakthrough (lidraughts)
//! never; Thai draughts by threefold repetition only (the texts found count no moves);
//! Frisian draughts by two kings failing to win against one in seven moves, and
//! threefold repetition, where a king's simple moves in a row are limited too (the
//! moves the history forbids, [`crate::LookBack::refuse`]). These look back over the
//! game, so they are the history's rules ([`crate::WithHistory`]); what the position
//! alone decides is in `ending.rs`.

use super::board::{Move, Position};
use super::geometry::{Color, Square};
use super::refusal::Illegal;
use super::rules::{RuleBook, Rules, with_rules};
use crate::game::{MoveError, Outcome};
use crate::history::LookBack;
use crate::termination::Termination;

/// 25 moves by each side in which only kings moved and nothing was captured (FMJD).
const KING_ONLY_PLIES: u16 = 50;
/// Brazilian draughts: 20 moves by each side of kings only, without a capture (CBD).
const BRAZILIAN_KING_ONLY_PLIES: u16 = 40;
/// Russian draughts: 15 moves by each side of kings only, without a capture (FShR).
const RUSSIAN_KING_ONLY_PLIES: u16 = 30;
/// Russian draughts: three kings or more against a lone king on the main road, 15
/// moves each.
const RUSSIAN_MAIN_ROAD_PLIES: u16 = 30;
/// Russian draughts: both sides with kings, 4 or 5 pieces in all, 30 moves each.
const RUSSIAN_FIVE_PIECES_PLIES: u16 = 60;
/// Russian draughts: both sides with kings, 6 or 7 pieces in all, 60 moves each.
const RUSSIAN_SEVEN_PIECES_PLIES: u16 = 120;
/// The main road of the 8x8 board, a1-h8: squares 29, 25, 22, 18, 15, 11, 8, 4.
const MAIN_ROAD: [u8; 8] = [29, 25, 22, 18, 15, 11, 8, 4];
/// Three pieces, at least one a king, against a lone king: 16 moves each.
const THREE_AGAINST_KING_PLIES: u16 = 32;
/// Two pieces or one, at least one a king, against a lone king: 5 moves each.
const TWO_AGAINST_KING_PLIES: u16 = 10;
/// American pool checkers: three kings against a lone king must win within 13 moves
/// (APCA), 13 moves a side.
const POOL_THREE_KINGS_PLIES: u16 = 26;
/// The third occurrence of a position (pieces and side to move) draws.
const REPETITIONS: usize = 3;
/// Frisian draughts: two kings against a lone king must win within seven moves.
const FRISIAN_TWO_KINGS_MOVES: u16 = 7;

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
    /// For each side (by [`Color::index`]), the square of the king that made its
    /// last simple moves and how many it made in a row, the side's other moves between
    /// them none; 0 moves after any other move (Frisian draughts' limit).
    same_king: [(u8, u8); 2],
}

impl Position {
    /// The plies of kings only, without a capture, that draw under the rule set.
    const fn king_only_limit(rules: Rules) -> Option<u16> {
        match rules {
            // Killer draughts changes one capture rule and keeps the FMJD's draws;
            // Canadian draughts keeps every rule but the board's size.
            Rules::International | Rules::Killer | Rules::Canadian => Some(KING_ONLY_PLIES),
            Rules::Brazilian => Some(BRAZILIAN_KING_ONLY_PLIES),
            Rules::Russian => Some(RUSSIAN_KING_ONLY_PLIES),
            _ => None,
        }
    }

    /// The number of plies after which the current material is drawn by the rule
    /// set's endgame counts, if it is one of its counted endgames.
    fn endgame_limit(&self, material: [u32; 4]) -> Option<u16> {
        match self.rules {
            Rules::International | Rules::Killer | Rules::Canadian => Position::international_endgame_limit(material),
            Rules::Russian => self.russian_endgame_limit(material),
            Rules::Pool => Position::pool_endgame_limit(material),
            Rules::Frisian | Rules::Frysk => self.frisian_endgame_limit(material),
            _ => None,
        }
    }

    /// Frisian draughts: two kings (no man) against a lone king must win within seven
    /// moves, the two kings' seventh move the last: with the lone king to move, that
    /// move has been made once 13 plies have passed if the two kings moved first, 14
    /// if the lone king did (the plies alternate, so their number tells which).
    fn frisian_endgame_limit(&self, material: [u32; 4]) -> Option<u16> {
        let strong = match material {
            [0, 2, 0, 1] => Color::White,
            [0, 1, 0, 2] => Color::Black,
            _ => return None,
        };
        let moves = FRISIAN_TWO_KINGS_MOVES * 2;
        Some(if self.side == strong { moves } else { moves - 1 })
    }

    /// Frisian draughts: the square of the side to move's king that may make no simple
    /// move now, having made the most allowed in a row while its side has men too.
    fn rested_king(&self, history: &[Memory]) -> Option<(Square, u8)> {
        let limit = with_rules!(self.rules, R => R::SAME_KING_SIMPLE_MOVES);
        if limit == 0 {
            return None;
        }
        let own = self.own(self.side);
        if own & self.kings == 0 || own & !self.kings == 0 {
            return None;
        }
        let (square, moves) = history.last()?.same_king[self.side.index()];
        if moves < limit {
            return None;
        }
        let square = Square::new(square)?;
        (self.kings & own & self.mask_of(square) != 0).then_some((square, moves))
    }

    /// Russian draughts: three kings or more (no man) against a lone king on the main
    /// road; else, both sides with kings, 4-5 or 6-7 pieces in all.
    fn russian_endgame_limit(&self, material: [u32; 4]) -> Option<u16> {
        let [white_men, white_kings, black_men, black_kings] = material;
        let lone = |men: u32, kings: u32| men == 0 && kings == 1;
        let lone_king = if lone(black_men, black_kings) && white_men == 0 && white_kings >= 3 {
            Some(self.black & self.kings)
        } else if lone(white_men, white_kings) && black_men == 0 && black_kings >= 3 {
            Some(self.white & self.kings)
        } else {
            None
        };
        if let Some(king) = lone_king {
            let road = MAIN_ROAD.iter().fold(0, |all, &n| all | self.mask_of(Square::numbered(n)));
            if king & road != 0 {
                return Some(RUSSIAN_MAIN_ROAD_PLIES);
            }
        }
        if white_kings == 0 || black_kings == 0 {
            return None;
        }
        match white_men + white_kings + black_men + black_kings {
            4 | 5 => Some(RUSSIAN_FIVE_PIECES_PLIES),
            6 | 7 => Some(RUSSIAN_SEVEN_PIECES_PLIES),
            _ => None,
        }
    }

    /// American pool checkers: three kings, no man, against a lone king.
    fn pool_endgame_limit(material: [u32; 4]) -> Option<u16> {
        match material {
            [0, 3, 0, 1] | [0, 1, 0, 3] => Some(POOL_THREE_KINGS_PLIES),
            _ => None,
        }
    }

    /// The FMJD's endgame counts of international draughts.
    fn international_endgame_limit(material: [u32; 4]) -> Option<u16> {
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

    fn memory(&self, king_plies: u16, endgame_plies: u16, same_king: [(u8, u8); 2]) -> Memory {
        Memory { hash: self.hash(), material: self.material(), king_plies, endgame_plies, same_king }
    }
}

impl LookBack for Position {
    type Settings = ();
    type Memory = Memory;

    fn start_memory(&self) -> Memory {
        self.memory(0, 0, [(0, 0); 2])
    }

    fn play_remembering(&mut self, mv: Move, history: &[Memory]) -> Memory {
        let king_moved = self.kings & self.mask_of(mv.from) != 0;
        let mover = self.side.index();
        self.apply(mv.from, mv.to, mv.captured, mv.crowned);
        let last = history.last().copied().unwrap_or_else(|| self.start_memory());
        let king_plies = if king_moved && mv.captured == 0 { last.king_plies.saturating_add(1) } else { 0 };
        let material = self.material();
        let endgame_plies = if material == last.material { last.endgame_plies.saturating_add(1) } else { 0 };
        // The same king's simple moves in a row: one more if it is the king that made
        // the side's last move, a simple one; any other move starts again.
        let mut same_king = last.same_king;
        same_king[mover] = match same_king[mover] {
            _ if !king_moved || mv.captured != 0 => (0, 0),
            (square, moves) if moves > 0 && square == mv.from.number() => (mv.to.number(), moves.saturating_add(1)),
            _ => (mv.to.number(), 1),
        };
        self.memory(king_plies, endgame_plies, same_king)
    }

    fn restricts(&self, history: &[Memory]) -> bool {
        self.rested_king(history).is_some()
    }

    fn refuse(&self, mv: &Move, history: &[Memory]) -> Option<MoveError> {
        let (from, moves) = self.rested_king(history)?;
        (mv.from == from && mv.captured == 0)
            .then(|| MoveError::illegal(&mv.to_string(), Illegal::SameKingMovedTooOften { from, moves }))
    }

    fn verdict(&self, history: &[Memory], (): &()) -> Option<Outcome> {
        // Breakthrough (lidraughts) has no draws: someone makes a king or is blocked.
        if self.rules == Rules::Breakthrough {
            return None;
        }
        // Frisian draughts: a side whose only moves are a rested king's simple moves
        // has no legal move, and loses.
        if self.restricts(history) {
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            if moves.iter().all(|mv| self.refuse(mv, history).is_some()) {
                return Some(Outcome::win(self.side.opponent().side(), Termination::NoLegalMove));
            }
        }
        let now = history.last()?;
        if Position::king_only_limit(self.rules).is_some_and(|limit| now.king_plies >= limit) {
            let count = if matches!(self.rules, Rules::International | Rules::Killer | Rules::Canadian) {
                Termination::TwentyFiveKingMoves
            } else {
                Termination::KingMovesOnly
            };
            return Some(Outcome::draw(count));
        }
        if self.endgame_limit(now.material).is_some_and(|limit| now.endgame_plies >= limit) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The verdict on a history whose last ply has these counts, the earlier plies
    /// all different positions.
    fn verdict(fen: &str, rules: Rules, king_plies: u16, endgame_plies: u16) -> Option<Termination> {
        let position = Position::from_fen_with(rules, fen).unwrap();
        let mut history: Vec<Memory> =
            (0..4).map(|i| Memory { hash: i, material: [0; 4], king_plies: 0, endgame_plies: 0, same_king: [(0, 0); 2] }).collect();
        history.push(position.memory(king_plies, endgame_plies, [(0, 0); 2]));
        position.verdict(&history, &()).map(|outcome| outcome.termination())
    }

    /// Each federation's count of kings' moves (docs/rules.md): FMJD 25 a side, CBD 20,
    /// FShR 15; the English rules have none (their 40-move rule is a claim).
    #[test]
    fn kings_only_counts_per_rule_set() {
        let kings = [
            (Rules::International, "W:WK46,K50:BK1,K5", 50, Termination::TwentyFiveKingMoves),
            // Killer draughts changes a capture rule, not the FMJD's draws.
            (Rules::Killer, "W:WK46,K50:BK1,K5", 50, Termination::TwentyFiveKingMoves),
            (Rules::Canadian, "W:WK67,K72:BK1,K6", 50, Termination::TwentyFiveKingMoves),
            (Rules::Brazilian, "W:WK29,K32:BK1,K4", 40, Termination::KingMovesOnly),
            (Rules::Russian, "W:WK29,K32:BK1,K4", 30, Termination::KingMovesOnly),
        ];
        for (rules, fen, plies, ending) in kings {
            assert_eq!(verdict(fen, rules, plies - 1, 0), None, "{rules}");
            assert_eq!(verdict(fen, rules, plies, 0), Some(ending), "{rules}");
        }
        assert_eq!(verdict("W:WK29,K32:BK1,K4", Rules::English, 500, 0), None);
        // Thai draughts: no count of kings' moves, no endgame counts in the texts found.
        assert_eq!(verdict("W:WK29,K32:BK1,K4", Rules::Thai, 500, 500), None);
        // Antidraughts (lidraughts): no count of kings' moves, no endgame counts.
        assert_eq!(verdict("W:WK46,K50:BK1,K5", Rules::Antidraughts, 500, 500), None);
        assert_eq!(verdict("W:WK46,K50:BK3", Rules::Antidraughts, 0, 500), None);
        // Breakthrough: no draws at all.
        assert_eq!(verdict("W:W46,50:B1,5", Rules::Breakthrough, 500, 500), None);
    }

    /// FShR: three kings against a lone king on the main road draw after 15 moves a
    /// side; off the main road there is no such count; both sides with kings, 4-5
    /// pieces in all, 30 moves a side, 6-7 pieces, 60.
    #[test]
    fn russian_endgame_counts() {
        let on_road = "W:WK1,K2,K3:BK18";
        assert_eq!(verdict(on_road, Rules::Russian, 0, 29), None);
        assert_eq!(verdict(on_road, Rules::Russian, 0, 30), Some(Termination::EndgameCount));
        // d6 (10) is off the main road; four pieces with kings on both sides: 30 a side.
        let off_road = "W:WK1,K2,K3:BK10";
        assert_eq!(verdict(off_road, Rules::Russian, 0, 30), None);
        assert_eq!(verdict(off_road, Rules::Russian, 0, 60), Some(Termination::EndgameCount));
        let seven = "W:WK1,K2,K3,28:BK10,20,24";
        assert_eq!(verdict(seven, Rules::Russian, 0, 119), None);
        assert_eq!(verdict(seven, Rules::Russian, 0, 120), Some(Termination::EndgameCount));
        // Killer draughts keeps the FMJD's counts: two kings against a lone king, 5
        // moves each.
        assert_eq!(verdict("W:WK46,K50:BK3", Rules::Killer, 0, 9), None);
        assert_eq!(verdict("W:WK46,K50:BK3", Rules::Killer, 0, 10), Some(Termination::EndgameCount));
        // Canadian draughts keeps every FMJD rule but the board's size.
        assert_eq!(verdict("W:WK67,K72:BK3", Rules::Canadian, 0, 9), None);
        assert_eq!(verdict("W:WK67,K72:BK3", Rules::Canadian, 0, 10), Some(Termination::EndgameCount));
        // The international counts do not apply to the other rule sets.
        assert_eq!(verdict(off_road, Rules::Brazilian, 0, 500), None);
    }

    /// Frisian draughts (article 18): two kings against a lone king must win within
    /// seven moves: the two kings' seventh move is the 13th ply when they moved first
    /// (the lone king to move after it), the 14th when the lone king did.
    #[test]
    fn frisian_two_kings_against_one_within_seven_moves() {
        for (fen, plies) in [("B:WK46,K50:BK3", 13), ("W:WK46,K50:BK3", 14), ("W:WK3:BK46,K50", 13)] {
            assert_eq!(verdict(fen, Rules::Frisian, 0, plies - 1), None, "{fen}");
            assert_eq!(verdict(fen, Rules::Frisian, 0, plies), Some(Termination::EndgameCount), "{fen}");
        }
        // A man on the board, or three kings: no count.
        assert_eq!(verdict("W:WK46,47:BK3", Rules::Frisian, 0, 500), None);
        assert_eq!(verdict("W:WK46,K47,K50:BK3", Rules::Frisian, 0, 500), None);
        // The count of international draughts is not Frisian's: 5 moves a side there.
        assert_eq!(verdict("W:WK46,K50:BK3", Rules::Frisian, 0, 10), None);
    }

    /// APCA: three kings against one king must win within 13 moves; no other ending
    /// is counted, and a man on the board stops the count.
    #[test]
    fn pool_three_kings_against_one() {
        for fen in ["W:WK1,K2,K3:BK18", "B:WK18:BK1,K2,K3"] {
            assert_eq!(verdict(fen, Rules::Pool, 0, 25), None, "{fen}");
            assert_eq!(verdict(fen, Rules::Pool, 0, 26), Some(Termination::EndgameCount), "{fen}");
        }
        assert_eq!(verdict("W:WK1,K2,28:BK18", Rules::Pool, 0, 500), None);
        assert_eq!(verdict("W:WK1,K2:BK18", Rules::Pool, 0, 500), None);
        assert_eq!(verdict("W:WK1,K2,K3:BK18", Rules::Pool, 500, 0), None);
    }
}
