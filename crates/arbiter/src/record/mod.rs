//! Game records in the formats players exchange. Each game's own `record.rs` says
//! which formats its records come in (PGN, PDN, Gomocup's `.psq`, Little Golem's
//! `tsgf`, T1j text), the tags its records carry and the notations its moves can be
//! written in; [`GameKind`] reaches them ([`GameKind::record_formats`],
//! [`GameKind::read_records`], [`GameKind::record_notations`]), and nothing here names
//! a game. [`Record::of`] takes the moves and the game's own tags from a game; a front
//! end adds its tags (event, players, termination) and comments, and
//! [`Record::write`] writes the file in the game's own format.

mod format;
pub mod read;
pub mod replay;
mod write;

pub(crate) use format::{GameRecords, Readings, ResultTokens, StartTags, size_from_tag, size_of};
pub use format::{MoveNotations, PGN, RecordFormat};

pub use read::{ReadError, RecordedGame, RecordedMove, read_games};
pub use replay::{Refusal, Replayed, recorded_result, replay};

use crate::game::Side;
use crate::registry::{AnyGame, GameKind};

/// How a recorded game ended, as its result tag says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The side named won (`1-0` or `0-1`; `2-0` or `0-2` in draughts).
    Won(Side),
    /// A draw (`1/2-1/2`; `1-1` in draughts).
    Drawn,
    /// Not over, or over by no rule the record can say (`*`).
    Unfinished,
}

impl GameResult {
    /// The result of an outcome's winner (`None` for a draw).
    #[must_use]
    pub const fn of_winner(winner: Option<Side>) -> GameResult {
        match winner {
            Some(side) => GameResult::Won(side),
            None => GameResult::Drawn,
        }
    }

    /// The result as `kind`'s records write it: `1-0`, `0-1`, `1/2-1/2`, `*`; draughts
    /// `2-0`, `0-2`, `1-1`.
    #[must_use]
    pub const fn token(self, kind: GameKind) -> &'static str {
        kind.records().token(self)
    }
}

/// A game's record: tags in order, the moves with their comments, the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game recorded: it decides how the result is written (`2-0` in draughts) and
    /// the players' tag names (`Red`, `White`).
    pub kind: GameKind,
    /// Tags in the order they are written; [`Record::set_tag`] keeps one of each.
    pub tags: Vec<(String, String)>,
    /// The moves as they are written.
    pub moves: Vec<String>,
    /// A comment after each move, by index (shorter than `moves` if the last have
    /// none).
    pub comments: Vec<Option<String>>,
    /// A comment before the result.
    pub closing_comment: Option<String>,
    /// The result written after the moves. Set it with [`Record::set_result`] to keep
    /// the `Result` tag the same.
    pub result: GameResult,
    /// Whether the first move is the second side's (a position with it to move).
    second_moves_first: bool,
}

impl Record {
    /// The record of `game` so far: the tags of its kind and start, its moves (in
    /// `notation`, one of [`GameKind::record_notations`]; the standard one by default),
    /// and the result the rules gave.
    #[must_use]
    pub fn of(game: &AnyGame, notation: Option<&str>) -> Record {
        let kind = game.kind();
        let start = (kind.records().start_tags)(game.options());
        let mut tags = Vec::new();
        if let Some(name) = start.game {
            tags.push(("Game".to_owned(), name.to_owned()));
        }
        tags.push(("Event".to_owned(), "?".to_owned()));
        tags.push(("Site".to_owned(), "?".to_owned()));
        tags.push(("Date".to_owned(), "????.??.??".to_owned()));
        tags.push(("Round".to_owned(), "?".to_owned()));
        for side in [Side::First, Side::Second] {
            tags.push((tag_name(kind.side_name(side)), "?".to_owned()));
        }
        tags.push(("Result".to_owned(), "*".to_owned()));
        tags.extend(start.tags);
        let moves = match notation.and_then(|name| game.moves_in(name)) {
            Some(texts) => texts.to_vec(),
            None => game.moves().iter().map(|m| kind.record_text(&m.text)).collect(),
        };
        let result = game.outcome().map_or(GameResult::Unfinished, |o| GameResult::of_winner(o.winner()));
        let mut record = Record {
            kind,
            tags,
            moves,
            comments: Vec::new(),
            closing_comment: None,
            result,
            second_moves_first: start.second_moves_first,
        };
        record.set_notation(notation);
        record.set_result(result);
        record
    }

    /// A record from its parts: tags as they are to be written, moves as written, the
    /// result (its tag is not touched), and the side that makes the first move.
    #[must_use]
    pub fn from_parts(
        kind: GameKind,
        tags: Vec<(String, String)>,
        moves: Vec<String>,
        result: GameResult,
        first_mover: Side,
    ) -> Record {
        Record {
            kind,
            tags,
            moves,
            comments: Vec::new(),
            closing_comment: None,
            result,
            second_moves_first: first_mover == Side::Second,
        }
    }

    /// Sets tag `name` (in place if it is there, else at the end).
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, old)) => *old = value,
            None => self.tags.push((name.to_owned(), value)),
        }
    }

    /// The value of tag `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets the result and its tag.
    pub fn set_result(&mut self, result: GameResult) {
        self.result = result;
        self.set_tag("Result", result.token(self.kind));
    }

    /// Names the player of `side` (the `Red`/`Black`, `White`/`Black` tags).
    pub fn set_player(&mut self, side: Side, name: &str) {
        let tag = tag_name(self.kind.side_name(side));
        self.set_tag(&tag, name);
    }

    /// The player of `side`, as its tag names them.
    #[must_use]
    pub fn player(&self, side: Side) -> Option<&str> {
        self.tag(&tag_name(self.kind.side_name(side)))
    }

    /// Says in the tags which notation the moves are in (`[Format "WXF"]` for
    /// Xiangqi), `notation` one of [`GameKind::record_notations`] or `None` for the
    /// standard one; games whose records have one notation have no such tag.
    pub fn set_notation(&mut self, notation: Option<&str>) {
        if let Some((name, value)) = (self.kind.records().notation_tag)(notation) {
            self.set_tag(name, value);
        }
    }

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

    /// Sets the comment after move `index` (from 0).
    pub fn set_comment(&mut self, index: usize, comment: impl Into<String>) {
        if self.comments.len() <= index {
            self.comments.resize(index + 1, None);
        }
        self.comments[index] = Some(comment.into());
    }
}

/// The date `days` after 1970-01-01 as PGN's `Date` tag writes it, `2026.11.29` (the
/// proleptic Gregorian calendar, by the well-known days-to-civil conversion over
/// 400-year eras).
#[must_use]
pub fn pgn_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// `red` as a tag name: `Red`.
fn tag_name(side: &str) -> String {
    let mut chars = side.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

#[cfg(test)]
mod tests;
