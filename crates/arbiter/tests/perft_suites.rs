//! Perft against every row of the suites in `tests/data`: Xiangqi (Pikafish and
//! Fairy-Stockfish) and international draughts (published figures and Scan 3.1).
//! Rows above `FAST_LIMIT` nodes are `#[ignore]`d: run them with
//! `cargo test --release -p arbiter --test perft_suites -- --ignored`.

use arbiter::{draughts, perft, xiangqi};

const FAST_LIMIT: u64 = 10_000_000;

/// (fen, depth, nodes) rows of a suite: tab-separated, a header line, `#` comments.
fn rows(game: &str) -> Vec<(String, u32, u64)> {
    let path = format!("{}/tests/data/{game}/perft.tsv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("fen\t"))
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols[0].to_owned(), cols[1].parse().unwrap(), cols[2].parse().unwrap())
        })
        .collect()
}

/// Checks the rows of `game` that `keep` selects, with `count` giving perft from a FEN.
fn check(game: &str, keep: impl Fn(u64) -> bool, count: impl Fn(&str, u32) -> u64) {
    let mut ran = 0;
    for (fen, depth, nodes) in rows(game).into_iter().filter(|r| keep(r.2)) {
        assert_eq!(count(&fen, depth), nodes, "{game}: {fen} depth {depth}");
        ran += 1;
    }
    assert!(ran > 0, "{game}: no rows");
}

fn xiangqi_perft(fen: &str, depth: u32) -> u64 {
    perft(&xiangqi::Position::from_fen(fen).unwrap(), depth)
}

fn draughts_perft(fen: &str, depth: u32) -> u64 {
    perft(&draughts::Position::from_fen(fen).unwrap(), depth)
}

#[test]
fn xiangqi_rows_that_finish_in_seconds() {
    check("xiangqi", |nodes| nodes <= FAST_LIMIT, xiangqi_perft);
}

#[test]
fn draughts_rows_that_finish_in_seconds() {
    check("draughts", |nodes| nodes <= FAST_LIMIT, draughts_perft);
}

#[test]
#[ignore = "minutes: run with --ignored"]
fn xiangqi_deep_rows() {
    check("xiangqi", |nodes| nodes > FAST_LIMIT, xiangqi_perft);
}

#[test]
#[ignore = "minutes: run with --ignored"]
fn draughts_deep_rows() {
    check("draughts", |nodes| nodes > FAST_LIMIT, draughts_perft);
}
