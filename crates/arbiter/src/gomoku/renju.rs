//! Renju's forbidden points for Black (RIF rules): an overline, a double four or a
//! double three, unless the stone also makes exactly five.
//!
//! A four is a line to which one more stone makes exactly five; two ways to do it
//! with the same four stones are one (straight) four, with different stones two
//! fours, which can lie on one line (`xx.x.xx`, `x.xxx.x`). A three is a line to
//! which one more stone makes a straight four; it is real only if that stone is not
//! itself forbidden, which is tested recursively with the three's stone in place.
//!
//! Every test reads the board through [`Stones`], the board plus a short chain of
//! stones placed for the test, kept on the stack: no copy of the board, no allocation.

use super::board::{BLACK, Board, DIRECTIONS, EMPTY, Point, WALL};

/// Why a point is forbidden to Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forbidden {
    /// The stone would make six or more in a row.
    Overline,
    /// The stone would make two fours at once (on two lines or on one).
    DoubleFour,
    /// The stone would make two threes at once, each able to become a straight four
    /// by a point that is not itself forbidden.
    DoubleThree,
}

impl Forbidden {
    /// The pattern in English with its article ("an overline", "a double four"), to
    /// follow "it makes" in a message.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Forbidden::Overline => "an overline",
            Forbidden::DoubleFour => "a double four",
            Forbidden::DoubleThree => "a double three",
        }
    }
}

/// The board with extra black stones placed for a test.
#[derive(Clone, Copy)]
struct Stones<'a> {
    board: &'a Board,
    extra: Option<&'a Extra<'a>>,
}

struct Extra<'a> {
    point: (i32, i32),
    rest: Option<&'a Extra<'a>>,
}

impl Stones<'_> {
    fn code(&self, column: i32, row: i32) -> u8 {
        let mut extra = self.extra;
        while let Some(e) = extra {
            if e.point == (column, row) {
                return BLACK;
            }
            extra = e.rest;
        }
        self.board.code_at(column, row)
    }
}

/// The line through a point in one direction, offsets -6..=6, the point at `CENTRE`.
const REACH: i32 = 6;
const CENTRE: usize = REACH as usize;
type Line = [u8; 2 * CENTRE + 1];

fn read_line(stones: &Stones<'_>, (c, r): (i32, i32), (dc, dr): (i32, i32)) -> Line {
    let mut line = [WALL; 2 * CENTRE + 1];
    for (i, cell) in line.iter_mut().enumerate() {
        let k = i as i32 - REACH;
        *cell = stones.code(c + k * dc, r + k * dr);
    }
    line
}

/// The run of black stones through `at`: (first index, last index).
fn run(line: &Line, at: usize) -> (usize, usize) {
    let mut first = at;
    while first > 0 && line[first - 1] == BLACK {
        first -= 1;
    }
    let mut last = at;
    while last + 1 < line.len() && line[last + 1] == BLACK {
        last += 1;
    }
    (first, last)
}

/// The fours through the centre: one per distinct set of four stones that one more
/// stone (on an empty point) turns into exactly five.
fn fours(line: &Line) -> usize {
    let mut sets = [0u16; 2];
    let mut count = 0;
    for point in CENTRE - 4..=CENTRE + 4 {
        if line[point] != EMPTY {
            continue;
        }
        let mut with = *line;
        with[point] = BLACK;
        let (first, last) = run(&with, point);
        if last - first + 1 == 5 && (first..=last).contains(&CENTRE) {
            let set = (first..=last).filter(|&i| i != point).fold(0u16, |s, i| s | 1 << i);
            if !sets[..count].contains(&set) && count < sets.len() {
                sets[count] = set;
                count += 1;
            }
        }
    }
    count
}

/// Whether the line holds a straight four through the centre and `point`: four in a
/// row, both ends empty, each end making exactly five.
fn straight_four(line: &Line, point: usize) -> bool {
    let (first, last) = run(line, CENTRE);
    if last - first + 1 != 4 || !(first..=last).contains(&point) || first < 2 || last + 2 >= line.len() {
        return false;
    }
    line[first - 1] == EMPTY && line[last + 1] == EMPTY && line[first - 2] != BLACK && line[last + 2] != BLACK
}

/// Whether the stones through the centre in this direction make a real three: one
/// more stone makes a straight four, and that stone is not itself forbidden.
fn real_three(stones: &Stones<'_>, centre: (i32, i32), direction: (i32, i32), line: &Line) -> bool {
    for point in CENTRE - 4..=CENTRE + 4 {
        if line[point] != EMPTY {
            continue;
        }
        let mut with = *line;
        with[point] = BLACK;
        if straight_four(&with, point) {
            let k = point as i32 - REACH;
            let at = (centre.0 + k * direction.0, centre.1 + k * direction.1);
            if forbidden_at(stones, at).is_none() {
                return true;
            }
        }
    }
    false
}

/// How deep the test of a three's own four-making point may go: each level places a
/// trial stone and tests that point in turn. The 30 shared Renju boards need four
/// levels; a point deeper than this is taken as allowed, which bounds the cost of one
/// test on any board (a crafted board could otherwise make the recursion branch for
/// long).
const MAX_TRIAL_STONES: usize = 6;

/// Whether a black stone on the empty point `at` is forbidden, given `stones`.
fn forbidden_at(stones: &Stones<'_>, at: (i32, i32)) -> Option<Forbidden> {
    let mut depth = 0;
    let mut extra = stones.extra;
    while let Some(e) = extra {
        depth += 1;
        extra = e.rest;
    }
    if depth >= MAX_TRIAL_STONES {
        return None;
    }
    let extra = Extra { point: at, rest: stones.extra };
    let placed = Stones { board: stones.board, extra: Some(&extra) };
    let lines = DIRECTIONS.map(|d| read_line(&placed, at, d));
    let lengths = lines.map(|line| {
        let (first, last) = run(&line, CENTRE);
        last - first + 1
    });
    // Exactly five wins, and a winning stone is never forbidden.
    if lengths.contains(&5) {
        return None;
    }
    if lengths.iter().any(|&n| n > 5) {
        return Some(Forbidden::Overline);
    }
    if lines.iter().map(fours).sum::<usize>() >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    let threes = DIRECTIONS.iter().zip(&lines).filter(|&(&d, line)| real_three(&placed, at, d, line)).count();
    (threes >= 2).then_some(Forbidden::DoubleThree)
}

/// Whether a black stone on `point` would be forbidden; `None` if it is allowed
/// (or the point is not empty).
#[must_use]
pub fn forbidden(board: &Board, point: Point) -> Option<Forbidden> {
    if board.stone_at(point).is_some() || !board.contains(point) {
        return None;
    }
    forbidden_at(&Stones { board, extra: None }, (i32::from(point.column), i32::from(point.row)))
}

/// Every point forbidden to Black, by column then row.
pub fn forbidden_points(board: &Board) -> impl Iterator<Item = (Point, Forbidden)> + '_ {
    board.empty_points().filter_map(move |p| forbidden(board, p).map(|why| (p, why)))
}
