//! Xiangqi move generation (perft) and a long game with its history.

use std::hint::black_box;

use arbiter::random::SplitMix64;
use arbiter::xiangqi::{Move, Position};
use arbiter::{Game, WithHistory, perft};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const MIDDLEGAMES: [(&str, &str); 2] = [
    ("middlegame M1", "1rbakabr1/9/c1n3nc1/pC2p1p1p/2p6/7R1/P1P1P1P1P/2N1C1N2/9/R1BAKAB2 w - - 12 7"),
    ("middlegame M3", "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1"),
];

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi perft");
    group.sample_size(10);
    let start = Position::start();
    group.throughput(Throughput::Elements(3_290_240));
    group.bench_function("start depth 4", |b| b.iter(|| perft(black_box(&start), 4)));
    for (name, fen) in MIDDLEGAMES {
        let position = Position::from_fen(fen).unwrap();
        group.throughput(Throughput::Elements(perft(&position, 3)));
        group.bench_function(format!("{name} depth 3"), |b| b.iter(|| perft(black_box(&position), 3)));
    }
    group.finish();
}

/// A game of `plies` random legal moves that the rules that look back do not end:
/// the seed is tried again until one goes the distance.
fn long_game(plies: usize) -> Vec<Move> {
    let mut random = SplitMix64::new(0x5eed);
    let mut legal = Vec::new();
    loop {
        let mut game = WithHistory::new(Position::start());
        let mut moves = Vec::with_capacity(plies);
        while moves.len() < plies && game.outcome().is_none() {
            game.legal_moves(&mut legal);
            let mv = legal[random.index(legal.len())];
            game.play(mv);
            moves.push(mv);
        }
        if moves.len() == plies && game.outcome().is_none() {
            return moves;
        }
    }
}

/// The cost of the rules that look back: a 300-ply game replayed on the bare position
/// and with its history (hash, check and chases recorded per ply, verdict per move).
fn history_bench(c: &mut Criterion) {
    let moves = long_game(300);
    let mut group = c.benchmark_group("xiangqi replay");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("300 plies, position only", |b| {
        b.iter(|| {
            let mut position = Position::start();
            for &mv in black_box(&moves) {
                position.play(mv);
            }
            position
        })
    });
    group.bench_function("300 plies, with history", |b| {
        b.iter(|| {
            let mut game = WithHistory::new(Position::start());
            for &mv in black_box(&moves) {
                game.play(mv);
            }
            game.outcome()
        })
    });
    group.finish();
}

criterion_group!(benches, perft_benches, history_bench);
criterion_main!(benches);
