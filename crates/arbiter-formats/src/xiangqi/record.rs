//! Xiangqi's record files: PGN, whose tags and notations the game states
//! (`arbiter::xiangqi`).

#[cfg(test)]
mod tests {
    use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput, Side};

    use crate::record::tests::{played, replay_first};
    use crate::record::{GameResult, Record, Replayed};

    const KIND: GameKind = GameKind::Xiangqi;

    fn game(input: OptionsInput, moves: &[&str]) -> AnyGame {
        played(KIND, input, moves)
    }

    fn one(text: &str) -> Replayed {
        replay_first(KIND, text)
    }

    #[test]
    fn xiangqi_records_carry_the_variant_and_the_start() {
        let game = game(OptionsInput::default(), &["h2e2", "h9g7"]);
        let mut record = Record::of(&game, None);
        record.set_player(Side::First, "Engine \"A\"");
        record.set_comment(0, "+0.20/8 0.1s");
        let text = record.to_string();
        assert!(text.starts_with("[Game \"Chinese Chess\"]\n[Event \"?\"]"), "{text}");
        assert!(text.contains("[Red \"Engine \\\"A\\\"\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"xiangqi\"]\n"));
        assert!(text.contains(&format!("[FEN \"{}\"]\n[Format \"ICCS\"]", arbiter::xiangqi::START_FEN)));
        assert!(text.ends_with("\n\n1. H2-E2 {+0.20/8 0.1s} H9-G7 *\n"), "{text}");
        let chinese = Record::of(&game, Some("chinese")).to_string();
        assert!(chinese.contains("1. 炮二平五 马８进７ *"), "{chinese}");
    }

    #[test]
    fn long_games_wrap_their_lines() {
        let mut game = AnyGame::new(&GameOptions::new(KIND, &OptionsInput::default()).unwrap());
        for _ in 0..10 {
            for text in ["h2e2", "h9g7", "e2h2", "g7h9"] {
                game.play_text(text).ok();
            }
        }
        let text = Record::of(&game, None).to_string();
        assert!(text.lines().all(|line| line.chars().count() <= 79 || line.starts_with('[')), "{text}");
    }

    #[test]
    fn a_legal_game_keeps_its_recorded_result() {
        let replayed = one("[Result \"1-0\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 车9平8 1-0\n");
        assert_eq!(replayed.played, 4);
        assert!(replayed.refusal.is_none());
        assert_eq!(replayed.recorded, GameResult::Won(Side::First));
        assert_eq!(replayed.verdict, None, "resigned: the rules did not decide it");
    }

    #[test]
    fn the_first_illegal_move_is_named_with_its_number_and_line() {
        let replayed = one("1. h2e2 h9g7\n2. e2e9 *\n");
        let refusal = replayed.refusal.unwrap();
        assert_eq!((refusal.number.as_str(), refusal.text.as_str(), refusal.line), ("2", "e2e9", 2));
        assert!(refusal.reason.contains("illegal move e2e9"), "{}", refusal.reason);
    }
}
