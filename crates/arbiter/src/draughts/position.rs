//! The draughts position's public methods, in one place, and the rules of one
//! position as the [`Game`] trait states them. The type itself is in `board.rs`; how
//! each method does its work is in the rooms beside it: `board.rs` (pieces on
//! squares, making moves, the hash), `fen.rs`, `movegen.rs` (steps, slides and
//! captures under the majority rule, with `reach.rs`), `notation.rs` (move text read),
//! `refusal.rs` and `setup.rs`.

use super::captures::Captures;
use super::board::{Kind, Move, Piece, PlacementError, Position, ZOBRIST};
use super::geometry::{Color, Square, squares_of};
use super::fen::FenError;
use super::layout::Layout;
use super::refusal::Illegal;
use super::rules::{Rules, with_rules};
use super::setup::Setup;
use crate::game::{Game, MoveDetail, MoveError, Outcome, Side};

impl Position {
    // Making a position: the start, FEN, pieces.

    /// The standard start of international draughts: White men on 31-50, Black men
    /// on 1-20, White to move.
    #[must_use]
    pub fn start() -> Position {
        Position::start_with(Rules::International)
    }

    /// The standard start of rule set `rules`: each side's men on the first rows of
    /// its side (1-20 and 31-50 on 10x10, 1-12 and 21-32 on 8x8, the two middle rows
    /// empty; 1-8 and 25-32 in Thai draughts); White to move, Black in English draughts
    /// and American pool checkers.
    #[must_use]
    pub fn start_with(rules: Rules) -> Position {
        let geometry = rules.geometry();
        let (men, squares) = (rules.pieces_a_side() as u8, geometry.squares() as u8);
        let black = (1..=men).fold(0, |b, s| b | geometry.mask(Square::numbered(s)));
        let white = (squares - men + 1..=squares).fold(0, |b, s| b | geometry.mask(Square::numbered(s)));
        Position { white, black, kings: 0, side: rules.first_to_move(), rules, captures: Captures::Merged }
    }

    /// Reads a PDN FEN of international draughts (`W:W31-50:B1-20`, kings written
    /// `K`, ranges `31-50`).
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        Position::read_fen(Rules::International, text)
    }

    /// Reads a PDN FEN of rule set `rules`: square numbers 1 to N, or in the rule sets
    /// written algebraically their names too (`W:Wa1,c1,e1:Bb8`).
    pub fn from_fen_with(rules: Rules, text: &str) -> Result<Position, FenError> {
        Position::read_fen(rules, text)
    }

    /// The same position, its captures that differ only in the order the pieces are
    /// taken counted as `captures` says: one move (the default) or one per order.
    #[must_use]
    pub const fn with_captures(self, captures: Captures) -> Position {
        Position { captures, ..self }
    }

    /// How captures that differ only in the order the pieces are taken are counted.
    #[must_use]
    pub const fn captures(&self) -> Captures {
        self.captures
    }

    /// Writes the position as PDN FEN, squares in order and runs as ranges.
    #[must_use]
    pub fn to_fen(&self) -> String {
        self.write_fen()
    }

    /// A position from pieces. Refuses two pieces on a square, a man on the row where
    /// it would have been crowned, and more than 20 pieces of a colour (what a game
    /// starts with). [`Setup`] reports every fault and lets the caller choose
    /// which to accept.
    pub fn from_pieces(
        pieces: impl IntoIterator<Item = (Square, Piece)>,
        side: Color,
    ) -> Result<Position, PlacementError> {
        Position::from_pieces_with(Rules::International, pieces, side)
    }

    /// [`Position::from_pieces`] on the board of rule set `rules`, which refuses
    /// squares past its last too.
    pub fn from_pieces_with(
        rules: Rules,
        pieces: impl IntoIterator<Item = (Square, Piece)>,
        side: Color,
    ) -> Result<Position, PlacementError> {
        Setup::new(pieces, side)
            .with_rules(rules)
            .position(|_| false)
            .map_err(|mut refused| refused.faults.remove(0))
    }

    // What stands where, and whose turn it is.

    /// How this position's board is laid out: its size and where each square is drawn.
    #[must_use]
    pub const fn layout(&self) -> Layout {
        Layout::of(self.rules)
    }

    /// The rule set this position is played under.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The piece on `square`, if any (none on a square past the board's last).
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.geometry().square(square.number())?;
        let mask = self.mask_of(square);
        let color = if self.white & mask != 0 {
            Color::White
        } else if self.black & mask != 0 {
            Color::Black
        } else {
            return None;
        };
        let kind = if self.kings & mask != 0 { Kind::King } else { Kind::Man };
        Some(Piece { color, kind })
    }

    /// Every piece with its square, in number order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        squares_of(self.geometry(), self.white | self.black).map(|s| (s, self.piece_at(s).expect("occupied")))
    }

    /// The colour to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.side
    }

    /// The Zobrist hash of the pieces and the side to move (not the draw counters).
    #[must_use]
    pub fn hash(&self) -> u64 {
        let mut hash = if self.side == Color::Black { ZOBRIST[4][0] } else { 0 };
        let groups =
            [self.white & !self.kings, self.white & self.kings, self.black & !self.kings, self.black & self.kings];
        for (keys, mut board) in ZOBRIST.iter().zip(groups) {
            while board != 0 {
                hash ^= keys[board.trailing_zeros() as usize];
                board &= board - 1;
            }
        }
        hash
    }

    // The rules: legal moves, and every route and step the judges count.

    /// Fills `out` with every legal move: if any capture exists, the captures the rule
    /// set allows (under the majority rule those that take the most pieces; else every
    /// capture made to its end), one move per start, end and captured set, else every
    /// step and slide. Moves that share start and end are marked to be written with
    /// their path.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        with_rules!(self.rules, R => self.bitboards::<R>().fill_legal_moves::<R>(self.captures, out));
    }

    /// The number of legal moves, counted without building them (with captures kept
    /// apart, by building them in a list each thread keeps: telling the orders apart
    /// needs the routes).
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        if self.captures == Captures::Apart && self.has_capture() {
            thread_local! {
                static MOVES: std::cell::RefCell<Vec<Move>> = const { std::cell::RefCell::new(Vec::new()) };
            }
            return MOVES.with_borrow_mut(|moves| {
                self.legal_moves(moves);
                moves.len()
            });
        }
        with_rules!(self.rules, R => self.bitboards::<R>().count_legal_moves_inline::<R>())
    }

    /// Whether the side to move has a capture (then capturing is compulsory).
    #[must_use]
    pub fn has_capture(&self) -> bool {
        with_rules!(self.rules, R => self.bitboards::<R>().has_capture_in::<R>())
    }

    /// Calls `visit(from, taken)` for every capture route of the side to move that goes
    /// as far as it can, each distinct sequence of landing squares once (two routes
    /// that take the same pieces in another order come apart here, where
    /// [`Position::legal_moves`] merges them), with its start and the number of pieces
    /// it takes, the largest or not.
    pub fn capture_routes(&self, mut visit: impl FnMut(Square, u32)) {
        with_rules!(self.rules, R => self.bitboards::<R>().for_each_capture_route::<R>(|from, _, _, captured, _| {
            visit(from, captured.count_ones())
        }));
    }

    /// Calls `visit(from, to)` for every step of a man and slide of a king of the side
    /// to move, whether or not a capture is compulsory.
    pub fn quiet_moves(&self, visit: impl FnMut(Square, Square)) {
        with_rules!(self.rules, R => self.bitboards::<R>().for_each_quiet::<R>(visit));
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

    /// The bulk count merges captures that differ only in order; kept apart, they
    /// are counted by the shared walk over the legal moves.
    fn own_perft(&self, depth: u32) -> Option<u64> {
        (self.captures == Captures::Merged).then(|| self.perft_leaves(depth))
    }

    fn play(&mut self, mv: Move) {
        self.apply(mv.from, mv.to, mv.captured, mv.crowned);
    }

    /// The side to move with no legal move (no piece left, or all blocked) has lost;
    /// in Antidraughts it has won.
    fn outcome(&self) -> Option<Outcome> {
        with_rules!(self.rules, R => self.outcome_under::<R>())
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
        let layout = self.layout();
        let mut text = layout.name(mv.from);
        let separator = if mv.is_capture() { 'x' } else { '-' };
        for landing in mv.landings() {
            text.push(separator);
            text.push_str(&layout.name(landing));
        }
        match self.find_move(&text) {
            Err(error) => Err(error),
            // The route exists here but takes other pieces than the move's.
            Ok(_) => Err(MoveError::illegal(&text, Illegal::NoSuchRoute { from: mv.from })),
        }
    }

    fn move_detail(&self, mv: Move) -> MoveDetail {
        let layout = self.layout();
        MoveDetail {
            text: mv.to_string(),
            from: Some(layout.name(mv.from)),
            to: Some(layout.name(mv.to)),
            path: mv.path[..mv.path_len as usize].iter().map(|&s| layout.name(Square::numbered(s))).collect(),
            captured: mv.captured().map(|s| layout.name(s)).collect(),
        }
    }

    /// A capture when one is compulsory, a step otherwise: what the player meant.
    fn text_between(&self, from: &str, to: &str) -> Option<String> {
        let capture = if self.rules.algebraic() { ':' } else { 'x' };
        Some(format!("{from}{}{to}", if self.has_capture() { capture } else { '-' }))
    }

    fn status_line(&self) -> String {
        match self.outcome() {
            Some(outcome) => outcome.describe(Self::side_name),
            None if self.has_capture() => "capture compulsory".to_owned(),
            None => "normal".to_owned(),
        }
    }
}
