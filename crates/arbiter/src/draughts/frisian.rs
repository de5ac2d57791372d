//! The captures of Frisian draughts, where men and kings capture along the rows and
//! columns as well as the diagonals: their own walk, compiled only for the rule sets
//! with [`RuleBook::ORTHOGONAL_CAPTURES`], so that the diagonal walk of the other rule
//! sets (`movegen.rs`) has no test of it.
//!
//! On the 10x10 board's bits (`geometry.rs`) a row's five squares are five bits in a
//! row, so a step along the row (two columns) is one bit, and a step along a column
//! (two rows) is 11 bits. The column step never leaves its column; the row step would
//! wrap from a row's last square to the next row's first, so the rays of [`RAYS`]
//! are built from rows and columns, never by shifting.

use super::bits::{Bits, Wide};
use super::board::{Bitboards, MAX_CAPTURES, square_of_bit};
use super::geometry::{Geometry, Square};
use super::rules::RuleBook;

/// The eight directions of a capture, as (rows, columns) a step: the four diagonals in
/// the order of [`RuleBook::DIRECTIONS`] (up-left, up-right, down-left, down-right),
/// then up, left, right and down along a column or row, two squares a step.
const STEPS: [(i8, i8); 8] = [(-1, -1), (-1, 1), (1, -1), (1, 1), (-2, 0), (0, -2), (0, 2), (2, 0)];

/// Each direction of [`STEPS`] as a bit offset on the 10x10 board: the diagonals'
/// (`geometry.rs`), a column's step (two rows, 11 bits) and a row's (two columns, one
/// bit).
const STEP_BITS: [i32; 8] = {
    let [up_left, up_right, down_left, down_right] = Geometry::TEN.directions();
    [up_left, up_right, down_left, down_right, -11, -1, 1, 11]
};

/// `board` shifted `by` bits, towards the higher bits when positive, bits off the
/// integer dropped.
#[inline(always)]
const fn shift(board: u64, by: i32) -> u64 {
    if by > 0 { board << by } else { board >> -by }
}

/// Whether direction `d` goes down the bits (towards square 50).
const fn goes_down(d: usize) -> bool {
    STEPS[d].0 > 0 || (STEPS[d].0 == 0 && STEPS[d].1 > 0)
}

/// The index of the opposite direction: the order of [`STEPS`] makes it a reflection.
const fn reverse(d: usize) -> usize {
    if d < 4 { 3 - d } else { 11 - d }
}

/// No direction: where a king's walk starts, every way is tried.
const START: usize = usize::MAX;

/// For each of the eight directions, the squares beyond each bit up to the board's edge.
static RAYS: [[u64; 64]; 8] = rays(Geometry::TEN);

const fn rays(geometry: Geometry) -> [[u64; 64]; 8] {
    let mut table = [[0u64; 64]; 8];
    let mut number = 1;
    while number as usize <= geometry.squares() {
        let square = Square(number);
        let bit = geometry.bit_index(number);
        let mut d = 0;
        while d < 8 {
            let (mut row, mut column) = (geometry.row(square) as i8, geometry.column(square) as i8);
            loop {
                row += STEPS[d].0;
                column += STEPS[d].1;
                if row < 0 || column < 0 {
                    break;
                }
                match geometry.at(row as u8, column as u8) {
                    Some(next) => table[d][bit] |= geometry.mask(next) as u64,
                    None => break,
                }
            }
            d += 1;
        }
        number += 1;
    }
    table
}

/// For each direction and bit, a man's jump from there: the square next to it that
/// way and the one right behind, as one-bit boards (none, 0, where either is off the
/// board): what a man's capture reads, without a bit scan.
static JUMPS: [[(u64, u64); 64]; 8] = jumps();

const fn jumps() -> [[(u64, u64); 64]; 8] {
    let mut table = [[(0, 0); 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut bit = 0;
        while bit < 64 {
            let ray = RAYS[d][bit];
            if ray != 0 {
                let over = nearest(ray, d) as usize;
                let beyond = RAYS[d][over];
                if beyond != 0 {
                    table[d][bit] = (1 << over, 1 << nearest(beyond, d));
                }
            }
            bit += 1;
        }
        d += 1;
    }
    table
}

/// The nearest bit of `board` (not empty) seen from before it in direction `d`.
#[inline(always)]
const fn nearest(board: u64, d: usize) -> u32 {
    if goes_down(d) { board.trailing_zeros() } else { 63 - board.leading_zeros() }
}

/// The squares of a row whose row holds two squares after them: where a capture
/// along the row to the right may start (the first three of each row's five), and
/// to the left, the last three.
const fn row_starts(first_three: bool) -> u64 {
    let geometry = Geometry::TEN;
    let mut mask = 0;
    let mut number = 1;
    while number as usize <= geometry.squares() {
        let in_row = (number - 1) % 5;
        if (first_three && in_row <= 2) || (!first_three && in_row >= 2) {
            mask |= 1 << geometry.bit_index(number);
        }
        number += 1;
    }
    mask
}

const RIGHTWARD_STARTS: u64 = row_starts(true);
const LEFTWARD_STARTS: u64 = row_starts(false);

/// Where a man's jump in direction `D` may start: an enemy next to it that way and an
/// empty square right behind, and along a row, two more squares of the row that way.
/// `D` a constant, so that each shift is one instruction.
#[inline(always)]
const fn jump_start<const D: usize>(enemies: u64, empty: u64) -> u64 {
    let jump = shift(enemies, -STEP_BITS[D]) & shift(empty, -2 * STEP_BITS[D]);
    match D {
        5 => jump & LEFTWARD_STARTS,
        6 => jump & RIGHTWARD_STARTS,
        _ => jump,
    }
}

/// [`jump_start`] for each of the eight directions of [`STEPS`].
#[inline(always)]
const fn jump_starts(enemies: u64, empty: u64) -> [u64; 8] {
    [
        jump_start::<0>(enemies, empty),
        jump_start::<1>(enemies, empty),
        jump_start::<2>(enemies, empty),
        jump_start::<3>(enemies, empty),
        jump_start::<4>(enemies, empty),
        jump_start::<5>(enemies, empty),
        jump_start::<6>(enemies, empty),
        jump_start::<7>(enemies, empty),
    ]
}

/// Of the men on `jumpers` that jump in direction `D`, those that can jump again
/// from where they land by any of `onward`'s starts: the way back is not among
/// them, since it holds the piece just taken.
#[inline(always)]
const fn jumping_on<const D: usize>(jumpers: u64, onward: u64) -> u64 {
    shift(shift(jumpers, 2 * STEP_BITS[D]) & onward, -2 * STEP_BITS[D])
}

/// One capture walk of one piece: what is empty, what can be taken, what was taken.
/// With `EVERY_ROUTE` every route is reported; without it, one route at least for
/// each move (start, end and captured set) that no other outgrows, and the landing
/// squares behind a king's last capture in one report, as `ends`.
struct Walk<'v, F, const EVERY_ROUTE: bool> {
    from: Square,
    /// Empty squares, the mover's start square included (it has left it).
    empty: u64,
    /// Opponent pieces; those in `captured` stay on the board until the move ends.
    enemies: u64,
    captured: u64,
    /// [`jump_starts`] of the walk's board (`enemies`, `empty`): the directions a man
    /// may jump from a square read in one pass, the pieces taken on the way set apart.
    men_starts: [u64; 8],
    path: [u8; MAX_CAPTURES],
    len: usize,
    visit: &'v mut F,
}

impl<F: FnMut(Square, &[u8], u64, u64, bool), const EVERY_ROUTE: bool> Walk<'_, F, EVERY_ROUTE> {
    /// Reports the route walked so far, ending on any of `ends`.
    #[inline(always)]
    fn report(&mut self, ends: u64) {
        (self.visit)(self.from, &self.path[..self.len], ends, self.captured, false);
    }

    /// The directions a man on `at` may jump, as bits of a byte: those of
    /// [`Walk::men_starts`], without a branch.
    #[inline(always)]
    fn man_directions(&self, at: usize) -> u32 {
        let s = &self.men_starts;
        let bit = |d: usize| (((s[d] >> at) & 1) as u32) << d;
        bit(0) | bit(1) | bit(2) | bit(3) | bit(4) | bit(5) | bit(6) | bit(7)
    }

    /// The jumps a man on `at` can make: [`Walk::man_directions`] without those over a
    /// piece already taken (it stays on the board until the move ends and is not
    /// taken twice).
    #[inline(always)]
    fn man_jumps(&self, at: usize) -> u32 {
        let mut directions = self.man_directions(at);
        let mut left = directions;
        while left != 0 {
            let d = left.trailing_zeros() as usize;
            left &= left - 1;
            if JUMPS[d][at].0 & self.captured != 0 {
                directions &= !(1 << d);
            }
        }
        directions
    }

    /// Every route of a man from `start`, each reported where it can go no further.
    /// A loop over a stack of the jumps still to try at each square of the route,
    /// not a recursion, so that it is compiled into the walk that calls it (with the
    /// bit instructions of the perft walk where it has them).
    #[inline(always)]
    fn man_routes(&mut self, start: usize) {
        // At each depth: the square reached, the jumps left to try from it, and the
        // piece taken to go on from it (taken back when the route returns).
        let mut at = [0u8; MAX_CAPTURES + 1];
        let mut left = [0u32; MAX_CAPTURES + 1];
        let mut over = [0u64; MAX_CAPTURES + 1];
        let mut depth = 0;
        at[0] = start as u8;
        left[0] = self.man_jumps(start);
        loop {
            if left[depth] == 0 {
                if depth == 0 {
                    return;
                }
                depth -= 1;
                self.captured &= !over[depth];
                continue;
            }
            let d = left[depth].trailing_zeros() as usize;
            left[depth] &= left[depth] - 1;
            let (taken, landing) = JUMPS[d][at[depth] as usize];
            let landing = landing.trailing_zeros() as usize;
            self.captured |= taken;
            let onward = self.man_jumps(landing);
            if onward == 0 {
                self.len = depth;
                self.report(1u64 << landing);
                self.captured &= !taken;
                continue;
            }
            over[depth] = taken;
            self.path[depth] = landing as u8;
            depth += 1;
            at[depth] = landing as u8;
            left[depth] = onward;
        }
    }

    /// A king's capture from `at` going `d`: the first piece on that line, an enemy
    /// not yet taken, and the empty squares behind it up to the next piece.
    #[inline(always)]
    fn king_capture(&self, at: usize, d: usize) -> Option<(u64, u64)> {
        let pieces = RAYS[d][at] & !self.empty;
        if pieces == 0 {
            return None;
        }
        let over = nearest(pieces, d) as usize;
        if (self.enemies & !self.captured) & (1u64 << over) == 0 {
            return None;
        }
        let beyond = RAYS[d][over];
        let blockers = beyond & !self.empty;
        let landings = if blockers == 0 { beyond } else { beyond & !(RAYS[d][nearest(blockers, d) as usize] | blockers) };
        if landings == 0 { None } else { Some((1u64 << over, landings)) }
    }

    /// Every route of a king from `at`, reached going `came` (or [`START`]), each
    /// landing square a route of its own; whether it had any capture there. The way
    /// back is not tried: its first piece is the one just taken.
    fn king_every_route(&mut self, at: usize, came: usize) -> bool {
        let mut any = false;
        for d in 0..8 {
            if came != START && d == reverse(came) {
                continue;
            }
            let Some((over, landings)) = self.king_capture(at, d) else { continue };
            any = true;
            self.captured |= over;
            let mut left = landings;
            while left != 0 {
                let landing = nearest(left, d) as usize;
                left &= !(1u64 << landing);
                self.path[self.len] = landing as u8;
                self.len += 1;
                let went_on = self.king_every_route(landing, d);
                self.len -= 1;
                if !went_on {
                    self.report(1u64 << landing);
                }
            }
            self.captured &= !over;
        }
        any
    }

    /// A king that takes `over` going `d` and may land on any of `landings`: it goes
    /// on from each landing square that has a capture, straight on only from the
    /// nearest (from the farther ones it meets the same piece, with the same landing
    /// squares behind). If none has, one report for all of them; if one has, the
    /// routes that stop here are worth less than it (they take fewer pieces), and are
    /// not reported.
    fn king_lands(&mut self, d: usize, over: u64, landings: u64) {
        self.captured |= over;
        let mut went_on = false;
        let mut left = landings;
        while left != 0 {
            let landing = nearest(left, d) as usize;
            let nearest_one = left == landings;
            left &= !(1u64 << landing);
            self.path[self.len] = landing as u8;
            self.len += 1;
            for e in 0..8 {
                if e == reverse(d) || (e == d && !nearest_one) {
                    continue;
                }
                if let Some((next, next_landings)) = self.king_capture(landing, e) {
                    went_on = true;
                    self.king_lands(e, next, next_landings);
                }
            }
            self.len -= 1;
        }
        if !went_on {
            self.report(landings);
        }
        self.captured &= !over;
    }
}

/// The boards of rule set `R` as the 10x10 board's `u64`, the only board with captures
/// along rows and columns: no change for the `u64` they are.
#[inline(always)]
fn ten<B: Bits>(board: B) -> u64 {
    board.widen() as u64
}

impl<B: Bits> Bitboards<B> {
    /// [`Bitboards::walk_captures`] under rules with captures along rows and columns:
    /// the routes of the side to move's pieces on `starts`. Compiled into its caller,
    /// so that the perft walk's bit instructions reach the men's routes.
    #[inline(always)]
    pub(super) fn walk_orthogonal_captures<F: FnMut(Square, &[u8], B, B, bool), R: RuleBook<Bits = B>, const EVERY_ROUTE: bool>(
        &self,
        starts: B,
        mut visit: F,
    ) {
        let mut visit = |from, path: &[u8], ends: u64, captured: u64, crowned| {
            visit(from, path, B::narrow(Wide::from(ends)), B::narrow(Wide::from(captured)), crowned);
        };
        let empty = ten(self.empty_in::<R>());
        let mut pieces = ten(starts & self.own(self.side));
        let kings = ten(self.kings);
        let enemies = ten(self.own(self.side.opponent()));
        let mut walk = Walk::<_, EVERY_ROUTE> {
            from: Square::numbered(1),
            empty,
            enemies,
            captured: 0,
            men_starts: [0; 8],
            path: [0; MAX_CAPTURES],
            len: 0,
            visit: &mut visit,
        };
        while pieces != 0 {
            let bit = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            walk.from = square_of_bit::<R>(bit);
            walk.empty = empty | (1u64 << bit);
            if kings & (1u64 << bit) == 0 {
                // Its own square empty once it has left it, for a route that comes
                // back to it.
                walk.men_starts = jump_starts(enemies, walk.empty);
                walk.man_routes(bit);
                walk.len = 0;
            } else if EVERY_ROUTE {
                walk.king_every_route(bit, START);
            } else {
                for d in 0..8 {
                    if let Some((over, landings)) = walk.king_capture(bit, d) {
                        walk.king_lands(d, over, landings);
                    }
                }
            }
        }
    }

    /// The side to move's men that can capture along a diagonal, row or column: an
    /// enemy next to them that way and an empty square right behind. Diagonal and
    /// column steps are constant shifts that fall on a ghost bit or off the board at
    /// the edges; a row step is a shift masked to the squares with two more squares of
    /// their row on that side.
    #[inline(always)]
    pub(super) fn orthogonal_capturing_men<R: RuleBook<Bits = B>>(&self) -> B {
        B::narrow(Wide::from(self.orthogonal_capturing_men_ten::<R>()))
    }

    /// [`Bitboards::orthogonal_capturing_men`] on the 10x10 board's `u64`.
    #[inline(always)]
    fn orthogonal_capturing_men_ten<R: RuleBook<Bits = B>>(&self) -> u64 {
        let men = ten(self.own(self.side) & !self.kings);
        let enemies = ten(self.own(self.side.opponent()));
        let empty = ten(self.empty_in::<R>());
        let jump = |by: i32| {
            let (next, behind) = if by > 0 {
                (enemies >> by, empty >> (2 * by))
            } else {
                (enemies << -by, empty << (-2 * by))
            };
            next & behind
        };
        let diagonal = R::DIRECTIONS.iter().fold(0, |all, &d| all | jump(d));
        let column = jump(11) | jump(-11);
        let row = (jump(1) & RIGHTWARD_STARTS) | (jump(-1) & LEFTWARD_STARTS);
        men & (diagonal | column | row)
    }

    /// The moves of a side with men only under captures along rows and columns too: its
    /// steps by popcount when no man can capture; its captures by popcount when each is
    /// a single jump (of them, under the value rule, only those that take a king if one
    /// does: a king is worth more than a man); else only the men that can go on walked,
    /// as any capture of two pieces is worth more than any of one. A man that lands
    /// after a jump can only go on the other seven ways (the way back holds the piece it
    /// took), where neither that piece nor its start square lies, so the board before
    /// the move tells whether it can.
    #[inline(always)]
    pub(super) fn count_orthogonal_men_moves<R: RuleBook<Bits = B>>(&self) -> usize {
        let men = ten(self.own(self.side));
        let enemies = ten(self.own(self.side.opponent()));
        let empty = ten(self.empty_in::<R>());
        let s = jump_starts(enemies, empty);
        if men & (s[0] | s[1] | s[2] | s[3] | s[4] | s[5] | s[6] | s[7]) == 0 {
            return self.count_quiet::<R>(&[B::ZERO; 4]);
        }
        let j = s.map(|s| men & s);
        // The starts of every direction but one, that opposite to a jump ([`reverse`]
        // pairs 0 with 3, 1 with 2, 4 with 7 and 5 with 6), from partial unions.
        let (diagonal, straight) = (s[0] | s[1] | s[2] | s[3], s[4] | s[5] | s[6] | s[7]);
        let (outer, inner) = (s[0] | s[3], s[1] | s[2]);
        let (column, row) = (s[4] | s[7], s[5] | s[6]);
        let going_on = jumping_on::<0>(j[0], s[0] | inner | straight)
            | jumping_on::<1>(j[1], s[1] | outer | straight)
            | jumping_on::<2>(j[2], s[2] | outer | straight)
            | jumping_on::<3>(j[3], s[3] | inner | straight)
            | jumping_on::<4>(j[4], s[4] | row | diagonal)
            | jumping_on::<5>(j[5], s[5] | column | diagonal)
            | jumping_on::<6>(j[6], s[6] | column | diagonal)
            | jumping_on::<7>(j[7], s[7] | row | diagonal);
        if going_on != 0 {
            return self.count_walked_from::<R>(B::narrow(Wide::from(going_on)));
        }
        let kings = enemies & ten(self.kings);
        let over_kings: u32 = (0..8).map(|d| (j[d] & shift(kings, -STEP_BITS[d])).count_ones()).sum();
        if over_kings > 0 {
            return over_kings as usize;
        }
        j.iter().map(|j| j.count_ones()).sum::<u32>() as usize
    }

    /// Whether the side to move can capture, along a diagonal, row or column.
    #[inline(always)]
    pub(super) fn has_orthogonal_capture<R: RuleBook<Bits = B>>(&self) -> bool {
        if self.orthogonal_capturing_men_ten::<R>() != 0 {
            return true;
        }
        let mut kings = ten(self.own(self.side) & self.kings);
        let occupied = ten(self.white | self.black);
        let enemies = ten(self.own(self.side.opponent()));
        while kings != 0 {
            let at = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            for (d, rays) in RAYS.iter().enumerate() {
                let pieces = rays[at] & occupied;
                if pieces == 0 {
                    continue;
                }
                let first = nearest(pieces, d) as usize;
                let behind = rays[first];
                if enemies & (1u64 << first) != 0 && behind != 0 && occupied & (1u64 << nearest(behind, d)) == 0 {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rays follow rows, columns and diagonals square by square, and a row's ray
    /// never wraps into the next row.
    #[test]
    fn rays_stay_on_their_lines() {
        let geometry = Geometry::TEN;
        for number in 1..=50u8 {
            let square = Square(number);
            let bit = geometry.bit_index(number);
            let (row, column) = (geometry.row(square), geometry.column(square));
            for (d, rays) in RAYS.iter().enumerate() {
                let mut ray = rays[bit];
                while ray != 0 {
                    let next = nearest(ray, d) as usize;
                    ray &= !(1u64 << next);
                    let there = super::super::geometry::square_at_bit(geometry, next);
                    let (r, c) = (geometry.row(there), geometry.column(there));
                    match d {
                        4 | 7 => assert_eq!(c, column, "{number} {d}"),
                        5 | 6 => assert_eq!(r, row, "{number} {d}"),
                        _ => assert_eq!(r.abs_diff(row), c.abs_diff(column), "{number} {d}"),
                    }
                }
            }
        }
        // Square 5 ends its row: nothing to its right; square 6 starts the next.
        assert_eq!(RAYS[6][geometry.bit_index(5)], 0);
        assert_eq!(RAYS[5][geometry.bit_index(6)], 0);
        assert_eq!(RAYS[6][geometry.bit_index(1)].count_ones(), 4);
        assert_eq!(RAYS[7][geometry.bit_index(1)].count_ones(), 4);
    }
}
