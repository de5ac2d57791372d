//! TwixT: a long game on a big board (links, crossings and connection kept peg by
//! peg).

use std::hint::black_box;

use arbiter::Game;
use arbiter::random::SplitMix64;
use arbiter::twixt::{Peg, Position};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod inputs;

use inputs::random_game;

fn replay(size: u32, pegs: &[Peg]) -> bool {
    let mut game = Position::new(size, false).unwrap();
    for &peg in pegs {
        game.place(peg).unwrap();
    }
    game.outcome().is_some()
}

fn game_bench(c: &mut Criterion) {
    let pegs = random_game(200, 10_000, &mut SplitMix64::new(0x2545_f491_4f6c_dd1d));
    let mut group = c.benchmark_group("twixt");
    group.throughput(Throughput::Elements(pegs.len() as u64));
    group.bench_function(format!("{}-move game on 200x200", pegs.len()), |b| b.iter(|| replay(200, black_box(&pegs))));
    group.finish();
}

criterion_group!(benches, game_bench);
criterion_main!(benches);
