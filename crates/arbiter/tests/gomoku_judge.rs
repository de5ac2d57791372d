//! The gomoku judge is byte-exact on every fixture in `tests/data/gomoku`.

use arbiter::gomoku::judge;

#[test]
fn judge_matches_every_fixture() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gomoku");
    let mut checked = 0;
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "in") {
            let input = std::fs::read(&path).unwrap();
            let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
            let mut output = Vec::new();
            judge::run(&input[..], &mut output).unwrap();
            if String::from_utf8(output).unwrap() != expected {
                failures.push(path.file_name().unwrap().to_string_lossy().into_owned());
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "wrong answers: {failures:?}");
    assert!(checked >= 58, "only {checked} fixtures found");
}
