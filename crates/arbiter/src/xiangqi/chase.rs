//! Chases: which opponent pieces a side threatens in a way the rules against perpetual
//! chase count (Asian Xiangqi Federation rules, as computer Xiangqi applies them).
//!
//! A piece of `color` chases an opponent piece when it could capture it with a legal
//! move, and the target is not the general nor a soldier still on its own side of the
//! river, and either the target is worth more (a horse or cannon against a chariot; an
//! advisor or elephant against a chariot, horse or cannon), or it is unprotected: the
//! opponent has no legal recapture on its point after the capture. Generals and
//! soldiers never chase. Two pieces of the same kind attacking each other do not chase
//! unless the target cannot take back (a horse whose leg is blocked, a pinned piece).

use super::board::{Code, Color, EMPTY, Kind, Move, Piece, Position, Square};
use super::tables::on_own_half;

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
    /// chase here, whoever is to move. A target attacked by two pieces is visited twice.
    pub(crate) fn for_each_chase(&self, color: Color, mut visit: impl FnMut(Square, Square)) {
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
            let stronger = match attacker {
                Kind::Horse | Kind::Cannon => target == Kind::Chariot,
                Kind::Advisor | Kind::Elephant => matches!(target, Kind::Chariot | Kind::Horse | Kind::Cannon),
                _ => false,
            };
            // An even pair (same kind) chases only if the target cannot take back.
            let answered = mover.is_protected_after(mv) || (attacker == target && self.can_take_back(mv, them));
            if stronger || !answered {
                visit(mv.from, mv.to);
            }
        }
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

    fn chases(fen: &str, color: Color) -> Vec<String> {
        let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut found = Vec::new();
        position.for_each_chase(color, |from, to| found.push(format!("{from}{to}")));
        found
    }

    #[test]
    fn unprotected_pieces_are_chased_protected_ones_are_not() {
        assert_eq!(chases("4k4/9/9/Rc7/9/9/9/9/9/3K5 w", Color::Red), ["a6b6"]);
        // Black's chariot on b9 guards the cannon.
        assert_eq!(chases("1r2k4/9/9/Rc7/9/9/9/9/9/3K5 w", Color::Red), Vec::<String>::new());
    }

    #[test]
    fn a_stronger_target_is_chased_even_when_protected() {
        // Horse against a chariot guarded by the other chariot.
        assert_eq!(chases("3k5/3N5/9/4r4/9/9/4r4/9/9/5K3 w", Color::Red), ["d8e6"]);
        // Elephant against a horse that crossed the river, guarded by a chariot.
        assert_eq!(chases("3k5/9/9/9/9/2B6/9/4n3r/9/4K4 w", Color::Red), ["c4e2"]);
    }

    #[test]
    fn generals_soldiers_and_uncrossed_soldiers_do_not_count() {
        // A soldier on its own side of the river is no target; once across it is.
        assert_eq!(chases("4k4/9/9/9/2p6/9/9/9/9/2RK5 w", Color::Red), Vec::<String>::new());
        assert_eq!(chases("4k4/9/9/9/9/2p6/9/9/9/2RK5 w", Color::Red), ["c0c4"]);
        // A soldier never chases: Red's soldier next to Black's horse.
        assert_eq!(chases("4k4/9/9/9/1nP6/9/9/9/9/3K5 w", Color::Red), Vec::<String>::new());
    }

    #[test]
    fn pieces_of_a_kind_attacking_each_other_do_not_chase() {
        // Two chariots on one file: either takes the other.
        assert_eq!(chases("4k4/9/1r7/9/9/9/1R7/9/9/3K5 w", Color::Red), Vec::<String>::new());
        // A horse whose leg is blocked cannot take back: the other horse chases it.
        // Red's horse on c4 attacks b6; Black's horse on b6 would need b5 free to reply.
        assert_eq!(chases("4k4/9/9/1n7/1P7/2N6/9/9/9/3K5 w", Color::Red), ["c4b6"]);
        // With b5 free, the horses are even.
        assert_eq!(chases("4k4/9/9/1n7/9/2N6/9/9/9/3K5 w", Color::Red), Vec::<String>::new());
    }
}
