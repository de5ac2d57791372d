//! TwixT: a long game on a big board (links, crossings and connection kept peg by
//! peg), and the contest judge on many datasets.

use std::hint::black_box;

use arbiter::Game;
use arbiter::random::SplitMix64;
use arbiter::twixt::{Peg, Position, judge};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Up to `count` random legal pegs on a `size` board, stopping at a win.
fn random_game(size: u32, count: usize, rng: &mut SplitMix64) -> Vec<Peg> {
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

fn judge_bench(c: &mut Criterion) {
    let mut rng = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    let mut input = String::new();
    let mut moves = 0;
    for _ in 0..2000 {
        let pegs = random_game(21, 249, &mut rng);
        moves += pegs.len();
        input.push_str(&format!("20 {}\n", pegs.len()));
        for peg in pegs {
            input.push_str(&format!("{} {} ", peg.x, peg.y));
        }
        input.push('\n');
    }
    input.push_str("0 0\n");
    let mut group = c.benchmark_group("twixt judge");
    group.sample_size(20);
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function(format!("2000 datasets, {moves} moves"), |b| {
        b.iter(|| {
            let mut out = Vec::new();
            judge::run(black_box(input.as_bytes()), &mut out).unwrap();
            out
        })
    });
    group.finish();
}

criterion_group!(benches, game_bench, judge_bench);
criterion_main!(benches);
