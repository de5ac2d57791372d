//! Refusals quote no more of a bad input than helps: a long FEN or move is quoted by its
//! start, whatever it holds.

use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput};

#[test]
fn a_fen_refused_quotes_a_short_excerpt() {
    // Found by the fuzzer: a FEN of control characters was quoted whole, escaped.
    let fen = "\u{1b}".repeat(58);
    let input = OptionsInput::new().with("fen", fen);
    let error = GameOptions::new(GameKind::Draughts, &input).unwrap_err().to_string();
    assert!(error.chars().count() < 200, "{error}");
    assert!(error.ends_with("...\": expected W or B"), "{error}");
}

#[test]
fn a_move_whose_point_is_refused_quotes_a_short_excerpt_of_it() {
    // Found by the Python bad-input tests: a draughts move of one 200,000-letter token
    // was quoted whole as the square it failed to name.
    for kind in [GameKind::Draughts, GameKind::Xiangqi] {
        let options = GameOptions::new(kind, &OptionsInput::default()).unwrap();
        let mut game = AnyGame::new(&options);
        let error = game.play_text(&"q".repeat(200_000)).unwrap_err().to_string();
        assert!(error.chars().count() < 200, "{kind:?}: {} characters", error.chars().count());
    }
}
