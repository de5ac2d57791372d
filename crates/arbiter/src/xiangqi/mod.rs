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
mod count;
mod fen;
mod history;
mod movegen;
mod notation;
mod perft;
mod pins;
mod rays;
mod record;
mod refusal;
mod setup;
mod spec;
mod tables;

pub use board::{Color, Kind, Move, Piece, PlacementError, Position, Square, Undo};
pub use chase_rules::{ChaseRules, UnknownChaseRules};
pub use fen::{FenError, FenFault, START_FEN};
pub use history::{Memory, Settings};
pub use movegen::Status;
pub use notation::Notation;
pub use refusal::Illegal;
pub use setup::{Setup, SetupError};
pub use spec::{MAX_MOVE_LIMIT, Options, Xiangqi};

use crate::game::{Game, MoveDetail, MoveError, Outcome, Side, SyntaxError};
use crate::termination::Termination;

impl Move {
    /// Reads UCI-style text (`h2e2`) without checking legality.
    pub fn parse(text: &str) -> Result<Move, MoveError> {
        let (from, to) = match (text.get(..2), text.get(2..)) {
            (Some(from), Some(to)) if text.len() == 4 => (from, to),
            _ => {
                return Err(MoveError::syntax(
                    text,
                    SyntaxError::Shape { expected: "two points like h2e2 (files a-i, ranks 0-9)" },
                ));
            }
        };
        let point = |t: &str| {
            Square::parse(t).ok_or_else(|| {
                MoveError::syntax(
                    text,
                    SyntaxError::NotAPoint { part: crate::quote::excerpt(t), points: "a point (files a-i, ranks 0-9)" },
                )
            })
        };
        Ok(Move { from: point(from)?, to: point(to)? })
    }
}

impl Game for Position {
    type Move = Move;

    fn side_name(side: Side) -> &'static str {
        Color::from_side(side).name()
    }

    fn side_to_move(&self) -> Side {
        self.turn().side()
    }

    fn position_text(&self) -> String {
        self.to_fen()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        Position::legal_moves(self, out);
    }

    fn count_legal_moves(&self) -> usize {
        Position::count_legal_moves(self)
    }

    fn own_perft(&self, depth: u32) -> Option<u64> {
        Some(self.perft_leaves(depth))
    }

    fn play(&mut self, mv: Move) {
        self.make(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.status() {
            Status::Checkmate => Some(Outcome::win(self.turn().opponent().side(), Termination::Checkmate)),
            Status::Stalemate => Some(Outcome::win(self.turn().opponent().side(), Termination::Stalemate)),
            Status::Normal | Status::Check => None,
        }
    }

    /// Reads coordinates (`h2e2`, `H2-E2`), WXF (`C2=5`) or Chinese notation
    /// (`炮二平五`), full-width or not; see [`Notation`].
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let coordinates = notation::read_coordinates(text);
        // Anything else must at least read as a move before the game's end is told.
        let described = coordinates.is_none().then(|| self.read_notation(text));
        if let Some(Err(error @ MoveError::Syntax { .. })) = described {
            return Err(error);
        }
        if matches!(self.status(), Status::Checkmate | Status::Stalemate) {
            return Err(MoveError::GameOver);
        }
        let Some(mv) = coordinates else { return described.expect("read above when not coordinates") };
        match self.illegality(mv) {
            None => Ok(mv),
            Some(reason) => Err(MoveError::illegal(text, reason)),
        }
    }

    fn check(&self, mv: Move) -> Result<(), MoveError> {
        match self.illegality(mv) {
            None => Ok(()),
            Some(_) if matches!(self.status(), Status::Checkmate | Status::Stalemate) => Err(MoveError::GameOver),
            Some(reason) => Err(MoveError::illegal(&mv.to_string(), reason)),
        }
    }

    fn move_detail(&self, mv: Move) -> MoveDetail {
        MoveDetail {
            text: mv.to_string(),
            from: Some(mv.from.to_string()),
            to: Some(mv.to.to_string()),
            ..MoveDetail::default()
        }
    }

    fn text_between(&self, from: &str, to: &str) -> Option<String> {
        Some(format!("{from}{to}"))
    }

    fn write_in(&self, mv: Move, notation: &str) -> Option<String> {
        Some(self.move_text(mv, Notation::from_name(notation)?))
    }

    fn in_check(&self) -> bool {
        Position::in_check(self)
    }

    fn status_line(&self) -> String {
        self.status().name().to_owned()
    }
}
