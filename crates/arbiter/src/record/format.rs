//! What each game's records look like, said by the game's own `record.rs` and reached
//! through [`GameKind`]: the formats its files come in, the notations its moves can be
//! written in, the tags a record of it carries, and how a record's tags and loosely
//! written moves are read back into a game.

use std::fmt;

use super::game_record::Record;
use super::read::{ReadError, RecordedGame, read_games};
use super::result::GameResult;
use crate::game::Side;
use crate::registry::any::AnyGame;
use crate::registry::kind::GameKind;
use crate::registry::options::{GameOptions, OptionsInput};

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

/// A record is written in a format of its game's, so this method is here with the
/// formats: the record itself names none.
impl Record {
    /// The record written in its game's own format (the first of
    /// [`GameKind::record_formats`] that can carry it, else [`PGN`]), and that format:
    /// what to save as a file named with its extension.
    #[must_use]
    pub fn write(&self) -> (String, &'static RecordFormat) {
        self.kind
            .record_formats()
            .iter()
            .find_map(|format| Some((format.write(self)?, format)))
            .unwrap_or_else(|| (self.to_string(), &PGN))
    }
}

/// The result tokens of a game's records.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ResultTokens {
    pub first_wins: &'static str,
    pub second_wins: &'static str,
    pub drawn: &'static str,
}

impl ResultTokens {
    /// PGN's: `1-0`, `0-1`, `1/2-1/2`.
    pub const PGN: ResultTokens = ResultTokens { first_wins: "1-0", second_wins: "0-1", drawn: "1/2-1/2" };
}

/// The tags a game's start gives its record, from its options.
#[derive(Clone, Debug, Default)]
pub(crate) struct StartTags {
    /// The `Game` tag's value, written before every other tag (`Chinese Chess`).
    pub game: Option<&'static str>,
    /// Tags written after the seven every record has, in order.
    pub tags: Vec<(String, String)>,
    /// Whether the second side makes the first move (numbered `1...`).
    pub second_moves_first: bool,
}

impl StartTags {
    /// A tag from its name and value.
    pub fn tag(name: &str, value: impl Into<String>) -> (String, String) {
        (name.to_owned(), value.into())
    }
}

/// The legal moves (in the game's own text) a recorded move may mean, and a note on
/// how it was written.
pub(crate) type Readings = (Vec<String>, Option<String>);

/// What a game's records look like: each game's `record.rs` gives one, and
/// `GameKind::records` finds it. The generic record code asks it whatever differs
/// from game to game.
pub(crate) struct GameRecords {
    /// The formats its record files come in: read in the first that recognizes a text,
    /// written in the first that can write a record (else [`PGN`]).
    pub formats: &'static [RecordFormat],
    /// Every notation its records' moves can be written in, the standard one first.
    pub notations: &'static [&'static str],
    /// Its result tokens.
    pub results: ResultTokens,
    /// The tags a record of a game started with these options begins with.
    pub start_tags: fn(&GameOptions) -> StartTags,
    /// The tag that says which notation a record's moves are in (Xiangqi's `Format`),
    /// for a notation of [`GameRecords::notations`] or `None` for the standard one.
    pub notation_tag: fn(Option<&str>) -> Option<(&'static str, &'static str)>,
    /// A move's text as the game plays it, written as records write it.
    pub record_text: fn(&str) -> String,
    /// Adds to `input` what a recorded game's tags say of its start (beyond the `FEN`
    /// tag, which every game reads); refuses a record of some other game.
    pub start_options: fn(&RecordedGame, &mut OptionsInput) -> Result<(), String>,
    /// A game's position text made the start of a new game, for play that went on
    /// after the rules ended a game.
    pub restart: fn(String) -> String,
    /// The legal moves a loosely written recorded move may mean, and a note on how it
    /// was written; no readings for a text to be played as it stands.
    pub readings: fn(&AnyGame, &str) -> Readings,
}

impl GameRecords {
    /// A game whose records are PGN-like, with no tags of its own, one notation, and
    /// moves played as written.
    pub const PGN_LIKE: GameRecords = GameRecords {
        formats: &[PGN],
        notations: &[],
        results: ResultTokens::PGN,
        start_tags: no_tags,
        notation_tag: no_notation_tag,
        record_text: str::to_owned,
        start_options: no_options,
        restart: unchanged,
        readings: as_written,
    };

    /// The token of `result`.
    pub const fn token(&self, result: GameResult) -> &'static str {
        match result {
            GameResult::Won(Side::First) => self.results.first_wins,
            GameResult::Won(Side::Second) => self.results.second_wins,
            GameResult::Drawn => self.results.drawn,
            GameResult::Unfinished => "*",
        }
    }
}

/// A result's token is its game's records' to say, so this method is here with the
/// tokens: the result itself names no game.
impl GameResult {
    /// The result as `kind`'s records write it: `1-0`, `0-1`, `1/2-1/2`, `*`; draughts
    /// `2-0`, `0-2`, `1-1`.
    #[must_use]
    pub const fn token(self, kind: GameKind) -> &'static str {
        kind.records().token(self)
    }
}

fn no_tags(_: &GameOptions) -> StartTags {
    StartTags::default()
}

fn no_notation_tag(_: Option<&str>) -> Option<(&'static str, &'static str)> {
    None
}

fn no_options(_: &RecordedGame, _: &mut OptionsInput) -> Result<(), String> {
    Ok(())
}

fn unchanged(position: String) -> String {
    position
}

fn as_written(_: &AnyGame, _: &str) -> Readings {
    (Vec::new(), None)
}

/// Reads a record's `Size` tag (`24`, or `15x20` for columns by rows) into `input`,
/// unless the size is given there already: for games whose records carry their board.
pub(crate) fn size_from_tag(recorded: &RecordedGame, input: &mut OptionsInput) {
    if input.size.is_some() || input.rows.is_some() {
        return;
    }
    if let Some(size) = recorded.tag("Size") {
        match size.split_once('x') {
            Some((columns, rows)) => {
                input.cols = columns.parse().ok();
                input.rows = rows.parse().ok();
            }
            None => input.size = size.parse().ok(),
        }
    }
}

/// The board a record's `Size` tag gives: columns and rows.
pub(crate) fn size_of(record: &Record) -> Option<(u32, u32)> {
    let size = record.tag("Size")?;
    match size.split_once('x') {
        Some((columns, rows)) => Some((columns.parse().ok()?, rows.parse().ok()?)),
        None => size.parse().ok().map(|n| (n, n)),
    }
}
