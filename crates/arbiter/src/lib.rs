//! arbiter: a referee for board games.
//!
//! Every rule of Xiangqi, international draughts, Gomoku/Renju and TwixT, with legal move generation
//! fast enough for perft, outcomes and standard notations. All games implement [`Game`], the one API that
//! the `arbiter` command and server use.
//!
//! ```
//! use arbiter::{Game, perft, xiangqi::Position};
//!
//! let start = Position::start();
//! assert_eq!(perft(&start, 2), 1920);
//! assert!(start.outcome().is_none());
//! ```

pub mod draughts;
pub mod game;
pub mod gomoku;
mod history;
pub mod judge;
pub mod notation;
pub mod perft;
pub mod twixt;
pub mod xiangqi;

pub use game::{Game, MoveError, Outcome, Side};
pub use history::WithHistory;
pub use judge::JudgeError;
pub use perft::{divide, perft, perft_after};
