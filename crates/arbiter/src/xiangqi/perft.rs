//! Xiangqi's own perft walk, with the same figures as the shared one over
//! [`Position::legal_moves`]: the leaves are counted one ply up by bit sets
//! (`count.rs`), a move is played by moving the pieces and passing the turn (no hash
//! or clocks, which no count reads), and the moves of every ply share one buffer,
//! each ply's at its end.

use super::board::{Move, Position};

/// The walk's body, once for each way it is compiled. `$recurse` is the walk itself.
macro_rules! walk_body {
    ($position:ident, $depth:ident, $moves:ident, $recurse:ident) => {{
        if $depth == 1 {
            return $position.count_legal_moves_inline() as u64;
        }
        let base = $moves.len();
        $position.for_each_legal(|mv| $moves.push(mv));
        let mut nodes = 0;
        for i in base..$moves.len() {
            let mv = $moves[i];
            let mut child = *$position;
            child.move_pieces(mv.from.index(), mv.to.index());
            child.side = child.side.opponent();
            nodes += child.$recurse($depth - 1, $moves);
        }
        $moves.truncate(base);
        nodes
    }};
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

    fn walk(&self, depth: u32, moves: &mut Vec<Move>) -> u64 {
        walk_body!(self, depth, moves, walk)
    }

    /// [`Position::walk`] compiled for processors that count and scan bits in one
    /// instruction (popcnt, lzcnt, tzcnt), which the x86-64 baseline lacks: the counts
    /// at the last ply are popcounts and every ray scan is one or two instructions.
    /// Chosen at run time, so one binary runs anywhere.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1")]
    fn walk_with_bit_instructions(&self, depth: u32, moves: &mut Vec<Move>) -> u64 {
        walk_body!(self, depth, moves, walk_with_bit_instructions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same leaves as the shared walk over the moves a player sees, in positions
    /// with checks, pins, cannon screens and facing generals.
    #[test]
    fn the_same_leaves_as_the_shared_walk() {
        let cases = [
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", 3),
            ("1rbakabr1/9/c1n3nc1/pC2p1p1p/2p6/7R1/P1P1P1P1P/2N1C1N2/9/R1BAKAB2 w - - 12 7", 3),
            ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w", 3),
            ("3k5/4r4/9/9/9/9/4N4/9/9/4K4 w", 4),
            ("4k4/9/9/9/9/9/4N4/9/9/4K4 w", 4),
            ("3akab2/9/4b4/3C5/9/9/9/4c4/4A4/3AK4 w", 4),
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
