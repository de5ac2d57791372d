//! The contest's 100-cell board as two 50-square boards.
//!
//! A diagonal step never changes a cell's colour, so the cells with `row + column`
//! odd (the dark ones, where international draughts is played) and the cells with
//! `row + column` even form two boards that never meet. The light board, mirrored
//! left to right, is an ordinary 50-square board, so one move generator serves both.

use arbiter::draughts::Square;

/// A cell of the contest board: row 1 at the top, column 1 at the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// 1 (top) to 10 (bottom); any other value is off the board.
    pub row: u8,
    /// 1 (left) to 10 (right); any other value is off the board.
    pub column: u8,
}

/// Which of the two independent boards a cell belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Half {
    /// `row + column` odd: the squares of international draughts.
    Dark,
    /// `row + column` even: mirrored left to right onto the same 50 squares.
    Light,
}

impl Cell {
    /// The board the cell is on and its square there; `None` off the 10x10 board.
    #[must_use]
    pub fn square(self) -> Option<(Half, Square)> {
        if !(1..=10).contains(&self.row) || !(1..=10).contains(&self.column) {
            return None;
        }
        let row = self.row - 1;
        if (self.row + self.column) % 2 == 1 {
            Some((Half::Dark, Square::at(row, self.column - 1)?))
        } else {
            Some((Half::Light, Square::at(row, 10 - self.column)?))
        }
    }

    /// The cell of `square` on the given board.
    #[must_use]
    pub fn of(half: Half, square: Square) -> Cell {
        let column = match half {
            Half::Dark => square.column() + 1,
            Half::Light => 10 - square.column(),
        };
        Cell { row: square.row() + 1, column }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_maps_to_one_square_and_back() {
        let mut seen = std::collections::HashSet::new();
        for row in 1..=10 {
            for column in 1..=10 {
                let cell = Cell { row, column };
                let (half, square) = cell.square().unwrap();
                assert_eq!(Cell::of(half, square), cell);
                assert!(seen.insert((half == Half::Dark, square)));
            }
        }
        assert_eq!(seen.len(), 100);
        assert_eq!(Cell { row: 0, column: 1 }.square(), None);
    }

    #[test]
    fn diagonal_neighbours_stay_neighbours_on_both_boards() {
        // (5,5) is light; its diagonal neighbours (4,4), (4,6), (6,4), (6,6) too.
        let (_, centre) = Cell { row: 5, column: 5 }.square().unwrap();
        for (row, column) in [(4, 4), (4, 6), (6, 4), (6, 6)] {
            let (half, square) = Cell { row, column }.square().unwrap();
            assert_eq!(half, Half::Light);
            assert_eq!(square.row().abs_diff(centre.row()), 1);
            assert_eq!(square.column().abs_diff(centre.column()), 1);
        }
    }
}
