//! The TwixT judge is byte-exact on every fixture in `tests/data/twixt`.

use arbiter::twixt::judge;

#[test]
fn judge_matches_every_fixture() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/twixt");
    let mut checked = 0;
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "in") {
            let input = std::fs::read(&path).unwrap();
            let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
            let mut output = Vec::new();
            if let Err(e) = judge::run(&input[..], &mut output) {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
            let got = String::from_utf8(output).unwrap();
            if got != expected {
                let first = got.lines().zip(expected.lines()).position(|(a, b)| a != b);
                failures.push(format!("{}: first difference at answer {first:?}", path.display()));
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(checked >= 9, "only {checked} fixtures found");
}
