//! Draughts' own perft walk, with the same figures as the shared one over
//! [`Position::legal_moves`] but without what only a player needs: a move here is its
//! start and end bits and the captured pieces (16 bytes, no route, no text), and the
//! moves of every ply share one buffer, each ply's at its end.

use super::board::Position;
use super::movegen::MIGHT_REPEAT;

/// The walk's body, once for each way it is compiled: the leaves counted one ply up,
/// each ply's moves at the end of the shared buffer. `$recurse` is the walk itself.
macro_rules! walk_body {
    ($position:ident, $depth:ident, $moves:ident, $recurse:ident) => {{
        if $depth == 1 {
            return $position.count_legal_moves_inline() as u64;
        }
        let base = $moves.len();
        $position.append_changes($moves);
        let mut nodes = 0;
        for i in base..$moves.len() {
            let change = $moves[i];
            let mut child = *$position;
            child.apply_masks(1 << change.from, 1 << change.to, change.captured);
            nodes += child.$recurse($depth - 1, $moves);
        }
        $moves.truncate(base);
        nodes
    }};
}

/// A move as the walk plays it.
#[derive(Clone, Copy)]
struct Change {
    captured: u64,
    from: u8,
    to: u8,
}

impl Position {
    /// The leaves of the legal-move tree `depth` plies deep, counted in bulk one ply up.
    pub(crate) fn perft_leaves(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        // Enough for the usual plies; a deeper or wider walk grows it a few times at most.
        let mut moves = Vec::with_capacity(64 * depth as usize);
        #[cfg(target_arch = "x86_64")]
        if crate::perft::has_bit_instructions() {
            // SAFETY: the processor has just been found to have the instructions.
            return unsafe { self.walk_with_bit_instructions(depth, &mut moves) };
        }
        self.walk(depth, &mut moves)
    }

    fn walk(&self, depth: u32, moves: &mut Vec<Change>) -> u64 {
        walk_body!(self, depth, moves, walk)
    }

    /// [`Position::walk`] compiled for processors that count and scan bits in one
    /// instruction (popcnt, lzcnt, tzcnt), which the x86-64 baseline lacks: the counts
    /// at the last ply are popcounts. Chosen at run time, so one binary runs anywhere.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1")]
    fn walk_with_bit_instructions(&self, depth: u32, moves: &mut Vec<Change>) -> u64 {
        walk_body!(self, depth, moves, walk_with_bit_instructions)
    }

    /// Appends the legal moves: the captures that take the most pieces, one per start,
    /// end and captured set, else every step and slide.
    #[inline(always)]
    fn append_changes(&self, moves: &mut Vec<Change>) {
        if !self.has_capture() {
            self.for_each_quiet_bits(|from, to| moves.push(Change { captured: 0, from, to }));
            return;
        }
        let base = moves.len();
        self.for_each_largest_capture(|from, path, ends, captured, more| {
            if more {
                moves.truncate(base);
            }
            let from = from.bit() as u8;
            let might_repeat = path.len() as u32 + 1 >= MIGHT_REPEAT;
            let mut left = ends;
            while left != 0 {
                let to = left.trailing_zeros() as u8;
                left &= left - 1;
                let same = |m: &Change| m.from == from && m.to == to && m.captured == captured;
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
                    assert_eq!(position.walk(d, &mut Vec::new()), shared, "{fen} depth {d}");
                }
            }
        }
    }
}
