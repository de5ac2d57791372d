//! Points, stones and the board of any size, with the lines through a point.
//!
//! A point's row is counted from the bottom (row 0 is the bottom row), as in the
//! `h8` notation: column letter, then row number from the bottom.

use std::fmt;

use crate::notation::{ColumnLetters, parse_letters_and_number};

/// The largest board side arbiter accepts: columns up to `ame` in letters.
pub const MAX_SIDE: u16 = 1024;

/// A point of the board: column from the left, row from the bottom, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// 0 for the leftmost column (letter `a`), counting right.
    pub column: u16,
    /// 0 for the bottom row (row number 1 in `h8` notation), counting up.
    pub row: u16,
}

impl Point {
    /// Reads `h8`: column letters (`a`-`z`, then `aa`, `ab`, ...) and a row number from
    /// 1 at the bottom. Also `8,8`: row number, then column number, both from 1.
    pub fn parse(text: &str) -> Option<Point> {
        if let Some((row, column)) = text.split_once(',') {
            let row: u16 = row.trim().parse().ok()?;
            let column: u16 = column.trim().parse().ok()?;
            return Some(Point { column: column.checked_sub(1)?, row: row.checked_sub(1)? });
        }
        let (column, row) = parse_letters_and_number(text)?;
        Some(Point { column: u16::try_from(column).ok()?, row: u16::try_from(row - 1).ok()? })
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", ColumnLetters(u32::from(self.column)), self.row + 1)
    }
}

/// A move: a stone, or one of an opening rule's moves (see [`super::OpeningRule`]).
/// Each is written as one word, which `parse_move` reads back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone of the colour to place next, on the point: `h8`.
    Stone(Point),
    /// The players exchange colours (the stones keep theirs): `swap`.
    Swap,
    /// Swap2's third choice: the second player places the 4th and 5th stones and the
    /// first chooses the colour: `+2`.
    TwoMore,
    /// How many fifth moves Black will offer: `declare:4`.
    Declare(u8),
    /// A fifth move Black offers White: `offer:j9`.
    Offer(Point),
    /// White's choice of the offer that becomes the 5th stone: `choose:j9`.
    Choose(Point),
}

impl Move {
    /// The point the move names, if it names one.
    #[must_use]
    pub const fn point(self) -> Option<Point> {
        match self {
            Move::Stone(point) | Move::Offer(point) | Move::Choose(point) => Some(point),
            Move::Swap | Move::TwoMore | Move::Declare(_) => None,
        }
    }
}

impl From<Point> for Move {
    fn from(point: Point) -> Move {
        Move::Stone(point)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Stone(point) => write!(f, "{point}"),
            Move::Swap => f.write_str("swap"),
            Move::TwoMore => f.write_str("+2"),
            Move::Declare(count) => write!(f, "declare:{count}"),
            Move::Offer(point) => write!(f, "offer:{point}"),
            Move::Choose(point) => write!(f, "choose:{point}"),
        }
    }
}

crate::side::two_colors! {
    /// Black plays first.
    Stone { Black = "black", White = "white" }
}

impl Stone {
    pub(crate) const fn code(self) -> u8 {
        match self {
            Stone::Black => BLACK,
            Stone::White => WHITE,
        }
    }
}

pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
/// Off the board, in a line read around a point.
pub(crate) const WALL: u8 = 3;

/// The four line directions as (column step, row step).
pub(crate) const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Why a stone cannot be placed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    /// The point lies outside the board.
    #[error("{point} is off the {columns}x{rows} board", columns = .size.0, rows = .size.1)]
    OffBoard {
        /// The point asked for.
        point: Point,
        /// The board's size as (columns, rows).
        size: (u16, u16),
    },
    /// A stone already stands on the point.
    #[error("{0} is already occupied")]
    Occupied(Point),
    /// Black to move and the point is forbidden under Renju rules (never under others).
    #[error("{0} is forbidden to Black")]
    Forbidden(Point),
    /// The game already has its outcome: no stone may follow.
    #[error("the game is over")]
    GameOver,
    /// The opening rule's step asks for something else here, or for the stone
    /// elsewhere; the reason is a [`super::Illegal`].
    #[error("{0}")]
    Opening(crate::refusal::Illegal),
}

/// A board of `columns` x `rows` points with one byte per point.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    columns: u16,
    rows: u16,
    cells: Vec<u8>,
    stones: u32,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_text())
    }
}

/// Why a board size or board text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A side of the board is 0 or more than [`MAX_SIDE`] points.
    #[error("a board is 1 to {MAX_SIDE} points on a side, not {columns}x{rows}")]
    Size {
        /// The columns asked for.
        columns: u32,
        /// The rows asked for.
        rows: u32,
    },
    /// A row of board text is not as long as the first row.
    #[error("board text row {row} (from the top) has {found} points, expected {expected}")]
    RowLength {
        /// The row of the text, 1 for the first (top) one.
        row: usize,
        /// The points in that row.
        found: usize,
        /// The points in the first row, which every row must have.
        expected: usize,
    },
    /// Board text holds a character other than `x`, `o` (either case) or `.`.
    #[error("board text row {row} (from the top) has {found:?}: expected x, o or .")]
    Character {
        /// The row of the text, 1 for the first (top) one.
        row: usize,
        /// The first character refused.
        found: char,
    },
    /// The stone counts of board text cannot come from a game: Black must have as many
    /// stones as White or one more.
    #[error(
        "the board has {black} black and {white} white stones: Black plays first, so it has as many as White or one more"
    )]
    Counts {
        /// Black stones on the board.
        black: u32,
        /// White stones on the board.
        white: u32,
    },
}

impl Board {
    /// An empty board of `columns` x `rows`.
    pub fn new(columns: u32, rows: u32) -> Result<Board, BoardError> {
        let fits = |n: u32| (1..=u32::from(MAX_SIDE)).contains(&n);
        if !fits(columns) || !fits(rows) {
            return Err(BoardError::Size { columns, rows });
        }
        Ok(Board {
            columns: columns as u16,
            rows: rows as u16,
            cells: vec![EMPTY; (columns * rows) as usize],
            stones: 0,
        })
    }

    /// The board's width in points, 1 to [`MAX_SIDE`].
    #[must_use]
    pub const fn columns(&self) -> u16 {
        self.columns
    }

    /// The board's height in points, 1 to [`MAX_SIDE`].
    #[must_use]
    pub const fn rows(&self) -> u16 {
        self.rows
    }

    /// Stones on the board.
    #[must_use]
    pub const fn stones(&self) -> u32 {
        self.stones
    }

    /// Whether every point holds a stone (a draw, unless the last stone won).
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.stones as usize == self.cells.len()
    }

    /// Whether `point` lies on the board, whatever stands on it.
    #[must_use]
    pub const fn contains(&self, point: Point) -> bool {
        point.column < self.columns && point.row < self.rows
    }

    #[inline]
    fn index(&self, point: Point) -> usize {
        point.row as usize * self.columns as usize + point.column as usize
    }

    /// The stone on `point`, if any (`None` off the board too).
    #[must_use]
    pub fn stone_at(&self, point: Point) -> Option<Stone> {
        if !self.contains(point) {
            return None;
        }
        match self.cells[self.index(point)] {
            BLACK => Some(Stone::Black),
            WHITE => Some(Stone::White),
            _ => None,
        }
    }

    /// The codes of the points `at + k * step`, `k` from `-(N / 2)` to `N / 2`, the
    /// point `at` (on the board) in the middle, `WALL` off the board: a line as
    /// Renju's pattern tests read it, without a bounds test a point.
    pub(crate) fn codes_along<const N: usize>(&self, (column, row): (i32, i32), (dc, dr): (i32, i32)) -> [u8; N] {
        let reach = (N / 2) as i32;
        // The steps `k` that stay on the board along one axis, moving by `step` from `x`.
        let on_board = |x: i32, step: i32, size: u16| match step {
            1 => (-x, i32::from(size) - 1 - x),
            -1 => (x + 1 - i32::from(size), x),
            _ => (-reach, reach),
        };
        let (c_low, c_high) = on_board(column, dc, self.columns);
        let (r_low, r_high) = on_board(row, dr, self.rows);
        let (low, high) = (c_low.max(r_low).max(-reach), c_high.min(r_high).min(reach));
        let mut line = [WALL; N];
        if low > high {
            return line;
        }
        let columns = i32::from(self.columns);
        let stride = dr * columns + dc;
        let mut index = (row + low * dr) * columns + column + low * dc;
        for code in &mut line[(low + reach) as usize..=(high + reach) as usize] {
            *code = self.cells[index as usize];
            index += stride;
        }
        line
    }

    /// The cell code at (column, row), `WALL` off the board.
    #[inline]
    pub(crate) fn code_at(&self, column: i32, row: i32) -> u8 {
        if column < 0 || row < 0 || column >= i32::from(self.columns) || row >= i32::from(self.rows) {
            WALL
        } else {
            self.cells[row as usize * self.columns as usize + column as usize]
        }
    }

    /// Places `stone` on `point`, which must be empty and on the board.
    pub fn place(&mut self, point: Point, stone: Stone) -> Result<(), PlaceError> {
        if !self.contains(point) {
            return Err(PlaceError::OffBoard { point, size: (self.columns, self.rows) });
        }
        let index = self.index(point);
        if self.cells[index] != EMPTY {
            return Err(PlaceError::Occupied(point));
        }
        self.cells[index] = stone.code();
        self.stones += 1;
        Ok(())
    }

    /// The length of the unbroken line of `point`'s stone through `point` in
    /// direction `(dc, dr)`, and whether each end is blocked by an opponent stone.
    /// Reads only that line: constant work for any board size.
    #[inline]
    pub(crate) fn line_through(&self, point: Point, (dc, dr): (i32, i32)) -> (u32, bool, bool) {
        let (c, r) = (i32::from(point.column), i32::from(point.row));
        let own = self.code_at(c, r);
        let opponent = if own == BLACK { WHITE } else { BLACK };
        let mut length = 1;
        let mut ends = [false; 2];
        for (end, sign) in ends.iter_mut().zip([1, -1]) {
            let mut k = 1;
            loop {
                let code = self.code_at(c + sign * k * dc, r + sign * k * dr);
                if code != own {
                    *end = code == opponent;
                    break;
                }
                length += 1;
                k += 1;
            }
        }
        (length, ends[0], ends[1])
    }

    /// Every empty point, by column then row.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        // One cursor over the points rather than nested iterators: listing the legal
        // moves walks every point each ply, and `flat_map`'s bookkeeping cost more than
        // the test of each point.
        let (mut column, mut row) = (0, 0);
        std::iter::from_fn(move || {
            while column < self.columns {
                let point = Point { column, row };
                row += 1;
                if row == self.rows {
                    row = 0;
                    column += 1;
                }
                if self.cells[self.index(point)] == EMPTY {
                    return Some(point);
                }
            }
            None
        })
    }

    /// Reads a board written as rows from the top, joined by `/`: `x` Black, `o` White,
    /// `.` empty. Returns the board and the side to move (Black when counts are equal).
    pub fn from_text(text: &str) -> Result<(Board, Stone), BoardError> {
        let lines: Vec<&str> = text.trim().split('/').collect();
        let columns = lines[0].chars().count();
        let mut board = Board::new(columns as u32, lines.len() as u32)?;
        let (mut black, mut white) = (0, 0);
        for (top_index, line) in lines.iter().enumerate() {
            let found = line.chars().count();
            if found != columns {
                return Err(BoardError::RowLength { row: top_index + 1, found, expected: columns });
            }
            let row = (lines.len() - 1 - top_index) as u16;
            for (column, ch) in line.chars().enumerate() {
                let point = Point { column: column as u16, row };
                match ch {
                    'x' | 'X' => {
                        board.place(point, Stone::Black).expect("fresh point");
                        black += 1;
                    }
                    'o' | 'O' => {
                        board.place(point, Stone::White).expect("fresh point");
                        white += 1;
                    }
                    '.' => {}
                    other => {
                        return Err(BoardError::Character { row: top_index + 1, found: other });
                    }
                }
            }
        }
        match black - white {
            0 => Ok((board, Stone::Black)),
            1 => Ok((board, Stone::White)),
            _ => Err(BoardError::Counts { black: black as u32, white: white as u32 }),
        }
    }

    /// The board as rows from the top joined by `/`.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.cells.len() + self.rows as usize);
        for row in (0..self.rows).rev() {
            for column in 0..self.columns {
                out.push(match self.cells[self.index(Point { column, row })] {
                    BLACK => 'x',
                    WHITE => 'o',
                    _ => '.',
                });
            }
            if row > 0 {
                out.push('/');
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_and_write_letters_past_z() {
        for (text, column, row) in [
            ("a1", 0, 0),
            ("h8", 7, 7),
            ("o15", 14, 14),
            ("z3", 25, 2),
            ("aa1", 26, 0),
            ("az2", 51, 1),
            ("ba64", 52, 63),
        ] {
            let point = Point { column, row };
            assert_eq!(Point::parse(text), Some(point), "{text}");
            assert_eq!(point.to_string(), text);
        }
        assert_eq!(Point::parse("8,8"), Some(Point { column: 7, row: 7 }));
        for bad in ["", "h", "8", "h0", "h08", "H8", "h8x", "0,1", "a-1", "abcde1"] {
            assert_eq!(Point::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn board_text_round_trips_and_gives_the_side_to_move() {
        let (board, side) = Board::from_text("x../.o./..x").unwrap();
        assert_eq!(side, Stone::White);
        assert_eq!(board.to_text(), "x../.o./..x");
        assert_eq!(board.stone_at(Point { column: 0, row: 2 }), Some(Stone::Black));
        assert!(matches!(Board::from_text("xx./..."), Err(BoardError::Counts { .. })));
        assert!(matches!(Board::from_text("x../.."), Err(BoardError::RowLength { row: 2, .. })));
        assert!(matches!(Board::from_text("x?./..."), Err(BoardError::Character { row: 1, found: '?' })));
    }

    #[test]
    fn lines_stop_at_the_edge_and_at_other_stones() {
        let (board, _) = Board::from_text("xxxxo/oo.../o..../...../.....").unwrap();
        assert_eq!(board.line_through(Point { column: 0, row: 4 }, (1, 0)), (4, true, false));
        assert_eq!(board.line_through(Point { column: 0, row: 4 }, (0, 1)), (1, false, true));
    }
}
