//! Gomoku: replaying whole games (win detection after every stone), Renju forbidden
//! points on crowded boards, and the contest judge on a large input.

use std::hint::black_box;

use arbiter::gomoku::{Board, Point, Position, Rules, Stone, judge};
use arbiter::random::SplitMix64;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// A fixed-seed sequence of distinct points covering most of the board.
fn shuffled_points(columns: u16, rows: u16, count: usize) -> Vec<Point> {
    let mut points: Vec<Point> =
        (0..columns).flat_map(|c| (0..rows).map(move |r| Point { column: c, row: r })).collect();
    let mut random = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    for i in (1..points.len()).rev() {
        points.swap(i, random.index(i + 1));
    }
    points.truncate(count);
    points
}

/// Places `points` in order, alternating colours, and runs the win test after every
/// stone whatever won before: the work of a referee over a whole game.
fn replay(rules: Rules, size: u16, points: &[Point]) -> usize {
    let mut board = Board::new(u32::from(size), u32::from(size)).unwrap();
    let mut wins = 0;
    for (i, &p) in points.iter().enumerate() {
        board.place(p, if i % 2 == 0 { Stone::Black } else { Stone::White }).unwrap();
        wins += usize::from(rules.wins(&board, p));
    }
    wins
}

fn replay_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("gomoku replay");
    for size in [15u16, 64] {
        let points = shuffled_points(size, size, usize::from(size) * usize::from(size));
        group.throughput(Throughput::Elements(points.len() as u64));
        group.bench_function(format!("{size}x{size} full board, freestyle"), |b| {
            b.iter(|| replay(Rules::Freestyle, size, black_box(&points)))
        });
    }
    group.finish();
}

fn forbidden_bench(c: &mut Criterion) {
    // A crowded Renju middle game: 90 stones placed at random, then every empty
    // point tested for Black.
    let mut board = Board::new(15, 15).unwrap();
    for (i, p) in shuffled_points(15, 15, 90).into_iter().enumerate() {
        board.place(p, if i % 2 == 0 { Stone::Black } else { Stone::White }).unwrap();
    }
    let renju = Position::from_board(Rules::Renju, board, Stone::Black);
    c.bench_function("renju forbidden points, 90 stones on 15x15", |b| b.iter(|| black_box(&renju).forbidden_points()));
}

fn judge_bench(c: &mut Criterion) {
    let (size, count) = (1000u16, 500_000usize);
    let points = shuffled_points(size, size, count);
    let mut input = format!("{size} {size} {count}\n");
    for p in &points {
        input.push_str(&format!("{} {}\n", p.row + 1, p.column + 1));
    }
    let mut group = c.benchmark_group("gomoku judge");
    group.sample_size(10);
    group.throughput(Throughput::Elements(count as u64));
    group.bench_function("500000 stones on 1000x1000", |b| {
        b.iter(|| {
            let mut out = Vec::new();
            judge::run(black_box(input.as_bytes()), &mut out).unwrap();
            out
        })
    });
    group.finish();
}

criterion_group!(benches, replay_benches, forbidden_bench, judge_bench);
criterion_main!(benches);
