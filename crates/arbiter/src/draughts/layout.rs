//! How a position's board is laid out for the people and programs that look at it:
//! its size, which point of the grid each playable square is, and the name players
//! write for it. Front ends (pictures, engines' evaluations, learning planes) place
//! squares through a [`Layout`], never through a fixed 10x10 grid, so that a rule set
//! on another board is drawn and encoded right without a change to them.

use super::board::{Color, SQUARES, Square};

/// The board of a position as it is drawn: `size` rows and columns, White's side at
/// the bottom (row `size - 1`), the dark squares playable, numbered from the top row
/// left to right as PDN numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    size: u8,
}

impl Layout {
    /// The international 10x10 board: squares 1-50, square 1 at the top, second from the left.
    pub const INTERNATIONAL: Layout = Layout { size: 10 };

    /// Rows, which are as many as columns.
    #[must_use]
    pub const fn size(self) -> u8 {
        self.size
    }

    /// The number of playable squares, numbered 1 to this.
    #[must_use]
    pub const fn squares(self) -> usize {
        SQUARES
    }

    /// Every playable square, in number order.
    pub fn all(self) -> impl Iterator<Item = Square> {
        (1..=self.squares() as u8).filter_map(Square::new)
    }

    /// `square`'s row (0 at the top, Black's side) and column (0 at the left, as White sees the board).
    #[must_use]
    pub const fn coordinates(self, square: Square) -> (u8, u8) {
        (square.row(), square.column())
    }

    /// The playable square at `row` and `column`, if that point of the grid is one.
    #[must_use]
    pub const fn square_at(self, row: u8, column: u8) -> Option<Square> {
        Square::at(row, column)
    }

    /// The name players write for `square`: its number here.
    #[must_use]
    pub fn name(self, square: Square) -> String {
        square.number().to_string()
    }

    /// The row where `color`'s men are crowned: the top for White, the bottom for Black.
    #[must_use]
    pub const fn crowning_row(self, color: Color) -> u8 {
        match color {
            Color::White => 0,
            Color::Black => self.size - 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_international_board_places_every_square_once_on_a_dark_point() {
        let layout = Layout::INTERNATIONAL;
        let mut seen = std::collections::HashSet::new();
        for square in layout.all() {
            let (row, column) = layout.coordinates(square);
            assert!(row < 10 && column < 10 && (row + column) % 2 == 1, "{square} at {row},{column}");
            assert_eq!(layout.square_at(row, column), Some(square));
            assert!(seen.insert((row, column)));
        }
        assert_eq!(seen.len(), 50);
        let at = |n| layout.coordinates(Square::new(n).unwrap());
        assert_eq!((at(1), at(5), at(46), at(50)), ((0, 1), (0, 9), (9, 0), (9, 8)));
        assert_eq!(layout.name(Square::new(32).unwrap()), "32");
        assert_eq!((layout.crowning_row(Color::White), layout.crowning_row(Color::Black)), (0, 9));
    }
}
