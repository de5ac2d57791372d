//! FEN as PDN writes it for draughts: `W:W31-50:B1-20`. The side to move, then each
//! colour's pieces: square numbers and ranges, a `K` before a king's square.

use std::fmt::Write as _;

use super::board::{Kind, Piece, PlacementError, Position};
use super::geometry::{Color, Square};
use super::layout::Layout;
use super::rules::Rules;
use crate::notation::FenField;

/// The standard starting position of international draughts.
pub const START_FEN: &str = "W:W31-50:B1-20";

/// What is wrong with a draughts FEN.
pub type FenError = crate::notation::FenError<FenFault>;

/// The faults a draughts FEN can have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenFault {
    /// The side to move is neither `W` nor `B`.
    #[error("{text:?}: expected W or B")]
    SideToMove {
        /// The field as given.
        text: String,
    },
    /// A part after the side to move that is no piece list.
    #[error("{text:?}: a piece list starts with W or B")]
    NoPieceList {
        /// The part as given.
        text: String,
    },
    /// A colour's list is given twice.
    #[error("given twice")]
    ListGivenTwice,
    /// A list item that is no square number.
    #[error("{text:?} is not a square number")]
    NotASquare {
        /// The item as given.
        text: String,
    },
    /// A square number off the board.
    #[error("square {number} is not on the board (1-{last})")]
    OffBoard {
        /// The number.
        number: u8,
        /// The board's last square.
        last: u8,
    },
    /// A range whose end comes before its start.
    #[error("the range {range} runs backwards")]
    BackwardRange {
        /// The range as given.
        range: String,
    },
    /// A square given twice.
    #[error("square {square} is given twice")]
    SquareGivenTwice {
        /// The square.
        square: Square,
    },
    /// The pieces are no position.
    #[error(transparent)]
    Placement(#[from] PlacementError),
}

fn error(field: FenField, fault: FenFault) -> FenError {
    FenError { field, fault }
}

fn color_of(letter: &str) -> Option<Color> {
    match letter {
        "W" | "w" => Some(Color::White),
        "B" | "b" => Some(Color::Black),
        _ => None,
    }
}

fn field_of(color: Color) -> FenField {
    match color {
        Color::White => FenField::WhitePieces,
        Color::Black => FenField::BlackPieces,
    }
}

/// A square by its number, or in the rule sets written algebraically by its name too.
fn square(layout: Layout, field: FenField, text: &str) -> Result<Square, FenError> {
    if let Some(square) = layout.square_named(text) {
        return Ok(square);
    }
    let number: u8 =
        text.parse().map_err(|_| error(field, FenFault::NotASquare { text: crate::quote::excerpt(text) }))?;
    layout.square(number).ok_or_else(|| error(field, FenFault::OffBoard { number, last: layout.squares() as u8 }))
}

/// Reads one colour's list, `K` marking kings: `31-50` or `6,9,K31,41-44`.
fn parse_list(layout: Layout, color: Color, list: &str, pieces: &mut Vec<(Square, Piece)>) -> Result<(), FenError> {
    let field = field_of(color);
    for item in list.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let (kind, numbers) = match item.strip_prefix(['K', 'k']) {
            Some(rest) => (Kind::King, rest),
            None => (Kind::Man, item),
        };
        let (first, last) = match numbers.split_once('-') {
            Some((a, b)) => (square(layout, field, a)?, square(layout, field, b)?),
            None => (square(layout, field, numbers)?, square(layout, field, numbers)?),
        };
        if last < first {
            return Err(error(field, FenFault::BackwardRange { range: item.to_owned() }));
        }
        for number in first.number()..=last.number() {
            let square = layout.square(number).expect("inside a checked range");
            if pieces.iter().any(|&(s, _)| s == square) {
                return Err(error(field, FenFault::SquareGivenTwice { square }));
            }
            if kind == Kind::Man && layout.coordinates(square).0 == layout.crowning_row(color) {
                return Err(error(field, FenFault::Placement(PlacementError::Uncrowned { color, square })));
            }
            pieces.push((square, Piece { color, kind }));
        }
    }
    Ok(())
}

impl Position {
    /// Reads a PDN FEN such as `W:W31-50:B1-20` or `B:BK17,K24:W6,9,10`. Surrounding
    /// quotes and a final `.` are allowed; either colour's list may come first.
    pub(super) fn read_fen(rules: Rules, text: &str) -> Result<Position, FenError> {
        let layout = Layout::of(rules);
        let text = text.trim().trim_matches('"').trim_end_matches('.').trim();
        let mut parts = text.split(':');
        let side_text = parts.next().unwrap_or_default().trim();
        let side = color_of(side_text).ok_or_else(|| {
            error(FenField::SideToMove, FenFault::SideToMove { text: crate::quote::excerpt(side_text) })
        })?;
        let mut pieces = Vec::new();
        let mut given = [false; 2];
        for part in parts {
            let part = part.trim();
            let (letter, list) = part.split_at(part.char_indices().nth(1).map_or(part.len(), |(i, _)| i));
            let color = color_of(letter).ok_or_else(|| {
                error(FenField::Position, FenFault::NoPieceList { text: crate::quote::excerpt(part) })
            })?;
            if std::mem::replace(&mut given[color as usize], true) {
                return Err(error(field_of(color), FenFault::ListGivenTwice));
            }
            parse_list(layout, color, list, &mut pieces)?;
        }
        Position::from_pieces_with(rules, pieces, side).map_err(|e| error(FenField::Position, FenFault::Placement(e)))
    }

    /// Writes the position as a PDN FEN, squares by number (PDN's numbering, in every
    /// rule set), runs of three or more men as ranges: `W:W31-50:B1-20`.
    pub(super) fn write_fen(&self) -> String {
        let mut out = String::from(if self.side == Color::White { "W" } else { "B" });
        for color in [Color::White, Color::Black] {
            out.push(':');
            out.push(if color == Color::White { 'W' } else { 'B' });
            let items: Vec<(u8, bool)> = self
                .pieces()
                .filter(|(_, p)| p.color == color)
                .map(|(s, p)| (s.number(), p.kind == Kind::King))
                .collect();
            let mut i = 0;
            let mut first = true;
            while i < items.len() {
                if !first {
                    out.push(',');
                }
                first = false;
                let (number, king) = items[i];
                if king {
                    let _ = write!(out, "K{number}");
                    i += 1;
                    continue;
                }
                // A run of men on consecutive squares is written as a range.
                let mut end = i;
                while end + 1 < items.len() && !items[end + 1].1 && items[end + 1].0 == items[end].0 + 1 {
                    end += 1;
                }
                // Three or more in a row make a range; two are written one by one.
                if end >= i + 2 {
                    let _ = write!(out, "{number}-{}", items[end].0);
                    i = end + 1;
                } else {
                    let _ = write!(out, "{number}");
                    i += 1;
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_fens_round_trip() {
        for fen in [
            START_FEN,
            "B:W6,9-11,20-23,30,K31,33,37,41-44,46:BK17,K24",
            "W:W27,28,32,37,38,42,43,K50:B7-9,12,13,17-19,22,23",
            "W:W25,27,28,30,32-35,37,38:B12-14,16,18,19,21,23,24,26",
            "W:W:B1",
        ] {
            assert_eq!(Position::from_fen(fen).unwrap().to_fen(), fen);
        }
        let reordered =
            Position::from_fen("\"B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46.\"").unwrap();
        assert_eq!(reordered.to_fen(), "B:W6,9-11,20-23,30,K31,33,37,41-44,46:BK17,K24");
        assert_eq!(Position::from_fen(START_FEN).unwrap(), Position::start());
    }

    #[test]
    fn errors_name_the_part_and_the_square() {
        let cases = [
            ("X:W31-50:B1-20", "side to move", "\"X\": expected W or B"),
            ("W:W31-51:B1-20", "white pieces", "square 51 is not on the board (1-50)"),
            ("W:W31-50:B1-20,x", "black pieces", "\"x\" is not a square number"),
            ("W:W40-31:B1-20", "white pieces", "the range 40-31 runs backwards"),
            ("W:W31,31:B1", "white pieces", "square 31 is given twice"),
            ("W:W31:B31", "black pieces", "square 31 is given twice"),
            ("W:W3:B20", "white pieces", "a white man on 3 would have been crowned"),
            ("W:W31:W32", "white pieces", "given twice"),
            ("W:X31", "position", "\"X31\": a piece list starts with W or B"),
        ];
        for (fen, field, message) in cases {
            let err = Position::from_fen(fen).unwrap_err();
            assert_eq!((err.field.as_str(), err.fault.to_string().as_str()), (field, message), "{fen}");
        }
    }
}
