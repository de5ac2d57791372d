use super::*;
use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput};

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

#[test]
fn a_replay_agrees_differs_stays_undecided_or_is_refused() {
    let draughts = |result: &str| format!("[FEN \"W:W28:B23\"]\n[Result \"{result}\"]\n1. 28x19 {result}\n");
    let agreement = |kind, text: &str| replay_first(kind, text).agreement();
    assert_eq!(agreement(GameKind::Draughts, &draughts("2-0")), Agreement::Agree);
    assert_eq!(agreement(GameKind::Draughts, &draughts("0-2")), Agreement::Differ);
    assert_eq!(agreement(GameKind::Draughts, &draughts("1-1")), Agreement::Differ);
    assert_eq!(agreement(GameKind::Xiangqi, "1. h2e2 h9g7 1-0\n"), Agreement::Undecided);
    assert_eq!(agreement(GameKind::Xiangqi, "1. h2e2 h2e2 *\n"), Agreement::Refused);
    assert_eq!(agreement(GameKind::Xiangqi, "[FEN \"no fen\"]\n1. h2e2 *\n"), Agreement::Refused);
    let names = [Agreement::Agree, Agreement::Differ, Agreement::Undecided, Agreement::Refused].map(Agreement::name);
    assert_eq!(names, ["agree", "differ", "undecided", "refused"]);
}

#[test]
fn players_are_named_by_each_sides_tag() {
    let games = read_games("[Red \"Hu\"]\n[black \"Xu\"]\n[White \"not a side of xiangqi\"]\n1. h2e2 *\n").unwrap();
    assert_eq!(games[0].players(GameKind::Xiangqi), ["Hu", "Xu"]);
    assert_eq!(games[0].players(GameKind::Draughts), ["not a side of xiangqi", "Xu"]);
    let unnamed = read_games("[Red \"\"]\n1. h2e2 *\n").unwrap();
    assert_eq!(unnamed[0].players(GameKind::Gomoku), ["?", "?"]);
    assert_eq!(unnamed[0].players(GameKind::Xiangqi), ["?", "?"]);
}

#[test]
fn an_encoding_name_that_runs_on_is_quoted_only_by_its_start() {
    let message = "q".repeat(200_000).parse::<RecordEncoding>().unwrap_err().to_string();
    assert_eq!(message, "qqqqqqqqqqqqqqqqqqqqqqqq...: expected utf-8, gb18030, gbk or big5");
    assert_eq!(
        "latin-1".parse::<RecordEncoding>().unwrap_err().to_string(),
        "latin-1: expected utf-8, gb18030, gbk or big5"
    );
}
