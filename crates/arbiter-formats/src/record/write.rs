//! Writing a record as text: the tags, then the moves numbered in pairs with their
//! comments, lines kept under 80 characters, and the result.

use std::fmt;

use super::format::{PGN, RecordFormat};
use super::game_record::Record;
use crate::games;

/// A record is written in a format of its game's, so this method is here with the
/// formats: the record itself names none.
impl Record {
    /// The record written in its game's own format (the first of its game's
    /// [`formats`](crate::record::formats) that can carry it, else [`PGN`]), and that format:
    /// what to save as a file named with its extension.
    #[must_use]
    pub fn write(&self) -> (String, &'static RecordFormat) {
        games::formats(self.kind)
            .iter()
            .find_map(|format| Some((format.write(self)?, format)))
            .unwrap_or_else(|| (self.to_string(), &PGN))
    }
}

/// The widest line of moves.
const LINE_WIDTH: usize = 79;

/// A tag value with `\` and `"` escaped, as PGN requires.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A comment with `}` (which would end it) taken out.
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            writeln!(f, "[{name} \"{}\"]", escape(value))?;
        }
        writeln!(f)?;
        let mut words = Vec::new();
        let offset = usize::from(self.second_moves_first);
        for (index, text) in self.moves.iter().enumerate() {
            let ply = index + offset;
            // A move number stays on the line of its move.
            if ply % 2 == 0 {
                words.push(format!("{}. {text}", ply / 2 + 1));
            } else if index == 0 {
                words.push(format!("{}... {text}", ply / 2 + 1));
            } else {
                words.push(text.clone());
            }
            if let Some(Some(text)) = self.comments.get(index) {
                words.push(comment(text));
            }
        }
        if let Some(text) = &self.closing_comment {
            words.push(comment(text));
        }
        words.push(self.result.token(self.kind).to_owned());
        let mut line = String::new();
        for word in words {
            if !line.is_empty() && line.len() + 1 + word.len() > LINE_WIDTH {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        writeln!(f, "{line}")
    }
}
