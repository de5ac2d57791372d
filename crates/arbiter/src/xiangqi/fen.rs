//! FEN as Pikafish and Fairy-Stockfish write it:
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
//!
//! Rows run from Black's back rank (rank 9) down to Red's (rank 0); upper case is Red.
//! Letters: k general, a advisor, b elephant, n horse, r chariot, c cannon, p soldier
//! (`e` and `h` are read as elephant and horse too, as some programs write them).

use std::fmt::Write as _;

use super::board::{Color, Kind, Piece, PlacementError, Position, Square};
use super::setup::Setup;
use super::tables::{FILES, RANKS};
use crate::notation::FenField;

/// The standard starting position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// What is wrong with a Xiangqi FEN.
pub type FenError = crate::notation::FenError<FenFault>;

/// The faults a Xiangqi FEN can have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenFault {
    /// Nothing was given.
    #[error("empty FEN")]
    Empty,
    /// The board has not ten rows.
    #[error("{rows} rows, expected 10")]
    Rows {
        /// The rows given.
        rows: usize,
    },
    /// A run of empty points of length 0.
    #[error("rank {rank}: a run of 0 empty points")]
    ZeroRun {
        /// The rank, 0-9 from Red's side.
        rank: u8,
    },
    /// A letter that names no piece.
    #[error("rank {rank}: unknown piece letter {letter:?}")]
    UnknownLetter {
        /// The rank, 0-9 from Red's side.
        rank: u8,
        /// The letter.
        letter: char,
    },
    /// A rank with more than nine points.
    #[error("rank {rank}: more than 9 points")]
    LongRank {
        /// The rank, 0-9 from Red's side.
        rank: u8,
    },
    /// A rank with fewer than nine points.
    #[error("rank {rank}: {points} points, expected 9")]
    ShortRank {
        /// The rank, 0-9 from Red's side.
        rank: u8,
        /// The points it gives.
        points: usize,
    },
    /// A field that is none of the words it may be.
    #[error("{text:?}: expected {expected}")]
    Unexpected {
        /// The field as given.
        text: String,
        /// What it may be: `w or b`, `-`.
        expected: &'static str,
    },
    /// A counter that is not a number from 0 to 65535.
    #[error("{text:?} is not a number from 0 to 65535")]
    NotANumber {
        /// The field as given.
        text: String,
    },
    /// Text after the last field.
    #[error("unexpected text {text:?} after the fullmove number")]
    TrailingText {
        /// The first word of it.
        text: String,
    },
    /// The pieces are no position, or the side not to move is in check.
    #[error(transparent)]
    Placement(#[from] PlacementError),
}

fn error(field: FenField, fault: FenFault) -> FenError {
    FenError { field, fault }
}

fn piece_from_letter(letter: char) -> Option<Piece> {
    let color = if letter.is_ascii_uppercase() { Color::Red } else { Color::Black };
    let kind = match letter.to_ascii_lowercase() {
        'k' => Kind::General,
        'a' => Kind::Advisor,
        'b' | 'e' => Kind::Elephant,
        'n' | 'h' => Kind::Horse,
        'r' => Kind::Chariot,
        'c' => Kind::Cannon,
        'p' => Kind::Soldier,
        _ => return None,
    };
    Some(Piece { color, kind })
}

fn letter_of(piece: Piece) -> char {
    let letter = match piece.kind {
        Kind::General => 'k',
        Kind::Advisor => 'a',
        Kind::Elephant => 'b',
        Kind::Horse => 'n',
        Kind::Chariot => 'r',
        Kind::Cannon => 'c',
        Kind::Soldier => 'p',
    };
    if piece.color == Color::Red { letter.to_ascii_uppercase() } else { letter }
}

fn parse_board(text: &str) -> Result<Vec<(Square, Piece)>, FenError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != RANKS {
        return Err(error(FenField::Board, FenFault::Rows { rows: rows.len() }));
    }
    let mut pieces = Vec::new();
    for (row_index, row) in rows.iter().enumerate() {
        let rank = (RANKS - 1 - row_index) as u8;
        let mut file = 0usize;
        for letter in row.chars() {
            if let Some(run) = letter.to_digit(10) {
                if run == 0 {
                    return Err(error(FenField::Board, FenFault::ZeroRun { rank }));
                }
                file += run as usize;
            } else {
                let piece = piece_from_letter(letter)
                    .ok_or_else(|| error(FenField::Board, FenFault::UnknownLetter { rank, letter }))?;
                if let Some(square) = Square::new(file as u8, rank) {
                    pieces.push((square, piece));
                }
                file += 1;
            }
            if file > FILES {
                return Err(error(FenField::Board, FenFault::LongRank { rank }));
            }
        }
        if file < FILES {
            return Err(error(FenField::Board, FenFault::ShortRank { rank, points: file }));
        }
    }
    Ok(pieces)
}

fn parse_number(field: FenField, text: Option<&str>, default: u16) -> Result<u16, FenError> {
    match text {
        None => Ok(default),
        Some(t) => t.parse().map_err(|_| error(field, FenFault::NotANumber { text: crate::quote::excerpt(t) })),
    }
}

impl Position {

    /// Reads a FEN. The side-to-move field and the fields after it may be left out
    /// (Red to move, clocks 0 and 1). Refuses a position in which the side that is
    /// not to move is in check: its opponent would capture the general.
    pub(super) fn read_fen(text: &str) -> Result<Position, FenError> {
        let mut fields = text.split_ascii_whitespace();
        let board = fields.next().ok_or_else(|| error(FenField::Board, FenFault::Empty))?;
        let pieces = parse_board(board)?;
        let side = match fields.next() {
            None | Some("w" | "r") => Color::Red,
            Some("b") => Color::Black,
            Some(other) => {
                let fault = FenFault::Unexpected { text: crate::quote::excerpt(other), expected: "w or b" };
                return Err(error(FenField::SideToMove, fault));
            }
        };
        // Castling and en-passant fields exist only for chess; Xiangqi writes `-`.
        for field in [FenField::Castling, FenField::EnPassant] {
            match fields.next() {
                None | Some("-") => {}
                Some(other) => {
                    return Err(error(
                        field,
                        FenFault::Unexpected { text: crate::quote::excerpt(other), expected: "-" },
                    ));
                }
            }
        }
        let halfmove_clock = parse_number(FenField::HalfmoveClock, fields.next(), 0)?;
        let fullmove_number = parse_number(FenField::FullmoveNumber, fields.next(), 1)?;
        if let Some(extra) = fields.next() {
            return Err(error(FenField::Position, FenFault::TrailingText { text: crate::quote::excerpt(extra) }));
        }
        let setup = Setup { pieces, turn: side, halfmove_clock, fullmove_number };
        setup.position(|_| false).map_err(|mut refused| {
            let fault = refused.faults.remove(0);
            let field = if matches!(fault, PlacementError::OpponentInCheck { .. }) {
                FenField::Position
            } else {
                FenField::Board
            };
            error(field, FenFault::Placement(fault))
        })
    }

    /// Writes the position as FEN.
    pub(super) fn write_fen(&self) -> String {
        let mut out = String::with_capacity(64);
        for rank in (0..RANKS as u8).rev() {
            let mut empty = 0;
            for file in 0..FILES as u8 {
                let square = Square::new(file, rank).expect("on the board");
                match self.piece_at(square) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        out.push(letter_of(piece));
                    }
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = if self.turn() == Color::Red { 'w' } else { 'b' };
        let _ = write!(out, " {side} - - {} {}", self.halfmove_clock(), self.fullmove_number());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        let position = Position::from_fen(START_FEN).unwrap();
        assert_eq!(position.to_fen(), START_FEN);
        assert_eq!(position.pieces().count(), 32);
    }

    #[test]
    fn short_fen_takes_defaults() {
        let position = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5").unwrap();
        assert_eq!(position.to_fen(), "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
        assert_eq!(position.turn(), Color::Red);
    }

    #[test]
    fn errors_name_the_field_and_the_point() {
        let cases = [
            ("", "board"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9", "board"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w", "board"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", "board"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w", "board"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "side to move"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", "halfmove clock"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 9", "position"),
            ("4k4/9/9/9/9/9/9/9/9/4K4 w", "position"),
            ("4k4/9/9/9/9/9/9/9/9/K8 w", "board"),
        ];
        for (fen, field) in cases {
            let err = Position::from_fen(fen).unwrap_err();
            assert_eq!(err.field.as_str(), field, "{fen}: {err}");
        }
        let err = Position::from_fen("4k4/9/9/9/9/9/9/9/9/K8 w").unwrap_err();
        assert_eq!(err.to_string(), "bad FEN: board: red general on a0 can never stand there");
    }
}
