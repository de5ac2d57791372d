//! Checked play on move values (`check`, `is_legal`, `try_play`) and refusals as data:
//! every refusal carries its rule as a stable code, and a refused move changes nothing.

use arbiter::{Game, Illegal, MoveError, SyntaxError, WithHistory, draughts, gomoku, twixt, xiangqi};

/// The stable code of the refusal of `text` in `game`.
fn code_of<G: Game>(game: &G, text: &str) -> &'static str {
    game.parse_move(text).expect_err("refused").code()
}

/// Every legal move is legal by `is_legal`, and a refused move leaves the game as it was.
fn checked_play_agrees_with_move_generation<G: Game + PartialEq + std::fmt::Debug>(game: &G, foreign: &[G::Move]) {
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    for &mv in &legal {
        assert!(game.is_legal(mv), "{mv} is generated but not legal");
        let mut played = game.clone();
        played.try_play(mv).unwrap();
        let mut unchecked = game.clone();
        unchecked.play(mv);
        assert_eq!(played, unchecked);
    }
    for &mv in foreign.iter().filter(|mv| !legal.contains(mv)) {
        assert!(!game.is_legal(mv), "{mv} is not generated but legal");
        let mut refused = game.clone();
        assert!(matches!(refused.try_play(mv), Err(MoveError::Illegal { .. })), "{mv}");
        assert_eq!(&refused, game, "a refused move changed the game");
    }
}

#[test]
fn xiangqi_refusals_carry_their_rule() {
    let start = xiangqi::Position::start();
    assert_eq!(code_of(&start, "e5e6"), "no_piece");
    assert_eq!(code_of(&start, "e6e5"), "not_your_piece");
    assert_eq!(code_of(&start, "a0a3"), "own_piece_there");
    assert_eq!(code_of(&start, "b0b3"), "cannot_move_there");
    assert_eq!(code_of(&start, "e0"), "unreadable");
    assert_eq!(xiangqi::Move::parse("z0e1").unwrap_err().code(), "not_a_point");
    assert_eq!(code_of(&start, "C2=9"), "no_move_fits");
    let pinned = xiangqi::Position::from_fen("3k5/4r4/9/9/9/9/4N4/9/9/4K4 w").unwrap();
    assert_eq!(code_of(&pinned, "e3d5"), "leaves_general_in_check");
    // The horse on e3 is all that stands between the generals.
    let screen = xiangqi::Position::from_fen("4k4/9/9/9/9/9/4N4/9/9/4K4 w").unwrap();
    assert_eq!(code_of(&screen, "e3d5"), "generals_face");
    let Err(MoveError::Illegal { reason, .. }) = screen.parse_move("e3d5") else {
        panic!("refused as illegal");
    };
    assert_eq!(reason.reason(), Some(&xiangqi::Illegal::GeneralsFace { side: xiangqi::Color::Red }));
    assert_eq!(reason, Illegal::new(xiangqi::Illegal::GeneralsFace { side: xiangqi::Color::Red }));
    assert_ne!(reason, Illegal::new(xiangqi::Illegal::GeneralsFace { side: xiangqi::Color::Black }));
    assert_eq!(reason.reason::<gomoku::Illegal>(), None, "a Xiangqi reason is no Gomoku reason");
}

#[test]
fn xiangqi_checked_play() {
    let start = xiangqi::Position::start();
    let foreign: Vec<_> =
        ["e5e6", "e6e5", "a0a3", "b0b3", "h2h9"].iter().map(|t| xiangqi::Move::parse(t).unwrap()).collect();
    checked_play_agrees_with_move_generation(&start, &foreign);
    let mate = xiangqi::Position::from_fen("3k5/R8/9/9/9/9/9/9/9/1R2K4 w").unwrap();
    let mut mated = mate;
    mated.play(mate.parse_move("b0b9").unwrap());
    assert_eq!(mated.check(xiangqi::Move::parse("d9e9").unwrap()), Err(MoveError::GameOver));
}

#[test]
fn draughts_refusals_carry_their_rule() {
    let start = draughts::Position::start();
    assert_eq!(code_of(&start, "28-23"), "no_piece");
    assert_eq!(code_of(&start, "18-23"), "not_your_piece");
    assert_eq!(code_of(&start, "32-22"), "cannot_move_there");
    assert_eq!(code_of(&start, "32x23"), "nothing_to_capture");
    assert_eq!(code_of(&start, "32-51"), "not_a_point");
    assert_eq!(code_of(&start, "32"), "unreadable");
    let capture = draughts::Position::from_fen("W:W28:B23").unwrap();
    assert_eq!(code_of(&capture, "28-22"), "capture_compulsory");
    let king = draughts::Position::from_fen("W:WK30:B8,33,34,42").unwrap();
    assert_eq!(code_of(&king, "30x3"), "ambiguous_capture");
    let two = draughts::Position::from_fen("W:W37:B32,21,31").unwrap();
    let Err(MoveError::Illegal { reason, .. }) = two.parse_move("37x26") else { panic!("37x26 is refused") };
    assert_eq!(reason.code(), "not_the_largest_capture", "{reason}");
}

#[test]
fn draughts_checked_play_takes_a_move_of_another_position_on_its_merits() {
    // A capture legal in one position is refused in another where its pieces are gone.
    let there = draughts::Position::from_fen("W:W28:B23").unwrap();
    let mut moves = Vec::new();
    there.legal_moves(&mut moves);
    let here = draughts::Position::from_fen("W:W28:B22").unwrap();
    checked_play_agrees_with_move_generation(&here, &moves);
    assert!(there.is_legal(moves[0]));
    assert_eq!(here.check(moves[0]).unwrap_err().code(), "not_the_largest_capture");
    checked_play_agrees_with_move_generation(&draughts::Position::start(), &moves);
}

#[test]
fn gomoku_refusals_carry_their_rule() {
    let mut game = gomoku::Position::new(gomoku::Rules::Renju, 15, 15).unwrap();
    for point in ["h8", "a1", "i9", "a2", "j10", "a3", "o1", "b5", "o3"] {
        game.play(game.parse_move(point).unwrap());
    }
    assert_eq!(code_of(&game, "h8"), "occupied");
    assert_eq!(code_of(&game, "p1"), "off_board");
    assert_eq!(code_of(&game, "h"), "unreadable");
    let mut foreign: Vec<gomoku::Move> =
        ["h8", "b1", "o15", "p1"].iter().filter_map(|t| gomoku::Point::parse(t)).map(gomoku::Move::Stone).collect();
    // The moves of an opening rule, in a game without one.
    foreign.extend([gomoku::Move::Swap, gomoku::Move::TwoMore, gomoku::Move::Declare(2)]);
    foreign.extend([gomoku::Move::Offer(gomoku::Point { column: 1, row: 1 })]);
    checked_play_agrees_with_move_generation(&game, &foreign);
    assert_eq!(code_of(&game, "swap"), "no_opening");
}

#[test]
fn renju_names_the_forbidden_pattern() {
    // Black's h8 would make two open threes (g8-h8-i8 with f8... and h7-h8-h9).
    let mut game = gomoku::Position::new(gomoku::Rules::Renju, 15, 15).unwrap();
    for point in ["g8", "a1", "i8", "a3", "h7", "a5", "h9", "a7"] {
        game.play(game.parse_move(point).unwrap());
    }
    let Err(MoveError::Illegal { reason, .. }) = game.parse_move("h8") else {
        panic!("h8 is forbidden");
    };
    assert_eq!(reason.code(), "forbidden");
    assert!(matches!(
        reason.reason(),
        Some(gomoku::Illegal::Forbidden { pattern: gomoku::Forbidden::DoubleThree, .. })
    ));
}

#[test]
fn twixt_refusals_carry_their_rule() {
    let mut game = twixt::Position::new(24, true).unwrap();
    assert_eq!(code_of(&game, "swap"), "swap_not_allowed");
    assert_eq!(code_of(&game, "d1"), "opponents_edge");
    assert_eq!(code_of(&game, "z9"), "off_board");
    assert_eq!(code_of(&game, "d0"), "unreadable");
    game.play(game.parse_move("d5").unwrap());
    assert_eq!(code_of(&game, "d5"), "occupied");
    assert!(game.is_legal(twixt::Move::Swap));
    let foreign = [twixt::Move::Swap, game.parse_move("e7").unwrap()];
    checked_play_agrees_with_move_generation(&game, &foreign);
}

#[test]
fn a_game_that_has_ended_refuses_every_move_value() {
    let mut game = WithHistory::new(xiangqi::Position::from_fen("3k5/R8/9/9/9/9/9/9/9/1R2K4 w").unwrap());
    let mate = game.parse_move("b0b9").unwrap();
    game.try_play(mate).unwrap();
    assert!(game.outcome().is_some());
    assert_eq!(game.try_play(xiangqi::Move::parse("d9e9").unwrap()), Err(MoveError::GameOver));
    assert_eq!(MoveError::GameOver.code(), "game_over");
}

#[test]
fn syntax_errors_keep_their_sentences() {
    let error = SyntaxError::NotAPoint { part: "z0".to_owned(), points: "a point (files a-i, ranks 0-9)" };
    assert_eq!(error.to_string(), "\"z0\" is not a point (files a-i, ranks 0-9)");
    assert_eq!(
        xiangqi::Move::parse("e0").unwrap_err().to_string(),
        "cannot read move \"e0\": expected two points like h2e2 (files a-i, ranks 0-9)"
    );
}
