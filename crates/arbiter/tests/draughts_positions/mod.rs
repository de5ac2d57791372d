//! Random positions of a draughts rule set, the same in every run, for the tests that
//! compare arbiter's moves with an independent program's (DCTL, Scan).

use arbiter::Game;
use arbiter::draughts::{Color, Kind, Piece, Position, Rules, Square};

/// A small generator of its own (SplitMix64), so that every run sees the same positions.
pub struct Random(pub u64);

impl Random {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Positions of `rules`: random games from the start (most of them), and pieces put
/// at random with kings, where long king captures and crowning in passing are common.
pub fn positions(rules: Rules, count: usize, random: &mut Random) -> Vec<Position> {
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while out.len() < count {
        if out.len() % 3 == 2 {
            let layout = Position::start_with(rules).layout();
            let mut pieces: Vec<(Square, Piece)> = Vec::new();
            for _ in 0..2 + random.below(14) {
                let square = layout.square(1 + random.below(layout.squares() as u64) as u8).unwrap();
                if pieces.iter().any(|&(s, _)| s == square) {
                    continue;
                }
                let color = if random.below(2) == 0 { Color::White } else { Color::Black };
                let crowning = layout.coordinates(square).0 == layout.crowning_row(color);
                let kind = if crowning || random.below(3) == 0 { Kind::King } else { Kind::Man };
                pieces.push((square, Piece { color, kind }));
            }
            let side = if random.below(2) == 0 { Color::White } else { Color::Black };
            if let Ok(position) = Position::from_pieces_with(rules, pieces, side) {
                out.push(position);
            }
            continue;
        }
        let mut position = Position::start_with(rules);
        for _ in 0..random.below(60) {
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            position.play(moves[random.below(moves.len() as u64) as usize]);
        }
        out.push(position);
    }
    out
}
