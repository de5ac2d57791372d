//! Why a Xiangqi move is illegal: the reasons a player is told, as data.

use super::board::{Color, Kind, Move, Piece, Position, Square};

/// The rule that refuses a Xiangqi move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// Nothing stands on the move's starting point.
    #[error("there is no piece on {from}")]
    NoPiece {
        /// The starting point.
        from: Square,
    },
    /// The piece on the starting point is the opponent's.
    #[error("the piece on {from} is {owner}'s, and {to_move} is to move", owner = .owner.name(), to_move = .owner.opponent().name())]
    NotYourPiece {
        /// The starting point.
        from: Square,
        /// Whose piece it is.
        owner: Color,
    },
    /// The target point holds a piece of the side that moves.
    #[error("{to} is occupied by {color}'s own {kind}", color = .piece.color.name(), kind = .piece.kind.name())]
    OwnPieceThere {
        /// The target point.
        to: Square,
        /// The piece on it.
        piece: Piece,
    },
    /// The piece does not move that way, or something blocks it (a horse's leg, an
    /// elephant's eye, a cannon with no screen or two).
    #[error("a {kind} cannot move from {from} to {to} here", kind = .kind.name())]
    CannotMoveThere {
        /// The piece that would move.
        kind: Kind,
        /// The starting point.
        from: Square,
        /// The target point.
        to: Square,
    },
    /// The move would leave the side's general attacked.
    #[error("it would leave the {side} general attacked or facing the other general", side = .side.name())]
    LeavesGeneralInCheck {
        /// The side that moves.
        side: Color,
    },
    /// The move would leave the two generals facing each other on an open file.
    #[error("it would leave the {side} general attacked or facing the other general", side = .side.name())]
    GeneralsFace {
        /// The side that moves.
        side: Color,
    },
    /// A move written in WXF or Chinese fits more than one legal move.
    #[error("more than one legal move fits it")]
    Ambiguous,
    /// A move written in WXF or Chinese fits no legal move.
    #[error("no legal move of {side} fits it", side = .side.name())]
    NoMoveFits {
        /// The side to move.
        side: Color,
    },
}

impl Illegal {
    /// A stable snake_case name of the rule.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            Illegal::NoPiece { .. } => "no_piece",
            Illegal::NotYourPiece { .. } => "not_your_piece",
            Illegal::OwnPieceThere { .. } => "own_piece_there",
            Illegal::CannotMoveThere { .. } => "cannot_move_there",
            Illegal::LeavesGeneralInCheck { .. } => "leaves_general_in_check",
            Illegal::GeneralsFace { .. } => "generals_face",
            Illegal::Ambiguous => "ambiguous",
            Illegal::NoMoveFits { .. } => "no_move_fits",
        }
    }
}

impl crate::refusal::Refusal for Illegal {
    fn code(&self) -> &'static str {
        Illegal::code(self)
    }
}

impl Position {
    /// Why `mv` is not legal here, or `None` if it is.
    pub(super) fn refusal_of(&self, mv: Move) -> Option<Illegal> {
        if self.is_legal(mv) {
            return None;
        }
        let side = self.turn();
        Some(match self.piece_at(mv.from) {
            None => Illegal::NoPiece { from: mv.from },
            Some(p) if p.color != side => Illegal::NotYourPiece { from: mv.from, owner: p.color },
            Some(p) => match self.piece_at(mv.to) {
                Some(q) if q.color == side => Illegal::OwnPieceThere { to: mv.to, piece: q },
                _ if self.is_pseudo_legal(mv) => {
                    let mut after = *self;
                    after.make(mv);
                    if after.generals_face() {
                        Illegal::GeneralsFace { side }
                    } else {
                        Illegal::LeavesGeneralInCheck { side }
                    }
                }
                _ => Illegal::CannotMoveThere { kind: p.kind, from: mv.from, to: mv.to },
            },
        })
    }

    /// Whether the two generals stand on one file with nothing between them.
    fn generals_face(&self) -> bool {
        let (red, black) = (self.general(Color::Red), self.general(Color::Black));
        red.file() == black.file()
            && (red.rank() + 1..black.rank())
                .all(|rank| Square::new(red.file(), rank).is_some_and(|s| self.piece_at(s).is_none()))
    }
}
