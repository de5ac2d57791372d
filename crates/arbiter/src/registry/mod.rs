//! The registry: every game arbiter referees, known to every front end through one
//! list. A front end (the command line, the server, the browser page, the match
//! runner) names no game: it reads a [`GameKind`] from text, checks the user's
//! options with [`GameOptions::new`], starts an [`AnyGame`] and asks it what it needs.
//!
//! A game of each kind, started, played and ended through the registry:
//!
//! ```
//! use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput, Side};
//!
//! let start = |kind: GameKind, input: OptionsInput| AnyGame::new(&GameOptions::new(kind, &input).unwrap());
//!
//! // Xiangqi: two chariots mate.
//! let fen = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w".to_owned();
//! let mut xiangqi = start(GameKind::Xiangqi, OptionsInput::new().with("fen", fen));
//! xiangqi.play_text("b0b9").unwrap();
//! assert_eq!(xiangqi.outcome().unwrap().describe(|s| GameKind::Xiangqi.side_name(s)), "red wins by checkmate");
//!
//! // Draughts: White's capture leaves Black without a piece.
//! let fen = "W:W28:B23".to_owned();
//! let mut draughts = start(GameKind::Draughts, OptionsInput::new().with("fen", fen));
//! assert_eq!(draughts.legal_moves()[0].captured, ["23"]);
//! draughts.play_text("28x19").unwrap();
//! assert_eq!(draughts.outcome().unwrap().winner(), Some(Side::First));
//!
//! // Gomoku: Black makes five on a 9x9 board.
//! let mut gomoku = start(GameKind::Gomoku, OptionsInput::new().with("size", 9));
//! for point in ["a1", "a9", "b1", "b9", "c1", "c9", "d1", "d9", "e1"] {
//!     gomoku.play_text(point).unwrap();
//! }
//! assert_eq!(gomoku.outcome().unwrap().termination().as_str(), "five in a row");
//!
//! // TwixT: Black joins the left and right edges of a 5x5 board.
//! let mut twixt = start(GameKind::Twixt, OptionsInput::new().with("size", 5));
//! for point in ["a3", "b1", "c2", "d5", "e3"] {
//!     twixt.play_text(point).unwrap();
//! }
//! assert_eq!(twixt.outcome().unwrap().termination().as_str(), "connection");
//! ```
//!
//! Every type here is made from the one list of games (`games.rs` at the crate's root):
//! adding a game is its folder, a [`crate::GameSpec`] for it, and a line in that list
//! (see `docs/architecture.md`).

mod any;
mod kind;
mod made;
mod options;
mod records;

pub use any::{AnyGame, AnyHistory, AnyPosition, GameStatus, HistoryVisitor, PositionVisitor};
pub use kind::GameKind;
pub use options::GameOptions;
