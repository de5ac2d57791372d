//! Perft against every row of `tests/data/xiangqi/perft.tsv` (figures from Pikafish
//! and Fairy-Stockfish). Rows above `FAST_LIMIT` nodes are `#[ignore]`d: run them with
//! `cargo test --release -- --ignored`.

use arbiter::perft;
use arbiter::xiangqi::Position;

const FAST_LIMIT: u64 = 5_000_000;

fn rows() -> Vec<(String, u32, u64, String)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xiangqi/perft.tsv")).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols[0].to_owned(), cols[1].parse().unwrap(), cols[2].parse().unwrap(), cols[4].to_owned())
        })
        .collect()
}

fn check(keep: impl Fn(u64) -> bool) {
    let mut ran = 0;
    for (fen, depth, nodes, label) in rows().into_iter().filter(|r| keep(r.2)) {
        let position = Position::from_fen(&fen).unwrap();
        assert_eq!(perft(&position, depth), nodes, "{label}: {fen} depth {depth}");
        ran += 1;
    }
    assert!(ran > 0);
}

#[test]
fn perft_rows_that_finish_in_seconds() {
    check(|nodes| nodes <= FAST_LIMIT);
}

#[test]
#[ignore = "minutes: run with --ignored"]
fn perft_deep_rows() {
    check(|nodes| nodes > FAST_LIMIT);
}
