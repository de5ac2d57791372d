//! TwixT as the registry knows it: its names, its options (the rule set, the board's
//! size, the swap rule) and how they start a game.

use super::board::{Board, MAX_SIZE};
use super::links::Rules;
use super::position::Position;
use crate::options::{OptionSpec, OptionsError, OptionsInput};
use crate::spec::GameSpec;

/// TwixT in the registry: [`GameSpec`] for its [`Position`].
#[derive(Clone, Copy, Debug)]
pub struct Twixt;

/// TwixT's options: the rule set, the board's size and the swap rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Which links may cross: [`Rules::Auto`] (none) by default, or [`Rules::Pp`]
    /// (Little Golem's TwixT PP: one's own).
    pub rules: Rules,
    /// Points a side, 3 to [`MAX_SIZE`]; 24 by default.
    pub size: u32,
    /// Whether White may take over Black's first peg; off by default (Little Golem's
    /// games have it on).
    pub swap: bool,
}

/// The standard board.
const SIDE: u32 = 24;

const RULE_NAMES: [&str; 2] = [Rules::ALL[0].name(), Rules::ALL[1].name()];

impl GameSpec for Twixt {
    type Position = Position;
    type Options = Options;

    const NAME: &'static str = "twixt";
    const TITLE: &'static str = "TwixT";
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::choice("rules", "Rules (pp: Little Golem's, own links may cross)", &RULE_NAMES),
        OptionSpec::number("size", "Board size (points a side)", 3, MAX_SIZE, "24"),
        OptionSpec::flag("swap", "Swap rule", "off"),
    ];
    const POSITION_OPTION: Option<&'static str> = None;

    fn read_options(input: &OptionsInput) -> Result<Options, OptionsError> {
        let rules: Rules = input
            .text("rules")?
            .unwrap_or(Rules::default().name())
            .parse()
            .map_err(|e| OptionsError::invalid("rules", e))?;
        let size = input.number("size")?.unwrap_or(SIDE);
        Board::new(size).map_err(|e| OptionsError::invalid("size", e))?;
        Ok(Options { rules, size, swap: input.flag("swap")?.unwrap_or(false) })
    }

    fn write_options(options: &Options) -> OptionsInput {
        OptionsInput::new().with("rules", options.rules.name()).with("size", options.size).with("swap", options.swap)
    }

    fn start_position(options: &Options) -> Result<Position, OptionsError> {
        Position::with_rules(options.rules, options.size, options.swap).map_err(|e| OptionsError::invalid("size", e))
    }

    fn settings(_: &Options) {}

    fn largest_side(options: &Options) -> u32 {
        options.size
    }
}
