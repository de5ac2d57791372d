//! What every game shares: the [`Game`] trait, sides, outcomes and move errors.
//!
//! The CLI and the server drive every game through this trait, so a new game needs
//! nothing but an implementation of it to be judged, replayed, perft-tested and served.

use std::fmt;

/// One of the two players. Each game keeps its own words for them (Red/Black in
/// Xiangqi, Black/White in Gomoku) and maps them onto these two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The side that moves first.
    First,
    /// The side that moves second.
    Second,
}

impl Side {
    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first side, 1 for the second: an index into per-side tables.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `winner` won; `reason` names the rule that decided it ("checkmate", "five").
    Win { winner: Side, reason: &'static str },
    /// Nobody won; `reason` names the rule ("full board", "repetition").
    Draw { reason: &'static str },
}

impl Outcome {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// The rule that ended the game.
    #[must_use]
    pub const fn reason(self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
}

/// Why a move text was refused: either it is not a move at all in this game's
/// notation, or it names a move that the rules do not allow here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text does not follow the game's move notation.
    #[error("cannot read move {text:?}: {reason}")]
    Syntax { text: String, reason: String },
    /// The text is a move, but not a legal one in this position.
    #[error("illegal move {text}: {reason}")]
    Illegal { text: String, reason: String },
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
}

impl MoveError {
    pub(crate) fn syntax(text: &str, reason: impl fmt::Display) -> Self {
        MoveError::Syntax { text: text.to_owned(), reason: reason.to_string() }
    }

    pub(crate) fn illegal(text: &str, reason: impl fmt::Display) -> Self {
        MoveError::Illegal { text: text.to_owned(), reason: reason.to_string() }
    }
}

/// A two-player game with perfect information, as a referee sees it.
///
/// Implementations are cheap to clone (perft and search copy positions), and every
/// legal move has exactly one text: `parse_move(&mv.to_string()) == Ok(mv)`.
pub trait Game: Clone {
    /// A move, small and `Copy`; its `Display` is the game's standard notation.
    type Move: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync;

    /// The game's own word for a side ("red", "black", "white").
    fn side_name(side: Side) -> &'static str;

    /// The side whose turn it is.
    fn side_to_move(&self) -> Side;

    /// The position in the game's standard text notation (FEN for Xiangqi and draughts).
    fn position_text(&self) -> String;

    /// Clears `out` and fills it with every legal move. Empty once the game is over.
    /// Reusing one vector keeps move generation free of allocation.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// The number of legal moves, counted without storing them (perft's leaves).
    fn count_legal_moves(&self) -> usize;

    /// Plays `mv`, which must be one of [`Game::legal_moves`]; a move that is not may
    /// leave the position in any state (but never panics in safe code paths that check
    /// with [`Game::parse_move`] first).
    fn play(&mut self, mv: Self::Move);

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// Reads a move in the game's notation and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// Perft: the leaves of the legal-move tree `depth` plies deep. Games whose draw
    /// rules would end lines early override this with their bare move generator, as
    /// published perft figures count.
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::walk_tree(self, depth)
    }

    /// For games with a repetition rule: a key that is equal exactly for positions that
    /// count as the same (pieces and side to move), and how many occurrences draw.
    fn repetition_key(&self) -> Option<(u64, usize)> {
        None
    }
}
