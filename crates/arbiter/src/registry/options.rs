//! A game's options from what a user gives: the names, types and ranges checked against
//! the game's specs, then read by the game into its own typed options, every default
//! filled in.

use super::kind::GameKind;
use super::made::{each, each_kind};
use crate::options::{OptionsError, OptionsInput};
use crate::spec::GameSpec as _;

pub use super::made::GameOptions;

impl GameOptions {
    /// Checks `input` for a game of `kind` and fills in the defaults. Refuses options
    /// that do not apply to the game, values of the wrong type or out of range, and
    /// start positions that cannot be read or could never arise in a game.
    pub fn new(kind: GameKind, input: &OptionsInput) -> Result<GameOptions, OptionsError> {
        each_kind!(kind, G, wrap = GameOptions => {
            input.check(G::NAME, G::OPTIONS)?;
            let options = G::read_options(input)?;
            input.check_ranges(G::OPTIONS)?;
            Ok(wrap(options))
        })
    }

    /// The options written out in full, every default given: what to store so that
    /// the same game can be started again.
    #[must_use]
    pub fn to_input(&self) -> OptionsInput {
        each!(GameOptions, self, options, G => G::write_options(options))
    }

    /// The same options, the game started from the position `text` instead (a FEN, or
    /// a Gomoku board, which gives the board's size); refused as the option would be
    /// for a game that takes no start position.
    pub fn with_position(&self, text: String) -> Result<GameOptions, OptionsError> {
        let kind = self.kind();
        let mut input = self.to_input();
        for decided in each_kind!(kind, G => G::DECIDED_BY_POSITION) {
            input.remove(decided);
        }
        kind.set_position(&mut input, text)?;
        GameOptions::new(kind, &input)
    }

    /// The longest side of the board, in points (Xiangqi 10, draughts 10).
    #[must_use]
    pub fn largest_side(&self) -> u32 {
        each!(GameOptions, self, options, G => G::largest_side(options))
    }
}

impl GameKind {
    /// Sets the start position `text` in `input`, under whichever option takes it for
    /// this game ([`GameKind::position_option`]): for front ends with one flag for it.
    /// Refused for a game that starts only from its standard start.
    pub fn set_position(self, input: &mut OptionsInput, text: String) -> Result<(), OptionsError> {
        match self.position_option() {
            Some(option) => {
                input.set(option, text);
                Ok(())
            }
            None => Err(OptionsError::NotApplicable { option: "fen".to_owned(), game: self.name() }),
        }
    }
}
