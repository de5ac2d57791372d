//! Draughts as the registry knows it: its names, its options (the rule set, the start
//! position and how captures that differ only in order are counted) and how they
//! start a game.

use super::board::Position;
use super::captures::Captures;
use super::fen::START_FEN;
use super::rules::Rules;
use crate::options::{OptionSpec, OptionsError, OptionsInput};
use crate::spec::GameSpec;

/// The draughts family in the registry: [`GameSpec`] for its [`Position`].
#[derive(Clone, Copy, Debug)]
pub struct Draughts;

/// Draughts' options: the rule set, the start position and the counting of captures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The rule set; international draughts by default.
    pub rules: Rules,
    /// The start position's FEN, as given (known to be readable under `rules`), or the
    /// rule set's standard start.
    pub fen: String,
    /// Whether captures that differ only in the order the pieces are taken are one
    /// move (the default) or one move each.
    pub captures: Captures,
}

impl Options {
    /// The standard start of rule set `rules`.
    #[must_use]
    pub fn start(rules: Rules) -> Options {
        Options { rules, fen: Position::start_with(rules).to_fen(), captures: Captures::Merged }
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
        OptionSpec::choice(
            "captures",
            "Captures of the same pieces in another order (merged: one move; apart: one move each order)",
            Captures::NAMES,
        ),
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
        let captures = match input.text("captures")? {
            Some(name) => name.parse().map_err(|e| OptionsError::invalid("captures", e))?,
            None => Captures::default(),
        };
        Ok(Options { rules, fen, captures })
    }

    fn write_options(options: &Options) -> OptionsInput {
        let input = OptionsInput::new();
        // Written only when it is not the default, so that international games keep
        // their options as before.
        let input = if options.rules == Rules::International { input } else { input.with("rules", options.rules.name()) };
        let input = input.with("fen", options.fen.as_str());
        if options.captures == Captures::Merged { input } else { input.with("captures", options.captures.name()) }
    }

    fn start_position(options: &Options) -> Result<Position, OptionsError> {
        let position =
            Position::from_fen_with(options.rules, &options.fen).map_err(|e| OptionsError::invalid("fen", e))?;
        Ok(position.with_captures(options.captures))
    }

    fn settings(_: &Options) {}

    fn largest_side(options: &Options) -> u32 {
        u32::from(options.rules.geometry().size())
    }
}
