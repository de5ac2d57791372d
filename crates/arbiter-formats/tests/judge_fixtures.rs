//! Every judge is byte-exact on every fixture in `tests/data/judges/GAME`: each
//! `NAME.in` answered as `NAME.out` says.

use std::io;

use arbiter::GameKind;
use arbiter_formats::judge;

/// Runs the judge of `kind` on every `.in` file of `tests/data/judges/{kind}` and lists
/// the files whose answer differs; at least `expected` fixtures must be there.
fn check(kind: GameKind, expected: usize) {
    let game = kind.name();
    let dir = format!("{}/tests/data/judges/{game}", env!("CARGO_MANIFEST_DIR"));
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
        match judge(kind, &input[..], &mut output, io::sink()) {
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
    check(GameKind::Xiangqi, 6);
}

#[test]
fn draughts_judge_matches_every_fixture() {
    check(GameKind::Draughts, 74);
}

#[test]
fn gomoku_judge_matches_every_fixture() {
    check(GameKind::Gomoku, 58);
}

#[test]
fn twixt_judge_matches_every_fixture() {
    check(GameKind::Twixt, 9);
}
