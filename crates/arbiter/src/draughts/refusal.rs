//! Why a draughts move is illegal: the reasons a player is told, as data.

use super::geometry::{Color, Square};

/// The rule that refuses a draughts move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// Nothing stands on the move's starting square.
    #[error("there is no piece on {from}")]
    NoPiece {
        /// The starting square.
        from: Square,
    },
    /// The piece on the starting square is the opponent's.
    #[error("the piece on {from} is {owner}'s, and {to_move} is to move", owner = .owner.name(), to_move = .owner.opponent().name())]
    NotYourPiece {
        /// The starting square.
        from: Square,
        /// Whose piece it is.
        owner: Color,
    },
    /// A step was written while a capture is possible: capturing is compulsory.
    #[error("capturing is compulsory: a capture of {most} piece(s) is possible")]
    CaptureCompulsory {
        /// The most pieces a capture takes here.
        most: u32,
    },
    /// The piece cannot step or slide to that square.
    #[error("the piece on {from} cannot move to {to}")]
    CannotMoveThere {
        /// The starting square.
        from: Square,
        /// The square it would go to.
        to: Square,
    },
    /// A capture was written and there is nothing to capture.
    #[error("there is nothing to capture")]
    NothingToCapture,
    /// Several legal captures share the start and end written: every landing square
    /// must be written.
    #[error("several captures go from {from} to {to}: write every landing square, as in {example}")]
    AmbiguousCapture {
        /// The starting square.
        from: Square,
        /// The last square.
        to: Square,
        /// One of the captures, written in full.
        example: String,
    },
    /// No capture of the most pieces goes between the squares written (the majority
    /// rule: the capture that takes the most is compulsory).
    #[error("no capture of {most} piece(s) goes from {from} to {to} (the most must be taken)")]
    NotTheLargestCapture {
        /// The starting square.
        from: Square,
        /// The last square.
        to: Square,
        /// The most pieces a capture takes here.
        most: u32,
    },
    /// No capture goes between the squares written (rules without the majority rule,
    /// where any capture may be chosen).
    #[error("no capture goes from {from} to {to}")]
    NoSuchCapture {
        /// The starting square.
        from: Square,
        /// The last square.
        to: Square,
    },
    /// The route written takes fewer pieces than the largest capture.
    #[error("it takes {taken} piece(s) and a capture of {most} is possible (the most must be taken)")]
    TakesTooFew {
        /// The pieces the route takes.
        taken: u32,
        /// The most pieces a capture takes here.
        most: u32,
    },
    /// No capture from the starting square lands on the squares written.
    #[error("no capture from {from} lands on these squares")]
    NoSuchRoute {
        /// The starting square.
        from: Square,
    },
    /// Killer draughts: the capture takes a king last, so the king stops on the
    /// square right behind it, not farther.
    #[error("a king that takes a king last stops right behind it: on {stop}, not on {to}")]
    StopsRightBehindTheKing {
        /// The starting square.
        from: Square,
        /// The square written.
        to: Square,
        /// The square right behind the king taken last, where the capture ends.
        stop: Square,
    },
    /// A man's capture was written where a king can capture: a king's capture comes
    /// first (Czech draughts).
    #[error("a king can capture, and a capture with a king comes first: the man on {from} may not take")]
    KingCapturesFirst {
        /// The man's square.
        from: Square,
    },
    /// The king on the starting square has made the most simple moves in a row that
    /// the rules allow while its side has men too (Frisian draughts: three): it may
    /// capture, but another piece must make the simple move.
    #[error("the king on {from} has made {moves} simple moves in a row: it may only capture, and another piece must move")]
    SameKingMovedTooOften {
        /// The king's square.
        from: Square,
        /// The simple moves it made in a row, the most allowed.
        moves: u8,
    },
}

impl crate::refusal::Refusal for Illegal {
    fn code(&self) -> &'static str {
        Illegal::code(self)
    }
}

impl Illegal {
    /// A stable snake_case name of the rule.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            Illegal::NoPiece { .. } => "no_piece",
            Illegal::NotYourPiece { .. } => "not_your_piece",
            Illegal::CaptureCompulsory { .. } => "capture_compulsory",
            Illegal::CannotMoveThere { .. } => "cannot_move_there",
            Illegal::NothingToCapture => "nothing_to_capture",
            Illegal::AmbiguousCapture { .. } => "ambiguous_capture",
            Illegal::NotTheLargestCapture { .. } => "not_the_largest_capture",
            Illegal::NoSuchCapture { .. } => "no_such_capture",
            Illegal::TakesTooFew { .. } => "takes_too_few",
            Illegal::NoSuchRoute { .. } => "no_such_route",
            Illegal::StopsRightBehindTheKing { .. } => "stops_right_behind_the_king",
            Illegal::KingCapturesFirst { .. } => "king_captures_first",
            Illegal::SameKingMovedTooOften { .. } => "same_king_moved_too_often",
        }
    }
}
