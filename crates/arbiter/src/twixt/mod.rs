//! TwixT with automatic links, on a square board of any size (24x24 by default):
//! pegs link to own pegs a knight's move away unless the link would cross another,
//! Black joins the left and right edges, White the bottom and top, with the optional
//! swap (pie) rule.
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
pub mod judge;
mod links;
pub mod record;
pub(crate) mod refusal;

use std::fmt;

pub use board::{Board, Color, MAX_SIZE, Peg, PlaceError, SizeError};
pub use refusal::Illegal;

use crate::game::{Game, MoveDetail, MoveError, Outcome, Side, SyntaxError};
use crate::notation::{ColumnLetters, parse_letters_and_number};
use crate::termination::Termination;

/// A move: a peg, or taking over the first peg under the swap rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The side to move puts a peg on the point; it is linked at once to each own peg a
    /// knight's move away whose link would cross no other.
    Place(Peg),
    /// White's answer to Black's first peg under the swap rule: the peg becomes White's,
    /// mirrored across the diagonal, and Black moves next. Written `swap`.
    Swap,
}

impl fmt::Display for Peg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", ColumnLetters(u32::from(self.x)), u32::from(self.y) + 1)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(peg) => write!(f, "{peg}"),
            Move::Swap => f.write_str("swap"),
        }
    }
}

impl Peg {
    /// Reads `d5` (column letters for x, row number y + 1) or `3,4` (x and y from 0).
    pub fn parse(text: &str) -> Option<Peg> {
        if let Some((x, y)) = text.split_once(',') {
            return Some(Peg { x: x.trim().parse().ok()?, y: y.trim().parse().ok()? });
        }
        let (column, row) = parse_letters_and_number(text)?;
        Some(Peg { x: u16::try_from(column).ok()?, y: u16::try_from(row - 1).ok()? })
    }
}

/// A position of TwixT: pegs, links, whose turn it is and how it ended. Everything
/// TwixT's rules decide is in the position; no rule looks back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    swap_rule: bool,
    turn: Color,
    plies: u32,
    /// Black's first peg, while White may still take it over.
    swappable: Option<Peg>,
    outcome: Option<Outcome>,
}

impl Position {
    /// A new game on a `size` x `size` board (3 to 4096 points a side; 24 is standard),
    /// with or without the swap rule.
    pub fn new(size: u32, swap_rule: bool) -> Result<Position, SizeError> {
        Ok(Position {
            board: Board::new(size)?,
            swap_rule,
            turn: Color::Black,
            plies: 0,
            swappable: None,
            outcome: None,
        })
    }

    /// The pegs and links on the board.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The colour to place the next peg (or to swap); after the game's last move, the
    /// colour that would have been next.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// Whether the game is played with the swap rule (White may take over Black's first
    /// peg as its first move), fixed when the position was made.
    #[must_use]
    pub const fn swap_rule(&self) -> bool {
        self.swap_rule
    }

    /// Places the side to move's peg, or says why it cannot.
    pub fn place(&mut self, peg: Peg) -> Result<(), PlaceError> {
        if self.outcome.is_some() {
            return Err(PlaceError::GameOver);
        }
        if let Some(refusal) = self.board.refusal(peg, self.turn) {
            return Err(refusal);
        }
        self.board.place(peg, self.turn);
        self.swappable = (self.swap_rule && self.plies == 0).then_some(peg);
        self.finish_move();
        Ok(())
    }

    /// White takes over Black's first peg: it becomes a White peg mirrored across the
    /// diagonal (x and y exchanged), so it lies outside Black's end zones, and Black
    /// moves again. Seats keep their colours.
    pub fn swap(&mut self) -> Result<(), MoveError> {
        let Some(peg) = self.swappable.filter(|_| self.outcome.is_none()) else {
            return Err(MoveError::illegal("swap", Illegal::SwapNotAllowed));
        };
        let mut board = Board::new(self.board.size()).expect("same size");
        board.place(Peg { x: peg.y, y: peg.x }, Color::White);
        self.board = board;
        self.swappable = None;
        self.finish_move();
        Ok(())
    }

    fn finish_move(&mut self) {
        let mover = self.turn;
        self.plies += 1;
        self.turn = mover.opponent();
        if self.board.connected(mover) {
            self.outcome = Some(Outcome::win(mover.side(), Termination::Connection));
        } else if !self.board.has_room(self.turn) && self.swappable.is_none() {
            self.outcome = Some(Outcome::draw(Termination::NoLegalMove));
        }
    }
}

impl Game for Position {
    type Move = Move;

    fn side_name(side: Side) -> &'static str {
        Color::from_side(side).name()
    }

    fn side_to_move(&self) -> Side {
        self.turn.side()
    }

    /// The pegs as `b:d5,e7 w:f6` (Black's, then White's), with the board size.
    fn position_text(&self) -> String {
        let list =
            |color| self.board.pegs().filter(|&(_, c)| c == color).map(|(p, _)| p.to_string()).collect::<Vec<_>>();
        format!("{} b:{} w:{}", self.board.size(), list(Color::Black).join(","), list(Color::White).join(","))
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let size = self.board.size() as u16;
        for y in 0..size {
            for x in 0..size {
                let peg = Peg { x, y };
                if self.board.refusal(peg, self.turn).is_none() {
                    out.push(Move::Place(peg));
                }
            }
        }
        if self.swappable.is_some() {
            out.push(Move::Swap);
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        let size = self.board.size() as u16;
        let places = (0..size).flat_map(|y| (0..size).map(move |x| Peg { x, y }));
        places.filter(|&peg| self.board.refusal(peg, self.turn).is_none()).count()
            + usize::from(self.swappable.is_some())
    }

    fn play(&mut self, mv: Move) {
        // Moves from legal_moves always succeed; anything else leaves the game as it was.
        let _ = match mv {
            Move::Place(peg) => self.place(peg).map_err(|_| MoveError::GameOver),
            Move::Swap => self.swap(),
        };
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        if text == "swap" {
            if self.outcome.is_some() {
                return Err(MoveError::GameOver);
            }
            return match self.swappable {
                Some(_) => Ok(Move::Swap),
                None => Err(MoveError::illegal(text, Illegal::SwapNotAllowed)),
            };
        }
        let peg = Peg::parse(text).ok_or_else(|| {
            MoveError::syntax(
                text,
                SyntaxError::Shape {
                    expected: "a point like d5 (column letter, row from 1) or 3,4 (x, y from 0), or swap",
                },
            )
        })?;
        self.check(Move::Place(peg)).map(|()| Move::Place(peg)).map_err(|error| match error {
            MoveError::Illegal { reason, .. } => MoveError::Illegal { text: text.to_owned(), reason },
            other => other,
        })
    }

    fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let peg = match mv {
            Move::Swap if self.swappable.is_some() => return Ok(()),
            Move::Swap => return Err(MoveError::illegal("swap", Illegal::SwapNotAllowed)),
            Move::Place(peg) => peg,
        };
        let reason = match self.board.refusal(peg, self.turn) {
            None => return Ok(()),
            Some(PlaceError::OffBoard { .. }) => Illegal::OffBoard { peg, size: self.board.size() },
            Some(PlaceError::Occupied(_)) => Illegal::Occupied { peg },
            Some(PlaceError::EndZone { owner, .. }) => Illegal::OpponentsEdge { peg, owner },
            Some(PlaceError::GameOver) => return Err(MoveError::GameOver),
        };
        Err(MoveError::illegal(&peg.to_string(), reason))
    }

    fn move_detail(&self, mv: Move) -> MoveDetail {
        let to = match mv {
            Move::Place(peg) => Some(peg.to_string()),
            Move::Swap => None,
        };
        MoveDetail { text: mv.to_string(), to, ..MoveDetail::default() }
    }
}

crate::history::no_look_back!(Position);
