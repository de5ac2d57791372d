//! arbiter: a referee for board games.
//!
//! Every rule of Xiangqi, international draughts, Gomoku/Renju and TwixT, with legal
//! move generation fast enough for perft, outcomes and standard notations.
//!
//! Two layers: a game's `Position` implements [`Game`], the rules of one position
//! (legal moves, making them, checkmate, five in a row); [`WithHistory`] adds the
//! rules that look back over the game (repetition, perpetual check, move counts),
//! which each game states by implementing [`LookBack`]. The [`registry`] knows every
//! game by name, reads its options, and holds any game in one object, [`AnyGame`]:
//! what the `arbiter` command and server use.
//!
//! ```
//! use arbiter::{Game, perft, xiangqi::Position};
//!
//! let start = Position::start();
//! assert_eq!(perft(&start, 2), 1920);
//! assert!(start.outcome().is_none());
//! ```

pub mod clock;
pub mod draughts;
pub mod game;
pub mod gomoku;
mod history;
pub mod judge;
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
