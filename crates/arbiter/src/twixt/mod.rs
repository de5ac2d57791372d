//! TwixT with automatic links, on a square board of any size (24x24 by default):
//! pegs link to own pegs a knight's move away unless the link would cross another
//! ([`Rules::Auto`]) or, in Little Golem's TwixT PP ([`Rules::Pp`]), one of the
//! opponent's; Black joins the left and right edges, White the bottom and top, with
//! the optional swap (pie) rule.
//!
//! Points are written `d5`: column letter for x (a is x = 0; past `z` as `aa`, ...),
//! then row number y + 1. Row 1 is the bottom edge y = 0, one of White's end lines;
//! column a is the left edge x = 0, one of Black's. `3,4` gives x and y directly, from
//! 0, as the contest does. `swap` takes over the first peg under the swap rule.
//!
//! ```
//! use arbiter::Game;
//! use arbiter::twixt::Position;
//!
//! let mut game = Position::new(24, false).unwrap();
//! let mv = game.parse_move("d5").unwrap();
//! game.play(mv);
//! assert!(game.parse_move("a5").is_err()); // White may not enter Black's end zone
//! ```

mod board;
mod connection;
mod links;
mod position;
mod record;
mod refusal;
mod spec;

pub use board::{Board, Color, MAX_SIZE, Move, Peg, PlaceError, SizeError};
pub use links::{Rules, UnknownRules};
pub use position::Position;
pub use refusal::Illegal;
pub use spec::{Options, Twixt};

