//! A position of Gomoku: the board, the rule set, whose turn it is, how it ended, and
//! the rules of one position (the `Game` implementation).

use super::board::{Board, BoardError, PlaceError, Point, Stone};
use super::refusal::Illegal;
use super::renju::{Forbidden, forbidden, forbidden_points};
use super::rules::Rules;
use crate::game::{Game, MoveDetail, MoveError, Outcome, Side, SyntaxError};
use crate::termination::Termination;

/// A position of Gomoku: the board, the rule set, whose turn it is and how it ended.
/// Everything Gomoku's rules decide is in the position; no rule looks back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    rules: Rules,
    turn: Stone,
    outcome: Option<Outcome>,
    /// The stone that won and the direction of its line.
    win: Option<(Point, (i32, i32))>,
}

impl Position {
    /// An empty board of `columns` x `rows`, Black to move.
    pub fn new(rules: Rules, columns: u32, rows: u32) -> Result<Position, BoardError> {
        Ok(Position::from_board(rules, Board::new(columns, rows)?, Stone::Black))
    }

    /// A game from a board with `turn` to move. A full board is a draw; wins already
    /// on the board are not looked for (only a new stone wins).
    #[must_use]
    pub fn from_board(rules: Rules, board: Board, turn: Stone) -> Position {
        let outcome = board.is_full().then(|| Outcome::draw(Termination::FullBoard));
        Position { board, rules, turn, outcome, win: None }
    }

    /// A game from board text (see [`Board::from_text`]).
    pub fn from_text(rules: Rules, text: &str) -> Result<Position, BoardError> {
        let (board, turn) = Board::from_text(text)?;
        Ok(Position::from_board(rules, board, turn))
    }

    /// The stones on the board.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The stones of the line that won, from one end to the other; empty while nobody
    /// has won.
    #[must_use]
    pub fn winning_line(&self) -> Vec<Point> {
        let Some((point, (dc, dr))) = self.win else { return Vec::new() };
        let stone = self.board.stone_at(point);
        let at = |k: i32| {
            let (c, r) = (i32::from(point.column) + k * dc, i32::from(point.row) + k * dr);
            let p = Point { column: u16::try_from(c).ok()?, row: u16::try_from(r).ok()? };
            (self.board.stone_at(p) == stone).then_some(p)
        };
        let mut first = 0;
        while at(first - 1).is_some() {
            first -= 1;
        }
        (first..).map_while(at).collect()
    }

    /// The rule set the game is played under, fixed when the position was made.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The colour to place the next stone; after the game's last stone, the colour
    /// that would have been next.
    #[must_use]
    pub const fn turn(&self) -> Stone {
        self.turn
    }

    /// Why `point` is forbidden to Black under Renju rules, if it is.
    #[must_use]
    pub fn forbidden(&self, point: Point) -> Option<Forbidden> {
        match self.rules {
            Rules::Renju => forbidden(&self.board, point),
            _ => None,
        }
    }

    /// The points forbidden to Black (whoever is to move), by column then row.
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<Point> {
        match self.rules {
            Rules::Renju => forbidden_points(&self.board).map(|(p, _)| p).collect(),
            _ => Vec::new(),
        }
    }

    fn is_legal(&self, point: Point) -> bool {
        self.board.stone_at(point).is_none()
            && self.board.contains(point)
            && !(self.turn == Stone::Black && self.forbidden(point).is_some())
    }

    /// Places the side to move's stone on `point` and decides the outcome from the
    /// lines through it alone. Refuses a point off the board or taken, a point
    /// forbidden to Black under Renju rules, and any stone once the game is over.
    pub fn place(&mut self, point: Point) -> Result<(), PlaceError> {
        if self.outcome.is_some() {
            return Err(PlaceError::GameOver);
        }
        if self.turn == Stone::Black && self.board.contains(point) && self.forbidden(point).is_some() {
            return Err(PlaceError::Forbidden(point));
        }
        self.put(point)
    }

    /// Places the stone of a move already known to be legal: the win test and
    /// nothing else.
    fn put(&mut self, point: Point) -> Result<(), PlaceError> {
        self.board.place(point, self.turn)?;
        if let Some(direction) = self.rules.winning_direction(&self.board, point) {
            self.win = Some((point, direction));
            self.outcome = Some(Outcome::win(self.turn.side(), Termination::FiveInARow));
        } else if self.board.is_full() {
            self.outcome = Some(Outcome::draw(Termination::FullBoard));
        }
        self.turn = self.turn.opponent();
        if self.outcome.is_none()
            && self.rules == Rules::Renju
            && self.turn == Stone::Black
            && self.board.empty_points().all(|p| self.forbidden(p).is_some())
        {
            self.outcome = Some(Outcome::draw(Termination::NoLegalPointForBlack));
        }
        Ok(())
    }
}

impl Position {
    /// Why the side to move may not put a stone on `point`, or `None` if it may.
    fn refusal(&self, point: Point) -> Option<Illegal> {
        if !self.board.contains(point) {
            let (columns, rows) = (self.board.columns(), self.board.rows());
            return Some(Illegal::OffBoard { point, columns, rows });
        }
        if self.board.stone_at(point).is_some() {
            return Some(Illegal::Occupied { point });
        }
        if self.turn == Stone::Black {
            return self.forbidden(point).map(|pattern| Illegal::Forbidden { point, pattern });
        }
        None
    }
}

impl Game for Position {
    type Move = Point;

    fn side_name(side: Side) -> &'static str {
        Stone::from_side(side).name()
    }

    fn side_to_move(&self) -> Side {
        self.turn.side()
    }

    fn position_text(&self) -> String {
        self.board.to_text()
    }

    fn legal_moves(&self, out: &mut Vec<Point>) {
        out.clear();
        if self.outcome.is_none() {
            out.extend(self.board.empty_points().filter(|&p| self.is_legal(p)));
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        self.board.empty_points().filter(|&p| self.is_legal(p)).count()
    }

    fn play(&mut self, mv: Point) {
        // A move from legal_moves has passed every test; an occupied or off-board
        // point is still refused by the board.
        let _ = self.put(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn parse_move(&self, text: &str) -> Result<Point, MoveError> {
        let point = Point::parse(text.trim()).ok_or_else(|| {
            MoveError::syntax(
                text,
                SyntaxError::Shape {
                    expected: "a point like h8 (column letter, row from the bottom) or 8,8 (row, column)",
                },
            )
        })?;
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.refusal(point).map_or(Ok(point), |reason| Err(MoveError::illegal(text, reason)))
    }

    fn check(&self, point: Point) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.refusal(point).map_or(Ok(()), |reason| Err(MoveError::illegal(&point.to_string(), reason)))
    }

    fn forbidden_points(&self) -> Option<Vec<String>> {
        Some(Position::forbidden_points(self).iter().map(ToString::to_string).collect())
    }

    fn move_detail(&self, point: Point) -> MoveDetail {
        MoveDetail { text: point.to_string(), to: Some(point.to_string()), ..MoveDetail::default() }
    }
}

crate::history::no_look_back!(Position);
