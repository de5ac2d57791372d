//! Draughts for the built-in engine: material, men worth a little more as they
//! advance towards their crowning row on the position's board, the sign turned in
//! Antidraughts (whoever cannot move wins); captures searched first.

use arbiter::draughts::{self, Kind as Piece};

use super::Evaluate;

impl Evaluate for draughts::Position {
    fn evaluate(&self) -> i32 {
        let layout = self.layout();
        let mut score = 0;
        for (square, piece) in self.pieces() {
            // Men gain a little as they advance; a king is worth three men. How far a
            // man has come is how far its start row is from the row it is crowned on,
            // less the rows still to go, whatever the board's size.
            let (row, _) = layout.coordinates(square);
            let to_go = i32::from(row.abs_diff(layout.crowning_row(piece.color)));
            let advance = i32::from(layout.size()) - 1 - to_go;
            let value = match piece.kind {
                Piece::Man => 100 + 3 * advance,
                Piece::King => 300,
            };
            score += if piece.color == self.turn() { value } else { -value };
        }
        // Antidraughts is won by running out of moves: material is a burden there, and
        // the same count with its sign turned says how near each side is to it.
        if self.rules().no_move_wins() { -score } else { score }
    }

    fn is_capture(&self, mv: draughts::Move) -> bool {
        mv.is_capture()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A side's men score alike wherever the board puts their crowning row: a White
    /// man about to crown (square 6, one row from the top) is worth to White what a
    /// Black man about to crown (square 45, one row from the bottom) is worth to Black,
    /// and more than a man still on its own back row.
    #[test]
    fn advancement_is_measured_towards_each_sides_crowning_row() {
        let score = |fen: &str| draughts::Position::from_fen(fen).expect(fen).evaluate();
        assert_eq!(score("W:W6:B"), score("B:W:B45"));
        assert_eq!(score("W:W46:B"), score("B:W:B5"));
        assert!(score("W:W6:B") > score("W:W46:B"));
        assert_eq!(score("W:W6:B") - score("W:W46:B"), 3 * 8, "eight rows advanced, three points a row");
    }
}

#[cfg(test)]
mod eight_by_eight {
    use super::*;

    /// On the 8x8 board of Russian draughts the crowning rows are rows 0 and 7: a
    /// White man on 5 (one row from the top) and a Black man on 28 (one row from the
    /// bottom) are each six rows on from their own back rows.
    #[test]
    fn advancement_counts_the_rows_of_the_eight_by_eight_board() {
        let score = |fen: &str| draughts::Position::from_fen_with(draughts::Rules::Russian, fen).expect(fen).evaluate();
        assert_eq!(score("W:W5:B"), score("B:W:B28"));
        assert_eq!(score("W:W29:B"), score("B:W:B1"));
        assert_eq!(score("W:W5:B") - score("W:W29:B"), 3 * 6, "six rows advanced, three points a row");
    }
}

#[cfg(test)]
mod antidraughts {
    use super::*;
    use crate::search::{Budget, Style, best_move};
    use arbiter::draughts::Rules;

    fn position(rules: Rules, fen: &str) -> draughts::Position {
        draughts::Position::from_fen_with(rules, fen).expect(fen)
    }

    /// Antidraughts is won by running out of moves: the same board scores the other
    /// way round, so the engine does not play to keep its pieces.
    #[test]
    fn material_counts_against_its_owner() {
        for fen in ["W:W33,34:B22", "B:W28,31,33-50:B1-20", "W:WK46:B3,9"] {
            let international = position(Rules::International, fen).evaluate();
            assert_ne!(international, 0, "{fen}");
            assert_eq!(position(Rules::Antidraughts, fen).evaluate(), -international, "{fen}");
        }
    }

    /// With one man left against one, White gives it away (33-28, which Black must take,
    /// leaving White without a move: a win) where in international draughts it keeps it.
    #[test]
    fn the_engine_plays_to_run_out_of_moves() {
        let budget = Budget { depth: Some(3), ..Budget::default() };
        let best = |rules| best_move(&position(rules, "W:W33:B22"), budget, Style::default(), |_| true).unwrap();
        let anti = best(Rules::Antidraughts);
        assert_eq!(anti.best.to_string(), "33-28");
        assert!(anti.score > crate::search::WIN - 10, "a win found: {}", anti.score);
        assert_eq!(best(Rules::International).best.to_string(), "33-29");
    }
}

#[cfg(test)]
mod breakthrough {
    use super::*;
    use crate::search::{Budget, Style, WIN, best_move};
    use arbiter::draughts::Rules;

    /// Breakthrough is won by the first king: the engine makes it when it can, found
    /// by search as a won ending (the rules end the game there).
    #[test]
    fn the_engine_makes_the_first_king() {
        let position = draughts::Position::from_fen_with(Rules::Breakthrough, "W:W7,33:B22,45").unwrap();
        let found = best_move(&position, Budget { depth: Some(2), ..Budget::default() }, Style::default(), |_| true)
            .unwrap();
        assert!(["7-1", "7-2"].contains(&found.best.to_string().as_str()), "{}", found.best);
        assert!(found.score > WIN - 10, "{}", found.score);
    }
}
