//! The diagrams of the Chinese Xiangqi Association's rule book on repetition (图2 to
//! 图30), played through arbiter under both readings of the chase rules. Each row of
//! `data/xiangqi-rules/chinese-rule-book.tsv` holds a diagram's position, the moves
//! before its cycle, the cycle, the book's verdict and arbiter's under `axf` and
//! `engines`, and the book's reading of each side's moves; where arbiter's verdict
//! differs from the book's, the row says why
//! (docs/rules.md, "The Chinese rule book's diagrams").

use arbiter::xiangqi::{ChaseRules, Position, Settings};
use arbiter::{Game, Outcome, Side, WithHistory};

const DIAGRAMS: &str = include_str!("data/xiangqi-rules/chinese-rule-book.tsv");

/// The most times a cycle is played: the third occurrence of its first position comes
/// on the second round at the latest, of a later position on the third.
const MOST_ROUNDS: usize = 3;

/// Plays `prefix`, then `cycle` again and again until the game ends; every move must be
/// legal and the game must not end before a round of the cycle has been played.
fn play_until_the_end(fen: &str, prefix: &str, cycle: &str, rules: ChaseRules) -> Outcome {
    let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut game = WithHistory::with_settings(position, Settings { chase_rules: rules, ..Settings::default() });
    let rounds = std::iter::repeat_n(cycle, MOST_ROUNDS);
    let moves = prefix.split_whitespace().chain(rounds.flat_map(str::split_whitespace));
    let first_round = prefix.split_whitespace().count() + cycle.split_whitespace().count();
    for (i, text) in moves.enumerate() {
        if let Some(outcome) = game.outcome() {
            assert!(i > first_round, "{fen}: the game ended after move {i}, inside the first round: {outcome:?}");
            return outcome;
        }
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{fen}: move {} {text}: {e}", i + 1));
        game.play(mv);
    }
    game.outcome().unwrap_or_else(|| panic!("{fen}: no verdict after {MOST_ROUNDS} rounds of {cycle}"))
}

fn winner(verdict: &str) -> Option<Side> {
    match verdict {
        "red-wins" => Some(Side::First),
        "black-wins" => Some(Side::Second),
        "draw" => None,
        _ => panic!("unknown verdict {verdict}"),
    }
}

#[test]
fn every_diagram_of_the_chinese_rule_book_ends_as_the_table_says() {
    let mut checked = 0;
    for (line, row) in DIAGRAMS.lines().enumerate().skip(1) {
        let fields: Vec<&str> = row.split('\t').collect();
        let [diagram, fen, prefix, cycle, book, axf, engines, _book_reading, reason] = fields[..] else {
            panic!("line {}: {row}", line + 1)
        };
        // An expected verdict that is not the book's says why; one that is says nothing.
        let parts = axf != book || engines != book;
        assert_eq!(parts, !reason.is_empty(), "diagram {diagram}: the reason column does not fit the verdicts");
        winner(book);
        for (rules, expected) in [(ChaseRules::Axf, axf), (ChaseRules::Engines, engines)] {
            let outcome = play_until_the_end(fen, prefix, cycle, rules);
            let context = format!("diagram {diagram}, {rules}: {outcome:?}");
            assert_eq!(outcome.winner(), winner(expected), "{context}");
            let ending = outcome.termination().as_str();
            assert!(["perpetual check", "perpetual chase", "repetition"].contains(&ending), "{context}");
        }
        checked += 1;
    }
    assert_eq!(checked, 31);
}
