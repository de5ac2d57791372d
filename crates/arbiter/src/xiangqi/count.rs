//! The number of legal moves without listing them, for perft's last ply and the
//! checkmate test: each piece's destinations as a bit set, counted by popcount.
//!
//! The same legality as [`Position::for_each_legal`] (see `pins.rs`): when not in
//! check, a piece that is neither the general nor pinned may land on any of its
//! destinations but the forbidden points, so its moves are one popcount; the general's
//! and pinned pieces' moves are tried on the board, and in check every move is.
//! A slider's reach along a ray ends at the first piece, found by a bit scan
//! (`rays.rs`).

use super::board::{Code, Color, EMPTY, Kind, Position};
use super::rays::{first_taken, up_to};
use super::tables::{
    ADVISOR_BITS, BlockedBits, EAST, ELEPHANT_BITS, GENERAL_BITS, HORSE_BITS, NORTH, POINTS, SOLDIER_BITS, SOUTH, WEST,
};

/// A chariot's destinations before own pieces are taken out: each ray up to and
/// including its first piece.
#[inline(always)]
fn chariot_reach(from: usize, occupied: u128) -> u128 {
    let mut reach = 0;
    for direction in [NORTH, SOUTH, EAST, WEST] {
        reach |= up_to(from, first_taken(from, direction, occupied), direction);
    }
    reach
}

/// A cannon's destinations: the empty points before its screen, and the first piece
/// beyond the screen if it is an enemy.
#[inline(always)]
fn cannon_reach(from: usize, occupied: u128, enemy: u128) -> u128 {
    let mut reach = 0;
    for direction in [NORTH, SOUTH, EAST, WEST] {
        let screen = first_taken(from, direction, occupied);
        let target = first_taken(screen, direction, occupied);
        reach |= up_to(from, screen, direction) & !occupied;
        reach |= up_to(screen, target, direction) & enemy;
    }
    reach
}

/// The destinations past the blockers that are empty (a horse's legs, an elephant's
/// eyes).
#[inline(always)]
fn blocked_reach(board: &[Code; POINTS], steps: &BlockedBits) -> u128 {
    let mut reach = 0;
    for (&blocker, &targets) in steps.blockers.iter().zip(&steps.targets) {
        reach |= targets & 0u128.wrapping_sub(u128::from(board[blocker as usize] == EMPTY));
    }
    reach
}

impl Position {
    /// Where the piece on `from` could move, own pieces included: every destination
    /// its movement allows but the own general's safety.
    #[inline(always)]
    fn reach(&self, from: usize, occupied: u128, enemy: u128) -> u128 {
        let piece = self.board[from];
        match piece & 7 {
            k if k == Kind::General as u8 + 1 => GENERAL_BITS[from],
            k if k == Kind::Advisor as u8 + 1 => ADVISOR_BITS[from],
            k if k == Kind::Elephant as u8 + 1 => blocked_reach(&self.board, &ELEPHANT_BITS[from]),
            k if k == Kind::Horse as u8 + 1 => blocked_reach(&self.board, &HORSE_BITS[from]),
            k if k == Kind::Chariot as u8 + 1 => chariot_reach(from, occupied),
            k if k == Kind::Cannon as u8 + 1 => cannon_reach(from, occupied, enemy),
            _ => SOLDIER_BITS[usize::from(self.side == Color::Black)][from],
        }
    }

    /// The number of legal moves, as [`Position::for_each_legal`] finds them, counted
    /// by bit sets: inlined into perft's walk, which may be compiled for processors
    /// that popcount in one instruction.
    #[inline(always)]
    pub(crate) fn count_legal_moves_inline(&self) -> usize {
        let us = self.side;
        let them = us.opponent();
        let safety = self.safety();
        if safety.in_check {
            let mut count = 0;
            self.for_each_legal(|_| count += 1);
            return count;
        }
        let own = self.occupied[us.index()];
        let enemy = self.occupied[them.index()];
        let occupied = own | enemy;
        let general = self.generals[us.index()] as usize;
        let tried = safety.pinned & own | 1 << general;
        let allowed = !(own | safety.forbidden);
        let mut count = 0;
        let mut free = own & !tried;
        while free != 0 {
            let from = free.trailing_zeros() as usize;
            free &= free - 1;
            count += (self.reach(from, occupied, enemy) & allowed).count_ones() as usize;
        }
        let mut scratch = *self;
        let mut tried = tried;
        while tried != 0 {
            let from = tried.trailing_zeros() as usize;
            tried &= tried - 1;
            let mut targets = self.reach(from, occupied, enemy) & !own;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                count += usize::from(scratch.leaves_general_safe(from, to, us, them));
            }
        }
        count
    }
}
