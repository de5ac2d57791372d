//! What a game's records say of it beyond its moves, which each game states in its
//! own `record.rs` by implementing [`GameRecords`]: the tags its start gives a record,
//! the tokens of its results, how its moves are written, what a record's tags say of
//! its start, and what a loosely written move may mean. Reading and writing record
//! files is above the rules (the `arbiter-formats` crate); this is what it asks of a
//! game.

use crate::history::WithHistory;
use crate::options::OptionsInput;
use crate::side::Side;
use crate::spec::GameSpec;

/// A game's records as the game states them. Every method has the default of a game
/// whose records are plain PGN-like text: no tags of its own, PGN's results, moves
/// written as played.
pub trait GameRecords: GameSpec {
    /// Its records' result tokens.
    const RESULTS: ResultTokens = ResultTokens::PGN;

    /// The tags a record of a game started with `options` begins with.
    fn start_tags(options: &Self::Options) -> StartTags {
        let _ = options;
        StartTags::default()
    }

    /// The tag that says which notation a record's moves are in (Xiangqi's `Format`),
    /// for a notation of [`GameSpec::NOTATIONS`] or `None` for the standard one.
    fn notation_tag(notation: Option<&str>) -> Option<(&'static str, &'static str)> {
        let _ = notation;
        None
    }

    /// A move's text as the game plays it, written as records write it (`h2e2` as
    /// `H2-E2`).
    fn record_text(text: &str) -> String {
        text.to_owned()
    }

    /// Adds to `input` what a recorded game's `tags` say of its start (beyond the
    /// `FEN` tag, which every game reads: its board's size, its rule set); refuses a
    /// record of another game.
    fn read_start(tags: &dyn Tags, input: &mut OptionsInput) -> Result<(), OtherGame> {
        let _ = (tags, input);
        Ok(())
    }

    /// A game's position text made the start of a new game, for play that went on
    /// after the rules ended a game (Xiangqi counts its moves without a capture again).
    fn restart(position: String) -> String {
        position
    }

    /// The legal moves a loosely written recorded move may mean in `game` (draughts'
    /// padded squares, captures written by their ends), in the game's own text, and a
    /// note on how it was written; no readings for a text to be played as it stands.
    fn readings(game: &WithHistory<Self::Position>, text: &str) -> Readings {
        let _ = (game, text);
        Readings::default()
    }
}

/// A record's tags, looked up by name, as a game reads its start from them.
pub trait Tags {
    /// The value of tag `name`, if the record has it.
    fn tag(&self, name: &str) -> Option<&str>;
}

/// The result tokens of a game's records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultTokens {
    /// The first side won: `1-0`, draughts' `2-0`.
    pub first_wins: &'static str,
    /// The second side won: `0-1`, draughts' `0-2`.
    pub second_wins: &'static str,
    /// A draw: `1/2-1/2`, draughts' `1-1`.
    pub drawn: &'static str,
}

impl ResultTokens {
    /// PGN's: `1-0`, `0-1`, `1/2-1/2`.
    pub const PGN: ResultTokens = ResultTokens { first_wins: "1-0", second_wins: "0-1", drawn: "1/2-1/2" };

    /// The token of a game won by `winner`, or drawn if `None`.
    #[must_use]
    pub const fn of(self, winner: Option<Side>) -> &'static str {
        match winner {
            Some(Side::First) => self.first_wins,
            Some(Side::Second) => self.second_wins,
            None => self.drawn,
        }
    }
}

/// The tags a game's start gives its record, from its options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartTags {
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

/// What a loosely written recorded move may mean: the legal moves it fits, in the
/// game's own text, and a note on how it was written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Readings {
    /// The legal moves the text may mean (or the plain text the rules are to refuse);
    /// empty for a text to be played as it stands.
    pub moves: Vec<String>,
    /// How the move was written, where it is worth a note ("written as a step, it is a
    /// capture").
    pub note: Option<String>,
}

/// A record whose tags say it is of another game or rule set than the one it is read
/// as: `[GameType "21"] is English draughts (checkers), not international draughts`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("[{tag} \"{value}\"] is {found}, not {expected}")]
pub struct OtherGame {
    /// The tag that says so.
    pub tag: &'static str,
    /// Its value, as written (its start, if it runs on).
    pub value: String,
    /// What the value names.
    pub found: &'static str,
    /// What the record is read as.
    pub expected: &'static str,
}

/// Reads a record's `Size` tag (`24`, or `15x20` for columns by rows) into `input`,
/// unless the size is given there already: for games whose records carry their board.
pub(crate) fn size_from_tags(tags: &dyn Tags, input: &mut OptionsInput) {
    if input.has("size") || input.has("rows") {
        return;
    }
    let number = |text: &str| text.trim().parse::<u32>().ok();
    if let Some(size) = tags.tag("Size") {
        match size.split_once('x') {
            Some((columns, rows)) => {
                if let (Some(columns), Some(rows)) = (number(columns), number(rows)) {
                    input.set("cols", columns);
                    input.set("rows", rows);
                }
            }
            None => {
                if let Some(size) = number(size) {
                    input.set("size", size);
                }
            }
        }
    }
}
