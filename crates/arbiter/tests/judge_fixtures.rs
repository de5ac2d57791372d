//! Every judge is byte-exact on every fixture in `tests/data/GAME`: each `NAME.in`
//! answered as `NAME.out` says.

use std::io;

use arbiter::{JudgeError, draughts, gomoku, twixt, xiangqi};

/// Runs `judge` on every `.in` file of `tests/data/{game}` and lists the files whose
/// answer differs; at least `expected` fixtures must be there.
fn check(game: &str, expected: usize, judge: impl Fn(&[u8], &mut Vec<u8>) -> Result<(), JudgeError>) {
    let dir = format!("{}/tests/data/{game}", env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let input = std::fs::read(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
        let mut output = Vec::new();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        match judge(&input, &mut output) {
            Err(e) => failures.push(format!("{name}: {e}")),
            Ok(()) if String::from_utf8_lossy(&output) != expected => failures.push(format!("{name}: wrong answer")),
            Ok(()) => {}
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{game}: {failures:#?}");
    assert!(checked >= expected, "{game}: only {checked} fixtures found");
}

#[test]
fn xiangqi_judge_matches_every_fixture() {
    check("xiangqi", 6, |input, output| xiangqi::judge::run(input, output));
}

#[test]
fn draughts_judge_matches_every_fixture() {
    check("draughts", 74, |input, output| draughts::judge::run(input, output, io::sink()));
}

#[test]
fn gomoku_judge_matches_every_fixture() {
    check("gomoku", 58, |input, output| gomoku::judge::run(input, output));
}

#[test]
fn twixt_judge_matches_every_fixture() {
    check("twixt", 9, |input, output| twixt::judge::run(input, output));
}
