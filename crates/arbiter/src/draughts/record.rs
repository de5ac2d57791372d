//! Draughts' records as the game states them: PDN's results (`2-0`, `1-1`, `0-2`),
//! the `GameType` tag that names the rule set (20 international, 21 English, 25
//! Russian, 26 Brazilian, ...) and a `FEN` tag for a start of its own; moves written
//! as old files write them (padded squares, captures by their ends or every square,
//! algebraic or numbered) matched to the legal moves they fit.

use super::board::Position;
use super::rules::Rules;
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

/// The tags of a game's start: the `GameType` of its rule set, and the start
/// position unless it is the standard one.
fn start_tags(options: &Options) -> StartTags {
    let mut start = StartTags::default();
    start.tags.push(StartTags::tag("GameType", options.rules.game_type().to_string()));
    if let Ok(position) = Position::from_fen_with(options.rules, &options.fen) {
        // The side that moves first from the standard start is PDN's first player.
        start.second_moves_first = position.turn() != options.rules.first_to_move();
        if position != Position::start_with(options.rules) {
            start.tags.push(StartTags::tag("FEN", position.to_fen()));
        }
    }
    start
}

/// Reads the rule set from a record's `[GameType]` (its first number; the fields
/// after it, board and notation, follow from the rule set); refuses a record of a
/// rule set arbiter does not play, or of another than the one asked for. A number
/// shared by several rule sets reads as the first of the list unless another of
/// them is asked for.
fn read_start(tags: &dyn Tags, input: &mut OptionsInput) -> Result<(), OtherGame> {
    let Some(game_type) = tags.tag("GameType") else { return Ok(()) };
    let number: u32 = game_type.split(',').next().unwrap_or("").trim().parse().unwrap_or(u32::MAX);
    let asked: Option<Rules> = input.text("rules").ok().flatten().and_then(|name| name.parse().ok());
    let other = |expected: &'static str| OtherGame {
        tag: "GameType",
        value: excerpt(game_type),
        found: game_type_name(number),
        expected,
    };
    match Rules::from_game_type(number) {
        None => Err(other(asked.unwrap_or_default().title())),
        // A number that several rule sets write (20: international and Killer
        // draughts) is the one asked for, if that is one of them.
        Some(_) if asked.is_some_and(|asked| asked.game_type() == number) => Ok(()),
        Some(found) if asked.is_some_and(|asked| asked != found) => {
            Err(other(asked.unwrap_or_default().title()))
        }
        Some(found) => {
            if found != Rules::International || asked.is_some() {
                input.set("rules", found.name());
            }
            Ok(())
        }
    }
}

/// The `[GameType]` numbers of PDN and what they name.
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
        40 => "Frisian draughts",
        96 => "Breakthrough draughts (lidraughts' number)",
        98 => "Antidraughts (lidraughts' number)",
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
    let layout = game.position().layout();
    let written_capture = text.contains(['x', ':']);
    let squares: Option<Vec<_>> = text
        .split(['-', 'x', ':'])
        .map(|s| {
            let s = s.trim();
            layout.square_named(s).or_else(|| s.parse().ok().and_then(|n| layout.square(n)))
        })
        .collect();
    let Some(squares) = squares.filter(|s| s.len() >= 2) else { return Readings::default() };
    let names: Vec<String> = squares.iter().map(|&s| layout.name(s)).collect();
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
            let capture = if layout.algebraic() { ":" } else { "x" };
            let plain = names.join(if written_capture { capture } else { "-" });
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
