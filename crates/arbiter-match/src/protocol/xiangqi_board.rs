//! A Xiangqi board as the Xiangqi protocols (UCI, UCCI) write it: moves in
//! coordinates with either rank numbering, and the start position as FEN.

use arbiter::{AnyGame, GameOptions, xiangqi};

/// Xiangqi moves as engines write them: files `a`-`i`, ranks from `base` (0 for
/// Pikafish and UCCI, 1 for Fairy-Stockfish).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XiangqiCoordinates {
    pub base: u8,
}

impl XiangqiCoordinates {
    /// arbiter's `h2e2` (ranks from 0) in the engine's numbering.
    pub fn write_engine(self, text: &str) -> String {
        if self.base == 0 {
            return text.to_owned();
        }
        match split_move(text, 0) {
            Some(((f1, r1), (f2, r2))) => format!("{f1}{}{f2}{}", r1 + self.base, r2 + self.base),
            None => text.to_owned(),
        }
    }

    /// The engine's move in arbiter's numbering, or `None` if it is not a move at all.
    pub fn read_engine(self, text: &str) -> Option<String> {
        let ((f1, r1), (f2, r2)) = split_move(text, self.base)?;
        Some(format!("{f1}{r1}{f2}{r2}"))
    }
}

/// The ranks of a Xiangqi board.
const XIANGQI_RANKS: u8 = 10;

/// Splits `h2e2` (or `h3e3` with ranks from 1, `a10a9`) into two points with ranks
/// from 0, checking that each is on the board.
fn split_move(text: &str, base: u8) -> Option<((char, u8), (char, u8))> {
    let text = text.trim();
    let mut points = Vec::with_capacity(2);
    let mut chars = text.char_indices().peekable();
    while let Some((_, file)) = chars.next() {
        if !('a'..='i').contains(&file) {
            return None;
        }
        let mut digits = String::new();
        while let Some(&(_, c)) = chars.peek() {
            if !c.is_ascii_digit() {
                break;
            }
            digits.push(c);
            chars.next();
        }
        let rank: u8 = digits.parse().ok()?;
        let rank = rank.checked_sub(base)?;
        if rank >= XIANGQI_RANKS {
            return None;
        }
        points.push((file, rank));
    }
    match points[..] {
        [from, to] => Some((from, to)),
        _ => None,
    }
}

/// The game's start position as FEN with every field; empty for a game that is not
/// Xiangqi (the driver starts no Xiangqi protocol for one).
pub fn start_fen(game: &AnyGame) -> String {
    match game.options() {
        GameOptions::Xiangqi(o) => xiangqi::Position::from_fen(&o.fen).map_or_else(|_| o.fen.clone(), |p| p.to_fen()),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_shift_between_numberings() {
        let fsf = XiangqiCoordinates { base: 1 };
        assert_eq!(fsf.write_engine("h2e2"), "h3e3");
        assert_eq!(fsf.write_engine("a9a8"), "a10a9");
        assert_eq!(fsf.read_engine("a10a9").as_deref(), Some("a9a8"));
        assert_eq!(fsf.read_engine("a0a1"), None, "rank 0 is off an FSF board");
        assert_eq!(fsf.read_engine("a11a9"), None);
        let pikafish = XiangqiCoordinates { base: 0 };
        assert_eq!(pikafish.read_engine("h2e2").as_deref(), Some("h2e2"));
        assert_eq!(pikafish.read_engine("j2e2"), None);
        assert_eq!(pikafish.read_engine("h2"), None);
        assert_eq!(pikafish.read_engine("(none)"), None);
    }
}
