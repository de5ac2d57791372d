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

use super::board::{BLACK, Board, DIRECTIONS, EMPTY, Point};

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

/// The line through a point in one direction, offsets -6..=6, the point at `CENTRE`.
const REACH: i32 = 6;
const CENTRE: usize = REACH as usize;
type Line = [u8; 2 * CENTRE + 1];

fn read_line(stones: &Stones<'_>, at: (i32, i32), (dc, dr): (i32, i32)) -> Line {
    let mut line: Line = stones.board.codes_along(at, (dc, dr));
    // The test's stones on the line: each at the step `k` that leads to it, if any.
    let mut extra = stones.extra;
    while let Some(e) = extra {
        let (dx, dy) = (e.point.0 - at.0, e.point.1 - at.1);
        let k = if dc != 0 { dx * dc } else { dy * dr };
        if k.abs() <= REACH && (dx, dy) == (k * dc, k * dr) {
            line[(k + REACH) as usize] = BLACK;
        }
        extra = e.rest;
    }
    line
}

/// The run of black stones through `at`, `at` taken as black whatever it holds (it is
/// never read, so a stone can be tried there without a copy of the line): (first
/// index, last index).
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
        let (first, last) = run(line, point);
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

/// Whether a black stone on the empty `point` makes a straight four through the
/// centre: four in a row, both ends empty, each end making exactly five.
fn makes_straight_four(line: &Line, point: usize) -> bool {
    let (first, last) = run(line, point);
    if last - first + 1 != 4 || !(first..=last).contains(&CENTRE) || first < 2 || last + 2 >= line.len() {
        return false;
    }
    line[first - 1] == EMPTY && line[last + 1] == EMPTY && line[first - 2] != BLACK && line[last + 2] != BLACK
}

/// Whether the stones through the centre in this direction make a real three: one
/// more stone makes a straight four, and that stone is not itself forbidden.
fn real_three<const SKIP_SPARSE: bool>(
    stones: &Stones<'_>,
    centre: (i32, i32),
    direction: (i32, i32),
    line: &Line,
) -> bool {
    for point in CENTRE - 4..=CENTRE + 4 {
        if line[point] != EMPTY {
            continue;
        }
        if makes_straight_four(line, point) {
            let k = point as i32 - REACH;
            let at = (centre.0 + k * direction.0, centre.1 + k * direction.1);
            if forbidden_at::<SKIP_SPARSE>(stones, at).is_none() {
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

/// Which of the lines through a point (at `CENTRE` of each) hold as many black stones
/// as a pattern needs there, the point itself not counted. Each pattern needs: an
/// overline, five more within five points on one line (a run of six); a four, three
/// more within four points on its line (a five's other stones), and two fours on one
/// line four more (they share the point but not all their stones); a three, two more
/// within three points on its line (a straight four is four in a row through the
/// point).
#[derive(Clone, Copy)]
struct Crowded {
    /// A line may hold an overline or two fours by itself.
    alone: bool,
    /// The lines that may hold a four, a bit each, by direction.
    fours: u8,
    /// The lines that may hold a three.
    threes: u8,
}

impl Crowded {
    fn of(lines: &[Line; 4]) -> Crowded {
        let mut crowded = Crowded { alone: false, fours: 0, threes: 0 };
        for (d, line) in lines.iter().enumerate() {
            let black = |k: usize| u32::from(line[CENTRE - k] == BLACK) + u32::from(line[CENTRE + k] == BLACK);
            let within_three = black(1) + black(2) + black(3);
            if within_three == 0 {
                // At most four within five: too few for any pattern.
                continue;
            }
            let within_four = within_three + black(4);
            crowded.alone |= within_four >= 4 || within_four + black(5) >= 5;
            crowded.fours |= u8::from(within_four >= 3) << d;
            crowded.threes |= u8::from(within_three >= 2) << d;
        }
        crowded
    }

    /// Whether a pattern may be there: most points of a board have too few stones
    /// around, and are allowed without any stone tried.
    fn may_be_forbidden(self) -> bool {
        self.alone || self.fours.count_ones() >= 2 || self.threes.count_ones() >= 2
    }
}

/// Whether a black stone on the empty point `at` is forbidden, given `stones`; with
/// `SKIP_SPARSE`, only the lines [`Crowded`] finds crowded enough are read for each
/// pattern, and a point with none is allowed at once (the unit tests compare both
/// ways).
fn forbidden_at<const SKIP_SPARSE: bool>(stones: &Stones<'_>, at: (i32, i32)) -> Option<Forbidden> {
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
    let crowded = if SKIP_SPARSE { Crowded::of(&lines) } else { Crowded { alone: true, fours: 0b1111, threes: 0b1111 } };
    if !crowded.may_be_forbidden() {
        return None;
    }
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
    // Only the lines crowded enough are read for fours and threes.
    let on = |set: u8, d: usize| set & 1 << d != 0;
    if (crowded.alone || crowded.fours.count_ones() >= 2)
        && (0..4).filter(|&d| on(crowded.fours, d)).map(|d| fours(&lines[d])).sum::<usize>() >= 2
    {
        return Some(Forbidden::DoubleFour);
    }
    if crowded.threes.count_ones() < 2 {
        return None;
    }
    let threes = (0..4)
        .filter(|&d| on(crowded.threes, d) && real_three::<SKIP_SPARSE>(&placed, at, DIRECTIONS[d], &lines[d]))
        .count();
    (threes >= 2).then_some(Forbidden::DoubleThree)
}

/// Whether a black stone on `point` would be forbidden; `None` if it is allowed
/// (or the point is not empty).
#[must_use]
pub fn forbidden(board: &Board, point: Point) -> Option<Forbidden> {
    if board.stone_at(point).is_some() || !board.contains(point) {
        return None;
    }
    forbidden_at::<true>(&Stones { board, extra: None }, (i32::from(point.column), i32::from(point.row)))
}

/// Every point forbidden to Black, by column then row.
pub fn forbidden_points(board: &Board) -> impl Iterator<Item = (Point, Forbidden)> + '_ {
    board.empty_points().filter_map(move |p| forbidden(board, p).map(|why| (p, why)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::Stone;
    use proptest::prelude::*;

    /// A board of `side` x `side` with a stone where `cells` (one a point, row by row)
    /// holds less than `crowd` of ten, three in four of them black: black-heavy, so
    /// that every pattern and the three's recursion turn up.
    fn board_of(side: u32, cells: &[u8], crowd: u8) -> Board {
        let mut board = Board::new(side, side).unwrap();
        for (i, &cell) in cells.iter().take((side * side) as usize).enumerate() {
            if cell < crowd {
                let point = Point { column: (i as u32 % side) as u16, row: (i as u32 / side) as u16 };
                board.place(point, if cell % 4 == 3 { Stone::White } else { Stone::Black }).unwrap();
            }
        }
        board
    }

    /// Every empty point's verdict, with the sparse points skipped and read.
    fn both_ways(board: &Board) -> Vec<(Point, Option<Forbidden>, Option<Forbidden>)> {
        let stones = Stones { board, extra: None };
        board
            .empty_points()
            .map(|p| {
                let at = (i32::from(p.column), i32::from(p.row));
                (p, forbidden_at::<true>(&stones, at), forbidden_at::<false>(&stones, at))
            })
            .collect()
    }

    /// Each point's code read one by one, off the board a wall.
    fn line_point_by_point(board: &Board, (c, r): (i32, i32), (dc, dr): (i32, i32)) -> Line {
        std::array::from_fn(|i| board.code_at(c + (i as i32 - REACH) * dc, r + (i as i32 - REACH) * dr))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Skipping the points with too few black stones around changes no verdict, on
        /// boards from sparse to crowded.
        #[test]
        fn skipping_sparse_points_changes_no_verdict(
            side in 7u32..=15,
            cells in proptest::collection::vec(0u8..10, 225),
            crowd in 1u8..=9,
        ) {
            let board = board_of(side, &cells, crowd);
            for (point, skipped, read) in both_ways(&board) {
                prop_assert_eq!(skipped, read, "{} on {:?}", point, board);
            }
        }

        /// A line read at once is the line read point by point, at every point of
        /// boards of every shape, near the edges and corners too.
        #[test]
        fn a_line_read_at_once_is_read_point_by_point(
            columns in 1u32..=20,
            rows in 1u32..=20,
            cells in proptest::collection::vec(0u8..10, 400),
        ) {
            let mut board = Board::new(columns, rows).unwrap();
            for (i, &cell) in cells.iter().take((columns * rows) as usize).enumerate() {
                let point = Point { column: (i as u32 % columns) as u16, row: (i as u32 / columns) as u16 };
                match cell {
                    0..=2 => board.place(point, Stone::Black).unwrap(),
                    3..=5 => board.place(point, Stone::White).unwrap(),
                    _ => {}
                }
            }
            for c in 0..columns as i32 {
                for r in 0..rows as i32 {
                    for direction in DIRECTIONS {
                        let at_once: Line = board.codes_along((c, r), direction);
                        prop_assert_eq!(at_once, line_point_by_point(&board, (c, r), direction));
                    }
                }
            }
        }
    }

    #[test]
    fn the_boards_drawn_hold_every_kind_of_forbidden_point() {
        // The comparison above is worth something only if such boards hold forbidden
        // points of every kind: count them on a fixed sample, skipped and read alike.
        let mut found = [0usize; 3];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..300 {
            let cells: Vec<u8> = (0..225)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    (seed % 10) as u8
                })
                .collect();
            for (_, skipped, read) in both_ways(&board_of(15, &cells, 4)) {
                assert_eq!(skipped, read);
                if let Some(why) = read {
                    found[why as usize] += 1;
                }
            }
        }
        assert!(found.iter().all(|&n| n > 0), "overlines, double fours, double threes: {found:?}");
    }

    #[test]
    fn a_trial_stone_on_the_line_is_read_as_black() {
        let board = Board::new(15, 15).unwrap();
        let far = Extra { point: (9, 9), rest: None };
        let near = Extra { point: (4, 6), rest: Some(&far) };
        let stones = Stones { board: &board, extra: Some(&near) };
        // (4, 6) is two steps from (2, 4) on the rising diagonal, (9, 9) on no line of it.
        let line = read_line(&stones, (2, 4), (1, 1));
        assert_eq!(line[CENTRE + 2], BLACK);
        assert_eq!(line.iter().filter(|&&code| code == BLACK).count(), 1);
        // Two steps back from (6, 8) on the same diagonal; off its row.
        assert_eq!(read_line(&stones, (6, 8), (1, 1))[CENTRE - 2], BLACK);
        assert!(!read_line(&stones, (6, 8), (1, 0)).contains(&BLACK));
    }
}
