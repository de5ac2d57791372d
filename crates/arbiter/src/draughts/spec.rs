//! International draughts as the registry knows it: its names, its option (the start
//! position) and how it starts a game.

use super::board::Position;
use super::fen::START_FEN;
use crate::options::{OptionSpec, OptionsError, OptionsInput};
use crate::spec::GameSpec;

/// International draughts in the registry: [`GameSpec`] for its [`Position`].
#[derive(Clone, Copy, Debug)]
pub struct Draughts;

/// Draughts' options: the start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The start position's FEN, as given (known to be readable), or the standard start.
    pub fen: String,
}

impl GameSpec for Draughts {
    type Position = Position;
    type Options = Options;

    const NAME: &'static str = "draughts";
    const TITLE: &'static str = "International draughts";
    const OPTIONS: &'static [OptionSpec] = &[OptionSpec::text("fen", "Start position (FEN)", "the standard start")];
    const POSITION_OPTION: Option<&'static str> = Some("fen");
    /// Its one notation is called by its records' format's name.
    const NOTATIONS: &'static [&'static str] = &["pdn"];

    fn read_options(input: &OptionsInput) -> Result<Options, OptionsError> {
        let fen = input.text("fen")?.unwrap_or(START_FEN).to_owned();
        Position::from_fen(&fen).map_err(|e| OptionsError::invalid("fen", e))?;
        Ok(Options { fen })
    }

    fn write_options(options: &Options) -> OptionsInput {
        OptionsInput::new().with("fen", options.fen.as_str())
    }

    fn start_position(options: &Options) -> Result<Position, OptionsError> {
        Position::from_fen(&options.fen).map_err(|e| OptionsError::invalid("fen", e))
    }

    fn settings(_: &Options) {}

    fn largest_side(_: &Options) -> u32 {
        10
    }
}
