//! The registry: every game arbiter referees, known to every front end through one
//! list. A front end (the command line, the server, the browser page, the match
//! runner) names no game: it reads a [`GameKind`] from text, checks the user's
//! options with [`GameOptions::new`], starts an [`AnyGame`] and asks it what it needs.
//!
//! A game of each kind, started, played and ended through the registry:
//!
//! ```
//! use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput, Side};
//!
//! let start = |kind: GameKind, input: OptionsInput| AnyGame::new(&GameOptions::new(kind, &input).unwrap());
//!
//! // Xiangqi: two chariots mate.
//! let fen = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w".to_owned();
//! let mut xiangqi = start(GameKind::Xiangqi, OptionsInput { fen: Some(fen), ..Default::default() });
//! xiangqi.play_text("b0b9").unwrap();
//! assert_eq!(xiangqi.outcome().unwrap().describe(|s| GameKind::Xiangqi.side_name(s)), "red wins by checkmate");
//!
//! // Draughts: White's capture leaves Black without a piece.
//! let fen = "W:W28:B23".to_owned();
//! let mut draughts = start(GameKind::Draughts, OptionsInput { fen: Some(fen), ..Default::default() });
//! assert_eq!(draughts.legal_moves()[0].captured, ["23"]);
//! draughts.play_text("28x19").unwrap();
//! assert_eq!(draughts.outcome().unwrap().winner(), Some(Side::First));
//!
//! // Gomoku: Black makes five on a 9x9 board.
//! let mut gomoku = start(GameKind::Gomoku, OptionsInput { size: Some(9), ..Default::default() });
//! for point in ["a1", "a9", "b1", "b9", "c1", "c9", "d1", "d9", "e1"] {
//!     gomoku.play_text(point).unwrap();
//! }
//! assert_eq!(gomoku.outcome().unwrap().termination().as_str(), "five in a row");
//!
//! // TwixT: Black joins the left and right edges of a 5x5 board.
//! let mut twixt = start(GameKind::Twixt, OptionsInput { size: Some(5), ..Default::default() });
//! for point in ["a3", "b1", "c2", "d5", "e3"] {
//!     twixt.play_text(point).unwrap();
//! }
//! assert_eq!(twixt.outcome().unwrap().termination().as_str(), "connection");
//! ```
//!
//! Adding a game: its folder under `src/` (a `Position` that implements [`crate::Game`]
//! and [`crate::LookBack`], and a `record.rs` that says what its records look like),
//! a variant here with its names, options and records, a variant of
//! [`GameOptions`], [`AnyPosition`] and [`AnyHistory`], and a drawing in
//! `arbiter-render`. The command line, the server and the page take it from there.

mod any;
mod options;
pub(crate) mod refusal;

use std::fmt;
use std::io::{BufRead, Write};
use std::str::FromStr;

pub use any::{AnyGame, AnyHistory, AnyPosition, GameStatus, HistoryVisitor, PositionVisitor};
pub use options::{
    Conflict, DraughtsOptions, GameOptions, GomokuOptions, OptionInput, OptionSpec, OptionsError, OptionsInput,
    TwixtOptions, XiangqiOptions,
};
pub use refusal::Illegal;

use crate::game::{Game, Side};
use crate::judge::JudgeError;
use crate::record::{GameRecords, PGN, ReadError, RecordFormat, RecordedGame};
use crate::{draughts, gomoku, twixt, xiangqi};

/// The games arbiter referees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum GameKind {
    /// Chinese chess on 9x10 points, Red first ([`crate::xiangqi`]).
    Xiangqi,
    /// International draughts on 10x10 squares, White first ([`crate::draughts`]).
    Draughts,
    /// Gomoku and Renju on a board of any size, Black first ([`crate::gomoku`]).
    Gomoku,
    /// TwixT on a square board, Black first ([`crate::twixt`]).
    Twixt,
}

impl GameKind {
    /// Every game, in the order front ends list them.
    pub const ALL: [GameKind; 4] = [GameKind::Xiangqi, GameKind::Draughts, GameKind::Gomoku, GameKind::Twixt];

    /// The name in commands and JSON: `xiangqi`, `draughts`, `gomoku`, `twixt`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Xiangqi => "xiangqi",
            GameKind::Draughts => "draughts",
            GameKind::Gomoku => "gomoku",
            GameKind::Twixt => "twixt",
        }
    }

    /// The name people read.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Xiangqi => "Xiangqi",
            GameKind::Draughts => "International draughts",
            GameKind::Gomoku => "Gomoku",
            GameKind::Twixt => "TwixT",
        }
    }

    /// The game's word for a side: "red", "white", "black".
    #[must_use]
    pub fn side_name(self, side: Side) -> &'static str {
        match self {
            GameKind::Xiangqi => xiangqi::Position::side_name(side),
            GameKind::Draughts => draughts::Position::side_name(side),
            GameKind::Gomoku => gomoku::Position::side_name(side),
            GameKind::Twixt => twixt::Position::side_name(side),
        }
    }

    /// Every game's name, for messages: `xiangqi, draughts, gomoku or twixt`.
    #[must_use]
    pub fn names() -> String {
        let names = GameKind::ALL.map(GameKind::name);
        let (last, rest) = names.split_last().expect("at least one game");
        format!("{} or {last}", rest.join(", "))
    }

    /// The options the game takes.
    #[must_use]
    pub const fn options(self) -> &'static [OptionSpec] {
        match self {
            GameKind::Xiangqi => options::XIANGQI_OPTIONS,
            GameKind::Draughts => options::DRAUGHTS_OPTIONS,
            GameKind::Gomoku => options::GOMOKU_OPTIONS,
            GameKind::Twixt => options::TWIXT_OPTIONS,
        }
    }

    /// Notations the game's moves can be written in besides its standard one, by
    /// name (see [`AnyGame::moves_in`]): [`GameKind::record_notations`] but the first.
    #[must_use]
    pub const fn notations(self) -> &'static [&'static str] {
        match self.record_notations().split_first() {
            Some((_, others)) => others,
            None => &[],
        }
    }

    /// Every notation a record of the game's moves can be written in, by name, the
    /// standard one first (`iccs`, `wxf`, `chinese`, `chinese-traditional`; `pdn` for
    /// draughts); empty for games whose records have one notation and no name for it.
    #[must_use]
    pub const fn record_notations(self) -> &'static [&'static str] {
        self.records().notations
    }

    /// The formats the game's record files come in, the one its records are written
    /// in first (PGN; PDN; `.psq` then PGN; `tsgf` then T1j).
    #[must_use]
    pub const fn record_formats(self) -> &'static [RecordFormat] {
        self.records().formats
    }

    /// Every game of a record file's `text`, read in the first of
    /// [`GameKind::record_formats`] that the text looks like (the last when it looks
    /// like none).
    pub fn read_records(self, text: &str) -> Result<Vec<RecordedGame>, ReadError> {
        let formats = self.record_formats();
        let format = formats.iter().find(|f| f.recognizes(text)).or(formats.last()).unwrap_or(&PGN);
        format.read(text)
    }

    /// A move's text as the game plays it written as its records write it: `h2e2` as
    /// `H2-E2`; most games write it as it is.
    #[must_use]
    pub fn record_text(self, text: &str) -> String {
        (self.records().record_text)(text)
    }

    /// What the game's records look like: its own `record.rs` says.
    pub(crate) const fn records(self) -> &'static GameRecords {
        match self {
            GameKind::Xiangqi => &xiangqi::record::RECORDS,
            GameKind::Draughts => &draughts::record::RECORDS,
            GameKind::Gomoku => &gomoku::record::RECORDS,
            GameKind::Twixt => &twixt::record::RECORDS,
        }
    }

    /// The names of the options the game takes.
    pub fn option_names(self) -> impl Iterator<Item = &'static str> + Clone {
        self.options().iter().map(|o| o.name)
    }

    /// Answers the game's contest problem (see `docs/judges/`): reads `input`, writes
    /// the answers to `output`, and warnings (input the format tolerates but that is
    /// probably a mistake) to `warnings`.
    pub fn judge(self, input: impl BufRead, output: impl Write, warnings: impl Write) -> Result<(), JudgeError> {
        match self {
            GameKind::Xiangqi => xiangqi::judge::run(input, output),
            GameKind::Draughts => draughts::judge::run(input, output, warnings),
            GameKind::Gomoku => gomoku::judge::run(input, output),
            GameKind::Twixt => twixt::judge::run(input, output),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = OptionsError;

    fn from_str(text: &str) -> Result<GameKind, OptionsError> {
        GameKind::ALL.into_iter().find(|k| k.name() == text).ok_or_else(|| OptionsError::UnknownGame(text.to_owned()))
    }
}
