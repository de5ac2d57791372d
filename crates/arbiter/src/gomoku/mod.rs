//! Gomoku and Renju on a board of any size (15x15 by default): freestyle, standard
//! (exactly five), Renju (RIF forbidden points for Black) and Caro rules.
//!
//! ```
//! use arbiter::Game;
//! use arbiter::gomoku::{Position, Rules};
//!
//! let mut game = Position::new(Rules::Standard, 15, 15).unwrap();
//! for text in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"] {
//!     let mv = game.parse_move(text).unwrap();
//!     game.play(mv);
//! }
//! assert_eq!(game.outcome().unwrap().termination().as_str(), "five in a row");
//! ```

mod board;
mod opening;
mod position;
mod record;
mod refusal;
mod renju;
mod rules;
mod spec;

pub use board::{Board, BoardError, MAX_SIDE, Move, PlaceError, Point, Stone};
pub use opening::{
    Action, MAX_OFFERS, MIN_CENTRED_SIDE, OpeningRule, RenjuOpening, Step, UnknownOpening, Zone, centre, symmetric_point,
};
pub use position::{OpeningError, Position};
pub use refusal::Illegal;
pub use renju::{Forbidden, forbidden, forbidden_points};
pub use rules::{Rules, UnknownRules};
pub use spec::{Gomoku, Options};

