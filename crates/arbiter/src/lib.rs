#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

// The ground floor: what every game shares, naming none.
pub mod clock;
pub mod explain;
pub mod game;
mod history;
pub mod notation;
pub mod options;
mod outcome;
pub mod perft;
pub mod quote;
pub mod random;
pub mod records;
mod refusal;
mod side;
mod spec;
mod termination;

// The games, each in its folder, each standing on the floor above alone.
#[macro_use]
mod games;
for_each_game!(declare_games);

// Above the games: every game by name, one object over any of them.
pub mod registry;

pub use explain::Explanation;
pub use game::{Game, MoveDetail, MoveError, SyntaxError};
pub use history::{LookBack, WithHistory};
pub use options::{Conflict, OptionInput, OptionSpec, OptionValue, OptionsError, OptionsInput};
pub use outcome::Outcome;
pub use perft::{divide, perft, perft_after};
pub use refusal::{Illegal, Refusal};
pub use registry::{AnyGame, AnyHistory, AnyPosition, GameKind, GameOptions, GameStatus};
pub use side::Side;
pub use spec::GameSpec;
pub use termination::{Termination, UnknownTermination};
