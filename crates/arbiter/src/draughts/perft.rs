//! Draughts' own perft walk, with the same figures as the shared one over
//! [`Position::legal_moves`] but without what only a player needs: a move here is its
//! start and end bits and the captured pieces (16 bytes, no route, no text), and the
//! moves of every ply share one buffer, each ply's at its end.

use super::bits::Bits;
use super::board::{Bitboards, Position};
use super::movegen::MIGHT_REPEAT;
use super::rules::{RuleBook, with_rules};

/// The walk's body, once for each way it is compiled: the leaves counted one ply up,
/// each ply's moves at the end of the shared buffer. `$recurse` is the walk itself.
macro_rules! walk_body {
    ($position:ident, $depth:ident, $moves:ident, $recurse:ident, $R:ident) => {{
        if $depth == 1 {
            return $position.count_legal_moves_inline::<$R>() as u64;
        }
        let base = $moves.len();
        $position.append_changes::<$R>($moves);
        let mut nodes = 0;
        for i in base..$moves.len() {
            let change = $moves[i];
            let mut child = *$position;
            if $R::CROWN_IN_PASSING {
                let to = change.to & !CROWNED_TO;
                child.apply_masks::<$R>(B::bit(change.from.into()), B::bit(to.into()), change.captured, change.to != to);
            } else {
                child.apply_masks::<$R>(B::bit(change.from.into()), B::bit(change.to.into()), change.captured, false);
            }
            nodes += child.$recurse::<$R>($depth - 1, $moves);
        }
        $moves.truncate(base);
        nodes
    }};
}

/// A move as the walk plays it. Under crowning in passing, [`CROWNED_TO`] is set in
/// `to` when the man is crowned on the way.
#[derive(Clone, Copy)]
struct Change<B> {
    captured: B,
    from: u8,
    to: u8,
}

/// The bit of [`Change::to`] set when a man is crowned during the capture.
const CROWNED_TO: u8 = 0x80;

impl Position {
    /// The leaves of the legal-move tree `depth` plies deep, counted in bulk one ply up.
    pub(crate) fn perft_leaves(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        with_rules!(self.rules, R => self.bitboards::<R>().perft_leaves::<R>(depth))
    }
}

impl<B: Bits> Bitboards<B> {
    /// [`Position::perft_leaves`] in rule set `R`'s integer, `depth` not 0.
    fn perft_leaves<R: RuleBook<Bits = B>>(&self, depth: u32) -> u64 {
        // Enough for the usual plies; a deeper or wider walk grows it a few times at most.
        let mut moves = Vec::with_capacity(64 * depth as usize);
        self.perft_walk::<R>(depth, &mut moves)
    }

    /// The walk of rule set `R`, compiled for it.
    fn perft_walk<R: RuleBook<Bits = B>>(&self, depth: u32, moves: &mut Vec<Change<B>>) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if crate::perft::has_bit_instructions() && std::arch::is_x86_feature_detected!("bmi2") {
            // SAFETY: the processor has just been found to have the instructions.
            return unsafe { self.walk_with_bit_instructions::<R>(depth, moves) };
        }
        self.walk::<R>(depth, moves)
    }

    fn walk<R: RuleBook<Bits = B>>(&self, depth: u32, moves: &mut Vec<Change<B>>) -> u64 {
        walk_body!(self, depth, moves, walk, R)
    }

    /// [`Bitboards::walk`] compiled for processors that count and scan bits in one
    /// instruction (popcnt, lzcnt, tzcnt) and shift by a register without touching the
    /// flags (shlx, shrx), which the x86-64 baseline lacks: the counts at the last ply
    /// are popcounts, and a capture walk reads a square's bit of each direction's
    /// board by shifts. Chosen at run time, so one binary runs anywhere.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    fn walk_with_bit_instructions<R: RuleBook<Bits = B>>(&self, depth: u32, moves: &mut Vec<Change<B>>) -> u64 {
        walk_body!(self, depth, moves, walk_with_bit_instructions, R)
    }

    /// Appends the legal moves: the captures that take the most pieces, one per start,
    /// end and captured set, else every step and slide.
    #[inline(always)]
    fn append_changes<R: RuleBook<Bits = B>>(&self, moves: &mut Vec<Change<B>>) {
        if self.decided_by_a_king::<R>() {
            return;
        }
        if !self.has_capture_in::<R>() {
            self.for_each_quiet_bits::<R>(|from, to| moves.push(Change { captured: B::ZERO, from, to }));
            return;
        }
        let base = moves.len();
        self.for_each_largest_capture::<R>(|from, path, ends, captured, crowned, more| {
            if more {
                moves.truncate(base);
            }
            let from = R::GEOMETRY.bit_index(from.number()) as u8;
            // Along rows and columns too, two pieces may be taken in either order from
            // the same start to the same end (by other lines): searched from two on. One
            // piece lies on one line from the start, so its captures never repeat.
            let might_repeat = if R::ORTHOGONAL_CAPTURES { !path.is_empty() } else { path.len() as u32 + 1 >= MIGHT_REPEAT };
            let crowned_to = if R::CROWN_IN_PASSING && crowned { CROWNED_TO } else { 0 };
            let mut left = ends;
            while !left.is_empty() {
                let to = left.trailing_zeros() as u8 | crowned_to;
                left = left.without_lowest();
                let same = |m: &Change<B>| m.from == from && m.to == to && m.captured == captured;
                if might_repeat && moves[base..].iter().any(same) {
                    continue;
                }
                moves.push(Change { captured, from, to });
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same leaves as the shared walk over the moves a player sees, on positions
    /// with kings, long captures and routes that meet again.
    #[test]
    fn the_same_leaves_as_the_shared_walk() {
        let cases = [
            ("W:W31-50:B1-20", 5),
            ("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", 4),
            ("W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38", 9),
            ("W:WK3,K47,28,33,34,39:BK45,12,13,18,19,22,23,24", 7),
            ("B:WK1,K10,K46,K50:BK23,K28,17,33,34", 5),
        ];
        for (fen, depth) in cases {
            let position = Position::from_fen(fen).unwrap();
            for d in 0..=depth {
                let shared = crate::perft::walk_legal_moves(&position, d);
                assert_eq!(position.perft_leaves(d), shared, "{fen} depth {d}");
                // The copy for any processor, which perft_leaves may not have chosen.
                if d > 0 {
                    let walked = with_rules!(position.rules, R => position.bitboards::<R>().walk::<R>(d, &mut Vec::new()));
                    assert_eq!(walked, shared, "{fen} depth {d}");
                }
            }
        }
    }
}
