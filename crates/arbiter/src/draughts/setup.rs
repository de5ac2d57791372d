//! A position as given, before it is checked: pieces on squares and a side to move.
//! Every fault is reported, and the caller chooses which it can live with: the
//! contest judge's boards may hold a man on its crowning row; a game accepts nothing.

use super::board::{Piece, PlacementError, Position};
use super::geometry::{Color, Square};
use super::rules::Rules;

/// Pieces on squares and the side to move, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The pieces and their squares, in any order.
    pub pieces: Vec<(Square, Piece)>,
    /// The side to move.
    pub turn: Color,
    /// The rule set, whose board the squares are on.
    pub rules: Rules,
}

/// The faults of a [`Setup`] that were not accepted, the first found first.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", .faults.first().map_or_else(|| "no fault".to_owned(), ToString::to_string))]
pub struct SetupError {
    /// Never empty when [`Setup::position`] returns it; its message is the first.
    pub faults: Vec<PlacementError>,
}

impl Setup {
    /// `pieces` with `turn` to move, in international draughts.
    pub fn new(pieces: impl IntoIterator<Item = (Square, Piece)>, turn: Color) -> Setup {
        Setup { pieces: pieces.into_iter().collect(), turn, rules: Rules::International }
    }

    /// The same pieces under rule set `rules`.
    #[must_use]
    pub fn with_rules(self, rules: Rules) -> Setup {
        Setup { rules, ..self }
    }

    /// Every fault: two pieces on a square or a square off the board (then nothing
    /// else is looked at), men on
    /// their crowning rows from square 1 up, too many pieces of a colour.
    #[must_use]
    pub fn faults(&self) -> Vec<PlacementError> {
        match Position::place(self.rules, self.pieces.iter().copied(), self.turn) {
            Ok(position) => position.faults(),
            Err(fatal) => vec![fatal],
        }
    }

    /// The position, if every fault is one that `accept` lets through (a fatal one,
    /// [`PlacementError::is_fatal`], never is).
    pub fn position(&self, accept: impl Fn(&PlacementError) -> bool) -> Result<Position, SetupError> {
        let position = Position::place(self.rules, self.pieces.iter().copied(), self.turn)
            .map_err(|fatal| SetupError { faults: vec![fatal] })?;
        let refused: Vec<_> = position.faults().into_iter().filter(|fault| !accept(fault)).collect();
        if refused.is_empty() { Ok(position) } else { Err(SetupError { faults: refused }) }
    }
}

