//! Why a Gomoku or Renju stone, or a move of an opening rule, is illegal: the reasons a
//! player is told, as data.

use super::board::Point;
use super::opening::{Action, Step, ordinal};
use super::renju::Forbidden;

/// The rule that refuses a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// The point is not on the board.
    #[error("{point} is off the {columns}x{rows} board")]
    OffBoard {
        /// The point named.
        point: Point,
        /// The board's columns.
        columns: u16,
        /// The board's rows.
        rows: u16,
    },
    /// A stone already stands there.
    #[error("{point} is already occupied")]
    Occupied {
        /// The point named.
        point: Point,
    },
    /// Renju: the point is forbidden to Black, for the pattern it would make.
    #[error("{point} is forbidden to Black: it makes {pattern}", pattern = .pattern.name())]
    Forbidden {
        /// The point named.
        point: Point,
        /// The overline, double four or double three it would make.
        pattern: Forbidden,
    },
    /// RIF, Yamaguchi, Soosõrv: the opening's first three stones must make one of the 26
    /// canonical openings: the 1st on the centre, the 2nd within the central 3x3, the
    /// 3rd within the central 5x5.
    #[error("{point} makes none of the 26 openings: the {} stone goes {}", ordinal(u32::from(*.stone)), zone(*.from, *.to))]
    NotAnOpening {
        /// The point named.
        point: Point,
        /// The stone's number, 1 to 3.
        stone: u8,
        /// The lower left corner of the square it must be in (the centre for the 1st).
        from: Point,
        /// Its upper right corner.
        to: Point,
    },
    /// Taraguchi: a stone outside the central square the rule gives it.
    #[error("{point} is outside the zone of the {} stone: it goes {}", ordinal(u32::from(*.stone)), zone(*.from, *.to))]
    OutsideZone {
        /// The point named.
        point: Point,
        /// The stone's number, 1 to 5.
        stone: u8,
        /// The lower left corner of the square it must be in (the centre for the 1st).
        from: Point,
        /// Its upper right corner.
        to: Point,
    },
    /// A move of another kind than the opening's step asks for here (a stone where
    /// offers are due, a declaration where a stone is).
    #[error("the opening asks for {step} here, not {tried}")]
    WrongStep {
        /// What was tried.
        tried: Action,
        /// What the opening asks for.
        step: Step,
    },
    /// A swap right after a swap: the player who now holds the colour to move places
    /// the stone (or makes the offers); the colours do not go back.
    #[error("the colours were just swapped: no swap back; the opening asks for {step}")]
    SecondSwap {
        /// What the opening asks for.
        step: Step,
    },
    /// A move of an opening rule in a game that has none, or is past its opening.
    #[error("{tried} is a move of an opening rule, and this game has none or is past its opening")]
    NoOpening {
        /// What was tried.
        tried: Action,
    },
    /// A declared number of fifth-move offers outside what the rule allows.
    #[error("the number of fifth-move offers is 1 to {max}, not {declared}")]
    DeclaredOutOfRange {
        /// The number declared.
        declared: u32,
        /// The most the rule allows.
        max: u8,
    },
    /// A fifth-move offer on a point already offered.
    #[error("{point} is offered already")]
    AlreadyOffered {
        /// The point named.
        point: Point,
    },
    /// A fifth-move offer that gives the same position as an earlier offer, turned or
    /// mirrored: the rules want offers "unequal in all respects".
    #[error("offer {point} is symmetric to the offer {earlier}: it gives the same position, turned or mirrored")]
    SymmetricOffer {
        /// The point named.
        point: Point,
        /// The earlier offer it mirrors.
        earlier: Point,
    },
    /// A choice of a point that was not offered.
    #[error("{point} is not one of the fifth-move offers")]
    NotOffered {
        /// The point named.
        point: Point,
    },
}

/// Where the stone goes: on the centre point, or within a central square.
fn zone(from: Point, to: Point) -> String {
    if from == to {
        format!("on the centre point {from}")
    } else {
        let side = to.column - from.column + 1;
        format!("within the central {side}x{side} square, {from} to {to}")
    }
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
            Illegal::OffBoard { .. } => "off_board",
            Illegal::Occupied { .. } => "occupied",
            Illegal::Forbidden { .. } => "forbidden",
            Illegal::NotAnOpening { .. } => "not_an_opening",
            Illegal::OutsideZone { .. } => "outside_zone",
            Illegal::WrongStep { .. } => "wrong_step",
            Illegal::SecondSwap { .. } => "second_swap",
            Illegal::NoOpening { .. } => "no_opening",
            Illegal::DeclaredOutOfRange { .. } => "declared_out_of_range",
            Illegal::AlreadyOffered { .. } => "already_offered",
            Illegal::SymmetricOffer { .. } => "symmetric_offer",
            Illegal::NotOffered { .. } => "not_offered",
        }
    }
}
