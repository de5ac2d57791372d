//! Gomoku's records as the game states them: the rules, the board's size and any start
//! board in their tags.

use super::spec::{Gomoku, Options};
use crate::options::OptionsInput;
use crate::records::{GameRecords, OtherGame, StartTags, Tags, size_from_tags};

impl GameRecords for Gomoku {
    fn start_tags(options: &Options) -> StartTags {
        start_tags(options)
    }

    /// The board's size from the `Size` tag.
    fn read_start(tags: &dyn Tags, input: &mut OptionsInput) -> Result<(), OtherGame> {
        size_from_tags(tags, input);
        Ok(())
    }
}

/// The tags of a game's start: the rule set, the board's size and any start board.
fn start_tags(options: &Options) -> StartTags {
    let mut start = StartTags { game: Some("Gomoku"), ..StartTags::default() };
    start.tags.push(StartTags::tag("Rules", options.rules.name()));
    let size = if options.columns == options.rows {
        options.columns.to_string()
    } else {
        format!("{}x{}", options.columns, options.rows)
    };
    start.tags.push(StartTags::tag("Size", size));
    if let Some(board) = &options.board {
        start.tags.push(StartTags::tag("Board", board.clone()));
    }
    start
}
