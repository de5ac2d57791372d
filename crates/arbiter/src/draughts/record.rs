//! International draughts' records: PDN, with its results (`2-0`, `1-1`, `0-2`), the
//! `GameType` tag that names the game (20) and a `FEN` tag for a start of its own;
//! moves written as old files write them (padded squares, captures by their ends or
//! every square) are matched to the legal moves they fit.

use super::{Position, START_FEN};
use crate::game::MoveDetail;
use crate::record::format::{GameRecords, Readings, RecordFormat, ResultTokens, StartTags};
use crate::record::notations::MoveNotations;
use crate::record::read::RecordedGame;
use crate::registry::any::AnyGame;
use crate::registry::options::{GameOptions, OptionsInput};

/// Draughts' records, for the registry. Their one notation is called by the format's
/// name, `pdn`.
pub(crate) const RECORDS: GameRecords = GameRecords {
    formats: &[RecordFormat::pgn_like("pdn", "pdn")],
    notations: &["pdn"],
    results: ResultTokens { first_wins: "2-0", second_wins: "0-2", drawn: "1-1" },
    start_tags,
    start_options,
    readings,
    ..GameRecords::PGN_LIKE
};

/// One notation: moves are written as they are played.
impl MoveNotations for Position {}

/// The number of international draughts in PDN's `GameType` tag.
const GAME_TYPE: u32 = 20;

fn start_tags(options: &GameOptions) -> StartTags {
    let mut start = StartTags::default();
    start.tags.push(StartTags::tag("GameType", GAME_TYPE.to_string()));
    if let GameOptions::Draughts(options) = options
        && let Ok(position) = Position::from_fen(&options.fen)
    {
        start.second_moves_first = position.turn() == super::Color::Black;
        if options.fen != START_FEN {
            start.tags.push(StartTags::tag("FEN", position.to_fen()));
        }
    }
    start
}

/// Refuses a record whose `[GameType]` is not international draughts.
fn start_options(recorded: &RecordedGame, _: &mut OptionsInput) -> Result<(), String> {
    if let Some(game_type) = recorded.tag("GameType") {
        let number: u32 = game_type.split(',').next().unwrap_or("").trim().parse().unwrap_or(u32::MAX);
        if number != GAME_TYPE {
            return Err(format!(
                "[GameType \"{game_type}\"] is {}, not international draughts",
                game_type_name(number)
            ));
        }
    }
    Ok(())
}

/// The `[GameType]` numbers of PDN and what they name: arbiter plays 20.
fn game_type_name(number: u32) -> &'static str {
    match number {
        20 => "international draughts",
        21 => "English draughts (checkers)",
        22 => "Italian draughts",
        23 => "American pool checkers",
        24 => "Spanish draughts",
        25 => "Russian draughts",
        26 => "Brazilian draughts",
        27 => "Canadian draughts",
        28 => "Portuguese draughts",
        29 => "Czech draughts",
        30 => "Turkish draughts",
        31 => "Thai draughts",
        0 => "chess",
        _ => "a game arbiter does not play",
    }
}

/// The legal moves a recorded move may mean, and a note when it is written loosely. A
/// move is read by its squares: padded or zero-led
/// squares (`06-11`) made plain, a capture written by its ends, its landings or the
/// pieces it takes (`2x30x17`) matched to every legal capture that fits; a step
/// written with `x`, or a capture with `-`, is read as what the rules allow, noted.
fn readings(game: &AnyGame, text: &str) -> Readings {
    let written_capture = text.contains('x');
    let squares: Option<Vec<u8>> = text.split(['-', 'x']).map(|s| s.trim().parse().ok()).collect();
    let Some(squares) = squares.filter(|s| s.len() >= 2) else { return (Vec::new(), None) };
    let names: Vec<String> = squares.iter().map(u8::to_string).collect();
    let (from, to, between) = (&names[0], &names[names.len() - 1], &names[1..names.len() - 1]);
    let fits = |m: &MoveDetail| {
        m.from.as_deref() == Some(from.as_str())
            && m.to.as_deref() == Some(to.as_str())
            && between.iter().all(|s| m.path.contains(s) || m.captured.contains(s))
    };
    let legal = game.legal_moves();
    let (captures, steps): (Vec<&MoveDetail>, Vec<&MoveDetail>) =
        legal.iter().filter(|m| fits(m)).partition(|m| !m.captured.is_empty());
    let as_written = if written_capture { &captures } else { &steps };
    if !as_written.is_empty() {
        return (as_written.iter().map(|m| m.text.clone()).collect(), None);
    }
    let other = if written_capture { &steps } else { &captures };
    match &other[..] {
        [] => {
            // No legal move fits: the rules say why, for the plain text.
            let plain = names.join(if written_capture { "x" } else { "-" });
            (vec![plain], None)
        }
        moves => {
            let note = if written_capture {
                "written as a capture, it is a step"
            } else {
                "written as a step, it is a capture"
            };
            (moves.iter().map(|m| m.text.clone()).collect(), Some(note.to_owned()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Side;
    use crate::record::tests::{played, replay_first};
    use crate::record::{GameResult, Record, Replayed};
    use crate::registry::GameKind;

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
        let input = OptionsInput { fen: Some("B:W31-50:B1-20".into()), ..OptionsInput::default() };
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
    fn other_draughts_are_refused_by_name() {
        let replayed = one("[GameType \"21\"]\n1. 11-15 *");
        assert!(replayed.refusal.unwrap().reason.contains("English draughts"));
        let kurnik = one("[GameType \"20,W,10,10,N1,0\"]\n1. 32-28 *");
        assert!(kurnik.refusal.is_none());
    }
}
