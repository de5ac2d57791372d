//! Perft against every row of `tests/data/draughts/perft.tsv` (published figures and
//! Scan 3.1). Rows above `FAST_LIMIT` nodes are `#[ignore]`d: run them with
//! `cargo test --release -- --ignored`.

use arbiter::draughts::Position;
use arbiter::perft;

const FAST_LIMIT: u64 = 10_000_000;

fn rows() -> Vec<(String, u32, u64)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/draughts/perft.tsv")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("fen\t"))
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols[0].to_owned(), cols[1].parse().unwrap(), cols[2].parse().unwrap())
        })
        .collect()
}

fn check(keep: impl Fn(u64) -> bool) {
    let mut ran = 0;
    for (fen, depth, nodes) in rows().into_iter().filter(|r| keep(r.2)) {
        let position = Position::from_fen(&fen).unwrap();
        assert_eq!(perft(&position, depth), nodes, "{fen} depth {depth}");
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
