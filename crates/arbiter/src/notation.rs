//! Notation shared by the games: the error of a position text (FEN), and board
//! coordinates for the games on square grids (Gomoku, TwixT): columns as letters
//! `a`-`z`, then `aa`, `ab`, ... (bijective base 26, no letter skipped).

use std::fmt;

/// What is wrong with a FEN, naming the part of it and, where there is one, the point.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad FEN: {field}: {message}")]
pub struct FenError {
    /// Which part: "board", "side to move", "white pieces", "position", ...
    pub field: &'static str,
    pub message: String,
}

pub(crate) fn fen_error(field: &'static str, message: impl Into<String>) -> FenError {
    FenError { field, message: message.into() }
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
