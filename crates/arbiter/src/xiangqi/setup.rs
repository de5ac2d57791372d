//! A position as given, before it is checked: pieces on points and a side to move.
//! Every fault is reported, and the caller chooses which it can live with: a referee
//! asked about a puzzle with three chariots accepts [`PlacementError::TooMany`]; one
//! that will play from the position accepts nothing.

use super::board::{Color, Kind, Piece, PlacementError, Position, Square};

/// Pieces on points, the side to move and the move counters, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The pieces and their points, in any order.
    pub pieces: Vec<(Square, Piece)>,
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture (FEN's halfmove clock).
    pub halfmove_clock: u16,
    /// The move number, from 1.
    pub fullmove_number: u16,
}

/// The faults of a [`Setup`] that were not accepted, the first found first.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", .faults.first().map_or_else(|| "no fault".to_owned(), ToString::to_string))]
pub struct SetupError {
    /// Never empty when [`Setup::position`] returns it; its message is the first.
    pub faults: Vec<PlacementError>,
}

impl Setup {
    /// `pieces` with `turn` to move, at the game's first move.
    pub fn new(pieces: impl IntoIterator<Item = (Square, Piece)>, turn: Color) -> Setup {
        Setup { pieces: pieces.into_iter().collect(), turn, halfmove_clock: 0, fullmove_number: 1 }
    }

    /// Every fault of the setup: pieces where they can never stand, in the order
    /// given, up to a fault no position can hold (then nothing else is looked at);
    /// then too many of a kind, and the side not to move in check (which includes
    /// generals facing each other).
    #[must_use]
    pub fn faults(&self) -> Vec<PlacementError> {
        match self.check() {
            Ok((_, faults)) | Err(faults) => faults,
        }
    }

    /// The position, if every fault is one that `accept` lets through (a fatal one,
    /// [`PlacementError::is_fatal`], never is).
    pub fn position(&self, accept: impl Fn(&PlacementError) -> bool) -> Result<Position, SetupError> {
        let (position, faults) = match self.check() {
            Ok(checked) => checked,
            Err(faults) => {
                let faults = faults.into_iter().filter(|fault| fault.is_fatal() || !accept(fault)).collect();
                return Err(SetupError { faults });
            }
        };
        let refused: Vec<_> = faults.into_iter().filter(|fault| !accept(fault)).collect();
        if refused.is_empty() { Ok(position) } else { Err(SetupError { faults: refused }) }
    }

    /// The position and its faults, or the faults up to the first fatal one.
    fn check(&self) -> Result<(Position, Vec<PlacementError>), Vec<PlacementError>> {
        let mut faults = Vec::new();
        let mut position = match Position::place(&self.pieces, self.turn, &mut faults) {
            Ok(position) => position,
            Err(fatal) => {
                faults.push(fatal);
                return Err(faults);
            }
        };
        position.set_clocks(self.halfmove_clock, self.fullmove_number.max(1));
        for color in Color::BOTH {
            for kind in Kind::ALL {
                let count = self.pieces.iter().filter(|(_, p)| *p == Piece { color, kind }).count();
                if count > kind.count_at_start() {
                    faults.push(PlacementError::TooMany { color, kind, count });
                }
            }
        }
        if position.is_attacked(position.general(self.turn.opponent()), self.turn) {
            faults.push(PlacementError::OpponentInCheck { side: self.turn });
        }
        Ok((position, faults))
    }
}

