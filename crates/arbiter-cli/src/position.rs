//! A game's options from the command line, read and checked by the registry: the
//! command names no game of its own.

use arbiter::{AnyGame, AnyPosition, GameKind, GameOptions, OptionsError, OptionsInput};

use crate::args::PositionArgs;
use crate::fail::Failure;
use crate::game_flags::flag;

impl From<OptionsError> for Failure {
    fn from(error: OptionsError) -> Failure {
        Failure::bad_input(error.describe(flag))
    }
}

/// The options the flags give beside the start position, unchecked.
pub fn input(args: &PositionArgs) -> OptionsInput {
    args.options.input.clone()
}

/// The options the flags give for a game of `kind`, checked.
pub fn options(kind: GameKind, args: &PositionArgs) -> Result<GameOptions, Failure> {
    let mut input = input(args);
    if let Some(text) = &args.fen {
        kind.set_position(&mut input, text.clone())?;
    }
    Ok(GameOptions::new(kind, &input)?)
}

/// The start position the flags give: the rules of one position, no history.
pub fn position(kind: GameKind, args: &PositionArgs) -> Result<AnyPosition, Failure> {
    Ok(AnyPosition::new(&options(kind, args)?)?)
}

/// The game the flags start, with every rule that looks back over it.
pub fn game(kind: GameKind, args: &PositionArgs) -> Result<AnyGame, Failure> {
    Ok(AnyGame::try_new(&options(kind, args)?)?)
}
