//! Property-based fuzzing of every parser: arbitrary and mutated input never panics,
//! and whatever parses writes back to text that parses to the same thing.

use arbiter::Game;
use arbiter::draughts;
use arbiter::gomoku::{self, Point, Rules};
use arbiter::record;
use arbiter::twixt;
use arbiter::xiangqi::{self, Position, START_FEN};
use arbiter::{GameKind, OptionsInput};
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
    fn xiangqi_fen_never_panics(text in mutated(START_FEN)) {
        if let Ok(position) = Position::from_fen(&text) {
            let again = Position::from_fen(&position.to_fen()).unwrap();
            prop_assert_eq!(again, position);
        }
    }

    #[test]
    fn xiangqi_fen_takes_any_string(text in ".{0,120}") {
        let _ = Position::from_fen(&text);
    }

    #[test]
    fn xiangqi_moves_take_any_string(text in ".{0,8}") {
        let start = Position::start();
        if let Ok(mv) = start.parse_move(&text) {
            prop_assert_eq!(mv.to_string(), text);
        }
    }

    #[test]
    fn xiangqi_judge_never_panics(text in mutated(JUDGE_SAMPLE)) {
        let mut out = Vec::new();
        let result = xiangqi::judge::run(text.as_bytes(), &mut out);
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
        let _ = xiangqi::judge::run(&bytes[..], &mut out);
    }

    #[test]
    fn draughts_fen_never_panics(text in mutated("B:BK17,K24:W6,9,10,11,20-23,30,K31,33,37,41-44,46")) {
        if let Ok(position) = draughts::Position::from_fen(&text) {
            let again = draughts::Position::from_fen(&position.to_fen()).unwrap();
            prop_assert_eq!(again, position);
        }
    }

    #[test]
    fn draughts_moves_take_any_string(text in "[0-9x-]{0,12}") {
        let position = draughts::Position::from_fen("W:WK30:B8,33,34,42").unwrap();
        if let Ok(mv) = position.parse_move(&text) {
            prop_assert!(mv.to_string().starts_with("30x"));
        }
    }

    #[test]
    fn draughts_judge_never_panics(text in mutated(DRAUGHTS_SAMPLE)) {
        let mut out = Vec::new();
        if draughts::judge::run(text.as_bytes(), &mut out, std::io::sink()).is_err() {
            prop_assert!(out.is_empty(), "nothing is written for bad input");
        }
    }

    #[test]
    fn gomoku_board_text_never_panics(text in "[xo./]{0,40}") {
        if let Ok(game) = gomoku::Position::from_text(Rules::Renju, &text) {
            prop_assert_eq!(&gomoku::Position::from_text(Rules::Renju, &game.board().to_text()).unwrap(), &game);
            let _ = game.forbidden_points();
        }
    }

    #[test]
    fn gomoku_points_take_any_string(text in "[a-z0-9,]{0,6}") {
        if let Some(point) = Point::parse(&text) {
            prop_assert_eq!(Point::parse(&point.to_string()), Some(point));
        }
    }

    #[test]
    fn gomoku_judge_never_panics(text in mutated("7 7 6\n1 1\n2 2\n1 2\n2 3\n1 3\n2 4\n")) {
        let mut out = Vec::new();
        if gomoku::judge::run(text.as_bytes(), &mut out).is_err() {
            prop_assert!(out.is_empty(), "nothing is written for bad input");
        }
    }

    #[test]
    fn twixt_moves_take_any_string(text in "[a-z0-9,]{0,6}|swap") {
        let game = twixt::Position::new(24, true).unwrap();
        if let Ok(mv) = game.parse_move(&text) {
            prop_assert_eq!(game.parse_move(&mv.to_string()), Ok(mv));
        }
    }

    #[test]
    fn twixt_judge_never_panics(text in mutated("4 5\n0 2 2 4 4 2 3 2 2 3\n4 5\n0 2 2 4 4 2 3 2 2 1\n0 0\n")) {
        let mut out = Vec::new();
        let result = twixt::judge::run(text.as_bytes(), &mut out);
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
            for format in kind.record_formats() {
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
