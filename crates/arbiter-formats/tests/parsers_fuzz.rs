//! Property-based fuzzing of the record readers and the contest judges: arbitrary and
//! mutated input never panics.

use arbiter::{GameKind, OptionsInput};
use arbiter_formats::{judge, record};
use proptest::prelude::*;

/// Valid text with a few characters replaced, inserted or removed: close enough to
/// the format to reach the parser's deeper checks.
fn mutated(base: &'static str) -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "0123456789/ -wbrnbakcpRNBAKCPehEHxX\t\r\n".chars().collect();
    prop::collection::vec((0..base.len() + 1, 0usize..3, prop::sample::select(alphabet)), 0..6).prop_map(move |edits| {
        let mut text: Vec<char> = base.chars().collect();
        for (at, kind, ch) in edits {
            let at = at.min(text.len());
            match kind {
                0 if at < text.len() => text[at] = ch,
                1 => text.insert(at, ch),
                _ if at < text.len() => {
                    text.remove(at);
                }
                _ => {}
            }
        }
        text.into_iter().collect()
    })
}

const DRAUGHTS_SAMPLE: &str = "0000000000\n0000100000\n0000000200\n0000100000\n0000000200\n0000001000\n0000000200\n2000000000\n0101000200\n0000000000\n0000000000\n0000000000\n0000000000\n0000000000\n0000000000\n0000000000\n0000000000\n0000000000\n0000010000\n0000000000\n";

const JUDGE_SAMPLE: &str = "2 1 4\nG 10 5\nR 6 4\n\n3 1 5\nH  4 5\nG 10 5\nC 7 5\n\n0 0 0\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn xiangqi_judge_never_panics(text in mutated(JUDGE_SAMPLE)) {
        let mut out = Vec::new();
        let result = judge(GameKind::Xiangqi, text.as_bytes(), &mut out, std::io::sink());
        // On bad input only whole answers of earlier cases were written.
        let written = String::from_utf8(out).unwrap();
        prop_assert!(written.lines().all(|l| l == "YES" || l == "NO"));
        if result.is_ok() {
            prop_assert!(written.is_empty() || written.ends_with('\n'));
        }
    }

    #[test]
    fn xiangqi_judge_takes_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let mut out = Vec::new();
        let _ = judge(GameKind::Xiangqi, &bytes[..], &mut out, std::io::sink());
    }

    #[test]
    fn draughts_judge_never_panics(text in mutated(DRAUGHTS_SAMPLE)) {
        let mut out = Vec::new();
        if judge(GameKind::Draughts, text.as_bytes(), &mut out, std::io::sink()).is_err() {
            prop_assert!(out.is_empty(), "nothing is written for bad input");
        }
    }

    #[test]
    fn gomoku_judge_never_panics(text in mutated("7 7 6\n1 1\n2 2\n1 2\n2 3\n1 3\n2 4\n")) {
        let mut out = Vec::new();
        if judge(GameKind::Gomoku, text.as_bytes(), &mut out, std::io::sink()).is_err() {
            prop_assert!(out.is_empty(), "nothing is written for bad input");
        }
    }

    #[test]
    fn twixt_judge_never_panics(text in mutated("4 5\n0 2 2 4 4 2 3 2 2 3\n4 5\n0 2 2 4 4 2 3 2 2 1\n0 0\n")) {
        let mut out = Vec::new();
        let result = judge(GameKind::Twixt, text.as_bytes(), &mut out, std::io::sink());
        let written = String::from_utf8(out).unwrap();
        prop_assert!(written.lines().all(|l| l == "yes" || l == "no"));
        let _ = result;
    }

    #[test]
    fn records_never_panic_and_replay_any_game(text in mutated(PGN_SAMPLE), kind in prop::sample::select(GameKind::ALL.to_vec())) {
        if let Ok(games) = record::read_games(&text) {
            for game in &games {
                let replayed = record::replay(kind, game, &OptionsInput::default(), Some("wxf"));
                prop_assert!(replayed.played <= game.moves.len());
            }
        }
    }

    #[test]
    fn records_take_any_string(text in ".{0,200}") {
        if let Ok(games) = record::read_games(&text) {
            for game in &games {
                let _ = record::replay(GameKind::Draughts, game, &OptionsInput::default(), None);
            }
        }
        for kind in GameKind::ALL {
            for format in record::formats(kind) {
                let _ = format.read(&text);
            }
        }
    }

    #[test]
    fn draughts_records_replay_any_squares(moves in prop::collection::vec("[0-9]{1,2}[-x ]{1,2}[0-9]{1,2}(x[0-9]{1,2})?", 0..10)) {
        let text = format!("1. {} *", moves.join(" "));
        if let Ok(games) = record::read_games(&text) {
            let _ = record::replay(GameKind::Draughts, &games[0], &OptionsInput::default(), None);
        }
    }
}

const PGN_SAMPLE: &str = "[Event \"x\"]\n[FEN \"W:W31-50:B1-20\"]\n1. 32-28 {c} 19-23 (1... 18-22) $1 2. 28x19 14x23 2-0\n[Result \"1-0\"]\n1. 炮二平五 馬８進７ 2. h0g2 C8=6 1-0\n";
