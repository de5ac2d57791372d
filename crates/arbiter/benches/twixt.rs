//! TwixT: a long game on a big board (links, crossings and connection kept peg by
//! peg), under each rule set.

use std::hint::black_box;

use arbiter::Game;
use arbiter::random::SplitMix64;
use arbiter::twixt::{Peg, Position, Rules};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod inputs;

use inputs::random_game;

fn replay(rules: Rules, size: u32, pegs: &[Peg]) -> bool {
    let mut game = Position::with_rules(rules, size, false).unwrap();
    for &peg in pegs {
        // Under pp the game may end before the pegs run out.
        if game.place(peg).is_err() {
            break;
        }
    }
    game.outcome().is_some()
}

fn game_bench(c: &mut Criterion) {
    let pegs = random_game(200, 10_000, &mut SplitMix64::new(0x2545_f491_4f6c_dd1d));
    let mut group = c.benchmark_group("twixt");
    group.throughput(Throughput::Elements(pegs.len() as u64));
    group.bench_function(format!("{}-move game on 200x200", pegs.len()), |b| {
        b.iter(|| replay(Rules::Auto, 200, black_box(&pegs)));
    });
    group.bench_function(format!("{}-move game on 200x200, pp", pegs.len()), |b| {
        b.iter(|| replay(Rules::Pp, 200, black_box(&pegs)));
    });
    group.finish();
}

criterion_group!(benches, game_bench);
criterion_main!(benches);
