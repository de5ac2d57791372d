//! Gomoku: replaying whole games (win detection after every stone) and Renju
//! forbidden points on crowded boards.

use std::hint::black_box;

use arbiter::gomoku::{Board, Point, Position, Rules, Stone};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod inputs;

use inputs::shuffled_points;

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

criterion_group!(benches, replay_benches, forbidden_bench);
criterion_main!(benches);
