//! Xiangqi's rules that look back: perpetual check, perpetual chase, repetition, the
//! move limit and the draw without attacking pieces. The verdicts of
//! `data/xiangqi-rules/cases.tsv` are those Pikafish and Fairy-Stockfish agree on.

use arbiter::xiangqi::{ChaseRules, Position, Settings};
use arbiter::{Game, Outcome, Side, WithHistory};

fn game(fen: &str) -> WithHistory<Position> {
    WithHistory::new(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

/// Plays `moves`; every move must be legal and the game must not end before the last.
#[track_caller]
fn play(game: &mut WithHistory<Position>, moves: &str) {
    let moves: Vec<&str> = moves.split_whitespace().collect();
    for (i, text) in moves.iter().enumerate() {
        assert_eq!(game.outcome(), None, "the game ended before move {} ({text})", i + 1);
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("move {} {text}: {e}", i + 1));
        game.play(mv);
    }
}

#[test]
fn every_verdict_of_the_shared_cases() {
    // The cases touch none of the points where the readings differ: both give them.
    for rules in ChaseRules::ALL {
        shared_cases(rules);
    }
}

fn shared_cases(rules: ChaseRules) {
    let data = include_str!("data/xiangqi-rules/cases.tsv");
    let mut checked = 0;
    for (line, row) in data.lines().enumerate().skip(1) {
        let fields: Vec<&str> = row.split('\t').collect();
        let [fen, moves, plies, verdict, kind, shape, _source] = fields[..] else { panic!("line {}: {row}", line + 1) };
        let settings = Settings { chase_rules: rules, ..Settings::default() };
        let mut game = WithHistory::with_settings(Position::from_fen(fen).unwrap(), settings);
        play(&mut game, moves);
        assert_eq!(game.plies().to_string(), plies, "line {}", line + 1);
        let outcome = game.outcome();
        let expected_winner = match verdict {
            "red-wins" => Some(Side::First),
            "black-wins" => Some(Side::Second),
            _ => None,
        };
        let context = format!("{rules}, line {} ({shape}): {fen} {moves}: {outcome:?}", line + 1);
        match verdict {
            "none" => assert_eq!(outcome, None, "{context}"),
            _ => {
                let outcome = outcome.unwrap_or_else(|| panic!("{context}"));
                assert_eq!(outcome.winner(), expected_winner, "{context}");
                assert_eq!(outcome.termination().as_str(), kind.replace('-', " "), "{context}");
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 52);
}

/// Plays `moves` twice from `fen`: the start position then occurs for the third time.
#[track_caller]
fn cycle_twice(fen: &str, moves: &str) -> Outcome {
    let mut game = game(fen);
    play(&mut game, &format!("{moves} {moves}"));
    game.outcome().unwrap_or_else(|| panic!("no verdict after {moves} twice from {fen}"))
}

#[test]
fn perpetual_check_loses() {
    // Red's chariot checks from e1 and d1 in turn; Black's general steps between.
    let outcome = cycle_twice("4k4/9/9/9/9/9/9/9/4R4/5K3 b", "e9d9 e1d1 d9e9 d1e1");
    assert_eq!((outcome.winner(), outcome.termination().as_str()), (Some(Side::Second), "perpetual check"));
    assert_eq!(outcome.detail(), Some("red gave check with every move of the repetition"));
}

#[test]
fn a_check_that_is_not_perpetual_draws() {
    // One check (c1c9), one quiet move (c9c1): not every move checks.
    let outcome = cycle_twice("4k4/9/9/9/9/9/9/9/2R6/3K5 w", "c1c9 e9e8 c9c1 e8e9");
    assert_eq!((outcome.winner(), outcome.termination().as_str()), (None, "repetition"));
}

#[test]
fn perpetual_chase_of_an_unprotected_piece_loses() {
    // Red's chariot follows Black's cannon up and down the b-file.
    let outcome = cycle_twice("4k4/9/1c7/9/R8/9/9/9/9/3K5 w", "a5a7 b7b5 a7a5 b5b7");
    assert_eq!((outcome.winner(), outcome.termination().as_str()), (Some(Side::Second), "perpetual chase"));
    assert_eq!(outcome.detail(), Some("red's chariot chased the cannon on b7"));
}

#[test]
fn a_chase_of_a_protected_piece_draws() {
    // The same chase, but Black's chariot on b9 guards the cannon on b7 and on b5.
    let outcome = cycle_twice("1r2k4/9/1c7/9/R8/9/9/9/9/3K5 w", "a5a7 b7b5 a7a5 b5b7");
    assert_eq!((outcome.winner(), outcome.termination().as_str()), (None, "repetition"));
}

#[test]
fn a_horse_chasing_a_protected_chariot_loses() {
    // Black's chariot on e3 guards e5 and e6; a horse may not chase a chariot anyway.
    let outcome = cycle_twice("3k5/9/5N3/4r4/9/9/4r4/9/9/5K3 w", "f7d8 e6e5 d8f7 e5e6");
    assert_eq!((outcome.winner(), outcome.termination().as_str()), (Some(Side::Second), "perpetual chase"));
    assert_eq!(outcome.detail(), Some("red's horse chased the chariot on e6"));
    // A chariot chasing the same protected chariot is even: a draw.
    let even = cycle_twice("3k5/9/9/4r4/5R3/9/4r4/9/9/5K3 w", "f5f6 e6e5 f6f5 e5e6");
    assert_eq!((even.winner(), even.termination().as_str()), (None, "repetition"), "{even:?}");
}

#[test]
fn chasing_two_pieces_in_turn_draws() {
    // Red's chariot attacks the cannon on b7, then the cannon on b5, in turn: no one
    // piece is chased on every move.
    let outcome = cycle_twice("4k4/9/1c7/9/Rc7/9/9/9/9/3K5 w", "a5a7 e9e8 a7a5 e8e9");
    assert_eq!((outcome.winner(), outcome.termination().as_str()), (None, "repetition"), "{outcome:?}");
}

#[test]
fn a_crossed_soldier_can_be_chased() {
    // Black's soldier on b3 has crossed the river and steps sideways; Red's chariot follows.
    let outcome = cycle_twice("4k4/9/9/9/9/9/1p7/9/2R6/3K5 w", "c1b1 b3c3 b1c1 c3b3");
    assert_eq!((outcome.winner(), outcome.termination().as_str()), (Some(Side::Second), "perpetual chase"));
}

#[test]
fn the_move_limit_draws_unless_the_last_move_mates() {
    // 119 plies without a capture: the next quiet move reaches 60 moves each.
    let fen = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 119 80";
    let mut quiet = game(fen);
    play(&mut quiet, "a8a7");
    let outcome = quiet.outcome().unwrap();
    assert_eq!((outcome.winner(), outcome.termination().as_str()), (None, "move limit"));
    let mut mate = game(fen);
    play(&mut mate, "b0b9");
    assert_eq!(mate.outcome().map(|o| (o.winner(), o.termination().as_str())), Some((Some(Side::First), "checkmate")));
    // The limit is a setting; 0 switches it off.
    let mut longer = WithHistory::with_settings(
        Position::from_fen(fen).unwrap(),
        Settings { move_limit: 61, ..Settings::default() },
    );
    play(&mut longer, "a8a7 d9d8");
    assert_eq!(longer.outcome(), None);
    let mut unlimited = WithHistory::with_settings(
        Position::from_fen("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 5000 3000").unwrap(),
        Settings { move_limit: 0, ..Settings::default() },
    );
    play(&mut unlimited, "a8a7");
    assert_eq!(unlimited.outcome(), None);
}

#[test]
fn no_attacking_pieces_draws() {
    let bare = game("3ak4/9/9/9/9/9/9/9/9/3K5 w");
    assert_eq!(bare.outcome().map(|o| o.termination().as_str()), Some("no attacking pieces"));
    // Taking the last chariot leaves none.
    let mut game = game("3a1k3/9/9/9/9/9/9/9/4r4/4K4 w");
    assert_eq!(game.outcome(), None);
    play(&mut game, "e0e1");
    assert_eq!(game.outcome().map(|o| (o.winner(), o.termination().as_str())), Some((None, "no attacking pieces")));
}

#[test]
fn a_capture_starts_the_count_of_repetitions_again() {
    // The position after a8a7 occurs twice, then Red takes the soldier: the shuffle
    // that follows must repeat three times on its own before it decides anything.
    let mut game = game("4k4/R8/9/9/9/9/p8/9/9/3K5 w");
    play(&mut game, "a8a7 e9e8 a7a8 e8e9 a8a7 e9e8 a7a3");
    assert_eq!(game.outcome(), None);
    play(&mut game, "e8e9 a3a7 e9e8 a7a3 e8e9 a3a7 e9e8");
    assert_eq!(game.outcome(), None);
    play(&mut game, "a7a3");
    assert_eq!(
        game.outcome().map(|o| o.termination().as_str()),
        Some("repetition"),
        "the third occurrence since the capture"
    );
}

#[test]
fn a_finished_game_takes_no_move() {
    let mut game = game("4k4/9/9/9/9/9/9/9/4R4/5K3 b");
    play(&mut game, "e9d9 e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1");
    assert_eq!(game.parse_move("e9d9"), Err(arbiter::MoveError::GameOver));
    assert!(matches!(game.parse_move("e9"), Err(arbiter::MoveError::Syntax { .. })));
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(moves.is_empty());
}
