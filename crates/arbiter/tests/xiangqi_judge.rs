//! The judge is byte-exact on every fixture in `tests/data/xiangqi`.

use arbiter::xiangqi::judge;

#[test]
fn judge_matches_every_fixture() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xiangqi");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "in") {
            let input = std::fs::read(&path).unwrap();
            let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
            let mut output = Vec::new();
            judge::run(&input[..], &mut output).unwrap();
            assert_eq!(String::from_utf8(output).unwrap(), expected, "{}", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 6, "only {checked} fixtures found");
}
