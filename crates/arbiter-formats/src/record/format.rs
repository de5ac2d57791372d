//! What each game's records look like, said by the game's own `record.rs` and reached
//! through [`GameKind`]: the formats its files come in, the notations its moves can be
//! written in, the tags a record of it carries, and how a record's tags and loosely
//! written moves are read back into a game.

use std::fmt;

use super::game_record::Record;
use super::read::{ReadError, RecordedGame, read_games};

/// A format of record files: its name, its files' extension, how to tell it from the
/// text, and how to read and write it. A game's formats are
/// [`crate::GameKind::record_formats`].
#[derive(Clone, Copy)]
pub struct RecordFormat {
    /// Its name: `pgn`, `pdn`, `psq`, `tsgf`, `t1`.
    pub name: &'static str,
    /// The extension of its files, without the dot.
    pub extension: &'static str,
    /// Whether a file holds many games one after another (PGN, PDN), so that it can be
    /// read a batch of games at a time; other formats' files hold one game.
    pub(crate) many_games: bool,
    pub(crate) recognizes: fn(&str) -> bool,
    pub(crate) read: fn(&str) -> Result<Vec<RecordedGame>, ReadError>,
    pub(crate) write: fn(&Record) -> Option<String>,
}

impl fmt::Debug for RecordFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RecordFormat").field("name", &self.name).field("extension", &self.extension).finish()
    }
}

/// The PGN-like record any game can be written in: tags, numbered moves with their
/// comments, the result.
pub const PGN: RecordFormat = RecordFormat::pgn_like("pgn", "pgn");

impl RecordFormat {
    /// A PGN-like format under another name (PDN): read by [`read_games`], written by
    /// [`Record`]'s `Display`, and taken for any text.
    pub(crate) const fn pgn_like(name: &'static str, extension: &'static str) -> RecordFormat {
        RecordFormat { name, extension, many_games: true, recognizes: any_text, read: read_games, write: pgn_text }
    }

    /// Whether the format is PGN-like (PGN, PDN): tags and numbered moves, many games
    /// a file.
    #[must_use]
    pub const fn is_pgn_like(&self) -> bool {
        self.many_games
    }

    /// Whether `text` looks like a file in this format.
    #[must_use]
    pub fn recognizes(&self, text: &str) -> bool {
        (self.recognizes)(text)
    }

    /// Every game of `text`, read as this format.
    pub fn read(&self, text: &str) -> Result<Vec<RecordedGame>, ReadError> {
        (self.read)(text)
    }

    /// `record` written in this format; `None` if the format cannot carry it (a board
    /// larger than its coordinates reach) or is only read.
    #[must_use]
    pub fn write(&self, record: &Record) -> Option<String> {
        (self.write)(record)
    }
}

fn any_text(_: &str) -> bool {
    true
}

fn pgn_text(record: &Record) -> Option<String> {
    Some(record.to_string())
}

/// The board a record's `Size` tag gives: columns and rows.
pub(crate) fn size_of(record: &Record) -> Option<(u32, u32)> {
    let size = record.tag("Size")?;
    match size.split_once('x') {
        Some((columns, rows)) => Some((columns.parse().ok()?, rows.parse().ok()?)),
        None => size.parse().ok().map(|n| (n, n)),
    }
}
