//! Xiangqi for the built-in engine: material, a soldier worth twice as much once it
//! has crossed the river; captures searched first.

use arbiter::xiangqi::{self, Kind};

use super::Evaluate;

impl Evaluate for xiangqi::Position {
    fn evaluate(&self) -> i32 {
        let mut score = 0;
        for (square, piece) in self.pieces() {
            let crossed = match piece.color {
                xiangqi::Color::Red => square.rank() >= 5,
                xiangqi::Color::Black => square.rank() <= 4,
            };
            let value = match piece.kind {
                Kind::General => 0,
                Kind::Advisor | Kind::Elephant => 200,
                Kind::Horse => 400,
                Kind::Cannon => 450,
                Kind::Chariot => 900,
                Kind::Soldier if crossed => 200,
                Kind::Soldier => 100,
            };
            score += if piece.color == self.turn() { value } else { -value };
        }
        score
    }

    fn is_capture(&self, mv: xiangqi::Move) -> bool {
        self.piece_at(mv.to).is_some()
    }
}
