//! Chases: which opponent pieces a side threatens in a way the rules against perpetual
//! chase count (Asian Xiangqi Federation rules, as computer Xiangqi applies them).
//!
//! A piece of `color` chases an opponent piece when it could capture it with a legal
//! move, and the target is not the general nor a soldier still on its own side of the
//! river, and either the target is worth more (a horse or cannon against a chariot;
//! under [`ChaseRules::Engines`] also an advisor or elephant against a chariot, horse
//! or cannon), or it is unprotected: the opponent has no legal recapture on its point
//! after the capture. Generals and soldiers never chase. Two pieces of the same kind
//! attacking each other do not chase unless the target cannot take back (a horse
//! whose leg is blocked, a pinned piece). Under [`ChaseRules::Axf`], a chariot held on
//! the leg of an enemy horse aimed at its general does not chase that horse (AXF rule
//! 19: it cannot move, so its attack is no chase, whether the horse is protected or
//! not).

use super::board::{Code, Color, EMPTY, Kind, Move, Piece, Position, Square, code};
use super::chase_rules::ChaseRules;
use super::tables::{EAST, HORSE_ATTACKERS, NORTH, RAYS, SOUTH, WEST, on_own_half};

/// The most legal captures a side can have at once (each of its 16 pieces can take
/// at most a few); a fixed array keeps the test free of allocation.
const MAX_CAPTURES: usize = 64;

fn kind_of(code: Code) -> Kind {
    Piece::from_code(code).map_or(Kind::General, |p| p.kind)
}

impl Position {
    /// This position with `color` to move: for asking what `color` could do next.
    fn with_turn(&self, color: Color) -> Position {
        let mut position = *self;
        position.side = color;
        position
    }

    /// Calls `visit(attacker, target)` for every opponent piece that `color`'s pieces
    /// chase here, whoever is to move, by the reading `rules`. A target attacked by two
    /// pieces is visited twice.
    pub(crate) fn for_each_chase(&self, color: Color, rules: ChaseRules, mut visit: impl FnMut(Square, Square)) {
        let mover = self.with_turn(color);
        let them = color.opponent();
        let mut captures = [Move { from: Square::at(0), to: Square::at(0) }; MAX_CAPTURES];
        let mut count = 0;
        mover.for_each_legal(|mv| {
            if self.board[mv.to.index()] != EMPTY && count < MAX_CAPTURES {
                captures[count] = mv;
                count += 1;
            }
        });
        for &mv in &captures[..count] {
            let attacker = kind_of(self.board[mv.from.index()]);
            let target = kind_of(self.board[mv.to.index()]);
            let uncrossed_soldier = target == Kind::Soldier && on_own_half(mv.to.index(), them == Color::Red);
            if matches!(attacker, Kind::General | Kind::Soldier) || target == Kind::General || uncrossed_soldier {
                continue;
            }
            if rules == ChaseRules::Axf && self.held_by_horse(mv.from) == Some(mv.to) {
                continue;
            }
            let stronger = match attacker {
                Kind::Horse | Kind::Cannon => target == Kind::Chariot,
                Kind::Advisor | Kind::Elephant => {
                    rules == ChaseRules::Engines && matches!(target, Kind::Chariot | Kind::Horse | Kind::Cannon)
                }
                _ => false,
            };
            // An even pair (same kind) chases only if the target cannot take back.
            let answered = mover.is_protected_after(mv) || (attacker == target && self.can_take_back(mv, them));
            if stronger || !answered {
                visit(mv.from, mv.to);
            }
        }
    }

    /// The enemy horse that holds the chariot on `square`: the chariot stands on the
    /// horse's leg and the horse is aimed at the chariot's general, so the chariot can
    /// move only by taking the horse (AXF rule 19). `None` for any other piece.
    pub(crate) fn held_by_horse(&self, square: Square) -> Option<Square> {
        let piece = Piece::from_code(self.board[square.index()])?;
        if piece.kind != Kind::Chariot {
            return None;
        }
        let horse = code(piece.color.opponent(), Kind::Horse);
        let general = self.general(piece.color).index();
        HORSE_ATTACKERS[general]
            .iter()
            .find(|&(from, leg)| leg == square.index() && self.board[from] == horse)
            .map(|(from, _)| Square::at(from))
    }

    /// Whether the chariot on `square` is confined to a line by an enemy cannon: it is
    /// one of the two pieces between that cannon and its general, so stepping off the
    /// line would let the cannon give check (AXF rule 27). Such a chariot cannot take a
    /// chariot attacking it across the line, so that attack is a chase, not an offer.
    pub(crate) fn confined_by_cannon(&self, square: Square) -> bool {
        let Some(piece) = Piece::from_code(self.board[square.index()]) else { return false };
        if piece.kind != Kind::Chariot {
            return false;
        }
        let cannon = code(piece.color.opponent(), Kind::Cannon);
        let general = self.general(piece.color).index();
        [NORTH, SOUTH, EAST, WEST].into_iter().any(|direction| {
            let mut pieces = RAYS[general][direction].iter().filter(|&p| self.board[p] != EMPTY);
            let screens = [pieces.next(), pieces.next()];
            pieces.next().is_some_and(|p| self.board[p] == cannon) && screens.contains(&Some(square.index()))
        })
    }

    /// Whether, after the side to move captures with `capture`, the opponent has a
    /// legal recapture on that point.
    fn is_protected_after(&self, capture: Move) -> bool {
        let mut after = *self;
        after.make(capture);
        let mut protected = false;
        after.for_each_legal(|mv| protected |= mv.to == capture.to);
        protected
    }

    /// Whether the target of `capture` could legally capture the attacker first: two
    /// pieces of a kind attacking each other are even, and neither chases.
    fn can_take_back(&self, capture: Move, target_color: Color) -> bool {
        self.with_turn(target_color).is_legal(Move { from: capture.to, to: capture.from })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chases_by(fen: &str, color: Color, rules: ChaseRules) -> Vec<String> {
        let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut found = Vec::new();
        position.for_each_chase(color, rules, |from, to| found.push(format!("{from}{to}")));
        found
    }

    fn chases(fen: &str, color: Color) -> Vec<String> {
        chases_by(fen, color, ChaseRules::Axf)
    }

    #[test]
    fn axf_rules_17_and_18_unprotected_pieces_are_chased_protected_ones_are_not() {
        assert_eq!(chases("4k4/9/9/Rc7/9/9/9/9/9/3K5 w", Color::Red), ["a6b6"]);
        // Black's chariot on b9 guards the cannon.
        assert_eq!(chases("1r2k4/9/9/Rc7/9/9/9/9/9/3K5 w", Color::Red), Vec::<String>::new());
    }

    #[test]
    fn axf_rule_35_two_attackers_on_a_protected_piece_do_not_chase_it() {
        // Red's chariot on a6 and horse on c4 both attack Black's cannon on b6, which the
        // chariot on b9 guards: a capture is answered, so neither chases.
        assert_eq!(chases("1r2k4/9/9/Rc7/9/2N6/9/9/9/3K5 w", Color::Red), Vec::<String>::new());
        // Unguarded, both do.
        assert_eq!(chases("4k4/9/9/Rc7/9/2N6/9/9/9/3K5 w", Color::Red), ["c4b6", "a6b6"]);
    }

    #[test]
    fn axf_rules_15_and_21_a_horse_chases_a_protected_chariot_an_elephant_only_an_unprotected_piece() {
        // Horse against a chariot guarded by the other chariot.
        assert_eq!(chases("3k5/3N5/9/4r4/9/9/4r4/9/9/5K3 w", Color::Red), ["d8e6"]);
        // Elephant against a horse that crossed the river, guarded by a chariot: a
        // chase for the engines; the rule book exempts only horses and cannons.
        let elephant = "3k5/9/9/9/9/2B6/9/4n3r/9/4K4 w";
        assert_eq!(chases_by(elephant, Color::Red, ChaseRules::Engines), ["c4e2"]);
        assert_eq!(chases_by(elephant, Color::Red, ChaseRules::Axf), Vec::<String>::new());
    }

    #[test]
    fn axf_rule_19_a_chariot_held_by_a_horse_does_not_chase_it() {
        // Black's chariot on d8 stands on the leg of Red's horse on d7, aimed at e9:
        // it attacks the unprotected horse but cannot move otherwise.
        let held = "4k4/3r5/3N5/9/9/9/9/9/9/5K3 w";
        assert_eq!(chases_by(held, Color::Black, ChaseRules::Axf), Vec::<String>::new());
        assert_eq!(chases_by(held, Color::Black, ChaseRules::Engines), ["d8d7"]);
        // With the general on d9 the horse aims at nothing: the chariot is free and chases.
        assert_eq!(chases_by("3k5/3r5/3N5/9/9/9/9/9/9/5K3 w", Color::Black, ChaseRules::Axf), ["d8d7"]);
    }

    #[test]
    fn axf_rules_25_28_and_29_generals_soldiers_and_uncrossed_soldiers_do_not_count() {
        // A soldier on its own side of the river is no target; once across it is.
        assert_eq!(chases("4k4/9/9/9/2p6/9/9/9/9/2RK5 w", Color::Red), Vec::<String>::new());
        assert_eq!(chases("4k4/9/9/9/9/2p6/9/9/9/2RK5 w", Color::Red), ["c0c4"]);
        // A soldier never chases: Red's soldier next to Black's horse.
        assert_eq!(chases("4k4/9/9/9/1nP6/9/9/9/9/3K5 w", Color::Red), Vec::<String>::new());
    }

    #[test]
    fn axf_rule_24_pieces_of_a_kind_attacking_each_other_do_not_chase() {
        // Two chariots on one file: either takes the other.
        assert_eq!(chases("4k4/9/1r7/9/9/9/1R7/9/9/3K5 w", Color::Red), Vec::<String>::new());
        // A horse whose leg is blocked cannot take back: the other horse chases it.
        // Red's horse on c4 attacks b6; Black's horse on b6 would need b5 free to reply.
        assert_eq!(chases("4k4/9/9/1n7/1P7/2N6/9/9/9/3K5 w", Color::Red), ["c4b6"]);
        // With b5 free, the horses are even.
        assert_eq!(chases("4k4/9/9/1n7/9/2N6/9/9/9/3K5 w", Color::Red), Vec::<String>::new());
    }
}
