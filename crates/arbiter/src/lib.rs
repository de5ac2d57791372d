#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod clock;
pub mod draughts;
pub mod game;
pub mod gomoku;
mod history;
pub mod judge;
pub mod lines;
pub mod notation;
mod outcome;
pub mod perft;
pub mod random;
pub mod record;
pub mod registry;
mod side;
mod termination;
pub mod twixt;
pub mod xiangqi;

pub use game::{Game, Illegal, MoveDetail, MoveError, Outcome, Side, SyntaxError};
pub use history::{LookBack, WithHistory};
pub use judge::JudgeError;
pub use perft::{divide, perft, perft_after};
pub use registry::{AnyGame, AnyHistory, AnyPosition, GameKind, GameOptions, GameStatus, OptionsError, OptionsInput};
pub use termination::{Termination, UnknownTermination};
