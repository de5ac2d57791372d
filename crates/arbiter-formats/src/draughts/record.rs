//! International draughts' record files: PDN.

use crate::record::format::RecordFormat;

/// Draughts' record format: PDN.
pub(super) const FORMATS: &[RecordFormat] = &[RecordFormat::pgn_like("pdn", "pdn")];

#[cfg(test)]
mod tests {
    use arbiter::{AnyGame, GameKind, OptionsInput, Side};

    use crate::record::tests::{played, replay_first};
    use crate::record::{GameResult, Record, Replayed};

    const KIND: GameKind = GameKind::Draughts;

    fn game(input: OptionsInput, moves: &[&str]) -> AnyGame {
        played(KIND, input, moves)
    }

    fn one(text: &str) -> Replayed {
        replay_first(KIND, text)
    }

    #[test]
    fn draughts_records_use_draughts_results() {
        let game = game(OptionsInput::default(), &["32-28", "19-23", "28x19"]);
        let mut record = Record::of(&game, None);
        assert!(record.tag("FEN").is_none(), "the standard start needs no FEN");
        record.set_result(GameResult::Won(Side::Second));
        record.closing_comment = Some("white's engine stopped".into());
        let text = record.to_string();
        assert!(text.contains("[GameType \"20\"]"));
        assert!(text.contains("[Result \"0-2\"]"));
        assert!(text.ends_with("1. 32-28 19-23 2. 28x19 {white's engine stopped} 0-2\n"), "{text}");
        assert_eq!(GameResult::Drawn.token(KIND), "1-1");
    }

    #[test]
    fn a_game_begun_by_the_second_side_numbers_its_first_move_so() {
        let input = OptionsInput::new().with("fen", "B:W31-50:B1-20");
        let game = game(input, &["19-23", "32-28"]);
        let record = Record::of(&game, None);
        assert!(record.tag("FEN").is_some());
        assert!(record.to_string().ends_with("1... 19-23 2. 32-28 *\n"));
    }

    #[test]
    fn play_after_an_ending_is_noted_not_refused() {
        // Both kings shuffle: the third time the position comes round the rules draw.
        let text = "[FEN \"W:WK46:BK1\"]\n1. 46-41 1-6 2. 41-46 6-1 3. 46-41 1-6 4. 41-46 6-1 5. 46-41 *";
        let replayed = one(text);
        assert!(replayed.refusal.is_none(), "{:?}", replayed.refusal);
        assert_eq!(replayed.notes.len(), 1, "{:?}", replayed.notes);
        assert!(replayed.notes[0].starts_with("draw by"), "{}", replayed.notes[0]);
        assert!(replayed.notes[0].ends_with("play went on"));
    }

    #[test]
    fn draughts_captures_may_name_any_of_their_squares() {
        let text = "1. 32-28 19-23 2. 28x 19 14x23 3. 31-26 09-14 *";
        let replayed = one(text);
        assert!(replayed.refusal.is_none(), "{:?}", replayed.refusal);
        assert_eq!(replayed.played, 6);
        // White's man takes 32 and 22, landing on 28 then 17: written by its ends, its
        // landing, or the pieces it takes.
        for written in ["37x17", "37x28x17", "37x22x17", "37x32x22x17"] {
            let replayed = one(&format!("[FEN \"W:W37:B32,22\"]\n1. {written} *"));
            assert!(replayed.refusal.is_none(), "{written}: {:?}", replayed.refusal);
        }
        let wrong = one("[FEN \"W:W37:B32,22\"]\n1. 37x27x17 *");
        assert!(wrong.refusal.unwrap().reason.starts_with("illegal move 37x27x17"));
    }

    #[test]
    fn a_step_written_as_a_capture_is_read_and_noted() {
        let replayed = one("1. 32x28 19-23 2. 28-19 14x23 *");
        assert!(replayed.refusal.is_none(), "{:?}", replayed.refusal);
        assert_eq!(
            replayed.notes,
            ["move 1 32x28: written as a capture, it is a step", "move 2 28-19: written as a step, it is a capture"]
        );
    }

    #[test]
    fn the_game_type_chooses_the_rules_and_other_games_are_refused_by_name() {
        // 21 is English draughts, which arbiter plays: Black opens 11-15.
        let english = one("[GameType \"21\"]\n1. 11-15 23-19 *");
        assert!(english.refusal.is_none(), "{:?}", english.refusal);
        // 22 is Italian draughts, played too: White opens 21-17 (b3-a4).
        let italian = one("[GameType \"22\"]\n1. 21-17 *");
        assert!(italian.refusal.is_none(), "{:?}", italian.refusal);
        // 31 is Thai draughts, eight men a side on 1-8 and 25-32: 21 is empty.
        let thai = one("[GameType \"31\"]\n1. 26-22 7-11 *");
        assert!(thai.refusal.is_none(), "{:?}", thai.refusal);
        assert!(one("[GameType \"31\"]\n1. 21-17 *").refusal.is_some());
        let portuguese = one("[GameType \"28\"]\n1. 21-17 *");
        assert!(portuguese.refusal.unwrap().reason.contains("Portuguese draughts"));
        let kurnik = one("[GameType \"20,W,10,10,N1,0\"]\n1. 32-28 *");
        assert!(kurnik.refusal.is_none());
    }

    /// Killer draughts has no `GameType` of its own: its records say 20, and read as
    /// Killer draughts when it is asked for, international draughts when nothing is.
    #[test]
    fn a_killer_record_says_20_and_is_read_as_killer_when_asked() {
        let killer = OptionsInput::new().with("rules", "killer").with("fen", "W:WK46:BK28,1");
        let record = Record::of(&game(killer.clone(), &["46x23"]), None);
        let text = record.to_string();
        assert!(text.contains("[GameType \"20\"]"), "{text}");
        let games = crate::record::read_games(&text).unwrap();
        let as_killer = crate::record::replay(KIND, &games[0], &OptionsInput::new().with("rules", "killer"), None);
        assert!(as_killer.refusal.is_none(), "{:?}", as_killer.refusal);
        // A landing past the square right behind the king is refused under Killer rules.
        let far = "[GameType \"20\"]\n[FEN \"W:WK46:BK28,1\"]\n1. 46x19 *";
        let games = crate::record::read_games(far).unwrap();
        let refused = crate::record::replay(KIND, &games[0], &OptionsInput::new().with("rules", "killer"), None);
        assert!(refused.refusal.is_some());
        assert!(one(far).refusal.is_none(), "international draughts lets the king land on 19");
    }
}
