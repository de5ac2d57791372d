//! TwixT's records as the game states them: the rule set, the board's size and the
//! swap rule in their tags.

use super::spec::{Options, Twixt};
use crate::options::OptionsInput;
use crate::records::{GameRecords, OtherGame, StartTags, Tags, size_from_tags};

impl GameRecords for Twixt {
    fn start_tags(options: &Options) -> StartTags {
        start_tags(options)
    }

    /// The rule set, the board's size and the swap rule from the `Rules`, `Size` and
    /// `Swap` tags, each unless given already. Little Golem's records say `Rules "pp"`
    /// and `Swap "true"` as they are read (their `tsgf` names no rules: Little Golem
    /// plays only TwixT PP, always with the swap); a record that names no rules is
    /// played by the default, `auto`.
    fn read_start(tags: &dyn Tags, input: &mut OptionsInput) -> Result<(), OtherGame> {
        size_from_tags(tags, input);
        if !input.has("rules")
            && let Some(rules) = tags.tag("Rules")
        {
            input.set("rules", rules.trim().to_ascii_lowercase());
        }
        if !input.has("swap")
            && let Some(swap) = tags.tag("Swap")
        {
            input.set("swap", swap == "true");
        }
        Ok(())
    }
}

/// The tags of a game's start: the rule set, the board's size and the swap rule.
fn start_tags(options: &Options) -> StartTags {
    let mut start = StartTags { game: Some("TwixT"), ..StartTags::default() };
    start.tags.push(StartTags::tag("Rules", options.rules.name()));
    start.tags.push(StartTags::tag("Size", options.size.to_string()));
    start.tags.push(StartTags::tag("Swap", options.swap.to_string()));
    start
}
