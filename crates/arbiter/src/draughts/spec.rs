//! Draughts as the registry knows it: its names, its options (the rule set and the
//! start position) and how they start a game.

use super::board::Position;
use super::fen::START_FEN;
use super::rules::Rules;
use crate::options::{OptionSpec, OptionsError, OptionsInput};
use crate::spec::GameSpec;

/// The draughts family in the registry: [`GameSpec`] for its [`Position`].
#[derive(Clone, Copy, Debug)]
pub struct Draughts;

/// Draughts' options: the rule set and the start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The rule set; international draughts by default.
    pub rules: Rules,
    /// The start position's FEN, as given (known to be readable under `rules`), or the
    /// rule set's standard start.
    pub fen: String,
}

impl Options {
    /// The standard start of rule set `rules`.
    #[must_use]
    pub fn start(rules: Rules) -> Options {
        Options { rules, fen: Position::start_with(rules).to_fen() }
    }
}

impl GameSpec for Draughts {
    type Position = Position;
    type Options = Options;

    const NAME: &'static str = "draughts";
    const TITLE: &'static str = "International draughts";
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::choice("rules", "Rules", Rules::NAMES),
        OptionSpec::text("fen", "Start position (FEN)", "the standard start"),
    ];
    const POSITION_OPTION: Option<&'static str> = Some("fen");
    /// Its one notation is called by its records' format's name.
    const NOTATIONS: &'static [&'static str] = &["pdn"];

    fn read_options(input: &OptionsInput) -> Result<Options, OptionsError> {
        let rules: Rules = match input.text("rules")? {
            Some(name) => name.parse().map_err(|e| OptionsError::invalid("rules", e))?,
            None => Rules::default(),
        };
        let fen = match input.text("fen")? {
            Some(fen) => fen.to_owned(),
            None if rules == Rules::International => START_FEN.to_owned(),
            None => Position::start_with(rules).to_fen(),
        };
        Position::from_fen_with(rules, &fen).map_err(|e| OptionsError::invalid("fen", e))?;
        Ok(Options { rules, fen })
    }

    fn write_options(options: &Options) -> OptionsInput {
        let input = OptionsInput::new();
        // Written only when it is not the default, so that international games keep
        // their options as before.
        let input = if options.rules == Rules::International { input } else { input.with("rules", options.rules.name()) };
        input.with("fen", options.fen.as_str())
    }

    fn start_position(options: &Options) -> Result<Position, OptionsError> {
        Position::from_fen_with(options.rules, &options.fen).map_err(|e| OptionsError::invalid("fen", e))
    }

    fn settings(_: &Options) {}

    fn largest_side(options: &Options) -> u32 {
        u32::from(options.rules.geometry().size())
    }
}
