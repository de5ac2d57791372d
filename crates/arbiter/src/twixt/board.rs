//! The TwixT board: pegs, their automatic links under the board's rule set, end
//! zones, and the connection of each player's edges, all kept up to date peg by peg in
//! constant work.
//!
//! Points are (x, y) with 0 <= x, y < size. Black moves first and joins x = 0 to
//! x = size - 1; White joins y = 0 to y = size - 1. Neither may place a peg in the
//! other's end zones, so the four corners are nobody's.

use std::fmt;

use super::connection::{BLACK_HIGH, BLACK_LOW, Connection, WHITE_HIGH, WHITE_LOW};
use super::links::{CROSSERS, LINK_DIRECTIONS, REACH, Rules, bit_direction, link_bit};
use crate::notation::{ColumnLetters, parse_letters_and_number};

/// The largest board side: 4096 points, 16 million points in all.
pub const MAX_SIZE: u32 = 4096;

/// A point of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Peg {
    /// The column, 0 to size - 1, written as letters (`a` for 0); Black joins x = 0 to
    /// x = size - 1.
    pub x: u16,
    /// The row, 0 to size - 1, written as y + 1; White joins y = 0 to y = size - 1.
    pub y: u16,
}

crate::side::two_colors! {
    /// Black moves first.
    Color { Black = "black", White = "white" }
}

impl Color {
    pub(crate) const fn code(self) -> u8 {
        match self {
            Color::Black => 1,
            Color::White => 2,
        }
    }
}

/// Why a peg cannot be placed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    /// A coordinate is beyond the board.
    #[error("({x},{y}) is off the board (coordinates 0 to {max})", x = .peg.x, y = .peg.y)]
    OffBoard {
        /// The point asked for.
        peg: Peg,
        /// The largest coordinate on this board: its size - 1.
        max: u32,
    },
    /// A peg already stands on the point.
    #[error("({x},{y}) is already occupied", x = .0.x, y = .0.y)]
    Occupied(Peg),
    /// The point is on one of the opponent's two edge lines, where the mover may not play.
    #[error("({x},{y}) is in {owner}'s end zone", x = .peg.x, y = .peg.y, owner = .owner.name())]
    EndZone {
        /// The point asked for.
        peg: Peg,
        /// The colour whose end zone it is: the mover's opponent.
        owner: Color,
    },
    /// The game already has its outcome: no peg may follow.
    #[error("the game is already over")]
    GameOver,
}

/// Why a board size was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a TwixT board is 3 to {MAX_SIZE} points a side, not {0}")]
pub struct SizeError(pub u32);

/// A board of `size` x `size` points with pegs and links, made by its rule set.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    size: u32,
    rules: Rules,
    /// The link bits that block a new link of each colour, as [`Rules::blockers`]
    /// gives them.
    blockers: [u8; 2],
    pegs: Vec<u8>,
    /// Bit `link_bit(d, c)` set: a link of the colour with index `c` in direction
    /// `LINK_DIRECTIONS[d]` starts at this point.
    links: Vec<u8>,
    connection: Connection,
    /// Empty points each colour may still take: when the side to move has none,
    /// the game is drawn.
    open: [u32; 2],
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(size {}, {} pegs)", self.size, self.pegs.iter().filter(|&&p| p != 0).count())
    }
}

impl Board {
    /// An empty board of `size` x `size` points (3 to 4096) whose links cross nothing
    /// ([`Rules::Auto`]).
    pub fn new(size: u32) -> Result<Board, SizeError> {
        Board::with_rules(size, Rules::Auto)
    }

    /// An empty board of `size` x `size` points (3 to 4096) whose links are made by
    /// `rules`.
    pub fn with_rules(size: u32, rules: Rules) -> Result<Board, SizeError> {
        if !(3..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size));
        }
        let points = (size * size) as usize;
        // Each colour may use every point but the other's two edge lines.
        let open = size * (size - 2);
        Ok(Board {
            size,
            rules,
            blockers: [rules.blockers(0), rules.blockers(1)],
            pegs: vec![0; points],
            links: vec![0; points],
            connection: Connection::new(points),
            open: [open; 2],
        })
    }

    /// The points on a side, 3 to [`MAX_SIZE`]; coordinates run from 0 to size - 1.
    #[must_use]
    pub const fn size(&self) -> u32 {
        self.size
    }

    /// The rule set that makes the links: whether one's own links may cross.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    #[inline]
    fn index(&self, x: i64, y: i64) -> Option<usize> {
        let size = i64::from(self.size);
        (x >= 0 && y >= 0 && x < size && y < size).then(|| (y * size + x) as usize)
    }

    fn peg_index(&self, peg: Peg) -> Option<usize> {
        self.index(i64::from(peg.x), i64::from(peg.y))
    }

    /// The colour of the peg on `peg`, if any.
    #[must_use]
    pub fn peg_at(&self, peg: Peg) -> Option<Color> {
        match self.pegs[self.peg_index(peg)?] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// Whose end zone `peg` lies in (both, for a corner).
    fn zones(&self, peg: Peg) -> (bool, bool) {
        let last = self.size as u16 - 1;
        (peg.x == 0 || peg.x == last, peg.y == 0 || peg.y == last)
    }

    /// Why `color` may not place a peg on `peg`, or `None` if it may.
    #[must_use]
    pub fn refusal(&self, peg: Peg, color: Color) -> Option<PlaceError> {
        if self.peg_index(peg).is_none() {
            return Some(PlaceError::OffBoard { peg, max: self.size - 1 });
        }
        if self.peg_at(peg).is_some() {
            return Some(PlaceError::Occupied(peg));
        }
        let (black_zone, white_zone) = self.zones(peg);
        match color {
            Color::Black if white_zone => Some(PlaceError::EndZone { peg, owner: Color::White }),
            Color::White if black_zone => Some(PlaceError::EndZone { peg, owner: Color::Black }),
            _ => None,
        }
    }

    /// Appends to `out` a placement on every point `color` may place a peg on (where
    /// [`Board::refusal`] refuses nothing), by row then column. The legal moves are
    /// listed so every ply: the other colour's two edge lines are skipped whole, and
    /// each point is written then kept or overwritten, without a branch on whether it
    /// is empty, which a board of scattered pegs would mispredict.
    pub fn open_points(&self, color: Color, out: &mut Vec<Move>) {
        let size = self.size as u16;
        let (columns, rows) = self.allowed_lines(color);
        let first = out.len();
        out.resize(first + columns.len() * rows.len(), Move::Swap);
        let mut kept = first;
        for y in rows {
            let row = &self.pegs[usize::from(y) * usize::from(size)..][..usize::from(size)];
            for x in columns.clone() {
                out[kept] = Move::Place(Peg { x, y });
                kept += usize::from(row[usize::from(x)] == 0);
            }
        }
        out.truncate(kept);
    }

    /// How many points `color` may place a peg on: [`Board::open_points`] counted.
    #[must_use]
    pub fn open_point_count(&self, color: Color) -> usize {
        let size = usize::from(self.size as u16);
        let (columns, rows) = self.allowed_lines(color);
        let columns = usize::from(columns.start)..usize::from(columns.end);
        rows.map(|y| self.pegs[usize::from(y) * size..][columns.clone()].iter().filter(|&&p| p == 0).count()).sum()
    }

    /// The columns and rows `color` may place pegs in: Black not on White's edge rows
    /// (y 0 and last), White not on Black's edge columns (x 0 and last), as `zones`
    /// and `refusal` say.
    fn allowed_lines(&self, color: Color) -> (std::ops::Range<u16>, std::ops::Range<u16>) {
        let size = self.size as u16;
        match color {
            Color::Black => (0..size, 1..size - 1),
            Color::White => (1..size - 1, 0..size),
        }
    }

    /// The links with an end on `peg`: (left end, right end); those kept at `peg` (it
    /// is their left end) first, then those that end there, by direction.
    pub fn links_at(&self, peg: Peg) -> impl Iterator<Item = (Peg, Peg)> + '_ {
        let (x, y) = (i64::from(peg.x), i64::from(peg.y));
        // A link is kept at its left end (every direction goes right): `peg` itself,
        // or a knight's move to its left, whose link in that direction (of either
        // colour's bit) ends on `peg`. Only the bits that may touch `peg` are read.
        let own = self.peg_index(peg).map_or(0, |i| self.links[i]);
        let from_here = (0..8).filter(move |bit| own & (1 << bit) != 0).map(move |bit| {
            let (dx, dy) = LINK_DIRECTIONS[bit_direction(bit)];
            (peg, Peg { x: (x + i64::from(dx)) as u16, y: (y + i64::from(dy)) as u16 })
        });
        let to_here = LINK_DIRECTIONS.iter().enumerate().filter_map(move |(direction, &(dx, dy))| {
            let (lx, ly) = (x - i64::from(dx), y - i64::from(dy));
            let bits = self.index(lx, ly).map_or(0, |i| self.links[i]);
            (bits & (link_bit(direction, 0) | link_bit(direction, 1)) != 0)
                .then_some((Peg { x: lx as u16, y: ly as u16 }, peg))
        });
        from_here.chain(to_here)
    }

    /// Whether `color` may still place a peg anywhere.
    #[must_use]
    pub const fn has_room(&self, color: Color) -> bool {
        self.open[color as usize] > 0
    }

    /// The links, each once: (left end, right end), by row then column of the left end.
    pub fn links(&self) -> impl Iterator<Item = (Peg, Peg)> + '_ {
        let size = self.size as usize;
        self.links.iter().enumerate().filter(|&(_, &bits)| bits != 0).flat_map(move |(i, &bits)| {
            let from = Peg { x: (i % size) as u16, y: (i / size) as u16 };
            (0..8).filter(move |bit| bits & (1 << bit) != 0).map(move |bit| {
                let (dx, dy) = LINK_DIRECTIONS[bit_direction(bit)];
                (from, Peg { x: (i32::from(from.x) + dx) as u16, y: (i32::from(from.y) + dy) as u16 })
            })
        })
    }

    /// The pairs of links that cross each other, each pair once, the link whose left
    /// end comes first (by row then column) first: none under [`Rules::Auto`]; under
    /// [`Rules::Pp`], a player's own links that cross. Crossed links are not joined
    /// where they cross.
    pub fn crossings(&self) -> impl Iterator<Item = ((Peg, Peg), (Peg, Peg))> + '_ {
        let size = self.size as usize;
        let link = move |i: usize, d: usize| {
            let from = Peg { x: (i % size) as u16, y: (i / size) as u16 };
            let (dx, dy) = LINK_DIRECTIONS[d];
            (from, Peg { x: (i32::from(from.x) + dx) as u16, y: (i32::from(from.y) + dy) as u16 })
        };
        self.links.iter().enumerate().filter(|&(_, &bits)| bits != 0).flat_map(move |(i, &bits)| {
            let (x, y) = ((i % size) as i64, (i / size) as i64);
            (0..8).filter(move |bit| bits & (1 << bit) != 0).flat_map(move |bit| {
                let d = bit_direction(bit);
                CROSSERS[d].offsets.iter().filter_map(move |&(ox, oy, other)| {
                    let j = self.index(x + i64::from(ox), y + i64::from(oy))?;
                    // Each pair from its first link only.
                    let crossed = j > i && self.links[j] & (link_bit(usize::from(other), 0) | link_bit(usize::from(other), 1)) != 0;
                    crossed.then(|| (link(i, d), link(j, usize::from(other))))
                })
            })
        })
    }

    /// The pegs, by row then column.
    pub fn pegs(&self) -> impl Iterator<Item = (Peg, Color)> + '_ {
        let size = self.size as usize;
        self.pegs.iter().enumerate().filter(|&(_, &p)| p != 0).map(move |(i, &p)| {
            (Peg { x: (i % size) as u16, y: (i / size) as u16 }, if p == 1 { Color::Black } else { Color::White })
        })
    }

    /// Whether a link in direction `d` from `(x, y)` would cross a link that blocks it:
    /// the nine places listed for that direction, nothing else, each read against
    /// `blockers` (the bits of the links that block, as [`Rules::blockers`] gives them).
    #[inline]
    fn crossed(&self, x: i64, y: i64, d: usize, blockers: u8) -> bool {
        let offsets = &CROSSERS[d].offsets;
        let size = i64::from(self.size);
        // Every place listed lies within REACH of the link's left end: away from the
        // edges, none needs its own test of the board's bounds.
        if x >= REACH && y >= REACH && x + REACH < size && y + REACH < size {
            let at = y * size + x;
            return offsets.iter().any(|&(ox, oy, other)| {
                self.links[(at + i64::from(oy) * size + i64::from(ox)) as usize] & (blockers << other) != 0
            });
        }
        offsets.iter().any(|&(ox, oy, other)| {
            self.index(x + i64::from(ox), y + i64::from(oy)).is_some_and(|i| self.links[i] & (blockers << other) != 0)
        })
    }

    /// Places a peg of `color` (the caller has checked [`Board::refusal`]), links it to
    /// every own peg a knight's move away unless the link would cross one that blocks
    /// it (any link under [`Rules::Auto`], the opponent's under [`Rules::Pp`]), and
    /// joins the connections.
    pub(crate) fn place(&mut self, peg: Peg, color: Color) {
        let index = self.peg_index(peg).expect("checked by refusal");
        self.pegs[index] = color.code();
        let (black_zone, white_zone) = self.zones(peg);
        for (c, in_zone) in [(Color::Black, white_zone), (Color::White, black_zone)] {
            // The point was open to `c` unless it lies in the other colour's zone.
            if !in_zone {
                self.open[c as usize] -= 1;
            }
        }
        let last = self.size as u16 - 1;
        match color {
            Color::Black if peg.x == 0 => self.connection.union(index, self.connection.zone(BLACK_LOW)),
            Color::Black if peg.x == last => self.connection.union(index, self.connection.zone(BLACK_HIGH)),
            Color::White if peg.y == 0 => self.connection.union(index, self.connection.zone(WHITE_LOW)),
            Color::White if peg.y == last => self.connection.union(index, self.connection.zone(WHITE_HIGH)),
            _ => {}
        }
        let (x, y) = (i64::from(peg.x), i64::from(peg.y));
        let blockers = self.blockers[color.index()];
        for (d, &(dx, dy)) in LINK_DIRECTIONS.iter().enumerate() {
            // The new peg as the link's left end, then as its right end.
            for (left, other) in [
                ((x, y), (x + i64::from(dx), y + i64::from(dy))),
                ((x - i64::from(dx), y - i64::from(dy)), (x - i64::from(dx), y - i64::from(dy))),
            ] {
                let Some(other_index) = self.index(other.0, other.1) else { continue };
                if self.pegs[other_index] != color.code() || self.crossed(left.0, left.1, d, blockers) {
                    continue;
                }
                let left_index = self.index(left.0, left.1).expect("one end is the new peg, the other on the board");
                self.links[left_index] |= link_bit(d, color.index());
                self.connection.union(index, other_index);
            }
        }
    }

    /// The pegs that join `color`'s two edges (every peg of the linked group that
    /// touches both), by row then column; empty if `color` has not connected.
    #[must_use]
    pub fn winning_chain(&self, color: Color) -> Vec<Peg> {
        let (low, high) = match color {
            Color::Black => (BLACK_LOW, BLACK_HIGH),
            Color::White => (WHITE_LOW, WHITE_HIGH),
        };
        let root = self.connection.root(self.connection.zone(low));
        if root != self.connection.root(self.connection.zone(high)) {
            return Vec::new();
        }
        let size = self.size as usize;
        (0..self.pegs.len())
            .filter(|&i| self.pegs[i] == color.code() && self.connection.root(i) == root)
            .map(|i| Peg { x: (i % size) as u16, y: (i / size) as u16 })
            .collect()
    }

    /// Whether `color` joins its two edges.
    pub fn connected(&mut self, color: Color) -> bool {
        let (low, high) = match color {
            Color::Black => (BLACK_LOW, BLACK_HIGH),
            Color::White => (WHITE_LOW, WHITE_HIGH),
        };
        let (low, high) = (self.connection.zone(low), self.connection.zone(high));
        self.connection.connected(low, high)
    }
}

/// A move: a peg, or taking over the first peg under the swap rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The side to move puts a peg on the point; it is linked at once to each own peg a
    /// knight's move away whose link would cross no link that blocks it (any other link
    /// under [`Rules::Auto`], an opponent's under [`Rules::Pp`]).
    Place(Peg),
    /// White's answer to Black's first peg under the swap rule: the peg becomes White's,
    /// mirrored across the diagonal, and Black moves next. Written `swap`.
    Swap,
}

impl fmt::Display for Peg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", ColumnLetters(u32::from(self.x)), u32::from(self.y) + 1)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(peg) => write!(f, "{peg}"),
            Move::Swap => f.write_str("swap"),
        }
    }
}

impl Peg {
    /// Reads `d5` (column letters for x, row number y + 1) or `3,4` (x and y from 0).
    pub fn parse(text: &str) -> Option<Peg> {
        if let Some((x, y)) = text.split_once(',') {
            return Some(Peg { x: x.trim().parse().ok()?, y: y.trim().parse().ok()? });
        }
        let (column, row) = parse_letters_and_number(text)?;
        Some(Peg { x: u16::try_from(column).ok()?, y: u16::try_from(row - 1).ok()? })
    }
}
