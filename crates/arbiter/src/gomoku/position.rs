//! A position of Gomoku: the board, the rule set, whose turn it is, how it ended, the
//! opening rule and where its opening stands, and the rules of one position (the `Game`
//! implementation).
//!
//! **Sides and colours.** The sides ([`Side`]) are the players, fixed for the whole
//! game: the first side is the player who makes the first move. Without an opening rule
//! the first side plays Black throughout. With one, the first side is the player who
//! begins the opening (the tentative Black), and a swap exchanges the colours between
//! the players: [`Position::color_of`] says which colour a side holds now, and the
//! game's word for a side ([`Game::colors`]) follows it. [`Game::side_to_move`] is the
//! player who is to act (in the opening, the one the step is asked of); an outcome's
//! winner is a player, whatever colour they ended with.

use super::board::{Board, BoardError, Move, PlaceError, Point, Stone};
use super::opening::{
    Action, Done, OpeningRule, OpeningState, RenjuOpening, Step, Who, Zone, colors_tentative, in_zone, next_step,
    same_offer, square_corners, stones_about_centre,
};
use super::refusal::Illegal;
use super::renju::{Forbidden, forbidden, forbidden_points};
use super::rules::Rules;
use crate::game::{Game, MoveDetail, MoveError, Outcome, Side, SyntaxError};
use crate::termination::Termination;

/// A position of Gomoku: the board, the rule set, whose turn it is and how it ended,
/// and with an opening rule, who holds which colour and where the opening stands.
/// Everything Gomoku's rules decide is in the position; no rule looks back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    rules: Rules,
    turn: Stone,
    outcome: Option<Outcome>,
    /// The stone that won and the direction of its line.
    win: Option<(Point, (i32, i32))>,
    /// The opening rule the game began with, if any.
    rule: Option<OpeningRule>,
    /// The player holding Black: the first side, but after an odd number of swaps.
    black: Side,
    /// Where the opening stands, while it lasts.
    opening: Option<OpeningState>,
    /// The canonical opening the first three stones made, under the rules with one.
    named: Option<RenjuOpening>,
}

/// Why a game with an opening rule cannot start on a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// The board's size is refused whatever the rule.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The rule places stones in squares about the centre and compares offers by the
    /// board's symmetries: it needs a square board of odd side, 15 or more.
    #[error(
        "the {rule} opening rule needs a square board of odd side, 15 or more (its stones go in squares about the centre): not {columns}x{rows}"
    )]
    UnfitBoard {
        /// The rule.
        rule: OpeningRule,
        /// The board's columns.
        columns: u32,
        /// The board's rows.
        rows: u32,
    },
}

/// What a stone or point text may be, for the syntax error.
const SHAPES: &str = "a point like h8 or 8,8 (row, column), or swap, +2, declare:N, offer:h8, choose:h8";

impl Position {
    /// An empty board of `columns` x `rows`, Black to move.
    pub fn new(rules: Rules, columns: u32, rows: u32) -> Result<Position, BoardError> {
        Ok(Position::from_board(rules, Board::new(columns, rows)?, Stone::Black))
    }

    /// An empty board of `columns` x `rows` and the opening of `rule` to play, the
    /// first side to begin it. Refuses a board the rule is not played on (see
    /// [`OpeningRule::fits`]).
    pub fn with_opening(rules: Rules, columns: u32, rows: u32, rule: OpeningRule) -> Result<Position, OpeningError> {
        let mut position = Position::new(rules, columns, rows)?;
        if !rule.fits(columns, rows) {
            return Err(OpeningError::UnfitBoard { rule, columns, rows });
        }
        if position.outcome.is_none() {
            position.opening = Some(OpeningState {
                step: rule.first_step(),
                actor: Side::First,
                offers: Vec::new(),
                declared: None,
                two_more: false,
                swapped: false,
            });
        }
        position.rule = Some(rule);
        Ok(position)
    }

    /// A game from a board with `turn` to move. A full board is a draw; wins already
    /// on the board are not looked for (only a new stone wins).
    #[must_use]
    pub fn from_board(rules: Rules, board: Board, turn: Stone) -> Position {
        let outcome = board.is_full().then(|| Outcome::draw(Termination::FullBoard));
        Position { board, rules, turn, outcome, win: None, rule: None, black: Side::First, opening: None, named: None }
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

    /// The colour of the next stone; after the game's last stone, the colour that
    /// would have been next. In an opening, the colour of the opening's next stone,
    /// whoever places it.
    #[must_use]
    pub const fn turn(&self) -> Stone {
        self.turn
    }

    /// The opening rule the game began with, if any.
    #[must_use]
    pub const fn opening_rule(&self) -> Option<OpeningRule> {
        self.rule
    }

    /// What the opening asks of the side to move, while the opening lasts.
    #[must_use]
    pub fn opening_step(&self) -> Option<Step> {
        self.opening.as_ref().map(|state| state.step)
    }

    /// The fifth moves offered so far, in order, while the opening lasts.
    #[must_use]
    pub fn offers(&self) -> &[Point] {
        self.opening.as_ref().map_or(&[], |state| &state.offers)
    }

    /// The number of fifth-move offers declared, while the opening lasts.
    #[must_use]
    pub fn declared(&self) -> Option<u8> {
        self.opening.as_ref().and_then(|state| state.declared)
    }

    /// The canonical Renju opening the first three stones made, under the rules that
    /// begin with one (RIF, Yamaguchi, Soosõrv, Taraguchi).
    #[must_use]
    pub const fn renju_opening(&self) -> Option<RenjuOpening> {
        self.named
    }

    /// The player who holds `stone` now.
    #[must_use]
    pub fn player_of(&self, stone: Stone) -> Side {
        if stone == Stone::Black { self.black } else { self.black.opponent() }
    }

    /// The colour `side` holds now.
    #[must_use]
    pub fn color_of(&self, side: Side) -> Stone {
        if side == self.black { Stone::Black } else { Stone::White }
    }

    /// Whether the colours may still change: the opening has a swap to come.
    #[must_use]
    pub fn colors_tentative(&self) -> bool {
        match (self.rule, &self.opening) {
            (Some(rule), Some(state)) => colors_tentative(rule, state.step),
            _ => false,
        }
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

    /// Places the next stone on `point` and decides the outcome from the lines through
    /// it alone. Refuses a point off the board or taken, a point forbidden to Black
    /// under Renju rules, any stone once the game is over, and in an opening a stone
    /// the opening's step does not ask for (or places outside its zone).
    pub fn place(&mut self, point: Point) -> Result<(), PlaceError> {
        if self.outcome.is_some() {
            return Err(PlaceError::GameOver);
        }
        if self.opening.is_some() {
            return match self.refusal(Move::Stone(point)) {
                None => {
                    self.play_opening(Move::Stone(point));
                    Ok(())
                }
                Some(Illegal::OffBoard { .. }) => {
                    Err(PlaceError::OffBoard { point, size: (self.board.columns(), self.board.rows()) })
                }
                Some(Illegal::Occupied { .. }) => Err(PlaceError::Occupied(point)),
                Some(Illegal::Forbidden { .. }) => Err(PlaceError::Forbidden(point)),
                Some(other) => Err(PlaceError::Opening(other.into())),
            };
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
            self.outcome = Some(Outcome::win(self.player_of(self.turn), Termination::FiveInARow));
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

    /// Plays a move of the opening, known to be legal, and sets the next step.
    fn play_opening(&mut self, mv: Move) {
        let Some(mut state) = self.opening.take() else { return };
        let Some(rule) = self.rule else { return };
        let done = match mv {
            Move::Stone(point) => {
                let _ = self.put(point);
                if self.board.stones() == 3 && rule.is_centred() {
                    self.named = RenjuOpening::of_board(&self.board);
                }
                Done::Stone
            }
            Move::Swap => {
                self.black = self.black.opponent();
                Done::Swap
            }
            Move::TwoMore => {
                // The first player, tentatively White from here, chooses after the
                // two stones: keeping White, or taking Black back with a swap.
                self.black = self.black.opponent();
                state.two_more = true;
                Done::TwoMore
            }
            Move::Declare(count) => {
                state.declared = Some(count);
                Done::Declared(count)
            }
            Move::Offer(point) => {
                state.offers.push(point);
                Done::Offered
            }
            Move::Choose(point) => {
                let _ = self.put(point);
                Done::Chose
            }
        };
        if self.outcome.is_some() {
            return;
        }
        state.swapped = done == Done::Swap;
        if let Some((step, who)) = next_step(rule, &state, done, self.board.stones()) {
            state.actor = match who {
                Who::Opener => Side::First,
                Who::Holder(stone) => self.player_of(stone),
                Who::Same => state.actor,
            };
            state.step = step;
            self.opening = Some(state);
        }
    }
}

impl Position {
    /// Why the side to move may not put a stone on `point` (ordinary play), or `None`.
    fn stone_refusal(&self, point: Point) -> Option<Illegal> {
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

    /// Why `mv` may not be played here, or `None` if it may.
    fn refusal(&self, mv: Move) -> Option<Illegal> {
        match (&self.opening, mv) {
            (None, Move::Stone(point)) => self.stone_refusal(point),
            (None, other) => Some(Illegal::NoOpening { tried: action(other) }),
            (Some(state), mv) => self.opening_refusal(state, mv),
        }
    }

    fn opening_refusal(&self, state: &OpeningState, mv: Move) -> Option<Illegal> {
        let step = state.step;
        match (step, mv) {
            (Step::Place { stone, zone, .. }, Move::Stone(point)) => {
                self.stone_refusal(point).or_else(|| self.zone_refusal(point, stone, zone))
            }
            (Step::Place { swap: true, .. } | Step::Offer { swap: true, .. }, Move::Swap)
            | (Step::Place { two_more: true, .. }, Move::TwoMore) => None,
            (_, Move::Swap) if state.swapped => Some(Illegal::SecondSwap { step }),
            (Step::Place { offers: true, .. } | Step::Offer { .. }, Move::Offer(point)) => {
                self.offer_refusal(state, point, &stones_about_centre(&self.board))
            }
            (Step::Declare { max }, Move::Declare(declared)) => (declared == 0 || declared > max)
                .then_some(Illegal::DeclaredOutOfRange { declared: u32::from(declared), max }),
            (Step::Choose, Move::Choose(point)) => {
                (!state.offers.contains(&point)).then_some(Illegal::NotOffered { point })
            }
            (step, mv) => Some(Illegal::WrongStep { tried: action(mv), step }),
        }
    }

    fn zone_refusal(&self, point: Point, stone: u8, zone: Zone) -> Option<Illegal> {
        if in_zone(&self.board, point, zone, stone) {
            return None;
        }
        let side = match zone {
            Zone::Anywhere => return None,
            Zone::Opening => 2 * stone - 1,
            Zone::Square(side) => side,
        };
        let (from, to) = square_corners(&self.board, side);
        Some(match zone {
            Zone::Opening => Illegal::NotAnOpening { point, stone, from, to },
            _ => Illegal::OutsideZone { point, stone, from, to },
        })
    }

    /// Why Black may not offer `point` as a fifth move: the stone would be illegal, or
    /// it repeats or mirrors an offer made.
    fn offer_refusal(&self, state: &OpeningState, point: Point, stones: &[((i32, i32), Stone)]) -> Option<Illegal> {
        if let Some(refusal) = self.stone_refusal(point) {
            return Some(refusal);
        }
        if state.offers.contains(&point) {
            return Some(Illegal::AlreadyOffered { point });
        }
        let earlier = state.offers.iter().copied().find(|&earlier| same_offer(&self.board, stones, point, earlier))?;
        Some(Illegal::SymmetricOffer { point, earlier })
    }

    /// The legal moves of the opening's step.
    fn opening_moves(&self, state: &OpeningState, out: &mut Vec<Move>) {
        let offers = |out: &mut Vec<Move>| {
            let stones = stones_about_centre(&self.board);
            out.extend(
                self.board
                    .empty_points()
                    .filter(|&p| self.offer_refusal(state, p, &stones).is_none())
                    .map(Move::Offer),
            );
        };
        match state.step {
            Step::Place { stone, zone, swap, two_more, offers: may_offer } => {
                out.extend(
                    self.board
                        .empty_points()
                        .filter(|&p| in_zone(&self.board, p, zone, stone) && self.is_legal(p))
                        .map(Move::Stone),
                );
                if may_offer {
                    offers(out);
                }
                if swap {
                    out.push(Move::Swap);
                }
                if two_more {
                    out.push(Move::TwoMore);
                }
            }
            Step::Declare { max } => out.extend((1..=max).map(Move::Declare)),
            Step::Offer { swap, .. } => {
                offers(out);
                if swap {
                    out.push(Move::Swap);
                }
            }
            Step::Choose => out.extend(state.offers.iter().map(|&p| Move::Choose(p))),
        }
    }

    /// Reads a move's text: a point, or a word of the opening rules. A bare point is a
    /// stone, but where the opening asks for offers (an offer) or a choice (the choice).
    fn read_move(&self, text: &str) -> Result<Move, MoveError> {
        let syntax = || MoveError::syntax(text, SyntaxError::Shape { expected: SHAPES });
        let trimmed = text.trim();
        let point = |part: &str| {
            Point::parse(part.trim()).ok_or_else(|| {
                MoveError::syntax(text, SyntaxError::NotAPoint { part: crate::quote::excerpt(part), points: "a point like h8" })
            })
        };
        if let Some(point) = Point::parse(trimmed) {
            return Ok(match self.opening.as_ref().map(|state| state.step) {
                Some(Step::Offer { .. }) => Move::Offer(point),
                Some(Step::Choose) => Move::Choose(point),
                _ => Move::Stone(point),
            });
        }
        if trimmed.eq_ignore_ascii_case("swap") {
            return Ok(Move::Swap);
        }
        if trimmed == "+2" {
            return Ok(Move::TwoMore);
        }
        let (word, rest) = trimmed.split_once(':').ok_or_else(syntax)?;
        match word.trim().to_ascii_lowercase().as_str() {
            "offer" => Ok(Move::Offer(point(rest)?)),
            "choose" => Ok(Move::Choose(point(rest)?)),
            "declare" => {
                let digits = rest.trim();
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(syntax());
                }
                let declared = digits.parse::<u32>().unwrap_or(u32::MAX);
                match (u8::try_from(declared), self.opening.as_ref().map(|state| state.step)) {
                    (Ok(declared), _) => Ok(Move::Declare(declared)),
                    (Err(_), Some(Step::Declare { max })) => {
                        Err(MoveError::illegal(text, Illegal::DeclaredOutOfRange { declared, max }))
                    }
                    // Any number is as wrong as any other where no declaration is due.
                    (Err(_), _) => Ok(Move::Declare(u8::MAX)),
                }
            }
            _ => Err(syntax()),
        }
    }

    /// What the opening asks, in words, with the rule's name, the opening the first
    /// three stones made, and whether the colours may still be swapped.
    fn task_text(&self) -> Option<String> {
        let state = self.opening.as_ref()?;
        let rule = self.rule?;
        let mut text = format!("{}: {}", rule.title(), state.step);
        if let (Step::Choose, false) = (state.step, state.offers.is_empty()) {
            let offered: Vec<String> = state.offers.iter().map(ToString::to_string).collect();
            text.push_str(&format!(" among {}, then the 6th stone", offered.join(", ")));
        }
        if let Some(named) = self.named {
            text.push_str(&format!("; opening {named}"));
        }
        if colors_tentative(rule, state.step) {
            text.push_str("; the colours may still be swapped");
        }
        Some(text)
    }
}

/// The kind of move `mv` is, as refusals name it.
const fn action(mv: Move) -> Action {
    match mv {
        Move::Stone(_) => Action::Stone,
        Move::Swap => Action::Swap,
        Move::TwoMore => Action::TwoMore,
        Move::Declare(_) => Action::Declare,
        Move::Offer(_) => Action::Offer,
        Move::Choose(_) => Action::Choose,
    }
}

impl Game for Position {
    type Move = Move;

    fn side_name(side: Side) -> &'static str {
        Stone::from_side(side).name()
    }

    fn side_to_move(&self) -> Side {
        match &self.opening {
            Some(state) => state.actor,
            None => self.player_of(self.turn),
        }
    }

    fn colors(&self) -> Option<[&'static str; 2]> {
        self.rule.map(|_| [self.color_of(Side::First).name(), self.color_of(Side::Second).name()])
    }

    fn task(&self) -> Option<String> {
        if self.outcome.is_some() {
            return None;
        }
        self.task_text()
    }

    fn position_text(&self) -> String {
        self.board.to_text()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        match &self.opening {
            None => out.extend(self.board.empty_points().filter(|&p| self.is_legal(p)).map(Move::Stone)),
            Some(state) => self.opening_moves(state, out),
        }
    }

    fn legal_moves_after(&self, mv: Move, moves: &mut Vec<Move>) {
        // Without an opening rule and with no point forbidden to either side (any
        // rules but Renju), the legal moves are the empty points, by column then row:
        // the stone took one of them and the rest stay, in their order, which is
        // `Point`'s. Anything else is listed afresh.
        if let (Move::Stone(point), None, None) = (mv, self.rule, &self.outcome)
            && self.rules != Rules::Renju
            && let Ok(at) = moves.binary_search_by_key(&Some(point), |m| m.point())
        {
            moves.remove(at);
        } else {
            self.legal_moves(moves);
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        if let Some(state) = &self.opening {
            let mut moves = Vec::new();
            self.opening_moves(state, &mut moves);
            return moves.len();
        }
        self.board.empty_points().filter(|&p| self.is_legal(p)).count()
    }

    fn play(&mut self, mv: Move) {
        // A move from legal_moves has passed every test; an occupied or off-board
        // point is still refused by the board.
        match (mv, &self.opening) {
            (Move::Stone(point), None) => {
                let _ = self.put(point);
            }
            (_, Some(_)) => self.play_opening(mv),
            (_, None) => {}
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = self.read_move(text)?;
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.refusal(mv).map_or(Ok(mv), |reason| Err(MoveError::illegal(text, reason)))
    }

    fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.refusal(mv).map_or(Ok(()), |reason| Err(MoveError::illegal(&mv.to_string(), reason)))
    }

    fn forbidden_points(&self) -> Option<Vec<String>> {
        Some(Position::forbidden_points(self).iter().map(ToString::to_string).collect())
    }

    fn move_detail(&self, mv: Move) -> MoveDetail {
        MoveDetail { text: mv.to_string(), to: mv.point().map(|p| p.to_string()), ..MoveDetail::default() }
    }

    fn status_line(&self) -> String {
        let name = |side: Side| self.color_of(side).name();
        match (&self.outcome, self.task()) {
            (Some(outcome), _) => outcome.describe(name),
            (None, Some(task)) => format!("{} to move: {task}", name(self.side_to_move())),
            (None, None) => format!("{} to move", name(self.side_to_move())),
        }
    }
}

crate::history::no_look_back!(Position);
