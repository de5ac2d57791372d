//! What the registry knows of a game: its names, the options it takes and how they
//! start it. Each game states it once, in its own folder, by implementing
//! [`GameSpec`] for a unit type named after it (`xiangqi::Xiangqi`); the one list of
//! games (`games.rs`) names those types, and every all-games type is made from it.

use std::fmt;

use crate::game::Game;
use crate::history::{LookBack, WithHistory};
use crate::options::{OptionSpec, OptionsError, OptionsInput};

/// A game as the registry knows it: its position type, its typed options, its names,
/// the options it takes and how they start a game.
pub trait GameSpec: Sized + 'static {
    /// The game's position: the rules of one position, and those that look back.
    type Position: LookBack + fmt::Debug + Send + Sync + 'static;
    /// The game's options, checked, every default filled in: they say exactly which
    /// game is played.
    type Options: Clone + fmt::Debug + PartialEq + Eq + Send + Sync + 'static;

    /// The name in commands and JSON: `xiangqi`.
    const NAME: &'static str;
    /// The name people read: `Xiangqi`.
    const TITLE: &'static str;
    /// The options the game takes.
    const OPTIONS: &'static [OptionSpec];
    /// The option that takes a start position as text (`fen`, Gomoku's `board`), for
    /// front ends with one flag for it; `None` if the game starts only from its
    /// standard start.
    const POSITION_OPTION: Option<&'static str>;
    /// The options that a start position's text decides, left out when a game is
    /// started again from a position (Gomoku's board gives its size).
    const DECIDED_BY_POSITION: &'static [&'static str] = &[];
    /// Every notation a move of the game can be written in, by name, the standard one
    /// first; empty for games with one notation and no name for it.
    const NOTATIONS: &'static [&'static str] = &[];

    /// Reads the options from `input`, whose names, types and ranges the registry
    /// has checked against [`GameSpec::OPTIONS`]; fills in the defaults and refuses
    /// what the game cannot start from (an unreadable FEN, an unknown rule set).
    fn read_options(input: &OptionsInput) -> Result<Self::Options, OptionsError>;

    /// The options written out in full, every default given: what to store so that
    /// the same game can be started again.
    fn write_options(options: &Self::Options) -> OptionsInput;

    /// The start position the options give.
    fn start_position(options: &Self::Options) -> Result<Self::Position, OptionsError>;

    /// The settings of the rules that look back (Xiangqi's move limit).
    fn settings(options: &Self::Options) -> <Self::Position as LookBack>::Settings;

    /// The longest side of the board, in points.
    fn largest_side(options: &Self::Options) -> u32;

    /// The game the options start, with every rule that looks back.
    fn start(options: &Self::Options) -> Result<WithHistory<Self::Position>, OptionsError> {
        Ok(WithHistory::with_settings(Self::start_position(options)?, Self::settings(options)))
    }

    /// The game's word for a side: "red", "white", "black".
    fn side_name(side: crate::side::Side) -> &'static str {
        <Self::Position as Game>::side_name(side)
    }
}
