//! The draughts family's rule sets: perft from their starts against published counts,
//! and each rule set's own rules, cited to their texts in docs/rules.md.

use arbiter::draughts::{Position, Rules};
use arbiter::perft;

fn start(rules: Rules) -> Position {
    Position::start_with(rules)
}

/// Perft from the start, depths 1-8: DCTL's counts (`dctl-perft RULES 8 start count
/// drop all`, docs/rules.md), and for checkers Aart Bik's published table too.
#[test]
fn perft_from_the_starts() {
    let cases: [(Rules, [u64; 8]); 3] = [
        (Rules::Brazilian, [7, 49, 302, 1469, 7473, 37628, 187302, 907830]),
        (Rules::Russian, [7, 49, 302, 1469, 7482, 37986, 190146, 929899]),
        (Rules::English, [7, 49, 302, 1469, 7361, 36768, 179740, 845931]),
    ];
    for (rules, counts) in cases {
        for (depth, &count) in (1..).zip(&counts) {
            assert_eq!(perft(&start(rules), depth), count, "{rules} depth {depth}");
        }
    }
}
