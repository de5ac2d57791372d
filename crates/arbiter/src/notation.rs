//! Notation shared by the games: the error of a position text (FEN), and board
//! coordinates for the games on square grids (Gomoku, TwixT): columns as letters
//! `a`-`z`, then `aa`, `ab`, ... (bijective base 26, no letter skipped).

use std::fmt;

/// What is wrong with a FEN: the part of it and the fault, in the game's own terms
/// (`F` is [`crate::xiangqi::FenFault`] or [`crate::draughts::FenFault`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad FEN: {field}: {fault}")]
pub struct FenError<F> {
    /// Which part of the FEN is wrong.
    pub field: FenField,
    /// What is wrong with it.
    pub fault: F,
}

/// A part of a FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenField {
    /// The pieces on the board (Xiangqi's rows).
    Board,
    /// Whose turn it is.
    SideToMove,
    /// Chess's castling field, always `-` in Xiangqi.
    Castling,
    /// Chess's en-passant field, always `-` in Xiangqi.
    EnPassant,
    /// Plies since the last capture.
    HalfmoveClock,
    /// The move number.
    FullmoveNumber,
    /// The position as a whole (draughts' piece lists together; Xiangqi's check).
    Position,
    /// Draughts: White's piece list.
    WhitePieces,
    /// Draughts: Black's piece list.
    BlackPieces,
}

impl FenField {
    /// The part's name in messages: `board`, `side to move`, `white pieces`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            FenField::Board => "board",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
            FenField::Position => "position",
            FenField::WhitePieces => "white pieces",
            FenField::BlackPieces => "black pieces",
        }
    }
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A column index written as letters: 0 is `a`, 25 `z`, 26 `aa`.
pub(crate) struct ColumnLetters(pub(crate) u32);

impl fmt::Display for ColumnLetters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut letters = [0u8; 8];
        let mut len = 0;
        let mut n = u64::from(self.0) + 1;
        while n > 0 {
            n -= 1;
            letters[len] = b'a' + (n % 26) as u8;
            len += 1;
            n /= 26;
        }
        for &letter in letters[..len].iter().rev() {
            write!(f, "{}", letter as char)?;
        }
        Ok(())
    }
}

/// Splits `h8`-style text into a column index and a row number (from 1), or `None`.
pub(crate) fn parse_letters_and_number(text: &str) -> Option<(u32, u32)> {
    let split = text.find(|c: char| !c.is_ascii_lowercase())?;
    let (letters, digits) = text.split_at(split);
    if letters.is_empty()
        || letters.len() > 4
        || digits.is_empty()
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || digits.starts_with('0')
    {
        return None;
    }
    let column = letters.bytes().fold(0u32, |n, b| n * 26 + u32::from(b - b'a' + 1)) - 1;
    let row: u32 = digits.parse().ok()?;
    Some((column, row))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_run_past_z_without_skipping() {
        for (n, text) in [(0, "a"), (8, "i"), (25, "z"), (26, "aa"), (51, "az"), (52, "ba"), (701, "zz"), (702, "aaa")]
        {
            assert_eq!(ColumnLetters(n).to_string(), text);
            assert_eq!(parse_letters_and_number(&format!("{text}7")), Some((n, 7)));
        }
        for bad in ["", "a", "7", "a0", "a07", "A7", "a7b", "a-7"] {
            assert_eq!(parse_letters_and_number(bad), None, "{bad}");
        }
    }
}
