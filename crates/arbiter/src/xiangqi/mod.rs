//! Xiangqi (Chinese chess): every rule of piece movement, the flying general, check,
//! checkmate and stalemate (the side to move with no legal move loses), FEN, UCI-style
//! move text (`h2e2`, ranks 0-9 from Red's side) and a Zobrist hash.
//!
//! ```
//! use arbiter::Game;
//! use arbiter::xiangqi::Position;
//!
//! let mut position = Position::start();
//! let mv = position.parse_move("h2e2").unwrap(); // the central cannon
//! position.play(mv);
//! assert_eq!(position.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! ```

mod board;
mod chase;
mod chase_rules;
mod chinese;
mod count;
mod explain;
mod fen;
mod history;
mod movegen;
mod notation;
mod perft;
mod pins;
mod position;
mod rays;
mod record;
mod refusal;
mod rules;
mod setup;
mod spec;
mod tables;
mod threats;

pub use board::{Color, Kind, Move, Piece, PlacementError, Position, Square, Undo};
pub use chase_rules::{ChaseRules, UnknownChaseRules};
pub use fen::{FenError, FenFault, START_FEN};
pub use history::{Memory, Settings};
pub use movegen::Status;
pub use notation::Notation;
pub use refusal::Illegal;
pub use rules::{Rules, UnknownRules};
pub use setup::{Setup, SetupError};
pub use spec::{MAX_MOVE_LIMIT, Options, Xiangqi};

