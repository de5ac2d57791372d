//! The notations a game keeps move by move ([`AnyGame::moves_in`]) against the moves
//! written again by replaying the game from its start.

use arbiter::xiangqi::{Move, Notation, Position};
use arbiter::{AnyGame, Game, GameKind, GameOptions, OptionsInput};
use proptest::prelude::*;

/// A game of up to `plies` legal moves, each chosen by the next of `choices`; play
/// stops early if the game ends. No move limit: the games run long.
fn random_game(choices: &[u16]) -> AnyGame {
    let input = OptionsInput::new().with("move_limit", 0);
    let mut game = AnyGame::new(&GameOptions::new(GameKind::Xiangqi, &input).unwrap());
    for &choice in choices {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let text = legal[usize::from(choice) % legal.len()].text.clone();
        game.play_text(&text).unwrap();
    }
    game
}

/// The game's moves written in `notation`, each from the position it was played in,
/// replayed from the start.
fn replayed(game: &AnyGame, notation: Notation) -> Vec<String> {
    let mut position = Position::start();
    game.moves()
        .iter()
        .map(|played| {
            let mv = Move::parse(&played.text).unwrap();
            let text = position.move_text(mv, notation);
            position.play(mv);
            text
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn kept_notations_equal_a_replay_from_the_start(choices in prop::collection::vec(any::<u16>(), 200..400)) {
        let game = random_game(&choices);
        prop_assert_eq!(GameKind::Xiangqi.notations().len(), 3);
        for name in GameKind::Xiangqi.notations() {
            let kept = game.moves_in(name).unwrap();
            prop_assert_eq!(kept.len(), game.moves().len());
            let again = replayed(&game, Notation::from_name(name).unwrap());
            prop_assert_eq!(kept, again.as_slice());
        }
        // A copy goes on with its own lists.
        let mut copy = game.clone();
        if let Some(next) = copy.legal_moves().first() {
            let text = next.text.clone();
            copy.play_text(&text).unwrap();
            prop_assert_eq!(copy.moves_in("wxf").unwrap().len(), game.moves_in("wxf").unwrap().len() + 1);
        }
    }
}

#[test]
fn a_game_of_three_hundred_plies_keeps_every_notation() {
    let mut random = arbiter::random::SplitMix64::new(7);
    let game = loop {
        let choices: Vec<u16> = (0..300).map(|_| random.below(1 << 16) as u16).collect();
        let game = random_game(&choices);
        if game.moves().len() == 300 {
            break game;
        }
    };
    for name in GameKind::Xiangqi.notations() {
        assert_eq!(game.moves_in(name).unwrap(), replayed(&game, Notation::from_name(name).unwrap()), "{name}");
    }
}

#[test]
fn games_with_one_notation_keep_none() {
    for kind in [GameKind::Draughts, GameKind::Gomoku, GameKind::Twixt] {
        let game = AnyGame::new(&GameOptions::new(kind, &OptionsInput::default()).unwrap());
        assert!(kind.notations().is_empty());
        assert_eq!(game.moves_in("wxf"), None);
    }
    let xiangqi = random_game(&[]);
    assert_eq!(xiangqi.moves_in("iccs"), None, "the standard notation is the moves themselves");
    assert_eq!(xiangqi.write_move("h2e2", "iccs").as_deref(), Some("h2e2"));
    assert_eq!(xiangqi.write_move("h2e2", "chinese").as_deref(), Some("炮二平五"));
}
