//! What each game's records say of it ([`GameRecords`]), reached from its kind, its
//! options or a game of any kind.

use super::any::AnyGame;
use super::kind::GameKind;
use super::made::{AnyHistory, each, each_kind};
use super::options::GameOptions;
use crate::options::OptionsInput;
use crate::records::{GameRecords, OtherGame, Readings, ResultTokens, StartTags, Tags};

impl GameKind {
    /// The result tokens of the game's records: `1-0`, `0-1`, `1/2-1/2`; draughts
    /// `2-0`, `0-2`, `1-1`.
    #[must_use]
    pub fn result_tokens(self) -> ResultTokens {
        each_kind!(self, G => G::RESULTS)
    }

    /// The tag that says which notation a record's moves are in (Xiangqi's `Format`),
    /// for `notation`, one of [`GameKind::record_notations`], or `None` for the
    /// standard one; games whose records have one notation have no such tag.
    #[must_use]
    pub fn notation_tag(self, notation: Option<&str>) -> Option<(&'static str, &'static str)> {
        each_kind!(self, G => G::notation_tag(notation))
    }

    /// A move's text as the game plays it written as its records write it: `h2e2` as
    /// `H2-E2`; most games write it as it is.
    #[must_use]
    pub fn record_text(self, text: &str) -> String {
        each_kind!(self, G => G::record_text(text))
    }

    /// Adds to `input` what a recorded game's `tags` say of its start (its board's
    /// size, its rule set), beyond the `FEN` tag; refuses a record of another game.
    pub fn read_start(self, tags: &dyn Tags, input: &mut OptionsInput) -> Result<(), OtherGame> {
        each_kind!(self, G => G::read_start(tags, input))
    }

    /// The game's position text made the start of a new game, for play that went on
    /// after the rules ended a game.
    #[must_use]
    pub fn restart(self, position: String) -> String {
        each_kind!(self, G => G::restart(position))
    }
}

impl GameOptions {
    /// The tags a record of a game started with these options begins with.
    #[must_use]
    pub fn start_tags(&self) -> StartTags {
        each!(GameOptions, self, options, G => G::start_tags(options))
    }
}

impl AnyGame {
    /// The legal moves a loosely written recorded move may mean here, and a note on how
    /// it was written (see [`GameRecords::readings`]).
    #[must_use]
    pub fn readings(&self, text: &str) -> Readings {
        each!(AnyHistory, self.history(), game, G => G::readings(game, text))
    }
}
