//! Gomoku's records as the game states them: the rules, the board's size, any start
//! board and the opening rule in their tags. With an opening rule the record's sides
//! are the players, as everywhere in arbiter: `[Black]` names the player who began the
//! opening (the first side) and `1-0` says that player won, whichever colour the swaps
//! left them; the moves (`swap`, `offer:j9`, ...) say how the colours went.

use super::spec::{Gomoku, Options};
use crate::options::OptionsInput;
use crate::records::{GameRecords, OtherGame, StartTags, Tags, size_from_tags};

impl GameRecords for Gomoku {
    fn start_tags(options: &Options) -> StartTags {
        start_tags(options)
    }

    /// The board's size from the `Size` tag, the opening rule from the `Opening` tag.
    fn read_start(tags: &dyn Tags, input: &mut OptionsInput) -> Result<(), OtherGame> {
        size_from_tags(tags, input);
        if !input.has("opening")
            && let Some(rule) = tags.tag("Opening")
        {
            input.set("opening", rule.trim());
        }
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
    if let Some(rule) = options.opening {
        start.tags.push(StartTags::tag("Opening", rule.name()));
    }
    start
}
