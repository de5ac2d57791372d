//! International draughts move generation (perft).

use std::hint::black_box;

use arbiter::draughts::Position;
use arbiter::perft;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("draughts perft");
    group.sample_size(10);
    let cases = [
        ("start depth 8", Position::start(), 8),
        (
            "Random178 depth 5",
            Position::from_fen("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46").unwrap(),
            5,
        ),
        (
            "Woldouby depth 12",
            Position::from_fen("W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38").unwrap(),
            12,
        ),
    ];
    for (name, position, depth) in cases {
        group.throughput(Throughput::Elements(perft(&position, depth)));
        group.bench_function(name, |b| b.iter(|| perft(black_box(&position), depth)));
    }
    group.finish();
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
