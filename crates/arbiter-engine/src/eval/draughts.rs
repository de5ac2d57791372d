//! International draughts for the built-in engine: material, men worth a little more
//! as they advance; captures searched first.

use arbiter::draughts::{self, Kind as Piece};

use super::Evaluate;

impl Evaluate for draughts::Position {
    fn evaluate(&self) -> i32 {
        let mut score = 0;
        for (square, piece) in self.pieces() {
            // Men gain a little as they advance; a king is worth three men.
            let advance = match piece.color {
                draughts::Color::White => 9 - i32::from(square.row()),
                draughts::Color::Black => i32::from(square.row()),
            };
            let value = match piece.kind {
                Piece::Man => 100 + 3 * advance,
                Piece::King => 300,
            };
            score += if piece.color == self.turn() { value } else { -value };
        }
        score
    }

    fn is_capture(&self, mv: draughts::Move) -> bool {
        mv.is_capture()
    }
}
