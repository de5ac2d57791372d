//! `GameOptions::with_position`: the same options, started elsewhere.

use arbiter::{GameKind, GameOptions, OptionsInput};

fn options(kind: GameKind, input: OptionsInput) -> GameOptions {
    GameOptions::new(kind, &input).unwrap()
}

#[test]
fn a_new_position_keeps_the_other_options() {
    let xiangqi = options(GameKind::Xiangqi, OptionsInput::new().with("move_limit", 0));
    let moved = xiangqi.with_position("4k4/9/9/9/9/9/9/9/4R4/3K5 b".to_owned()).unwrap();
    assert_eq!(moved.to_input().number("move_limit"), Ok(Some(0)));
    assert_eq!(moved.to_input().text("fen"), Ok(Some("4k4/9/9/9/9/9/9/9/4R4/3K5 b")));
    assert!(xiangqi.with_position("not a fen".to_owned()).is_err());

    let renju = options(GameKind::Gomoku, OptionsInput::new().with("rules", "renju").with("size", 15));
    // The board gives its own size: the 15x15 of the options does not refuse a 5x3 one.
    let board = arbiter::gomoku::Board::new(5, 3).unwrap().to_text();
    let small = renju.with_position(board).unwrap();
    assert_eq!(small.to_input().text("rules"), Ok(Some("renju")));
    assert_eq!(small.largest_side(), 5);

    let twixt = options(GameKind::Twixt, OptionsInput::default());
    assert!(twixt.with_position("a1".to_owned()).is_err());
}

#[test]
fn a_name_that_runs_on_is_quoted_only_by_its_start() {
    let long = "q".repeat(200_000);
    let refused = |kind, input: OptionsInput| GameOptions::new(kind, &input).unwrap_err().to_string();
    let rules = refused(GameKind::Gomoku, OptionsInput::new().with("rules", long.clone()));
    let chase = refused(GameKind::Xiangqi, OptionsInput::new().with("chase_rules", long.clone()));
    let game = long.parse::<GameKind>().unwrap_err().to_string();
    for message in [rules, chase, game] {
        assert!(message.len() < 200 && !message.contains(&"q".repeat(40)), "{}", &message[..300.min(message.len())]);
        assert!(message.contains("\"qqqqqqqqqqqqqqqqqqqqqqqq...\""), "{message}");
    }
    let short = refused(GameKind::Gomoku, OptionsInput::new().with("rules", "chess"));
    assert_eq!(short, "option \"rules\": unknown rules \"chess\": expected freestyle, standard, renju or caro");
}
