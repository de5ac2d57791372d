use super::*;
use crate::registry::{GameKind, GameOptions, OptionsInput};

fn game(kind: GameKind, input: OptionsInput, moves: &[&str]) -> AnyGame {
    let mut game = AnyGame::new(&GameOptions::new(kind, &input).unwrap());
    for text in moves {
        game.play_text(text).unwrap();
    }
    game
}

#[test]
fn xiangqi_records_carry_the_variant_and_the_start() {
    let game = game(GameKind::Xiangqi, OptionsInput::default(), &["h2e2", "h9g7"]);
    let mut record = Record::of(&game, None);
    record.set_player(Side::First, "Engine \"A\"");
    record.set_comment(0, "+0.20/8 0.1s");
    let text = record.to_string();
    assert!(text.starts_with("[Game \"Chinese Chess\"]\n[Event \"?\"]"), "{text}");
    assert!(text.contains("[Red \"Engine \\\"A\\\"\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"xiangqi\"]\n"));
    assert!(text.contains(&format!("[FEN \"{}\"]\n[Format \"ICCS\"]", xiangqi::START_FEN)));
    assert!(text.ends_with("\n\n1. H2-E2 {+0.20/8 0.1s} H9-G7 *\n"), "{text}");
    let chinese = Record::of(&game, Some("chinese")).to_string();
    assert!(chinese.contains("1. 炮二平五 马８进７ *"), "{chinese}");
}

#[test]
fn draughts_records_use_draughts_results() {
    let game = game(GameKind::Draughts, OptionsInput::default(), &["32-28", "19-23", "28x19"]);
    let mut record = Record::of(&game, None);
    assert!(record.tag("FEN").is_none(), "the standard start needs no FEN");
    record.set_result(GameResult::Won(Side::Second));
    record.closing_comment = Some("white's engine stopped".into());
    let text = record.to_string();
    assert!(text.contains("[GameType \"20\"]"));
    assert!(text.contains("[Result \"0-2\"]"));
    assert!(text.ends_with("1. 32-28 19-23 2. 28x19 {white's engine stopped} 0-2\n"), "{text}");
    assert_eq!(GameResult::Drawn.token(GameKind::Draughts), "1-1");
}

#[test]
fn a_game_begun_by_the_second_side_numbers_its_first_move_so() {
    let input = OptionsInput { fen: Some("B:W31-50:B1-20".into()), ..OptionsInput::default() };
    let game = game(GameKind::Draughts, input, &["19-23", "32-28"]);
    let record = Record::of(&game, None);
    assert!(record.tag("FEN").is_some());
    assert!(record.to_string().ends_with("1... 19-23 2. 32-28 *\n"));
}

#[test]
fn gomoku_records_give_the_rules_and_size_and_finished_games_their_result() {
    let moves = ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"];
    let input = OptionsInput { rules: Some("renju".into()), ..OptionsInput::default() };
    let record = Record::of(&game(GameKind::Gomoku, input, &moves), None);
    assert_eq!(record.tag("Rules"), Some("renju"));
    assert_eq!(record.tag("Size"), Some("15"));
    assert_eq!(record.tag("Result"), Some("1-0"));
    assert!(record.to_string().contains("[Black \"?\"]\n[White \"?\"]"));
}

#[test]
fn long_games_wrap_their_lines() {
    let mut game = AnyGame::new(&GameOptions::new(GameKind::Xiangqi, &OptionsInput::default()).unwrap());
    for _ in 0..10 {
        for text in ["h2e2", "h9g7", "e2h2", "g7h9"] {
            game.play_text(text).ok();
        }
    }
    let text = Record::of(&game, None).to_string();
    assert!(text.lines().all(|line| line.chars().count() <= 79 || line.starts_with('[')), "{text}");
}

#[test]
fn dates_are_civil() {
    assert_eq!(pgn_date(0), "1970.01.01");
    assert_eq!(pgn_date(11_016), "2000.02.29");
    assert_eq!(pgn_date(20_786), "2026.11.29");
    assert_eq!(pgn_date(-1), "1969.12.31");
}
