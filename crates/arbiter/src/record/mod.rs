//! Game records in the formats players exchange: PGN for Xiangqi (with the
//! `Variant` and `FEN` tags readers need), PDN for draughts (results `2-0`, `1-1`,
//! `0-2`), and a PGN-like record for Gomoku and TwixT. [`Record::of`] takes the moves
//! and the game's own tags from a game; a front end adds its tags (event, players,
//! termination) and comments, and `to_string` writes the text.

mod format;
mod psq;
pub mod read;
pub mod replay;
mod twixt_files;
mod write;

pub use format::MoveNotations;
pub use psq::{read_psq, write_psq};
pub use twixt_files::{TSGF_MAX_SIZE, read_t1, read_tsgf, write_tsgf};

pub use read::{ReadError, RecordedGame, RecordedMove, read_games};
pub use replay::{Refusal, Replayed, recorded_result, replay};

use crate::game::Side;
use crate::registry::{AnyGame, GameKind, GameOptions};
use crate::{draughts, xiangqi};

/// How a recorded game ended, as its result tag says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Won(Side),
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
        let draughts = matches!(kind, GameKind::Draughts);
        match self {
            GameResult::Won(Side::First) if draughts => "2-0",
            GameResult::Won(Side::Second) if draughts => "0-2",
            GameResult::Drawn if draughts => "1-1",
            GameResult::Won(Side::First) => "1-0",
            GameResult::Won(Side::Second) => "0-1",
            GameResult::Drawn => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }
}

/// A game's record: tags in order, the moves with their comments, the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
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
    pub result: GameResult,
    /// Whether the first move is the second side's (a position with it to move).
    second_moves_first: bool,
}

impl Record {
    /// The record of `game` so far: the tags of its kind and start, its moves (Xiangqi
    /// moves in `notation`, ICCS `H2-E2` by default), and the result the rules gave.
    #[must_use]
    pub fn of(game: &AnyGame, notation: Option<&str>) -> Record {
        let kind = game.kind();
        let mut tags = vec![("Event".to_owned(), "?".to_owned()), ("Site".to_owned(), "?".to_owned())];
        tags.push(("Date".to_owned(), "????.??.??".to_owned()));
        tags.push(("Round".to_owned(), "?".to_owned()));
        for side in [Side::First, Side::Second] {
            tags.push((tag_name(kind.side_name(side)), "?".to_owned()));
        }
        tags.push(("Result".to_owned(), "*".to_owned()));
        let mut second_moves_first = false;
        match game.options() {
            GameOptions::Xiangqi(options) => {
                tags.insert(0, ("Game".to_owned(), "Chinese Chess".to_owned()));
                tags.push(("Variant".to_owned(), "xiangqi".to_owned()));
                if let Ok(position) = xiangqi::Position::from_fen(&options.fen) {
                    second_moves_first = position.turn() == xiangqi::Color::Black;
                    tags.push(("FEN".to_owned(), position.to_fen()));
                }
                tags.push(("Format".to_owned(), notation_tag(notation).to_owned()));
            }
            GameOptions::Draughts(options) => {
                tags.push(("GameType".to_owned(), "20".to_owned()));
                if let Ok(position) = draughts::Position::from_fen(&options.fen) {
                    second_moves_first = position.turn() == draughts::Color::Black;
                    if options.fen != draughts::START_FEN {
                        tags.push(("FEN".to_owned(), position.to_fen()));
                    }
                }
            }
            GameOptions::Gomoku(options) => {
                tags.insert(0, ("Game".to_owned(), "Gomoku".to_owned()));
                tags.push(("Rules".to_owned(), options.rules.name().to_owned()));
                let size = if options.columns == options.rows {
                    options.columns.to_string()
                } else {
                    format!("{}x{}", options.columns, options.rows)
                };
                tags.push(("Size".to_owned(), size));
                if let Some(board) = &options.board {
                    tags.push(("Board".to_owned(), board.clone()));
                }
            }
            GameOptions::Twixt(options) => {
                tags.insert(0, ("Game".to_owned(), "TwixT".to_owned()));
                tags.push(("Size".to_owned(), options.size.to_string()));
                tags.push(("Swap".to_owned(), options.swap.to_string()));
            }
        }
        let moves = match (kind, notation) {
            (GameKind::Xiangqi, Some(name)) if name != "iccs" => game
                .moves_in(name)
                .map_or_else(|| game.moves().iter().map(|m| iccs(&m.text)).collect(), <[String]>::to_vec),
            (GameKind::Xiangqi, _) => game.moves().iter().map(|m| iccs(&m.text)).collect(),
            _ => game.moves().iter().map(|m| m.text.clone()).collect(),
        };
        let result = game.outcome().map_or(GameResult::Unfinished, |o| GameResult::of_winner(o.winner()));
        let mut record =
            Record { kind, tags, moves, comments: Vec::new(), closing_comment: None, result, second_moves_first };
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

/// The `Format` tag of a Xiangqi notation.
fn notation_tag(notation: Option<&str>) -> &'static str {
    match notation {
        Some("wxf") => "WXF",
        Some("chinese" | "chinese-traditional") => "Chinese",
        _ => "ICCS",
    }
}

/// `h2e2` as PGN records write ICCS: `H2-E2`.
#[must_use]
pub fn iccs(text: &str) -> String {
    let upper = text.to_uppercase();
    match upper.char_indices().skip(1).find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((split, _)) => format!("{}-{}", &upper[..split], &upper[split..]),
        None => upper,
    }
}

#[cfg(test)]
mod tests;
