//! Legal moves: steps, slides and captures under the majority rule.
//!
//! One enumerator, [`Position::for_each_capture_route`], walks every capture route of
//! the side to move depth-first. Everything else is built on it: the legal moves (the
//! routes that take the most pieces, one move per start, end and captured set), the
//! move count at perft's leaves, and the contest judge's count of routes.

use super::board::{DIRECTIONS, MAX_CAPTURES, Move, Position, Square, neighbour, step};

const NONE: u8 = u8::MAX;

const fn neighbour_table() -> [[u8; 64]; 4] {
    let mut table = [[NONE; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut bit = 0;
        while bit < 64 {
            if let Some(next) = neighbour(bit, DIRECTIONS[d]) {
                table[d][bit] = next as u8;
            }
            bit += 1;
        }
        d += 1;
    }
    table
}

/// For each direction, the playable neighbour of each bit, or `NONE`.
static NEIGHBOURS: [[u8; 64]; 4] = neighbour_table();

/// The state of one capture walk: what is empty, what can be taken, what was taken.
struct Walk<'v, F> {
    from: Square,
    king: bool,
    /// Empty squares, the mover's start square included (it has left it).
    empty: u64,
    /// Opponent pieces; those in `captured` stay on the board until the move ends,
    /// so they block, and cannot be taken twice.
    enemies: u64,
    captured: u64,
    path: [u8; MAX_CAPTURES],
    len: usize,
    visit: &'v mut F,
}

impl<F: FnMut(Square, &[u8], u64)> Walk<'_, F> {
    /// Continues the route from `at`; reports it if no capture can follow.
    fn extend(&mut self, at: usize) {
        let mut continued = false;
        for line in &NEIGHBOURS {
            let mut over = line[at];
            if self.king {
                while over != NONE && self.empty & (1u64 << over) != 0 {
                    over = line[over as usize];
                }
            }
            if over == NONE || (self.enemies & !self.captured) & (1u64 << over) == 0 {
                continue;
            }
            let mut landing = line[over as usize];
            while landing != NONE && self.empty & (1u64 << landing) != 0 {
                continued = true;
                self.captured |= 1u64 << over;
                self.path[self.len] = Square::from_bit(landing as usize).number();
                self.len += 1;
                self.extend(landing as usize);
                self.len -= 1;
                self.captured &= !(1u64 << over);
                // A man lands right behind the piece; a king anywhere beyond it.
                if !self.king {
                    break;
                }
                landing = line[landing as usize];
            }
        }
        if !continued && self.len > 0 {
            (self.visit)(self.from, &self.path[..self.len], self.captured);
        }
    }
}

/// Start, end and captured pieces of a capture: what makes two routes one move.
type CaptureKey = (u8, u8, u64);

/// Distinct keys of the longest captures, on the stack for all but freak positions.
struct LongestCaptures {
    most: u32,
    inline: [CaptureKey; 16],
    len: usize,
    overflow: Vec<CaptureKey>,
}

impl LongestCaptures {
    fn new() -> Self {
        LongestCaptures { most: 0, inline: [(0, 0, 0); 16], len: 0, overflow: Vec::new() }
    }

    fn keys(&self) -> impl Iterator<Item = &CaptureKey> {
        self.inline[..self.len].iter().chain(&self.overflow)
    }

    fn offer(&mut self, key: CaptureKey) {
        let count = key.2.count_ones();
        if count < self.most {
            return;
        }
        if count > self.most {
            self.most = count;
            self.len = 0;
            self.overflow.clear();
        }
        if self.keys().any(|&k| k == key) {
            return;
        }
        if self.len < self.inline.len() {
            self.inline[self.len] = key;
            self.len += 1;
        } else {
            self.overflow.push(key);
        }
    }

    fn count(&self) -> usize {
        self.len + self.overflow.len()
    }
}

impl Position {
    /// Calls `visit(from, landings, captured)` for every capture route of the side to
    /// move that cannot be taken further: every route, long or short, each distinct
    /// sequence of landing squares once. `captured` is a bitboard.
    pub(crate) fn for_each_capture_route(&self, mut visit: impl FnMut(Square, &[u8], u64)) {
        let us = self.own(self.side);
        let empty = self.empty();
        // Only men that can make a first capture, and kings, start a walk.
        let mut pieces = (self.capturing_men() | self.kings) & us;
        let mut walk = Walk {
            from: Square::from_bit(0),
            king: false,
            empty,
            enemies: self.own(self.side.opponent()),
            captured: 0,
            path: [0; MAX_CAPTURES],
            len: 0,
            visit: &mut visit,
        };
        while pieces != 0 {
            let bit = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            walk.from = Square::from_bit(bit);
            walk.king = self.kings & (1u64 << bit) != 0;
            walk.empty = empty | (1u64 << bit);
            walk.extend(bit);
        }
    }

    /// The side to move's men that have a capture: an enemy next to them, an empty
    /// square right behind it.
    #[inline]
    fn capturing_men(&self) -> u64 {
        let men = self.own(self.side) & !self.kings;
        let enemies = self.own(self.side.opponent());
        let empty = self.empty();
        DIRECTIONS.iter().fold(0, |found, &d| found | (men & step(enemies, -d) & step(step(empty, -d), -d)))
    }

    /// Whether the side to move has a capture: a quick bitboard test for men, rays for
    /// kings, so that quiet positions never start the route enumerator.
    pub(crate) fn has_capture(&self) -> bool {
        if self.capturing_men() != 0 {
            return true;
        }
        let us = self.own(self.side);
        let enemies = self.own(self.side.opponent());
        let empty = self.empty();
        let mut kings = us & self.kings;
        while kings != 0 {
            let bit = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            for line in &NEIGHBOURS {
                let mut over = line[bit];
                while over != NONE && empty & (1u64 << over) != 0 {
                    over = line[over as usize];
                }
                if over != NONE && enemies & (1u64 << over) != 0 {
                    let landing = line[over as usize];
                    if landing != NONE && empty & (1u64 << landing) != 0 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Calls `visit(from, to)` for every step of a man and slide of a king.
    pub(crate) fn for_each_quiet(&self, mut visit: impl FnMut(Square, Square)) {
        let us = self.own(self.side);
        let empty = self.empty();
        let men = us & !self.kings;
        for d in self.side.forward() {
            let mut targets = step(men, d) & empty;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                visit(Square::from_bit((to as i32 - d) as usize), Square::from_bit(to));
            }
        }
        let mut kings = us & self.kings;
        while kings != 0 {
            let bit = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            for line in &NEIGHBOURS {
                let mut to = line[bit];
                while to != NONE && empty & (1u64 << to) != 0 {
                    visit(Square::from_bit(bit), Square::from_bit(to as usize));
                    to = line[to as usize];
                }
            }
        }
    }

    fn count_quiet(&self) -> usize {
        let us = self.own(self.side);
        let empty = self.empty();
        let men = us & !self.kings;
        let [a, b] = self.side.forward();
        let mut count = ((step(men, a) & empty).count_ones() + (step(men, b) & empty).count_ones()) as usize;
        if us & self.kings != 0 {
            self.for_each_quiet(|from, _| count += usize::from(self.kings & from.mask() != 0));
        }
        count
    }

    /// Fills `out` with every legal move: if any capture exists, the captures that take
    /// the most pieces (one move per start, end and captured set), else every step and
    /// slide. Moves that share start and end are marked to be written with their path.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if !self.has_capture() {
            self.for_each_quiet(|from, to| out.push(Move::quiet(from, to)));
            return;
        }
        let mut most = 0;
        self.for_each_capture_route(|from, landings, captured| {
            let count = captured.count_ones();
            if count < most {
                return;
            }
            if count > most {
                most = count;
                out.clear();
            }
            let to = Square::new(landings[landings.len() - 1]).expect("landing squares are playable");
            if out.iter().any(|m| m.from == from && m.to == to && m.captured == captured) {
                return;
            }
            let mut mv = Move::quiet(from, to);
            mv.captured = captured;
            mv.path_len = (landings.len() - 1) as u8;
            mv.path[..landings.len() - 1].copy_from_slice(&landings[..landings.len() - 1]);
            out.push(mv);
        });
        for i in 0..out.len() {
            let (from, to) = (out[i].from, out[i].to);
            out[i].ambiguous = out.iter().filter(|m| m.from == from && m.to == to).count() > 1;
        }
    }

    /// The number of legal moves, counted without building them.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        if !self.has_capture() {
            return self.count_quiet();
        }
        let mut longest = LongestCaptures::new();
        self.for_each_capture_route(|from, landings, captured| {
            longest.offer((from.number(), landings[landings.len() - 1], captured));
        });
        longest.count()
    }
}
