//! The draughts family: international draughts (FMJD rules) on the 10x10 board, the
//! default, Killer draughts, Antidraughts, Breakthrough, Frisian draughts (captures
//! along rows and columns too, `frisian.rs`) and Frysk! on 10x10 too, and on 8x8
//! Brazilian, Russian, English, Czech, Spanish, Italian and Thai draughts and American
//! pool checkers ([`Rules`], the `rules` option; each rule set a file of `rules/`). Under
//! the international rules men step forward and capture both ways, kings fly, the
//! capture of the most pieces is compulsory, pieces come off after the move (no piece
//! jumped twice), a man is crowned only where a move ends; the draw rules, PDN FEN and
//! PDN move text (`32-28`, `28x19`, `28x37x19`; `c3-d4`, `c3:e5` in the rule sets
//! written algebraically).
//!
//! ```
//! use arbiter::Game;
//! use arbiter::draughts::Position;
//!
//! let mut position = Position::start();
//! assert_eq!(arbiter::perft(&position, 3), 658);
//! let mv = position.parse_move("32-28").unwrap();
//! position.play(mv);
//! assert_eq!(position.to_fen(), "B:W28,31,33-50:B1-20");
//!
//! let russian = Position::start_with(arbiter::draughts::Rules::Russian);
//! assert_eq!(arbiter::perft(&russian, 4), 1469);
//! ```

mod bits;
mod board;
mod captures;
mod ending;
mod fen;
mod frisian;
mod geometry;
mod history;
mod layout;
mod movegen;
mod notation;
mod perft;
mod position;
mod reach;
mod record;
mod refusal;
mod rules;
mod setup;
mod spec;

pub use captures::{Captures, UnknownCaptures};
pub use board::{Kind, Move, PIECES_A_SIDE, Piece, PlacementError, Position};
pub use geometry::{Color, SQUARES, Square};
pub use fen::{FenError, FenFault, START_FEN};
pub use history::Memory;
pub use layout::Layout;
pub use refusal::Illegal;
pub use rules::{Rules, UnknownRules};
pub use setup::{Setup, SetupError};
pub use spec::{Draughts, Options};

