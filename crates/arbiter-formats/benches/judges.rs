//! The contest judges: Xiangqi's on 100,000 cases, draughts' on its hardest fixture (a
//! lattice of kings with 80 capture routes), Gomoku's on a large input and TwixT's on
//! many datasets.

use std::hint::black_box;

use arbiter::GameKind;
use arbiter::random::SplitMix64;
use arbiter_formats::judge;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

#[path = "../../arbiter/benches/inputs/mod.rs"]
mod inputs;

use inputs::{random_game, shuffled_points};

/// Runs `kind`'s judge on `input`.
fn run(kind: GameKind, input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(400_000);
    judge(kind, black_box(input), &mut out, std::io::sink()).unwrap();
    out
}

fn draughts_bench(c: &mut Criterion) {
    let input = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/judges/draughts/edge-33.in")).unwrap();
    c.bench_function("draughts judge king lattice (80 routes)", |b| b.iter(|| run(GameKind::Draughts, &input)));
}

/// 100,000 judge cases built from a fixed-seed generator: a red general, chariots,
/// horses and cannons scattered over the board around a black general in its palace.
fn judge_input(cases: usize) -> String {
    let mut random = SplitMix64::new(0x2545_f491_4f6c_dd1d);
    let mut next = |n: u64| random.below(n);
    let mut out = String::new();
    let mut made = 0;
    while made < cases {
        let black = (1 + next(3), 4 + next(3));
        let red_general = (8 + next(3), 4 + next(3));
        let mut taken = vec![black, red_general];
        let extra = 1 + next(6) as usize;
        let mut lines = vec![format!("G {} {}", red_general.0, red_general.1)];
        while lines.len() <= extra {
            let p = (1 + next(10), 1 + next(9));
            if taken.contains(&p) {
                continue;
            }
            taken.push(p);
            let letter = ["R", "H", "C"][next(3) as usize];
            lines.push(format!("{letter} {} {}", p.0, p.1));
        }
        out.push_str(&format!("{} {} {}\n{}\n\n", lines.len(), black.0, black.1, lines.join("\n")));
        made += 1;
    }
    out.push_str("0 0 0\n");
    out
}

fn xiangqi_bench(c: &mut Criterion) {
    let input = judge_input(100_000);
    let mut group = c.benchmark_group("xiangqi judge");
    group.sample_size(10);
    group.throughput(Throughput::Elements(100_000));
    group.bench_function("100000 cases", |b| b.iter(|| run(GameKind::Xiangqi, input.as_bytes())));
    group.finish();
}

fn gomoku_bench(c: &mut Criterion) {
    let (size, count) = (1000u16, 500_000usize);
    let points = shuffled_points(size, size, count);
    let mut input = format!("{size} {size} {count}\n");
    for p in &points {
        input.push_str(&format!("{} {}\n", p.row + 1, p.column + 1));
    }
    let mut group = c.benchmark_group("gomoku judge");
    group.sample_size(10);
    group.throughput(Throughput::Elements(count as u64));
    group.bench_function("500000 stones on 1000x1000", |b| b.iter(|| run(GameKind::Gomoku, input.as_bytes())));
    group.finish();
}

fn twixt_bench(c: &mut Criterion) {
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
    group
        .bench_function(format!("2000 datasets, {moves} moves"), |b| b.iter(|| run(GameKind::Twixt, input.as_bytes())));
    group.finish();
}

criterion_group!(benches, xiangqi_bench, draughts_bench, gomoku_bench, twixt_bench);
criterion_main!(benches);
