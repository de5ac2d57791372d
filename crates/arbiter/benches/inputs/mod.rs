//! Inputs the benchmarks share, made by a fixed-seed generator so that every run
//! measures the same work. The contest judges' benchmarks (`arbiter-formats`) take
//! their inputs from here too.

#![allow(dead_code)] // each benchmark uses some of them

use arbiter::Game;
use arbiter::gomoku::Point;
use arbiter::random::SplitMix64;
use arbiter::twixt::{Peg, Position};

/// A fixed-seed sequence of distinct points covering most of the board.
pub(crate) fn shuffled_points(columns: u16, rows: u16, count: usize) -> Vec<Point> {
    let mut points: Vec<Point> =
        (0..columns).flat_map(|c| (0..rows).map(move |r| Point { column: c, row: r })).collect();
    let mut random = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    for i in (1..points.len()).rev() {
        points.swap(i, random.index(i + 1));
    }
    points.truncate(count);
    points
}

/// Up to `count` random legal pegs on a `size` board, stopping at a win.
pub(crate) fn random_game(size: u32, count: usize, rng: &mut SplitMix64) -> Vec<Peg> {
    let mut game = Position::new(size, false).unwrap();
    let mut pegs = Vec::with_capacity(count);
    while pegs.len() < count && game.outcome().is_none() {
        let peg = Peg { x: rng.below(u64::from(size)) as u16, y: rng.below(u64::from(size)) as u16 };
        if game.place(peg).is_ok() {
            pegs.push(peg);
        }
    }
    pegs
}
