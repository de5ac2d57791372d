//! Draughts' own perft walk, with the same figures as the shared one over
//! [`Position::legal_moves`] but without what only a player needs: a move here is its
//! start and end bits and the captured pieces (16 bytes, no route, no text), and the
//! moves of every ply share one buffer, each ply's at its end.

use super::board::Position;
use super::movegen::MIGHT_REPEAT;

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
        self.walk(depth, &mut moves)
    }

    fn walk(&self, depth: u32, moves: &mut Vec<Change>) -> u64 {
        if depth == 1 {
            return self.count_legal_moves() as u64;
        }
        let base = moves.len();
        self.append_changes(moves);
        let mut nodes = 0;
        for i in base..moves.len() {
            let change = moves[i];
            let mut child = *self;
            child.apply_masks(1 << change.from, 1 << change.to, change.captured);
            nodes += child.walk(depth - 1, moves);
        }
        moves.truncate(base);
        nodes
    }

    /// Appends the legal moves: the captures that take the most pieces, one per start,
    /// end and captured set, else every step and slide.
    fn append_changes(&self, moves: &mut Vec<Change>) {
        if !self.has_capture() {
            self.for_each_quiet_bits(|from, to| moves.push(Change { captured: 0, from, to }));
            return;
        }
        let base = moves.len();
        self.for_each_largest_capture(|from, landings, captured, more| {
            if more {
                moves.truncate(base);
            }
            let (from, to) = (from.bit() as u8, landings[landings.len() - 1]);
            let same = |m: &Change| m.from == from && m.to == to && m.captured == captured;
            if landings.len() as u32 >= MIGHT_REPEAT && moves[base..].iter().any(same) {
                return;
            }
            moves.push(Change { captured, from, to });
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
                assert_eq!(position.perft_leaves(d), crate::perft::walk_legal_moves(&position, d), "{fen} depth {d}");
            }
        }
    }
}
