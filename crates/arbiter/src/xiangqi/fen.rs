//! FEN as Pikafish and Fairy-Stockfish write it:
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
//!
//! Rows run from Black's back rank (rank 9) down to Red's (rank 0); upper case is Red.
//! Letters: k general, a advisor, b elephant, n horse, r chariot, c cannon, p soldier
//! (`e` and `h` are read as elephant and horse too, as some programs write them).

use std::fmt::Write as _;

use super::board::{Color, Kind, Piece, PlacementError, Position, Square};
use super::tables::{FILES, RANKS};

/// The standard starting position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

pub use crate::notation::FenError;
use crate::notation::fen_error as error;

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
        return Err(error("board", format!("{} rows, expected 10", rows.len())));
    }
    let mut pieces = Vec::new();
    for (row_index, row) in rows.iter().enumerate() {
        let rank = (RANKS - 1 - row_index) as u8;
        let mut file = 0usize;
        for letter in row.chars() {
            if let Some(run) = letter.to_digit(10) {
                if run == 0 {
                    return Err(error("board", format!("rank {rank}: a run of 0 empty points")));
                }
                file += run as usize;
            } else {
                let piece = piece_from_letter(letter)
                    .ok_or_else(|| error("board", format!("rank {rank}: unknown piece letter {letter:?}")))?;
                if let Some(square) = Square::new(file as u8, rank) {
                    pieces.push((square, piece));
                }
                file += 1;
            }
            if file > FILES {
                return Err(error("board", format!("rank {rank}: more than 9 points")));
            }
        }
        if file < FILES {
            return Err(error("board", format!("rank {rank}: {file} points, expected 9")));
        }
    }
    Ok(pieces)
}

fn parse_number(field: &'static str, text: Option<&str>, default: u16) -> Result<u16, FenError> {
    match text {
        None => Ok(default),
        Some(t) => t.parse().map_err(|_| error(field, format!("{t:?} is not a number from 0 to 65535"))),
    }
}

impl Position {
    /// Reads a FEN. The side-to-move field and the fields after it may be left out
    /// (Red to move, clocks 0 and 1). Refuses a position in which the side that is
    /// not to move is in check: its opponent would capture the general.
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        let mut fields = text.split_ascii_whitespace();
        let board = fields.next().ok_or_else(|| error("board", "empty FEN"))?;
        let pieces = parse_board(board)?;
        let side = match fields.next() {
            None | Some("w" | "r") => Color::Red,
            Some("b") => Color::Black,
            Some(other) => {
                return Err(error("side to move", format!("{other:?}: expected w or b")));
            }
        };
        // Castling and en-passant fields exist only for chess; Xiangqi writes `-`.
        for field in ["castling", "en passant"] {
            match fields.next() {
                None | Some("-") => {}
                Some(other) => return Err(error(field, format!("{other:?}: expected -"))),
            }
        }
        let halfmove = parse_number("halfmove clock", fields.next(), 0)?;
        let fullmove = parse_number("fullmove number", fields.next(), 1)?;
        if let Some(extra) = fields.next() {
            return Err(error("position", format!("unexpected text {extra:?} after the fullmove number")));
        }
        let mut position =
            Position::from_pieces(pieces, side).map_err(|e: PlacementError| error("board", e.to_string()))?;
        position.set_clocks(halfmove, fullmove.max(1));
        let waiting = side.opponent();
        if position.is_attacked(position.general(waiting), side) {
            return Err(error("position", format!("{} is to move but {} is in check", side.name(), waiting.name())));
        }
        Ok(position)
    }

    /// Writes the position as FEN.
    #[must_use]
    pub fn to_fen(&self) -> String {
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
            assert_eq!(err.field, field, "{fen}: {err}");
        }
        let err = Position::from_fen("4k4/9/9/9/9/9/9/9/9/K8 w").unwrap_err();
        assert_eq!(err.to_string(), "bad FEN: board: red general on a0 can never stand there");
    }
}
