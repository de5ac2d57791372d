use super::*;
use crate::registry::{AnyGame, GameKind, GameOptions, OptionsInput};

/// A game of `kind` started with `input`, the moves played: what the games' record
/// tests write out.
pub(crate) fn played(kind: GameKind, input: OptionsInput, moves: &[&str]) -> AnyGame {
    let mut game = AnyGame::new(&GameOptions::new(kind, &input).unwrap());
    for text in moves {
        game.play_text(text).unwrap();
    }
    game
}

/// The first game of the record `text`, replayed by `kind`'s rules.
pub(crate) fn replay_first(kind: GameKind, text: &str) -> Replayed {
    let games = read_games(text).unwrap();
    replay(kind, &games[0], &OptionsInput::default(), None)
}

#[test]
fn dates_are_civil() {
    assert_eq!(pgn_date(0), "1970.01.01");
    assert_eq!(pgn_date(11_016), "2000.02.29");
    assert_eq!(pgn_date(20_786), "2026.11.29");
    assert_eq!(pgn_date(-1), "1969.12.31");
}
