//! Squares, pieces, moves and the position of international draughts, as bitboards.
//!
//! The 50 playable squares are numbered 1-50 as in PDN: square 1 is at the top right
//! of Black's side, White starts on 31-50 and moves up, towards square 1. Bit `i` of a
//! bitboard stands for square `s` with `i = (s - 1) + (s - 1) / 10`: after every two
//! rows one unused "ghost" bit is left out (bits 10, 21, 32 and 43). With that gap a
//! diagonal step is always the same shift (-6 up-left, -5 up-right, +5 down-left, +6
//! down-right), and a step off the left or right edge lands on a ghost bit, which no
//! piece ever occupies.

use std::fmt;

use crate::random::SplitMix64;

/// The number of playable squares.
pub const SQUARES: usize = 50;
/// Bits in the layout, ghosts included.
pub(crate) const BITS: usize = 55;

pub(crate) const fn bit_index(square: u8) -> usize {
    let s = square as usize - 1;
    s + s / 10
}

const fn playable_mask() -> u64 {
    let mut mask = 0;
    let mut square = 1;
    while square <= SQUARES as u8 {
        mask |= 1u64 << bit_index(square);
        square += 1;
    }
    mask
}

/// Every playable bit.
pub(crate) const PLAYABLE: u64 = playable_mask();

/// The four diagonal directions as bit offsets: up-left, up-right, down-left, down-right.
pub(crate) const DIRECTIONS: [i32; 4] = [-6, -5, 5, 6];

/// `f(index, direction)` for each of [`DIRECTIONS`], in order, written out call by
/// call: once inlined, every call shifts by a constant, where a loop over the array
/// may keep the direction in a register and test its sign at every shift.
#[inline(always)]
pub(crate) fn each_direction<T>(mut f: impl FnMut(usize, i32) -> T) -> [T; 4] {
    [f(0, DIRECTIONS[0]), f(1, DIRECTIONS[1]), f(2, DIRECTIONS[2]), f(3, DIRECTIONS[3])]
}

/// Moves `board` one step in `direction`, dropping bits that leave the board.
#[inline]
pub(crate) const fn step(board: u64, direction: i32) -> u64 {
    (if direction > 0 { board << direction } else { board >> -direction }) & PLAYABLE
}

/// The bit one step from `bit` in `direction`, if it is a playable square.
#[inline]
pub(crate) const fn neighbour(bit: usize, direction: i32) -> Option<usize> {
    let next = bit as i32 + direction;
    if next >= 0 && next < BITS as i32 && PLAYABLE & (1u64 << next) != 0 { Some(next as usize) } else { None }
}

const fn square_of_bits() -> [u8; 64] {
    let mut table = [0u8; 64];
    let mut square = 1;
    while square <= SQUARES as u8 {
        table[bit_index(square)] = square;
        square += 1;
    }
    table
}

static SQUARE_OF_BIT: [u8; 64] = square_of_bits();

/// A playable square, 1 to 50.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Square `number`, if it is 1 to 50.
    #[must_use]
    pub const fn new(number: u8) -> Option<Square> {
        if number >= 1 && number as usize <= SQUARES { Some(Square(number)) } else { None }
    }

    /// The square's number, 1 to 50.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Row 0 (Black's back row, squares 1-5) to 9 (White's, 46-50).
    #[must_use]
    pub const fn row(self) -> u8 {
        (self.0 - 1) / 5
    }

    /// Column 0 (left) to 9 (right) as White sees the board.
    #[must_use]
    pub const fn column(self) -> u8 {
        let in_row = (self.0 - 1) % 5;
        if self.row().is_multiple_of(2) { in_row * 2 + 1 } else { in_row * 2 }
    }

    /// The square at `row` and `column`, if that point is a dark (playable) one.
    #[must_use]
    pub const fn at(row: u8, column: u8) -> Option<Square> {
        if row >= 10 || column >= 10 || (row + column).is_multiple_of(2) {
            return None;
        }
        Some(Square(row * 5 + column / 2 + 1))
    }

    #[inline]
    pub(crate) const fn bit(self) -> usize {
        bit_index(self.0)
    }

    #[inline]
    pub(crate) const fn mask(self) -> u64 {
        1u64 << self.bit()
    }

    /// The square numbered `number`, known to be 1 to 50.
    #[inline]
    pub(crate) const fn numbered(number: u8) -> Square {
        Square(number)
    }

    /// The square of a bit index, known to be one of the board's.
    #[inline]
    pub(crate) const fn from_bit(bit: usize) -> Square {
        Square(SQUARE_OF_BIT[bit])
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The squares of a bitboard, in increasing order.
pub(crate) fn squares_of(mut board: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if board == 0 {
            return None;
        }
        let bit = board.trailing_zeros() as usize;
        board &= board - 1;
        Some(Square::from_bit(bit))
    })
}

crate::side::two_colors! {
    /// White moves first.
    Color { White = "white", Black = "black" }
}

impl Color {
    /// The row where this colour's men are crowned: 0 for White, 9 for Black.
    pub(crate) const fn promotion_row(self) -> u64 {
        match self {
            Color::White => 0b11111,
            Color::Black => 0b11111 << bit_index(46),
        }
    }

    /// `men` moved one step in each of the two directions of [`Color::forward`], by
    /// constant shifts.
    #[inline(always)]
    pub(crate) const fn step_forward(self, men: u64) -> [u64; 2] {
        match self {
            Color::White => [step(men, -6), step(men, -5)],
            Color::Black => [step(men, 5), step(men, 6)],
        }
    }

    /// The two directions this colour's men move in.
    pub(crate) const fn forward(self) -> [i32; 2] {
        match self {
            Color::White => [-6, -5],
            Color::Black => [5, 6],
        }
    }
}

/// A man or a king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Steps one square diagonally forward, captures forward and backward, and is
    /// crowned when a move ends on the far row.
    Man,
    /// A flying king: moves and captures along whole diagonals, in all four directions.
    King,
}

/// What stands on an occupied square: whose piece and whether it is crowned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side it belongs to.
    pub color: Color,
    /// Man or king.
    pub kind: Kind,
}

/// The pieces each side starts with, and the most it can ever have.
pub const PIECES_A_SIDE: usize = 20;

/// A fault of a set of pieces: what no game can bring about. See [`Setup`](super::Setup)
/// for which a caller may accept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlacementError {
    /// Two pieces are given on one square.
    #[error("two pieces on square {0}")]
    Occupied(Square),
    /// A man stands on the row where it would have been crowned.
    #[error("a {color} man on {square} would have been crowned")]
    Uncrowned {
        /// Whose man.
        color: Color,
        /// Its square.
        square: Square,
    },
    /// More than the 20 pieces a side starts with.
    #[error("{color} has {count} pieces; a side starts with 20 and never gains any")]
    TooMany {
        /// Whose pieces.
        color: Color,
        /// How many are given.
        count: usize,
    },
}

impl PlacementError {
    /// Whether no position can hold this fault at all (two pieces on a square), so
    /// that no caller may accept it.
    #[must_use]
    pub const fn is_fatal(&self) -> bool {
        matches!(self, PlacementError::Occupied(_))
    }
}

/// The longest capture possible: a piece on the board's edge cannot be jumped, so at
/// most the 30 inner squares hold captured pieces.
pub(crate) const MAX_CAPTURES: usize = 30;

/// A move: a step, a slide, or a capture with the squares it landed on on its way.
///
/// Two captures with the same start, end and captured pieces are one move (the
/// convention of every published perft); `path` holds one route that makes it.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) captured: u64,
    /// Landing squares before `to`, in order; `path_len` of them are used.
    pub(crate) path: [u8; MAX_CAPTURES - 1],
    pub(crate) path_len: u8,
    /// Another legal move shares `from` and `to`: the text must show the path.
    pub(crate) ambiguous: bool,
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        (self.from, self.to, self.captured) == (other.from, other.to, other.captured)
    }
}

impl Eq for Move {}

impl Move {
    pub(crate) const fn quiet(from: Square, to: Square) -> Move {
        Move { from, to, captured: 0, path: [0; MAX_CAPTURES - 1], path_len: 0, ambiguous: false }
    }

    /// The square the moving piece starts from.
    #[must_use]
    pub const fn from(&self) -> Square {
        self.from
    }

    /// The square the moving piece ends on (after a capture, its last landing square).
    #[must_use]
    pub const fn to(&self) -> Square {
        self.to
    }

    /// Whether the move captures.
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The captured squares, in increasing order.
    pub fn captured(&self) -> impl Iterator<Item = Square> {
        squares_of(self.captured)
    }

    /// Every square the piece lands on, `to` last (for a step, just `to`).
    pub fn landings(&self) -> impl Iterator<Item = Square> + '_ {
        self.path[..self.path_len as usize].iter().map(|&s| Square(s)).chain([self.to])
    }
}

impl fmt::Display for Move {
    /// `32-28` for a step, `28x19` for a capture, `28x37x19` (every landing square)
    /// when another legal capture goes from the same square to the same square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.is_capture() {
            return write!(f, "{}-{}", self.from, self.to);
        }
        write!(f, "{}", self.from)?;
        if self.ambiguous {
            for landing in &self.path[..self.path_len as usize] {
                write!(f, "x{landing}")?;
            }
        }
        write!(f, "x{}", self.to)
    }
}

/// Zobrist keys from a fixed-seed SplitMix64: 4 piece kinds on 64 bits, and the side.
const fn zobrist_keys() -> [[u64; 64]; 5] {
    let mut random = SplitMix64::new(0x6d2b_79f5_1f12_3bb5);
    let mut keys = [[0u64; 64]; 5];
    let mut k = 0;
    while k < 5 {
        let mut b = 0;
        while b < 64 {
            keys[k][b] = random.next();
            b += 1;
        }
        k += 1;
    }
    keys
}

pub(super) static ZOBRIST: [[u64; 64]; 5] = zobrist_keys();

/// A position: the pieces and the side to move. The draw rules, which count moves
/// and look for repetitions, are the game's history's (see `rules.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) white: u64,
    pub(crate) black: u64,
    pub(crate) kings: u64,
    pub(crate) side: Color,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Position {

    /// Every fault of a position put together by [`Position::place`]: men on their
    /// crowning rows, then too many pieces of a colour.
    pub(crate) fn faults(&self) -> Vec<PlacementError> {
        let mut faults: Vec<_> = self
            .pieces()
            .filter(|(square, piece)| piece.kind == Kind::Man && square.mask() & piece.color.promotion_row() != 0)
            .map(|(square, piece)| PlacementError::Uncrowned { color: piece.color, square })
            .collect();
        for color in Color::BOTH {
            let count = self.own(color).count_ones() as usize;
            if count > PIECES_A_SIDE {
                faults.push(PlacementError::TooMany { color, count });
            }
        }
        faults
    }

    /// Puts pieces on an empty board, refusing only two on one square: for puzzles
    /// (the contest judge's boards) that no game could reach.
    pub(crate) fn place(
        pieces: impl IntoIterator<Item = (Square, Piece)>,
        side: Color,
    ) -> Result<Position, PlacementError> {
        let mut position = Position { white: 0, black: 0, kings: 0, side };
        for (square, piece) in pieces {
            let mask = square.mask();
            if (position.white | position.black) & mask != 0 {
                return Err(PlacementError::Occupied(square));
            }
            match piece.color {
                Color::White => position.white |= mask,
                Color::Black => position.black |= mask,
            }
            if piece.kind == Kind::King {
                position.kings |= mask;
            }
        }
        Ok(position)
    }

    #[inline]
    pub(crate) const fn own(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    #[inline]
    pub(crate) const fn empty(&self) -> u64 {
        PLAYABLE & !(self.white | self.black)
    }

    /// Plays the move given by its start, end and captured pieces, which must be legal.
    pub(crate) fn apply(&mut self, from: Square, to: Square, captured: u64) {
        self.apply_masks(from.mask(), to.mask(), captured);
    }

    /// [`Position::apply`] with the start and end as one-bit boards.
    #[inline]
    pub(crate) fn apply_masks(&mut self, from_mask: u64, to_mask: u64, captured: u64) {
        let was_king = self.kings & from_mask != 0;
        // A capture may end where it started, so clear `from` before setting `to`.
        match self.side {
            Color::White => {
                self.white = (self.white & !from_mask) | to_mask;
                self.black &= !captured;
            }
            Color::Black => {
                self.black = (self.black & !from_mask) | to_mask;
                self.white &= !captured;
            }
        }
        self.kings &= !(captured | from_mask);
        if was_king || to_mask & self.side.promotion_row() != 0 {
            self.kings |= to_mask;
        }
        self.side = self.side.opponent();
    }

    /// Men and kings of each side: what the endgame counts depend on.
    pub(crate) fn material(&self) -> [u32; 4] {
        [
            (self.white & !self.kings).count_ones(),
            (self.white & self.kings).count_ones(),
            (self.black & !self.kings).count_ones(),
            (self.black & self.kings).count_ones(),
        ]
    }

}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_steps_are_shifts_and_edges_fall_on_ghosts() {
        assert_eq!(PLAYABLE.count_ones(), 50);
        for square in 1..=50u8 {
            let s = Square(square);
            for (direction, (dr, dc)) in DIRECTIONS.iter().zip([(-1i8, -1i8), (-1, 1), (1, -1), (1, 1)]) {
                let expected = Square::at((s.row() as i8 + dr) as u8, (s.column() as i8 + dc) as u8);
                let got = neighbour(s.bit(), *direction).map(Square::from_bit);
                assert_eq!(got, expected, "square {square} direction {direction}");
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
    }
}
