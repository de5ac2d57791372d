//! International draughts' records as the game states them: PDN's results (`2-0`,
//! `1-1`, `0-2`), the `GameType` tag that names the game (20) and a `FEN` tag for a
//! start of its own; moves written as old files write them (padded squares, captures
//! by their ends or every square) matched to the legal moves they fit.

use super::board::{Color, Position};
use super::fen::START_FEN;
use super::spec::{Draughts, Options};
use crate::game::{Game, MoveDetail};
use crate::history::WithHistory;
use crate::options::OptionsInput;
use crate::quote::excerpt;
use crate::records::{GameRecords, OtherGame, Readings, ResultTokens, StartTags, Tags};

impl GameRecords for Draughts {
    /// PDN's results: `2-0`, `0-2`, `1-1`.
    const RESULTS: ResultTokens = ResultTokens { first_wins: "2-0", second_wins: "0-2", drawn: "1-1" };

    fn start_tags(options: &Options) -> StartTags {
        start_tags(options)
    }

    fn read_start(tags: &dyn Tags, input: &mut OptionsInput) -> Result<(), OtherGame> {
        read_start(tags, input)
    }

    fn readings(game: &WithHistory<Position>, text: &str) -> Readings {
        readings(game, text)
    }
}

/// The number of international draughts in PDN's `GameType` tag.
const GAME_TYPE: u32 = 20;

/// The tags of a game's start: the `GameType`, and the start position unless it is
/// the standard one.
fn start_tags(options: &Options) -> StartTags {
    let mut start = StartTags::default();
    start.tags.push(StartTags::tag("GameType", GAME_TYPE.to_string()));
    if let Ok(position) = Position::from_fen(&options.fen) {
        start.second_moves_first = position.turn() == Color::Black;
        if options.fen != START_FEN {
            start.tags.push(StartTags::tag("FEN", position.to_fen()));
        }
    }
    start
}

/// Refuses a record whose `[GameType]` is not international draughts.
fn read_start(tags: &dyn Tags, _: &mut OptionsInput) -> Result<(), OtherGame> {
    if let Some(game_type) = tags.tag("GameType") {
        let number: u32 = game_type.split(',').next().unwrap_or("").trim().parse().unwrap_or(u32::MAX);
        if number != GAME_TYPE {
            return Err(OtherGame {
                tag: "GameType",
                value: excerpt(game_type),
                found: game_type_name(number),
                expected: "international draughts",
            });
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
fn readings(game: &WithHistory<Position>, text: &str) -> Readings {
    let written_capture = text.contains('x');
    let squares: Option<Vec<u8>> = text.split(['-', 'x']).map(|s| s.trim().parse().ok()).collect();
    let Some(squares) = squares.filter(|s| s.len() >= 2) else { return Readings::default() };
    let names: Vec<String> = squares.iter().map(u8::to_string).collect();
    let (from, to, between) = (&names[0], &names[names.len() - 1], &names[1..names.len() - 1]);
    let fits = |m: &MoveDetail| {
        m.from.as_deref() == Some(from.as_str())
            && m.to.as_deref() == Some(to.as_str())
            && between.iter().all(|s| m.path.contains(s) || m.captured.contains(s))
    };
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let legal: Vec<MoveDetail> = moves.into_iter().map(|mv| game.move_detail(mv)).collect();
    let (captures, steps): (Vec<&MoveDetail>, Vec<&MoveDetail>) =
        legal.iter().filter(|m| fits(m)).partition(|m| !m.captured.is_empty());
    let as_written = if written_capture { &captures } else { &steps };
    if !as_written.is_empty() {
        return Readings { moves: as_written.iter().map(|m| m.text.clone()).collect(), note: None };
    }
    let other = if written_capture { &steps } else { &captures };
    match &other[..] {
        [] => {
            // No legal move fits: the rules say why, for the plain text.
            let plain = names.join(if written_capture { "x" } else { "-" });
            Readings { moves: vec![plain], note: None }
        }
        moves => {
            let note = if written_capture {
                "written as a capture, it is a step"
            } else {
                "written as a step, it is a capture"
            };
            Readings { moves: moves.iter().map(|m| m.text.clone()).collect(), note: Some(note.to_owned()) }
        }
    }
}
