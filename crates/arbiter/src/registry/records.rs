//! What each game's records look like, reached from its [`GameKind`]: every game's
//! `record.rs` says it, and these methods find it. They are apart from `kind.rs`
//! because a game's records name types (its options, [`crate::AnyGame`],
//! [`crate::record::Record`]) that name a `GameKind` themselves: in `kind.rs` they
//! would close a circle of imports.

use super::kind::GameKind;
use crate::record::format::{GameRecords, PGN, RecordFormat};
use crate::record::read::{ReadError, RecordedGame};
use crate::{draughts, gomoku, twixt, xiangqi};

impl GameKind {
    /// Notations the game's moves can be written in besides its standard one, by
    /// name (see [`AnyGame::moves_in`](crate::AnyGame::moves_in)): [`GameKind::record_notations`] but the first.
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
}
