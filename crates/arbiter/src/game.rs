//! What every game shares: the [`Game`] trait of one position's rules, outcomes,
//! move errors and the shape of a move as front ends draw it.
//!
//! A type that implements [`Game`] knows the rules of one position: its legal moves,
//! making them, and the ends the position alone decides (checkmate, five in a row).
//! The rules that look back over a game (repetition, move counts) wrap it: see
//! [`crate::WithHistory`].

use std::fmt;

pub use crate::outcome::Outcome;
pub use crate::refusal::{Illegal, Refusal};
pub use crate::side::Side;

/// Why a move was refused: either its text is not a move at all in this game's
/// notation, or it names a move that the rules do not allow here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text does not follow the game's move notation.
    #[error("cannot read move {text:?}: {reason}")]
    Syntax {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        reason: SyntaxError,
    },
    /// The text is a move, but not a legal one in this position.
    #[error("illegal move {text}: {reason}")]
    Illegal {
        /// The text as given (or the move's own text, for a move value).
        text: String,
        /// Which rule refuses it.
        reason: Illegal,
    },
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
}

impl MoveError {
    pub(crate) fn syntax(text: &str, reason: SyntaxError) -> Self {
        MoveError::Syntax { text: crate::quote::excerpt(text), reason }
    }

    pub(crate) fn illegal<R: Refusal + PartialEq>(text: &str, reason: R) -> Self {
        MoveError::Illegal { text: crate::quote::excerpt(text), reason: Illegal::new(reason) }
    }

    /// A stable name for the kind of refusal, for programs and bindings: `game_over`,
    /// the [`SyntaxError::code`] of a text that is no move, or the [`Illegal::code`] of
    /// the rule that refuses it (`not_your_piece`, `capture_compulsory`, `forbidden`).
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            MoveError::Syntax { reason, .. } => reason.code(),
            MoveError::Illegal { reason, .. } => reason.code(),
            MoveError::GameOver => "game_over",
        }
    }
}

/// Why a text is no move in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SyntaxError {
    /// The text has none of the shapes of the game's moves; `expected` describes them
    /// ("two points like h2e2 (files a-i, ranks 0-9)").
    #[error("expected {expected}")]
    Shape {
        /// The shapes the game reads, with an example.
        expected: &'static str,
    },
    /// A part of the text that should name a point names none.
    #[error("{part:?} is not {points}")]
    NotAPoint {
        /// The part as given.
        part: String,
        /// What a point is in this game ("a square from 1 to 50").
        points: &'static str,
    },
}

impl SyntaxError {
    /// A stable name: `unreadable` or `not_a_point`.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            SyntaxError::Shape { .. } => "unreadable",
            SyntaxError::NotAPoint { .. } => "not_a_point",
        }
    }
}

/// A move as a front end draws it: its text, the point it starts from and the point
/// it ends on (each written as the game writes points: `h2`, `32`, `d5`), and for a
/// draughts capture the landing squares on the way and the pieces taken. A Gomoku
/// stone or TwixT peg has no `from`; TwixT's swap has neither end.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveDetail {
    /// The move in the game's standard notation, as `parse_move` reads it back.
    pub text: String,
    /// The point the moving piece starts from; `None` for a placed stone or peg and for
    /// TwixT's swap.
    pub from: Option<String>,
    /// The point the piece ends on, or where the stone or peg is placed; `None` only for
    /// TwixT's swap.
    pub to: Option<String>,
    /// Landing squares before `to`, in order (draughts captures of more than one piece).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub path: Vec<String>,
    /// The squares of the pieces taken.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub captured: Vec<String>,
}

/// A two-player game with perfect information: the rules of one position.
///
/// Implementations are cheap to clone (perft and search copy positions), and every
/// legal move has exactly one text: `parse_move(&mv.to_string()) == Ok(mv)`.
pub trait Game: Clone {
    /// A move, small and `Copy`; its `Display` is the game's standard notation.
    type Move: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync;

    /// The game's own word for a side ("red", "black", "white").
    fn side_name(side: Side) -> &'static str;

    /// The side whose turn it is: the player to act, who in some games' openings acts
    /// several times running (Gomoku's opening rules).
    fn side_to_move(&self) -> Side;

    /// The colours the two sides play now, the first side's first, in the game's words,
    /// for a game whose rules can change them (Gomoku's opening rules, whose swaps
    /// exchange the players' colours); `None` where each side keeps its
    /// [`Game::side_name`] throughout.
    fn colors(&self) -> Option<[&'static str; 2]> {
        None
    }

    /// What the side to move is asked to do, in words, when it is more than an
    /// ordinary move: a step of an opening rule (`Soosõrv-8: the 4th stone (white), or
    /// swap`); `None` in ordinary play.
    fn task(&self) -> Option<String> {
        None
    }

    /// The position in the game's standard text notation (FEN for Xiangqi and draughts).
    fn position_text(&self) -> String;

    /// Clears `out` and fills it with every legal move. Empty once the game is over.
    /// Reusing one vector keeps move generation free of allocation.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Updates `moves`, the legal moves of the position before the legal move `mv`
    /// as [`Game::legal_moves`] listed them, to this position's (`mv` played): the
    /// list `legal_moves` gives now, in its order. The default lists them afresh; a
    /// game whose legal moves change little from one ply to the next (a stone taking
    /// one empty point) does less, for the callers that step many games.
    fn legal_moves_after(&self, mv: Self::Move, moves: &mut Vec<Self::Move>) {
        let _ = mv;
        self.legal_moves(moves);
    }

    /// The number of legal moves, counted without storing them (perft's leaves).
    fn count_legal_moves(&self) -> usize;

    /// Perft by the game's own walk, if it has one faster than the shared walk over
    /// [`Game::legal_moves`]: the leaves of the legal-move tree `depth` plies deep,
    /// always the same figures. [`crate::perft()`] falls back on the shared walk.
    fn own_perft(&self, depth: u32) -> Option<u64> {
        let _ = depth;
        None
    }

    /// Plays `mv`, which must be one of [`Game::legal_moves`]; a move that is not may
    /// leave the position in any state. Unchecked, for move generation and search:
    /// [`Game::try_play`] checks first.
    fn play(&mut self, mv: Self::Move);

    /// How the game ended, as far as this position alone decides, or `None`.
    fn outcome(&self) -> Option<Outcome>;

    /// [`Game::outcome`], for a caller that has listed the position's legal moves
    /// already (`moves`, as [`Game::legal_moves`] lists them): a game whose end is
    /// "no legal move" reads it from the list instead of looking for a move again.
    /// The default asks [`Game::outcome`].
    fn outcome_given(&self, moves: &[Self::Move]) -> Option<Outcome> {
        let _ = moves;
        self.outcome()
    }

    /// Plays the legal move `mv` and updates `moves`, this position's legal moves as
    /// [`Game::legal_moves`] listed them, to those after it: [`Game::play`], then
    /// [`Game::legal_moves_after`]. A game that judges its end from the moves
    /// ([`Game::outcome_given`]) lists them once for both.
    fn play_listing(&mut self, mv: Self::Move, moves: &mut Vec<Self::Move>) {
        self.play(mv);
        self.legal_moves_after(mv, moves);
    }

    /// Reads a move in the game's notation and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// Whether `mv` may be played here, and if not, why: [`MoveError::GameOver`] once
    /// the game has ended, else [`MoveError::Illegal`] with the rule that refuses it
    /// (its text is the move's own). A move value from another position is checked
    /// like any other.
    fn check(&self, mv: Self::Move) -> Result<(), MoveError>;

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Plays `mv` if it is legal here; otherwise says why and leaves the position as
    /// it was. The checked form of [`Game::play`].
    fn try_play(&mut self, mv: Self::Move) -> Result<(), MoveError> {
        self.check(mv)?;
        self.play(mv);
        Ok(())
    }

    /// Where `mv` starts and ends, for front ends that draw moves.
    fn move_detail(&self, mv: Self::Move) -> MoveDetail;

    /// The text of the move that takes the piece on `from` to `to` (points written as
    /// in [`MoveDetail`]), legal or not: what a click on two points means, read with
    /// [`Game::parse_move`] to play it or to say why it is refused. `None` in games
    /// where nothing moves from a point.
    fn text_between(&self, from: &str, to: &str) -> Option<String> {
        let _ = (from, to);
        None
    }

    /// `mv`, legal in this position, written in the notation named `notation` (one of
    /// the game's [`crate::GameSpec::NOTATIONS`]); `None` if the game has no such
    /// notation. Games with one notation keep the default, which writes none.
    fn write_in(&self, mv: Self::Move, notation: &str) -> Option<String> {
        let _ = (mv, notation);
        None
    }

    /// The points the rules forbid the side to move, written as the game writes
    /// points, for games that forbid points (Renju's forbidden points for Black);
    /// `None` in games that forbid none.
    fn forbidden_points(&self) -> Option<Vec<String>> {
        None
    }

    /// Whether the side to move is in check (games without check: never).
    fn in_check(&self) -> bool {
        false
    }

    /// How the position stands in a few words, as `arbiter moves` prints it: the
    /// outcome if the game is over, else whose turn it is.
    fn status_line(&self) -> String {
        match self.outcome() {
            Some(outcome) => outcome.describe(Self::side_name),
            None => format!("{} to move", Self::side_name(self.side_to_move())),
        }
    }
}
