//! After every move of random games on random sizes, under both rule sets, the
//! incremental links, crossings and connection equal a from-scratch computation: every
//! pair of links tested by exact integer segment intersection (any link blocks under
//! `auto`, only the opponent's under `pp`), and a graph search between the edges along
//! links only, so crossed links are not joined where they cross; the links read at the
//! new peg are those that touch it, and the open points are those the refusal allows.

use std::collections::{BTreeSet, VecDeque};

use arbiter::Game;
use arbiter::twixt::{Color, Move, Peg, Position, Rules};
use proptest::prelude::*;

type Point = (i64, i64);

fn cross(a: Point, b: Point, c: Point) -> i64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// Proper intersection of two segments: each one's ends strictly on both sides of
/// the other's line. Segments that share an end or only touch do not cross.
fn intersect(a: Point, b: Point, c: Point, d: Point) -> bool {
    let (d1, d2) = (cross(a, b, c), cross(a, b, d));
    let (d3, d4) = (cross(c, d, a), cross(c, d, b));
    ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}

struct Reference {
    rules: Rules,
    size: i64,
    pegs: Vec<(Point, Color)>,
    links: Vec<(Point, Point, Color)>,
}

impl Reference {
    fn place(&mut self, p: Point, color: Color) {
        for &(q, c) in &self.pegs.clone() {
            let (dx, dy) = ((q.0 - p.0).abs(), (q.1 - p.1).abs());
            if c == color
                && ((dx == 1 && dy == 2) || (dx == 2 && dy == 1))
                && !self
                    .links
                    .iter()
                    .any(|&(a, b, c)| intersect(p, q, a, b) && (self.rules == Rules::Auto || c != color))
            {
                self.links.push((p, q, color));
            }
        }
        self.pegs.push((p, color));
    }

    fn connected(&self, color: Color) -> bool {
        let coordinate = |p: Point| if color == Color::Black { p.0 } else { p.1 };
        let mut seen: BTreeSet<Point> =
            self.pegs.iter().filter(|&&(p, c)| c == color && coordinate(p) == 0).map(|&(p, _)| p).collect();
        let mut queue: VecDeque<Point> = seen.iter().copied().collect();
        while let Some(p) = queue.pop_front() {
            if coordinate(p) == self.size - 1 {
                return true;
            }
            for &(a, b, c) in &self.links {
                if c != color {
                    continue;
                }
                let next = if a == p {
                    b
                } else if b == p {
                    a
                } else {
                    continue;
                };
                if seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        false
    }

    fn link_set(&self) -> BTreeSet<(Point, Point)> {
        self.links.iter().map(|&(a, b, _)| if a.0 < b.0 { (a, b) } else { (b, a) }).collect()
    }

    /// The pairs of links that cross, each pair once, as sets of two links.
    fn crossings(&self) -> BTreeSet<BTreeSet<(Point, Point)>> {
        let links: Vec<(Point, Point)> = self.link_set().into_iter().collect();
        let mut pairs = BTreeSet::new();
        for (i, &(a, b)) in links.iter().enumerate() {
            for &(c, d) in &links[i + 1..] {
                if intersect(a, b, c, d) {
                    pairs.insert(BTreeSet::from([(a, b), (c, d)]));
                }
            }
        }
        pairs
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn incremental_state_equals_a_fresh_computation(size in 3u32..14, pp in any::<bool>(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let rules = if pp { Rules::Pp } else { Rules::Auto };
        let mut game = Position::with_rules(rules, size, false).unwrap();
        let mut reference = Reference { rules, size: i64::from(size), pegs: Vec::new(), links: Vec::new() };
        let mut moves = Vec::new();
        for choice in choices {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            let Move::Place(Peg { x, y }) = mv else { unreachable!("no swap rule") };
            let mover = game.turn();
            game.play(mv);
            reference.place((i64::from(x), i64::from(y)), mover);
            let engine: BTreeSet<(Point, Point)> = game.board().links()
                .map(|(a, b)| ((i64::from(a.x), i64::from(a.y)), (i64::from(b.x), i64::from(b.y))))
                .collect();
            prop_assert_eq!(&engine, &reference.link_set());
            let point = |p: Peg| (i64::from(p.x), i64::from(p.y));
            let crossings: BTreeSet<BTreeSet<(Point, Point)>> = game.board().crossings()
                .map(|((a, b), (c, d))| BTreeSet::from([(point(a), point(b)), (point(c), point(d))]))
                .collect();
            prop_assert_eq!(game.board().crossings().count(), crossings.len(), "each pair once");
            prop_assert_eq!(&crossings, &reference.crossings());
            // The new peg's links, read at the peg, are the links that touch it.
            let placed = Peg { x, y };
            let mut expected: Vec<(Peg, Peg)> = game.board().links().filter(|&(a, b)| a == placed || b == placed).collect();
            let mut at: Vec<(Peg, Peg)> = game.board().links_at(placed).collect();
            at.sort_by_key(|&(a, b)| (a.y, a.x, b.y, b.x));
            expected.sort_by_key(|&(a, b)| (a.y, a.x, b.y, b.x));
            prop_assert_eq!(at, expected);
            // The open points of each colour, appended, are every point the refusal lets it take.
            for color in [Color::Black, Color::White] {
                let mut open = vec![Move::Swap];
                game.board().open_points(color, &mut open);
                let side = size as u16;
                let allowed: Vec<Move> = std::iter::once(Move::Swap)
                    .chain((0..side).flat_map(|y| (0..side).map(move |x| Peg { x, y }))
                    .filter(|&peg| game.board().refusal(peg, color).is_none())
                    .map(Move::Place))
                    .collect();
                prop_assert_eq!(open, allowed);
            }
            let won = game.outcome().and_then(|o| o.winner());
            prop_assert_eq!(won == Some(mover.side()), reference.connected(mover));
            prop_assert!(!reference.connected(mover.opponent()));
        }
    }
}
