//! International draughts (FMJD rules) on the 10x10 board: men step forward and
//! capture both ways, flying kings, compulsory capture of the most pieces, pieces
//! removed after the move (no piece jumped twice), crowning only where a move ends,
//! the draw rules, PDN FEN and PDN move text (`32-28`, `28x19`, `28x37x19`).
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
//! ```

mod board;
mod fen;
mod history;
mod movegen;
mod perft;
mod reach;
mod record;
mod refusal;
mod setup;
mod spec;

pub use board::{Color, Kind, Move, PIECES_A_SIDE, Piece, PlacementError, Position, SQUARES, Square};
pub use fen::{FenError, FenFault, START_FEN};
pub use history::Memory;
pub use refusal::Illegal;
pub use setup::{Setup, SetupError};
pub use spec::{Draughts, Options};

use crate::game::{Game, MoveDetail, MoveError, Outcome, Side, SyntaxError};
use crate::termination::Termination;

/// A move's text split into its squares and whether it is written as a capture.
fn read_squares(text: &str) -> Result<(Vec<Square>, bool), MoveError> {
    let capture = text.contains('x') || text.contains('X');
    let separators: &[char] = if capture { &['x', 'X'] } else { &['-'] };
    let squares = text
        .split(separators)
        .map(|part| {
            part.parse::<u8>().ok().and_then(Square::new).ok_or_else(|| {
                MoveError::syntax(
                    text,
                    SyntaxError::NotAPoint { part: crate::quote::excerpt(part), points: "a square from 1 to 50" },
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if squares.len() < 2 || (!capture && squares.len() != 2) {
        return Err(MoveError::syntax(
            text,
            SyntaxError::Shape { expected: "a step like 32-28 or a capture like 28x19 or 28x37x19" },
        ));
    }
    Ok((squares, capture))
}

impl Position {
    /// Reads PDN move text and finds the legal move it names, or says why there is none.
    fn find_move(&self, text: &str) -> Result<Move, MoveError> {
        let (squares, capture) = read_squares(text)?;
        let (from, to) = (squares[0], squares[squares.len() - 1]);
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let illegal = |reason: Illegal| Err(MoveError::illegal(text, reason));
        match self.piece_at(from) {
            None => return illegal(Illegal::NoPiece { from }),
            Some(p) if p.color != self.side => return illegal(Illegal::NotYourPiece { from, owner: p.color }),
            Some(_) => {}
        }
        let most = legal.first().map_or(0, |m| m.captured.count_ones());
        if !capture {
            if most > 0 {
                return illegal(Illegal::CaptureCompulsory { most });
            }
            return match legal.iter().find(|m| m.from == from && m.to == to) {
                Some(&mv) => Ok(mv),
                None => illegal(Illegal::CannotMoveThere { from, to }),
            };
        }
        if most == 0 {
            return illegal(Illegal::NothingToCapture);
        }
        if squares.len() == 2 {
            let mut found = legal.iter().filter(|m| m.from == from && m.to == to);
            return match (found.next(), found.next()) {
                (Some(&mv), None) => Ok(mv),
                (Some(first), Some(_)) => illegal(Illegal::AmbiguousCapture { from, to, example: first.to_string() }),
                (None, _) => illegal(Illegal::NotTheLargestCapture { from, to, most }),
            };
        }
        // A full path: follow the routes and find the one with these landings.
        let landings: Vec<u8> = squares[1..].iter().map(|s| s.bit() as u8).collect();
        let mut route = None;
        let Some((end, before)) = landings.split_last() else { return illegal(Illegal::NoSuchRoute { from }) };
        self.for_each_capture_route(|start, path, last, captured| {
            if start == from && last == 1u64 << end && path == before {
                route = Some(captured);
            }
        });
        match route {
            Some(captured) => match legal.iter().find(|m| m.from == from && m.to == to && m.captured == captured) {
                Some(&mv) => Ok(mv),
                None => illegal(Illegal::TakesTooFew { taken: captured.count_ones(), most }),
            },
            None => illegal(Illegal::NoSuchRoute { from }),
        }
    }
}

impl Game for Position {
    type Move = Move;

    fn side_name(side: Side) -> &'static str {
        Color::from_side(side).name()
    }

    fn side_to_move(&self) -> Side {
        self.side.side()
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
        self.apply(mv.from, mv.to, mv.captured);
    }

    /// The side to move with no legal move has lost (no piece left, or all blocked).
    fn outcome(&self) -> Option<Outcome> {
        (self.count_legal_moves() == 0).then(|| Outcome::win(self.side.opponent().side(), Termination::NoLegalMove))
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        self.find_move(text)
    }

    fn check(&self, mv: Move) -> Result<(), MoveError> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if legal.contains(&mv) {
            return Ok(());
        }
        if legal.is_empty() {
            return Err(MoveError::GameOver);
        }
        // Written with every landing square, the move says exactly which route it is.
        let mut text = mv.from.to_string();
        let separator = if mv.is_capture() { 'x' } else { '-' };
        for landing in mv.landings() {
            text.push(separator);
            text.push_str(&landing.to_string());
        }
        match self.find_move(&text) {
            Err(error) => Err(error),
            // The route exists here but takes other pieces than the move's.
            Ok(_) => Err(MoveError::illegal(&text, Illegal::NoSuchRoute { from: mv.from })),
        }
    }

    fn move_detail(&self, mv: Move) -> MoveDetail {
        MoveDetail {
            text: mv.to_string(),
            from: Some(mv.from.to_string()),
            to: Some(mv.to.to_string()),
            path: mv.path[..mv.path_len as usize].iter().map(u8::to_string).collect(),
            captured: mv.captured().map(|s| s.to_string()).collect(),
        }
    }

    /// A capture when one is compulsory, a step otherwise: what the player meant.
    fn text_between(&self, from: &str, to: &str) -> Option<String> {
        Some(format!("{from}{}{to}", if self.has_capture() { 'x' } else { '-' }))
    }

    fn status_line(&self) -> String {
        match self.outcome() {
            Some(outcome) => outcome.describe(Self::side_name),
            None if self.has_capture() => "capture compulsory".to_owned(),
            None => "normal".to_owned(),
        }
    }
}
