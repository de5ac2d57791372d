#![doc = include_str!("../README.md")]

pub mod clock;
pub mod draughts;
pub mod game;
pub mod gomoku;
mod history;
pub mod judge;
pub mod notation;
pub mod perft;
pub mod random;
pub mod record;
pub mod registry;
mod side;
pub mod twixt;
pub mod xiangqi;

pub use game::{Game, MoveDetail, MoveError, Outcome, Side};
pub use history::{LookBack, WithHistory};
pub use judge::JudgeError;
pub use perft::{divide, perft, perft_after};
pub use registry::{AnyGame, AnyHistory, AnyPosition, GameKind, GameOptions, GameStatus, OptionsError, OptionsInput};
