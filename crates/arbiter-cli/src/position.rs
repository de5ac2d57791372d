//! A game's options from the command line, read and checked by the registry: the
//! command names no game of its own.

use arbiter::{AnyGame, AnyPosition, GameKind, GameOptions, OptionsError, OptionsInput};

use crate::args::PositionArgs;
use crate::fail::Failure;

/// An option's name as this command spells it: `move_limit` is `--move-limit`.
pub fn flag(option: &str) -> String {
    format!("--{}", option.replace('_', "-"))
}

impl From<OptionsError> for Failure {
    fn from(error: OptionsError) -> Failure {
        Failure::bad_input(error.describe(flag))
    }
}

/// The options the flags give beside the start position, unchecked.
pub fn input(args: &PositionArgs) -> OptionsInput {
    OptionsInput {
        rules: args.rules.clone(),
        size: args.size,
        rows: args.rows,
        cols: args.cols,
        swap: args.swap.then_some(true),
        move_limit: args.move_limit,
        chase_rules: args.chase_rules.clone(),
        ..OptionsInput::default()
    }
}

/// The options the flags give for a game of `kind`, checked.
pub fn options(kind: GameKind, args: &PositionArgs) -> Result<GameOptions, Failure> {
    let mut input = input(args);
    if let Some(text) = &args.fen {
        input.set_position(kind, text.clone());
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
