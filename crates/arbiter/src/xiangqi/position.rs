//! The Xiangqi position's public methods, in one place, and the rules of one position
//! as the [`Game`] trait states them. The type itself is in `board.rs`; how each
//! method does its work is in the rooms beside it: `board.rs` (pieces on points, the
//! hash), `fen.rs`,
//! `movegen.rs` (legal moves and attacks, with `pins.rs`, `rays.rs` and `tables.rs`),
//! `refusal.rs`, `notation.rs` and `setup.rs`.

use super::board::{Color, EMPTY, Move, Piece, PlacementError, Position, Square, Undo, ZOBRIST, piece_key};
use super::fen::{FenError, START_FEN};
use super::movegen::Status;
use super::notation::{Notation, read_coordinates};
use super::refusal::Illegal;
use super::setup::Setup;
use super::tables::POINTS;
use crate::game::{Game, MoveDetail, MoveError, Outcome, Side};
use crate::termination::Termination;

impl Position {
    // Making a position: the start, FEN, pieces.

    /// The standard starting position.
    #[must_use]
    pub fn start() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// Reads a FEN. The side-to-move field and the fields after it may be left out
    /// (Red to move, clocks 0 and 1). Refuses a position in which the side that is
    /// not to move is in check: its opponent would capture the general.
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        Position::read_fen(text)
    }

    /// Writes the position as FEN.
    #[must_use]
    pub fn to_fen(&self) -> String {
        self.write_fen()
    }

    /// Builds a position from pieces. Refuses what no move can bring about: two pieces
    /// on a point, not exactly one general a side, a general or advisor outside its
    /// palace, an elephant off its seven points, a soldier behind its starting line,
    /// more pieces of a kind than a side starts with. Whether the side not to move is
    /// in check is not checked here (see [`Position::from_fen`]): referees are asked
    /// about such positions too. [`Setup`] reports every fault and lets the
    /// caller choose which to accept.
    pub fn from_pieces(
        pieces: impl IntoIterator<Item = (Square, Piece)>,
        side: Color,
    ) -> Result<Position, PlacementError> {
        let setup = Setup::new(pieces, side);
        setup
            .position(|fault| matches!(fault, PlacementError::OpponentInCheck { .. }))
            .map_err(|mut e| e.faults.remove(0))
    }

    // What stands where, and whose turn it is.

    /// The piece on `square`, if any.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        Piece::from_code(self.board[square.index()])
    }

    /// Every piece with its point, from a0 to i9.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        (0..POINTS).filter_map(|p| Some((Square::at(p), Piece::from_code(self.board[p])?)))
    }

    /// The colour to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.side
    }

    /// The point of `color`'s general.
    #[must_use]
    pub const fn general(&self, color: Color) -> Square {
        Square::at(self.generals[color.index()] as usize)
    }

    /// The Zobrist hash of the position (pieces and side to move), kept incrementally.
    #[must_use]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch; equals [`Position::hash`] in every reachable state.
    #[must_use]
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = if self.side == Color::Black { ZOBRIST.1 } else { 0 };
        for (p, &code) in self.board.iter().enumerate() {
            if code != EMPTY {
                hash ^= piece_key(code, p);
            }
        }
        hash
    }

    /// Plies since the last capture.
    #[must_use]
    pub const fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// Starts at 1 and grows after each Black move.
    #[must_use]
    pub const fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    // The rules: legal moves, why a move is refused, attacks, check and the end.

    /// Fills `out` with every legal move (clearing it first).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.for_each_legal(|mv| out.push(mv));
    }

    /// The number of legal moves.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        self.count_legal_moves_inline()
    }

    /// Whether `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut found = false;
        self.for_each_legal(|m| found |= m == mv);
        found
    }

    /// Why `mv` is not legal here, or `None` if it is.
    #[must_use]
    pub fn illegality(&self, mv: Move) -> Option<Illegal> {
        self.refusal_of(mv)
    }

    /// Whether `square` is attacked by a piece of `by`: a chariot, cannon, horse or
    /// soldier that could capture there, or `by`'s general facing it on an open file.
    #[must_use]
    #[inline]
    pub fn is_attacked(&self, square: Square, by: Color) -> bool {
        self.attacked_by(square, by)
    }

    /// Whether the side to move is in check (its general attacked or facing the other).
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.is_attacked(self.general(self.side), self.side.opponent())
    }

    /// Check, checkmate, stalemate or none of them.
    #[must_use]
    pub fn status(&self) -> Status {
        let mut any = false;
        let in_check = self.walk_legal(|_| {
            any = true;
            false
        });
        match (in_check, any) {
            (false, true) => Status::Normal,
            (true, true) => Status::Check,
            (true, false) => Status::Checkmate,
            (false, false) => Status::Stalemate,
        }
    }

    // Playing: moves made and taken back, and written.

    /// Plays `mv` (which must be legal) and returns what [`Position::unmake`] needs.
    pub fn make(&mut self, mv: Move) -> Undo {
        let (from, to) = (mv.from.index(), mv.to.index());
        let moving = self.board[from];
        let undo = Undo { captured: self.board[to], halfmove_clock: self.halfmove_clock };
        self.hash ^= piece_key(moving, from) ^ piece_key(moving, to) ^ ZOBRIST.1;
        if undo.captured != EMPTY {
            self.hash ^= piece_key(undo.captured, to);
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        self.move_pieces(from, to);
        if self.side == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side = self.side.opponent();
        undo
    }

    /// Takes back `mv`, which was the last move made, restoring position and hash.
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        let (from, to) = (mv.from.index(), mv.to.index());
        self.side = self.side.opponent();
        if self.side == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_sub(1);
        }
        self.unmove_pieces(from, to, undo.captured);
        let moving = self.board[from];
        self.hash ^= piece_key(moving, from) ^ piece_key(moving, to) ^ ZOBRIST.1;
        if undo.captured != EMPTY {
            self.hash ^= piece_key(undo.captured, to);
        }
        self.halfmove_clock = undo.halfmove_clock;
    }

    /// `mv`, legal here, written in `notation`: ICCS (`h2e2`), WXF (`C2.5`) or Chinese
    /// (`炮二平五`, simplified or traditional).
    #[must_use]
    pub fn move_text(&self, mv: Move, notation: Notation) -> String {
        self.text_in(mv, notation)
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

    fn outcome_given(&self, moves: &[Move]) -> Option<Outcome> {
        // No legal move loses, in check (checkmate) or not (stalemate).
        if !moves.is_empty() {
            return None;
        }
        let termination = if self.in_check() { Termination::Checkmate } else { Termination::Stalemate };
        Some(Outcome::win(self.turn().opponent().side(), termination))
    }

    /// Reads coordinates (`h2e2`, `H2-E2`), WXF (`C2=5`) or Chinese notation
    /// (`炮二平五`), full-width or not; see [`Notation`].
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let read = match read_coordinates(text) {
            Some(mv) => self.illegality(mv).map_or(Ok(mv), |reason| Err(MoveError::illegal(text, reason))),
            // Anything else must at least read as a move before the game's end is told.
            None => match self.read_notation(text) {
                Err(error @ MoveError::Syntax { .. }) => return Err(error),
                read => read,
            },
        };
        // A legal move says the game goes on; a refusal is the game's end if it is over.
        match read {
            Err(_) if matches!(self.status(), Status::Checkmate | Status::Stalemate) => Err(MoveError::GameOver),
            read => read,
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
