//! The boards of the draughts family as bitboards: each board's squares, numbered
//! 1-N as in PDN, where they lie in a bitboard, and the two colours.
//!
//! Square 1 is at the top, second from the left, on Black's side; White starts on the
//! highest numbers and moves up, towards square 1. On a board of `size` columns a row
//! holds `size / 2` squares, and bit `i` of a bitboard stands for square `s` with
//! `i = (s - 1) + (s - 1) / size`: after every two rows one unused "ghost" bit is left
//! out (on 10x10 bits 10, 21, 32 and 43; on 8x8 bits 8, 17 and 26; on 12x12 bits 12,
//! 25, 38, 51 and 64). With that gap a diagonal step is always the same shift (on
//! 10x10 -6 up-left, -5 up-right, +5 down-left, +6 down-right; on 8x8 -5, -4, +4, +5;
//! on 12x12 -7, -6, +6, +7), and a step off the left or right edge lands on a ghost
//! bit, which no piece ever occupies. The 12x12 board's 77 bits need a 128-bit
//! integer (`bits.rs`); the values here are computed in it, and each rule set's
//! generator reads them in its own.
//!
//! The turned 8x8 board (Spanish and Italian draughts) has its playable corner on each
//! player's right: its squares are numbered from the top row's first dark square, a8,
//! left to right, so that each row's numbers run the other way from the usual board's.
//! Its bitboard is the usual board's mirror image: square `s` takes the bit of the
//! usual board's square at the other end of its row, and every step is the same shift.

use std::fmt;

/// The bitboards of the widest board (12x12, 77 bits), as a position stores them and
/// as the boards' constants here are computed; each rule set's generator reads them
/// in its own integer (`bits.rs`).
pub(crate) type Wide = u128;

/// The number of playable squares of the largest board (12x12).
pub const SQUARES: usize = 72;

/// A board's shape: its size, and where its squares lie in a bitboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Geometry {
    size: u8,
    turned: bool,
}

impl Geometry {
    /// The 10x10 board: 50 squares, 55 bits.
    pub(crate) const TEN: Geometry = Geometry { size: 10, turned: false };
    /// The 8x8 board: 32 squares, 35 bits.
    pub(crate) const EIGHT: Geometry = Geometry { size: 8, turned: false };
    /// The turned 8x8 board: a8 is square 1, h1 square 32.
    pub(crate) const EIGHT_TURNED: Geometry = Geometry { size: 8, turned: true };
    /// The 12x12 board: 72 squares, 77 bits.
    pub(crate) const TWELVE: Geometry = Geometry { size: 12, turned: false };

    /// Whether the board is turned, its playable corner on each player's right.
    pub(crate) const fn turned(self) -> bool {
        self.turned
    }

    /// The usual board's number of the place whose bit square `square` takes: itself,
    /// or on the turned board the square at the other end of its row.
    const fn unturned(self, square: u8) -> u8 {
        if !self.turned {
            return square;
        }
        let half = self.size / 2;
        let s = square - 1;
        (s / half) * half + (half - 1 - s % half) + 1
    }

    /// Rows, as many as columns.
    pub(crate) const fn size(self) -> u8 {
        self.size
    }

    /// The number of playable squares.
    pub(crate) const fn squares(self) -> usize {
        self.size as usize * self.size as usize / 2
    }

    /// The bit of square number `square` (1 to [`Geometry::squares`]).
    pub(crate) const fn bit_index(self, square: u8) -> usize {
        self.bit_of_place(self.unturned(square))
    }

    /// The bit of the usual board's square `place`.
    const fn bit_of_place(self, place: u8) -> usize {
        let s = place as usize - 1;
        s + s / self.size as usize
    }

    /// Every playable bit.
    pub(crate) const fn playable(self) -> Wide {
        let mut mask = 0;
        let mut square = 1;
        while square as usize <= self.squares() {
            mask |= 1 << self.bit_index(square);
            square += 1;
        }
        mask
    }

    /// The four diagonal directions as bit offsets: up-left, up-right, down-left, down-right.
    pub(crate) const fn directions(self) -> [i32; 4] {
        let half = self.size as i32 / 2;
        [-half - 1, -half, half, half + 1]
    }

    /// The row where `color`'s men are crowned: the top for White, the bottom for Black.
    pub(crate) const fn crowning(self, color: Color) -> Wide {
        let row: Wide = (1 << (self.size / 2)) - 1;
        match color {
            Color::White => row,
            Color::Black => row << self.bit_of_place((self.squares() - self.size as usize / 2 + 1) as u8),
        }
    }

    /// The bit one step from `bit` in `direction`, if it is a playable square.
    pub(crate) const fn neighbour(self, bit: usize, direction: i32) -> Option<usize> {
        let next = bit as i32 + direction;
        let bits = self.bit_of_place(self.squares() as u8) as i32 + 1;
        if next >= 0 && next < bits && self.playable() & (1 << next) != 0 { Some(next as usize) } else { None }
    }

    /// Square `number`'s row, 0 (Black's back row) to `size - 1` (White's).
    pub(crate) const fn row(self, square: Square) -> u8 {
        (square.0 - 1) / (self.size / 2)
    }

    /// Square `number`'s column, 0 (left) to `size - 1` (right) as White sees the board.
    pub(crate) const fn column(self, square: Square) -> u8 {
        let in_row = (square.0 - 1) % (self.size / 2);
        let dark_first = self.row(square).is_multiple_of(2) == self.turned;
        if dark_first { in_row * 2 } else { in_row * 2 + 1 }
    }

    /// The square at `row` and `column`, if that point is a dark (playable) one.
    pub(crate) const fn at(self, row: u8, column: u8) -> Option<Square> {
        // The usual board's dark points have an odd sum; the turned board's, even.
        if row >= self.size || column >= self.size || (row + column).is_multiple_of(2) != self.turned {
            return None;
        }
        Some(Square(row * (self.size / 2) + column / 2 + 1))
    }

    /// The square numbered `number`, if the board has it.
    pub(crate) const fn square(self, number: u8) -> Option<Square> {
        if number >= 1 && number as usize <= self.squares() { Some(Square(number)) } else { None }
    }

    /// The one-bit board of `square`.
    pub(crate) const fn mask(self, square: Square) -> Wide {
        1 << self.bit_index(square.0)
    }

    /// For each direction, the squares beyond each bit up to the edge.
    pub(crate) const fn ray_table(self) -> [[Wide; BIT_TABLE]; 4] {
        let mut table = [[0; BIT_TABLE]; 4];
        let directions = self.directions();
        let mut d = 0;
        while d < 4 {
            let mut bit = 0;
            while bit < BIT_TABLE {
                let mut at = bit;
                while let Some(next) = self.neighbour(at, directions[d]) {
                    table[d][bit] |= 1 << next;
                    at = next;
                }
                bit += 1;
            }
            d += 1;
        }
        table
    }
}

/// A playable square, 1 to 72 (the largest board's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(super) u8);

impl Square {
    /// Square `number`, if it is 1 to 72 (the largest board's, 12x12; a smaller
    /// board's position refuses the squares it does not have).
    #[must_use]
    pub const fn new(number: u8) -> Option<Square> {
        if number >= 1 && number as usize <= SQUARES { Some(Square(number)) } else { None }
    }

    /// The square's number, 1 to 72.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Row 0 (Black's back row, squares 1-5) to 9 (White's, 46-50) on the 10x10
    /// board; a position's [`Layout`](super::Layout) gives the rows of every board.
    #[must_use]
    pub const fn row(self) -> u8 {
        Geometry::TEN.row(self)
    }

    /// Column 0 (left) to 9 (right) as White sees the 10x10 board; a position's
    /// [`Layout`](super::Layout) gives the columns of every board.
    #[must_use]
    pub const fn column(self) -> u8 {
        Geometry::TEN.column(self)
    }

    /// The square at `row` and `column` of the 10x10 board, if that point is a dark
    /// (playable) one.
    #[must_use]
    pub const fn at(row: u8, column: u8) -> Option<Square> {
        Geometry::TEN.at(row, column)
    }

    /// The square numbered `number`, known to be on the board in use.
    #[inline]
    pub(crate) const fn numbered(number: u8) -> Square {
        Square(number)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The entries of the tables indexed by bit: every bit of the widest board's integer.
pub(crate) const BIT_TABLE: usize = Wide::BITS as usize;

pub(super) static SQUARE_OF_BIT_TEN: [u8; BIT_TABLE] = square_table(Geometry::TEN);
pub(super) static SQUARE_OF_BIT_EIGHT: [u8; BIT_TABLE] = square_table(Geometry::EIGHT);
pub(super) static SQUARE_OF_BIT_EIGHT_TURNED: [u8; BIT_TABLE] = square_table(Geometry::EIGHT_TURNED);
pub(super) static SQUARE_OF_BIT_TWELVE: [u8; BIT_TABLE] = square_table(Geometry::TWELVE);

/// The square-of-bit table of `geometry`'s board.
pub(super) const fn square_table_of(geometry: Geometry) -> &'static [u8; BIT_TABLE] {
    if geometry.size == 12 {
        &SQUARE_OF_BIT_TWELVE
    } else if geometry.size == 10 {
        &SQUARE_OF_BIT_TEN
    } else if geometry.turned {
        &SQUARE_OF_BIT_EIGHT_TURNED
    } else {
        &SQUARE_OF_BIT_EIGHT
    }
}

const fn square_table(geometry: Geometry) -> [u8; BIT_TABLE] {
    let mut table = [0u8; BIT_TABLE];
    let mut square = 1;
    while square as usize <= geometry.squares() {
        table[geometry.bit_index(square)] = square;
        square += 1;
    }
    table
}

/// The square of a bit index of `geometry`'s board.
pub(crate) fn square_at_bit(geometry: Geometry, bit: usize) -> Square {
    Square(square_table_of(geometry)[bit])
}

/// The squares of a bitboard of `geometry`'s board, in increasing order: by bit scan,
/// or on the turned board, whose rows run the other way in the bits, by number.
pub(crate) fn squares_of(geometry: Geometry, mut board: Wide) -> impl Iterator<Item = Square> {
    let mut number = 0u8;
    std::iter::from_fn(move || {
        if geometry.turned {
            while (number as usize) < geometry.squares() {
                number += 1;
                if board & (1 << geometry.bit_index(number)) != 0 {
                    return Some(Square(number));
                }
            }
            return None;
        }
        if board == 0 {
            return None;
        }
        let bit = board.trailing_zeros() as usize;
        board &= board - 1;
        Some(square_at_bit(geometry, bit))
    })
}

crate::side::two_colors! {
    /// White plays up the board (towards square 1), Black down; White moves first
    /// except in English draughts.
    Color { White = "white", Black = "black" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_steps_are_shifts_and_edges_fall_on_ghosts() {
        for geometry in [Geometry::TEN, Geometry::EIGHT, Geometry::EIGHT_TURNED, Geometry::TWELVE] {
            assert_eq!(geometry.playable().count_ones() as usize, geometry.squares());
            // The turned board's bits are the usual board's mirror image: a step that
            // is up-left in the bits is up-right on the board.
            let mirror = if geometry.turned() { -1 } else { 1 };
            for square in 1..=geometry.squares() as u8 {
                let s = Square(square);
                let (row, column) = (geometry.row(s) as i8, geometry.column(s) as i8);
                for (direction, (dr, dc)) in geometry.directions().iter().zip([(-1i8, -1i8), (-1, 1), (1, -1), (1, 1)])
                {
                    let expected = geometry.at((row + dr) as u8, (column + mirror * dc) as u8);
                    let got = geometry.neighbour(geometry.bit_index(square), *direction);
                    assert_eq!(got.map(|bit| square_at_bit(geometry, bit)), expected, "{square} {direction}");
                }
            }
        }
    }

    #[test]
    fn squares_know_their_rows_and_columns() {
        assert_eq!((Square(1).row(), Square(1).column()), (0, 1));
        assert_eq!((Square(6).row(), Square(6).column()), (1, 0));
        assert_eq!((Square(50).row(), Square(50).column()), (9, 8));
        for s in 1..=50 {
            let square = Square(s);
            assert_eq!(Square::at(square.row(), square.column()), Some(square));
        }
        let eight = Geometry::EIGHT;
        assert_eq!((eight.row(Square(1)), eight.column(Square(1))), (0, 1));
        assert_eq!((eight.row(Square(29)), eight.column(Square(29))), (7, 0));
        assert_eq!((eight.row(Square(32)), eight.column(Square(32))), (7, 6));
        // The turned board: a8 is 1, g8 4, b1 29 and h1 32 (FID rule 2.4).
        let turned = Geometry::EIGHT_TURNED;
        let place = |n| (turned.row(Square(n)), turned.column(Square(n)));
        assert_eq!((place(1), place(4), place(5), place(29), place(32)), ((0, 0), (0, 6), (1, 1), (7, 1), (7, 7)));
        for n in 1..=32 {
            assert_eq!(turned.at(place(n).0, place(n).1), Some(Square(n)));
        }
        assert_eq!(turned.crowning(Color::White), eight.crowning(Color::White));
        assert_eq!(turned.crowning(Color::Black), eight.crowning(Color::Black));
    }
}
