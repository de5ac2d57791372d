//! What could make a move illegal, worked out once per position: whether the side to
//! move is in check, which of its pieces are pinned (moving them could expose the
//! general), and which points a piece may not land on (it would become the screen of
//! an enemy cannon aimed at the general).
//!
//! With these, a move of a piece that is neither the general nor pinned, made when
//! not in check, is legal exactly when it does not land on a forbidden point: no trial
//! on the board is needed. Only general moves, pinned pieces' moves and every move in
//! check are tried.

use super::board::{BLACK_BIT, Code, Color, EMPTY, Kind, Position, code, color_bits};
use super::rays::{first_piece, up_to};
use super::tables::{EAST, FILES, HORSE_ATTACKERS, NORTH, SOUTH, WEST};

/// The dangers to the side to move's general.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Safety {
    pub(crate) in_check: bool,
    /// Own pieces whose moves must be tried: the only blocker between the general
    /// and an enemy chariot or the facing general, one of two screens of an enemy
    /// cannon, or a piece on the leg of an enemy horse aimed at the general.
    pub(crate) pinned: u128,
    /// Empty points between the general and an enemy cannon with nothing in
    /// between: a piece landing there would let the cannon give check.
    pub(crate) forbidden: u128,
}

impl Position {
    /// Checks, pins and forbidden points for the side to move. Inlined so that perft's
    /// walk compiles its bit scans with the walk's instructions.
    #[inline(always)]
    pub(crate) fn safety(&self) -> Safety {
        let us = self.side;
        let them = us.opponent();
        let own = |piece: Code| piece != EMPTY && (piece & BLACK_BIT) == color_bits(us);
        let general = self.generals[us.index()] as usize;
        let (chariot, cannon) = (code(them, Kind::Chariot), code(them, Kind::Cannon));
        let enemy_general = code(them, Kind::General);
        let mut safety = Safety { in_check: false, pinned: 0, forbidden: 0 };
        let occupied = self.occupied[0] | self.occupied[1];
        for direction in [NORTH, SOUTH, EAST, WEST] {
            let vertical = direction == NORTH || direction == SOUTH;
            // The first three pieces along the ray, nearest first, and the empty
            // points before the first.
            let Some(first) = first_piece(general, direction, occupied) else { continue };
            let second = first_piece(first, direction, occupied);
            let third = second.and_then(|second| first_piece(second, direction, occupied));
            let piece = |point: Option<usize>| point.map_or(EMPTY, |p| self.board[p]);
            let slider = |p: Code| p == chariot || (vertical && p == enemy_general);
            let (first_piece, second_piece) = (self.board[first], piece(second));
            if slider(first_piece) {
                safety.in_check = true;
            }
            if first_piece == cannon {
                safety.forbidden |= up_to(general, first, direction) & !(1 << first);
            }
            if second_piece == cannon {
                safety.in_check = true;
            }
            if own(first_piece) && slider(second_piece) {
                safety.pinned |= 1 << first;
            }
            if piece(third) == cannon {
                // Two screens: either of them leaving would let the cannon give check.
                if own(first_piece) {
                    safety.pinned |= 1 << first;
                }
                if let Some(second) = second.filter(|_| own(second_piece)) {
                    safety.pinned |= 1 << second;
                }
            }
        }
        let horse = code(them, Kind::Horse);
        for (from, leg) in HORSE_ATTACKERS[general].iter() {
            if self.board[from] == horse {
                match self.board[leg] {
                    EMPTY => safety.in_check = true,
                    blocker if own(blocker) => safety.pinned |= 1 << leg,
                    _ => {}
                }
            }
        }
        safety.in_check |= self.soldier_attacks(general, them);
        safety
    }

    /// Whether a soldier of `by` attacks `point`: from the point behind it (as the
    /// soldier moves), or from the side once the point is across the river for it.
    #[inline(always)]
    pub(crate) fn soldier_attacks(&self, point: usize, by: Color) -> bool {
        let soldier = code(by, Kind::Soldier);
        let (file, rank) = (point % FILES, point / FILES);
        let (behind, crossed) = match by {
            Color::Red => (rank.checked_sub(1), rank >= 5),
            Color::Black => (Some(rank + 1).filter(|&r| r < 10), rank <= 4),
        };
        if behind.is_some_and(|r| self.board[r * FILES + file] == soldier) {
            return true;
        }
        crossed
            && ((file > 0 && self.board[point - 1] == soldier)
                || (file < FILES - 1 && self.board[point + 1] == soldier))
    }
}
