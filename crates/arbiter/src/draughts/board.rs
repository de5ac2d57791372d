//! Pieces, moves and the position of the draughts family, as bitboards laid out as
//! `geometry.rs` says.

use std::fmt;

use super::bits::{Bits, Wide};
use super::geometry::{BIT_TABLE, Color, Geometry, Square, square_table_of, squares_of};
use super::rules::{RuleBook, Rules};
use super::captures::Captures;
use crate::random::SplitMix64;

/// `f(index, direction)` for each of the rule set's four directions, in order,
/// written out call by call: once inlined, every call shifts by a constant, where a
/// loop over the array may keep the direction in a register and test its sign at
/// every shift.
#[inline(always)]
pub(crate) fn each_direction<R: RuleBook, T>(mut f: impl FnMut(usize, i32) -> T) -> [T; 4] {
    [f(0, R::DIRECTIONS[0]), f(1, R::DIRECTIONS[1]), f(2, R::DIRECTIONS[2]), f(3, R::DIRECTIONS[3])]
}

/// Moves `board` one step in `direction`, dropping bits that leave the board.
#[inline]
pub(crate) fn step<R: RuleBook>(board: R::Bits, direction: i32) -> R::Bits {
    board.shift(direction) & R::playable()
}

/// The square of a bit index, known to be one of rule set `R`'s board: a table, the
/// board's chosen when the generator is compiled.
#[inline(always)]
pub(crate) fn square_of_bit<R: RuleBook>(bit: usize) -> Square {
    Square(square_table_of(R::GEOMETRY)[bit])
}


/// A man or a king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Steps one square diagonally forward, captures forward and backward (forward
    /// only in English draughts), and is crowned on the far row.
    Man,
    /// A king: moves and captures in all four directions, along whole diagonals
    /// (flying) or one square at a time (English draughts).
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
    /// A square number the board does not have (past 32 on 8x8).
    #[error("square {0} is not on the board")]
    OffBoard(Square),
    /// A man stands on the row where it would have been crowned.
    #[error("a {color} man on {square} would have been crowned")]
    Uncrowned {
        /// Whose man.
        color: Color,
        /// Its square.
        square: Square,
    },
    /// More than the pieces a side starts with (20 on 10x10, 12 on 8x8).
    #[error("{color} has {count} pieces, more than a side starts with; it never gains any")]
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
        matches!(self, PlacementError::Occupied(_) | PlacementError::OffBoard(_))
    }
}

/// The longest capture possible: a side has at most 30 pieces (on 12x12), and on
/// 10x10 a piece on the board's edge cannot be jumped, so at most the 30 inner squares
/// hold captured pieces.
pub(crate) const MAX_CAPTURES: usize = 30;

/// A move: a step, a slide, or a capture with the squares it landed on on its way.
///
/// Two captures with the same start, end and captured pieces (and, in Russian
/// draughts, both crowning in passing or neither) leave the same position and are
/// one move (the convention of every published perft, unless routes are asked to be
/// kept apart); `path` holds one route that makes it.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) captured: Wide,
    /// Landing squares before `to`, in order; `path_len` of them are used.
    pub(crate) path: [u8; MAX_CAPTURES - 1],
    pub(crate) path_len: u8,
    /// Another legal move shares `from` and `to`: the text must show the path.
    pub(crate) ambiguous: bool,
    /// A man crowned during the capture, which ends as a king wherever it stops.
    pub(crate) crowned: bool,
    /// The rule set, which says how squares are written.
    pub(crate) rules: Rules,
    /// Captures that take the same pieces in another order are other moves
    /// ([`Captures::Apart`]): the order the pieces are taken in tells them apart.
    pub(crate) apart: bool,
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        (self.from, self.to, self.captured, self.crowned) == (other.from, other.to, other.captured, other.crowned)
            && (!(self.apart || other.apart) || self.captured_in_order().eq(other.captured_in_order()))
    }
}

impl Eq for Move {}

impl Move {
    pub(crate) const fn quiet(rules: Rules, from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            captured: 0,
            path: [0; MAX_CAPTURES - 1],
            path_len: 0,
            ambiguous: false,
            crowned: false,
            rules,
            apart: false,
        }
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
        squares_of(self.rules.geometry(), self.captured)
    }

    /// Whether a man is crowned during the capture and ends it as a king, wherever it
    /// stops (Russian draughts).
    #[must_use]
    pub const fn crowns_in_passing(&self) -> bool {
        self.crowned
    }

    /// The rule set the move was found under.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// Every square the piece lands on, `to` last (for a step, just `to`).
    pub fn landings(&self) -> impl Iterator<Item = Square> + '_ {
        self.path[..self.path_len as usize].iter().map(|&s| Square(s)).chain([self.to])
    }

    /// The captured squares in the order the piece takes them: on each leg of its
    /// route, the one captured piece between where it stood and where it lands (along
    /// a diagonal, or in Frisian draughts a row or column too). Two captures of the
    /// same pieces in other orders differ here, and only here.
    pub fn captured_in_order(&self) -> impl Iterator<Item = Square> + '_ {
        let geometry = self.rules.geometry();
        let mut left = self.captured;
        let mut at = self.from;
        self.landings().filter_map(move |landing| {
            let (row, column) = (geometry.row(at) as i8, geometry.column(at) as i8);
            let (rows, columns) = (geometry.row(landing) as i8 - row, geometry.column(landing) as i8 - column);
            at = landing;
            // The points strictly between, a step at a time along the leg's line (a
            // bounded walk: it never runs past the landing square).
            (1..rows.abs().max(columns.abs())).find_map(|k| {
                let square = geometry.at((row + k * rows.signum()) as u8, (column + k * columns.signum()) as u8)?;
                let taken = left & geometry.mask(square) != 0;
                left &= !geometry.mask(square);
                taken.then_some(square)
            })
        })
    }
}

impl fmt::Display for Move {
    /// `32-28` for a step, `28x19` for a capture, `28x37x19` (every landing square)
    /// when another legal capture goes from the same square to the same square; in the
    /// rule sets written algebraically, `c3-d4`, `c3:e5` and `c3:e5:c7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let layout = super::layout::Layout::of(self.rules);
        let name = |square: Square| layout.name(square);
        if !self.is_capture() {
            return write!(f, "{}-{}", name(self.from), name(self.to));
        }
        let separator = if self.rules.algebraic() { ':' } else { 'x' };
        write!(f, "{}", name(self.from))?;
        if self.ambiguous {
            for &landing in &self.path[..self.path_len as usize] {
                write!(f, "{separator}{}", name(Square(landing)))?;
            }
        }
        write!(f, "{separator}{}", name(self.to))
    }
}

/// Zobrist keys from a fixed-seed SplitMix64: 4 piece kinds on every bit of the
/// widest board, and the side.
const fn zobrist_keys() -> [[u64; BIT_TABLE]; 5] {
    let mut random = SplitMix64::new(0x6d2b_79f5_1f12_3bb5);
    let mut keys = [[0u64; BIT_TABLE]; 5];
    let mut k = 0;
    while k < 5 {
        let mut b = 0;
        while b < BIT_TABLE {
            keys[k][b] = random.next();
            b += 1;
        }
        k += 1;
    }
    keys
}

pub(super) static ZOBRIST: [[u64; BIT_TABLE]; 5] = zobrist_keys();

/// A position: the pieces and the side to move. The draw rules, which count moves
/// and look for repetitions, are the game's history's (see `rules.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Bitboards of the widest board ([`Wide`]); the generators read them narrowed to
    /// their rule set's integer ([`Position::bitboards`]).
    pub(crate) white: Wide,
    pub(crate) black: Wide,
    pub(crate) kings: Wide,
    pub(crate) side: Color,
    pub(crate) rules: Rules,
    /// How captures that differ only in their order are counted: a setting of the
    /// game, not of the board (FEN does not write it).
    pub(crate) captures: Captures,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Position {
    /// The rule set this position is played under.
    pub(crate) const fn geometry(&self) -> Geometry {
        self.rules.geometry()
    }

    /// The one-bit board of `square` on this position's board.
    pub(crate) const fn mask_of(&self, square: Square) -> Wide {
        self.geometry().mask(square)
    }

    /// The row where `color`'s men are crowned on this position's board.
    pub(crate) const fn crowning(&self, color: Color) -> Wide {
        self.geometry().crowning(color)
    }

    /// Every fault of a position put together by [`Position::place`]: men on their
    /// crowning rows, then too many pieces of a colour.
    pub(crate) fn faults(&self) -> Vec<PlacementError> {
        let mut faults: Vec<_> = self
            .pieces()
            .filter(|(square, piece)| {
                piece.kind == Kind::Man && self.mask_of(*square) & self.crowning(piece.color) != 0
            })
            .map(|(square, piece)| PlacementError::Uncrowned { color: piece.color, square })
            .collect();
        let most = self.rules.pieces_a_side();
        for color in Color::BOTH {
            let count = self.own(color).count_ones() as usize;
            if count > most {
                faults.push(PlacementError::TooMany { color, count });
            }
        }
        faults
    }

    /// Puts pieces on an empty board of `rules`, refusing only two on one square and
    /// squares off the board: for puzzles (the contest judge's boards) that no game
    /// could reach.
    pub(crate) fn place(
        rules: Rules,
        pieces: impl IntoIterator<Item = (Square, Piece)>,
        side: Color,
    ) -> Result<Position, PlacementError> {
        let mut position = Position { white: 0, black: 0, kings: 0, side, rules, captures: Captures::Merged };
        for (square, piece) in pieces {
            if position.geometry().square(square.number()).is_none() {
                return Err(PlacementError::OffBoard(square));
            }
            let mask = position.mask_of(square);
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
    pub(crate) const fn own(&self, color: Color) -> Wide {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The pieces and the side to move in rule set `R`'s integer; `R` must be the
    /// position's rule set.
    #[inline(always)]
    pub(crate) fn bitboards<R: RuleBook>(&self) -> Bitboards<R::Bits> {
        Bitboards {
            white: R::Bits::narrow(self.white),
            black: R::Bits::narrow(self.black),
            kings: R::Bits::narrow(self.kings),
            side: self.side,
        }
    }

    /// The position with the pieces and side to move of `boards`.
    pub(crate) fn with_bitboards<B: Bits>(self, boards: Bitboards<B>) -> Position {
        Position { white: boards.white.widen(), black: boards.black.widen(), kings: boards.kings.widen(), side: boards.side, ..self }
    }

    /// Plays the move given by its start, end and captured pieces, which must be legal.
    pub(crate) fn apply(&mut self, from: Square, to: Square, captured: Wide, crowned: bool) {
        *self = super::rules::with_rules!(self.rules, R => self.after::<R>(from, to, captured, crowned));
    }

    /// The position after the move given by its start, end and captured pieces, under
    /// rule set `R`, which must be the position's.
    fn after<R: RuleBook>(&self, from: Square, to: Square, captured: Wide, crowned: bool) -> Position {
        let mut boards = self.bitboards::<R>();
        let mask = |square| Bitboards::<R::Bits>::mask_in::<R>(square);
        boards.apply_masks::<R>(mask(from), mask(to), R::Bits::narrow(captured), crowned);
        self.with_bitboards(boards)
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

/// A position's pieces and side to move in one rule set's integer (`u64` up to 10x10):
/// what the generators read, and perft's walk plays on, so that a smaller board's
/// generator never touches a wider integer than its own.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bitboards<B> {
    pub(crate) white: B,
    pub(crate) black: B,
    pub(crate) kings: B,
    pub(crate) side: Color,
}

impl<B: Bits> Bitboards<B> {
    #[inline(always)]
    pub(crate) fn own(&self, color: Color) -> B {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The empty squares, under rule set `R`, which must be the position's.
    #[inline(always)]
    pub(crate) fn empty_in<R: RuleBook<Bits = B>>(&self) -> B {
        R::playable() & !(self.white | self.black)
    }

    /// The one-bit board of `square` under rule set `R`.
    #[inline(always)]
    pub(crate) fn mask_in<R: RuleBook<Bits = B>>(square: Square) -> B {
        B::bit(R::GEOMETRY.bit_index(square.number()))
    }

    /// Plays the move given by its start and end as one-bit boards, and the captured
    /// pieces, under rule set `R`, which must be the position's.
    #[inline(always)]
    pub(crate) fn apply_masks<R: RuleBook<Bits = B>>(&mut self, from_mask: B, to_mask: B, captured: B, crowned: bool) {
        let was_king = self.kings & from_mask != B::ZERO;
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
        if was_king || to_mask & R::promotion_row(self.side) != B::ZERO || (R::CROWN_IN_PASSING && crowned) {
            self.kings |= to_mask;
        }
        self.side = self.side.opponent();
    }

}
