//! Black's forbidden points on the Renju boards of `tests/data/renju/positions.tsv`.

use arbiter::gomoku::{Position, Rules};

#[test]
fn forbidden_points_match_every_board() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/renju/positions.tsv")).unwrap();
    let mut failures = Vec::new();
    let mut checked = 0;
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let game = Position::from_text(Rules::Renju, cols[1]).unwrap();
        let found: Vec<String> = game.forbidden_points().iter().map(ToString::to_string).collect();
        if found.join(" ") != cols[2] {
            failures.push(format!("{}: expected [{}], found [{}]", cols[0], cols[2], found.join(" ")));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(checked, 30);
}
