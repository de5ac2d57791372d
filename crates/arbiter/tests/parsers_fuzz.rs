//! Property-based fuzzing of every parser: arbitrary and mutated input never panics,
//! and whatever parses writes back to text that parses to the same thing.

use arbiter::Game;
use arbiter::draughts;
use arbiter::gomoku::{self, Point, Rules};
use arbiter::twixt;
use arbiter::xiangqi::{Position, START_FEN};
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
    fn twixt_moves_take_any_string(text in "[a-z0-9,]{0,6}|swap") {
        let game = twixt::Position::new(24, true).unwrap();
        if let Ok(mv) = game.parse_move(&text) {
            prop_assert_eq!(game.parse_move(&mv.to_string()), Ok(mv));
        }
    }
}
