//! Points, pieces, moves and the position: what stands where, whose turn it is, and
//! making and unmaking moves with an incrementally kept Zobrist hash.

use std::fmt;

use super::tables::{FILES, POINTS, RANKS};
use crate::game::{MoveError, SyntaxError};
use crate::random::SplitMix64;

/// A point of the board, `a0` (Red's left corner) to `i9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The point on `file` (0 = a) and `rank` (0 = Red's back rank), if on the board.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if (file as usize) < FILES && (rank as usize) < RANKS { Some(Square(rank * FILES as u8 + file)) } else { None }
    }

    /// The point with this index (`rank * 9 + file`), if on the board.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < POINTS { Some(Square(index as u8)) } else { None }
    }

    /// The point with an index known to be on the board (tables, bit scans).
    #[inline]
    pub(crate) const fn at(point: usize) -> Square {
        debug_assert!(point < POINTS);
        Square(point as u8)
    }

    /// `rank * 9 + file`, 0..90.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 (file a) to 8 (file i).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % FILES as u8
    }

    /// 0 (Red's back rank) to 9 (Black's back rank).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / FILES as u8
    }

    /// Reads `e0`-style text: a file letter `a`-`i` and a rank digit `0`-`9`.
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            &[f @ b'a'..=b'i', r @ b'0'..=b'9'] => Square::new(f - b'a', r - b'0'),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

crate::side::two_colors! {
    /// Red moves first; Black second.
    Color { Red = "red", Black = "black" }
}

/// The seven kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The king (FEN `k`): one step along a line, inside its palace; the two generals may
    /// not face each other on an open file. A side with no move that keeps it safe has lost.
    General,
    /// FEN `a`: one step diagonally, inside its palace.
    Advisor,
    /// FEN `b` (`e` also read): two steps diagonally, unless the point between is taken;
    /// never across the river.
    Elephant,
    /// FEN `n` (`h` also read): one step along a line then one diagonally outward,
    /// unless the point next to it along the line is taken.
    Horse,
    /// The rook (FEN `r`): any distance along a line.
    Chariot,
    /// FEN `c`: moves like a chariot, but captures only by jumping exactly one piece.
    Cannon,
    /// The pawn (FEN `p`): one step forward; after crossing the river, sideways too.
    /// Never backward, and never promoted.
    Soldier,
}

impl Kind {
    /// The seven kinds in declaration order, so that `Kind::ALL[kind as usize] == kind`.
    pub const ALL: [Kind; 7] =
        [Kind::General, Kind::Advisor, Kind::Elephant, Kind::Horse, Kind::Chariot, Kind::Cannon, Kind::Soldier];

    /// How many of this kind a side has at the start: the most it can ever have.
    #[must_use]
    pub const fn count_at_start(self) -> usize {
        match self {
            Kind::General => 1,
            Kind::Soldier => 5,
            _ => 2,
        }
    }

    /// The pieces that can attack across the board: what a side needs to win.
    #[must_use]
    pub const fn is_attacking(self) -> bool {
        matches!(self, Kind::Horse | Kind::Chariot | Kind::Cannon | Kind::Soldier)
    }

    /// The English name, for messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::General => "general",
            Kind::Advisor => "advisor",
            Kind::Elephant => "elephant",
            Kind::Horse => "horse",
            Kind::Chariot => "chariot",
            Kind::Cannon => "cannon",
            Kind::Soldier => "soldier",
        }
    }
}

/// A piece: its colour and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side it belongs to.
    pub color: Color,
    /// What it is, and so how it moves.
    pub kind: Kind,
}

/// A piece packed in a byte for the board array: 0 is empty, bits 0-2 the kind plus
/// one, bit 3 set for Black. One byte per point keeps the whole board in two cache lines.
pub(crate) type Code = u8;
pub(crate) const EMPTY: Code = 0;
pub(crate) const BLACK_BIT: Code = 8;
pub(crate) const CODES: usize = 16;

pub(crate) const fn code(color: Color, kind: Kind) -> Code {
    (kind as u8 + 1) | if matches!(color, Color::Black) { BLACK_BIT } else { 0 }
}

pub(crate) const fn color_bits(color: Color) -> Code {
    if matches!(color, Color::Black) { BLACK_BIT } else { 0 }
}

impl Piece {
    pub(crate) const fn code(self) -> Code {
        code(self.color, self.kind)
    }

    pub(crate) const fn from_code(code: Code) -> Option<Piece> {
        if code == EMPTY {
            return None;
        }
        let color = if code & BLACK_BIT != 0 { Color::Black } else { Color::Red };
        let kind = Kind::ALL[((code & 7) - 1) as usize];
        Some(Piece { color, kind })
    }
}

/// A move from one point to another. Its text is UCI style: `h2e2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The point the moving piece starts from.
    pub from: Square,
    /// The point it ends on, capturing whatever enemy piece stands there.
    pub to: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl Move {
    /// Reads UCI-style text (`h2e2`) without checking legality.
    pub fn parse(text: &str) -> Result<Move, MoveError> {
        let (from, to) = match (text.get(..2), text.get(2..)) {
            (Some(from), Some(to)) if text.len() == 4 => (from, to),
            _ => {
                return Err(MoveError::syntax(
                    text,
                    SyntaxError::Shape { expected: "two points like h2e2 (files a-i, ranks 0-9)" },
                ));
            }
        };
        let point = |t: &str| {
            Square::parse(t).ok_or_else(|| {
                MoveError::syntax(
                    text,
                    SyntaxError::NotAPoint { part: crate::quote::excerpt(t), points: "a point (files a-i, ranks 0-9)" },
                )
            })
        };
        Ok(Move { from: point(from)?, to: point(to)? })
    }
}

/// What [`Position::make`] needs to give back to [`Position::unmake`].
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    pub(super) captured: Code,
    pub(super) halfmove_clock: u16,
}

/// Zobrist keys from a fixed-seed SplitMix64, so hashes are the same on every run
/// and every machine (stored games and tests can rely on them).
const fn zobrist_keys() -> ([[u64; POINTS]; CODES], u64) {
    let mut random = SplitMix64::new(0x0a2b_17e5_3c9d_4f61);
    let mut keys = [[0u64; POINTS]; CODES];
    let mut c = 0;
    while c < CODES {
        let mut p = 0;
        while p < POINTS {
            keys[c][p] = random.next();
            p += 1;
        }
        c += 1;
    }
    (keys, keys[0][0] ^ 0x5bd1_e995_5bd1_e995)
}

pub(super) static ZOBRIST: ([[u64; POINTS]; CODES], u64) = zobrist_keys();

#[inline]
pub(super) fn piece_key(code: Code, point: usize) -> u64 {
    ZOBRIST.0[code as usize][point]
}

/// A Xiangqi position. `Copy`, 128 bytes or so: copying it is as cheap as unmaking.
/// Its public methods are in `position.rs`; the rooms beside it add what they need.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [Code; POINTS],
    /// Occupied points of each colour, one bit per point.
    pub(crate) occupied: [u128; 2],
    pub(crate) generals: [u8; 2],
    pub(crate) side: Color,
    pub(crate) hash: u64,
    pub(crate) halfmove_clock: u16,
    pub(crate) fullmove_number: u16,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

/// A fault of a set of pieces: what no game can bring about, or what a game may
/// reach but not play on from. See [`super::Setup`] for which a caller may accept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlacementError {
    /// Two pieces are given on one point.
    #[error("two pieces on {0}")]
    Occupied(Square),
    /// A side has no general.
    #[error("{color} has no general", color = .0.name())]
    NoGeneral(Color),
    /// A side has two generals.
    #[error("{color} has two generals, on {first} and {second}", color = .color.name())]
    TwoGenerals {
        /// Whose generals.
        color: Color,
        /// The point of the first one given.
        first: Square,
        /// The point of the second one.
        second: Square,
    },
    /// A general or advisor outside its palace, an elephant off its seven points, a
    /// soldier behind its starting line.
    #[error("{color} {kind} on {square} can never stand there", color = .piece.color.name(), kind = .piece.kind.name())]
    Unreachable {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// More pieces of a kind than a side starts with (three chariots).
    #[error("{color} has {count} {kind}s; a side starts with {most} and never gains any", color = .color.name(), kind = .kind.name(), most = .kind.count_at_start())]
    TooMany {
        /// Whose pieces.
        color: Color,
        /// Which kind.
        kind: Kind,
        /// How many are given.
        count: usize,
    },
    /// The side that is not to move is in check: the side to move would take its
    /// general.
    #[error("{side} is to move but {waiting} is in check", side = .side.name(), waiting = .side.opponent().name())]
    OpponentInCheck {
        /// The side to move.
        side: Color,
    },
}

impl PlacementError {
    /// Whether no position can hold this fault at all, so that no caller may accept
    /// it: two pieces on a point, a side without a general or with two.
    #[must_use]
    pub const fn is_fatal(&self) -> bool {
        matches!(self, PlacementError::Occupied(_) | PlacementError::NoGeneral(_) | PlacementError::TwoGenerals { .. })
    }
}

impl Position {
    /// An empty board with `side` to move: the starting point of [`Position::from_pieces`].
    fn empty(side: Color) -> Position {
        let mut hash = 0;
        if side == Color::Black {
            hash ^= ZOBRIST.1;
        }
        Position {
            board: [EMPTY; POINTS],
            occupied: [0; 2],
            generals: [u8::MAX; 2],
            side,
            hash,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// Puts pieces on an empty board, adding to `faults` each piece that can never
    /// stand where it is, in the order given; fails at the first fault no position
    /// can hold.
    pub(crate) fn place(
        pieces: &[(Square, Piece)],
        side: Color,
        faults: &mut Vec<PlacementError>,
    ) -> Result<Position, PlacementError> {
        let mut position = Position::empty(side);
        for &(square, piece) in pieces {
            if position.piece_at(square).is_some() {
                return Err(PlacementError::Occupied(square));
            }
            if !can_stand(piece, square) {
                faults.push(PlacementError::Unreachable { piece, square });
            }
            if piece.kind == Kind::General {
                let slot = position.generals[piece.color.index()];
                if let Some(first) = Square::from_index(slot as usize) {
                    return Err(PlacementError::TwoGenerals { color: piece.color, first, second: square });
                }
                position.generals[piece.color.index()] = square.index() as u8;
            }
            position.put(piece.code(), square.index());
        }
        for color in [Color::Red, Color::Black] {
            if position.generals[color.index()] == u8::MAX {
                return Err(PlacementError::NoGeneral(color));
            }
        }
        Ok(position)
    }

    #[inline]
    fn put(&mut self, code: Code, point: usize) {
        self.board[point] = code;
        self.occupied[((code & BLACK_BIT) >> 3) as usize] |= 1u128 << point;
        self.hash ^= piece_key(code, point);
    }

    /// This position with the piece on `point` taken off the board (not a general:
    /// every position has both). For asking what a piece's presence does.
    pub(crate) fn without(&self, point: Square) -> Position {
        let mut position = *self;
        let code = position.board[point.index()];
        if Piece::from_code(code).is_some_and(|piece| piece.kind != Kind::General) {
            position.board[point.index()] = EMPTY;
            position.occupied[((code & BLACK_BIT) >> 3) as usize] &= !(1u128 << point.index());
            position.hash ^= piece_key(code, point.index());
        }
        position
    }

    pub(crate) fn set_clocks(&mut self, halfmove_clock: u16, fullmove_number: u16) {
        self.halfmove_clock = halfmove_clock;
        self.fullmove_number = fullmove_number;
    }

    /// Moves the pieces only: no turn, clocks or hash. The inner step of the legality
    /// test, undone by [`Position::unmove_pieces`].
    #[inline]
    pub(crate) fn move_pieces(&mut self, from: usize, to: usize) -> Code {
        let moving = self.board[from];
        let captured = self.board[to];
        let us = ((moving & BLACK_BIT) >> 3) as usize;
        self.board[to] = moving;
        self.board[from] = EMPTY;
        self.occupied[us] ^= (1u128 << from) | (1u128 << to);
        if captured != EMPTY {
            self.occupied[us ^ 1] ^= 1u128 << to;
        }
        if moving & 7 == Kind::General as u8 + 1 {
            self.generals[us] = to as u8;
        }
        captured
    }

    #[inline]
    pub(crate) fn unmove_pieces(&mut self, from: usize, to: usize, captured: Code) {
        let moving = self.board[to];
        let us = ((moving & BLACK_BIT) >> 3) as usize;
        self.board[from] = moving;
        self.board[to] = captured;
        self.occupied[us] ^= (1u128 << from) | (1u128 << to);
        if captured != EMPTY {
            self.occupied[us ^ 1] ^= 1u128 << to;
        }
        if moving & 7 == Kind::General as u8 + 1 {
            self.generals[us] = from as u8;
        }
    }

}

/// Whether `piece` could ever stand on `square` in a game from the start position.
fn can_stand(piece: Piece, square: Square) -> bool {
    use super::tables::{in_palace, on_own_half};
    let red = piece.color == Color::Red;
    let p = square.index();
    let (file, rank) = (square.file(), square.rank());
    // Ranks counted from the piece's own side: 0 is its back rank.
    let own_rank = if red { rank } else { 9 - rank };
    match piece.kind {
        Kind::General => in_palace(p, red),
        Kind::Advisor => in_palace(p, red) && (file + own_rank) % 2 == 1,
        Kind::Elephant => {
            on_own_half(p, red) && own_rank % 2 == 0 && file % 2 == 0 && (file / 2 + own_rank / 2) % 2 == 1
        }
        Kind::Soldier => own_rank >= 5 || (own_rank >= 3 && file % 2 == 0),
        Kind::Horse | Kind::Chariot | Kind::Cannon => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    #[test]
    fn squares_read_and_write_their_names() {
        for p in 0..POINTS {
            let s = Square::from_index(p).unwrap();
            assert_eq!(Square::parse(&s.to_string()), Some(s));
        }
        assert_eq!(sq("e0").index(), 4);
        assert_eq!(Square::parse("j0"), None);
        assert_eq!(Square::parse("a10"), None);
    }

    #[test]
    fn placement_rules_admit_the_legal_points_only() {
        let red = |kind| Piece { color: Color::Red, kind };
        let black = |kind| Piece { color: Color::Black, kind };
        assert!(can_stand(red(Kind::General), sq("d2")));
        assert!(!can_stand(red(Kind::General), sq("d3")));
        assert!(can_stand(red(Kind::Advisor), sq("e1")));
        assert!(!can_stand(red(Kind::Advisor), sq("e0")));
        // Elephants have seven points: c0 g0 a2 e2 i2 c4 g4.
        let elephant_points: Vec<String> = (0..POINTS)
            .map(|p| Square(p as u8))
            .filter(|&s| can_stand(red(Kind::Elephant), s))
            .map(|s| s.to_string())
            .collect();
        assert_eq!(elephant_points, ["c0", "g0", "a2", "e2", "i2", "c4", "g4"]);
        assert!(can_stand(black(Kind::Elephant), sq("c9")));
        assert!(!can_stand(black(Kind::Elephant), sq("c4")));
        assert!(can_stand(red(Kind::Soldier), sq("a3")));
        assert!(!can_stand(red(Kind::Soldier), sq("b3")));
        assert!(can_stand(red(Kind::Soldier), sq("b5")));
        assert!(!can_stand(red(Kind::Soldier), sq("a2")));
        assert!(can_stand(black(Kind::Soldier), sq("a6")));
        assert!(!can_stand(black(Kind::Soldier), sq("a7")));
    }

    #[test]
    fn from_pieces_refuses_impossible_sets() {
        let g = |color| Piece { color, kind: Kind::General };
        assert_eq!(
            Position::from_pieces([(sq("e0"), g(Color::Red))], Color::Red),
            Err(PlacementError::NoGeneral(Color::Black))
        );
        assert_eq!(
            Position::from_pieces([(sq("e0"), g(Color::Red)), (sq("e0"), g(Color::Black))], Color::Red),
            Err(PlacementError::Occupied(sq("e0")))
        );
        assert!(matches!(
            Position::from_pieces([(sq("e0"), g(Color::Red)), (sq("d0"), g(Color::Red))], Color::Red),
            Err(PlacementError::TwoGenerals { .. })
        ));
        assert!(Position::from_pieces([(sq("e0"), g(Color::Red)), (sq("d9"), g(Color::Black))], Color::Red).is_ok());
    }
}
