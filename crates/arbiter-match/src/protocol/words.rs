//! Reading and writing the small pieces the protocols share: Xiangqi coordinates with
//! either rank numbering, `key=value` fields with quotes (Hub), and the start position
//! of a game in the forms engines read.

use arbiter::{AnyGame, GameOptions, xiangqi};

use crate::quoted::split_quoted;

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

/// The game's start position as FEN with every field (Xiangqi, draughts).
pub fn start_fen(game: &AnyGame) -> String {
    match game.options() {
        GameOptions::Xiangqi(o) => xiangqi::Position::from_fen(&o.fen).map_or_else(|_| o.fen.clone(), |p| p.to_fen()),
        GameOptions::Draughts(o) => o.fen.clone(),
        GameOptions::Gomoku(_) | GameOptions::Twixt(_) => String::new(),
    }
}

/// The fields of a Hub line: `command key=value key="two words" flag`.
#[derive(Debug, PartialEq, Eq)]
pub struct HubLine {
    pub command: String,
    pub fields: Vec<(String, String)>,
}

impl HubLine {
    /// Reads a line; `None` for an empty one or an unclosed quote.
    pub fn parse(line: &str) -> Option<HubLine> {
        let words = split_quoted(line)?;
        let mut words = words.into_iter();
        let command = words.next()?;
        let fields = words
            .map(|word| match word.split_once('=') {
                Some((key, value)) => (key.to_owned(), value.to_owned()),
                None => (word, String::new()),
            })
            .collect();
        Some(HubLine { command, fields })
    }

    /// The value of field `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

/// A value for a Hub field, quoted when it must be.
pub fn hub_value(value: &str) -> String {
    if value.is_empty() || value.contains([' ', '=', '"']) {
        format!("\"{}\"", value.replace('"', ""))
    } else {
        value.to_owned()
    }
}

/// Seconds, as Hub gives times, from milliseconds.
pub fn seconds(ms: u64) -> String {
    format!("{:.3}", ms as f64 / 1000.0)
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

    #[test]
    fn hub_lines_keep_quoted_values_whole() {
        let line = HubLine::parse(r#"id name=Scan version=3.1 author="Fabien Letouzey" flag"#).unwrap();
        assert_eq!(line.command, "id");
        assert_eq!(line.get("author"), Some("Fabien Letouzey"));
        assert_eq!(line.get("flag"), Some(""));
        assert_eq!(HubLine::parse("info pv=\"32-28"), None);
        assert_eq!(hub_value("32-28 19-23"), "\"32-28 19-23\"");
        assert_eq!(hub_value("normal"), "normal");
    }
}
