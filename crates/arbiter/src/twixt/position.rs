//! A position of TwixT: its pegs and links, whose turn it is, how it ended, and the
//! rules of one position (the `Game` implementation).

use super::board::{Board, Color, Move, Peg, PlaceError, SizeError};
use super::links::Rules;
use super::refusal::Illegal;
use crate::game::{Game, MoveDetail, MoveError, Outcome, Side, SyntaxError};
use crate::termination::Termination;

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
    /// with or without the swap rule, whose links cross nothing ([`Rules::Auto`]).
    pub fn new(size: u32, swap_rule: bool) -> Result<Position, SizeError> {
        Position::with_rules(Rules::Auto, size, swap_rule)
    }

    /// A new game by `rules` on a `size` x `size` board (3 to 4096 points a side; 24 is
    /// standard), with or without the swap rule. Little Golem's TwixT PP is
    /// `Position::with_rules(Rules::Pp, 24, true)`.
    pub fn with_rules(rules: Rules, size: u32, swap_rule: bool) -> Result<Position, SizeError> {
        Ok(Position {
            board: Board::with_rules(size, rules)?,
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

    /// The rule set the links are made by, fixed when the position was made.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.board.rules()
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
    /// moves again. Seats keep their colours. The same under both rule sets: Little
    /// Golem's swap.
    pub fn swap(&mut self) -> Result<(), MoveError> {
        let Some(peg) = self.swappable.filter(|_| self.outcome.is_none()) else {
            return Err(MoveError::illegal("swap", Illegal::SwapNotAllowed));
        };
        let mut board = Board::with_rules(self.board.size(), self.board.rules()).expect("same size");
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
        self.board.open_points(self.turn, out);
        if self.swappable.is_some() {
            out.push(Move::Swap);
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        self.board.open_point_count(self.turn) + usize::from(self.swappable.is_some())
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
