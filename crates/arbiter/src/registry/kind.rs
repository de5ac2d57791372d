//! Which game is played: each game's names, its sides' names, the options it takes and
//! the notations of its moves, as its [`GameSpec`] states them; and reading a game from
//! its name.

use std::fmt;
use std::str::FromStr;

use super::made::each_kind;
use crate::options::{OptionSpec, OptionsError};
use crate::side::Side;
use crate::spec::GameSpec;

pub use super::made::GameKind;

impl GameKind {
    /// The name in commands and JSON: `xiangqi`, `draughts`, `gomoku`, `twixt`.
    #[must_use]
    pub fn name(self) -> &'static str {
        each_kind!(self, G => G::NAME)
    }

    /// The name people read.
    #[must_use]
    pub fn title(self) -> &'static str {
        each_kind!(self, G => G::TITLE)
    }

    /// The game's word for a side: "red", "white", "black".
    #[must_use]
    pub fn side_name(self, side: Side) -> &'static str {
        each_kind!(self, G => G::side_name(side))
    }

    /// Every game's name, for messages: `xiangqi, draughts, gomoku or twixt`.
    #[must_use]
    pub fn names() -> String {
        let names: Vec<&str> = GameKind::ALL.iter().map(|kind| kind.name()).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.concat(),
        }
    }

    /// The options the game takes.
    #[must_use]
    pub fn options(self) -> &'static [OptionSpec] {
        each_kind!(self, G => G::OPTIONS)
    }

    /// The names of the options the game takes.
    pub fn option_names(self) -> impl Iterator<Item = &'static str> + Clone {
        self.options().iter().map(|o| o.name)
    }

    /// The option that takes a start position as text (`fen`, Gomoku's `board`), or
    /// `None` if the game starts only from its standard start.
    #[must_use]
    pub fn position_option(self) -> Option<&'static str> {
        each_kind!(self, G => G::POSITION_OPTION)
    }

    /// Every notation a record of the game's moves can be written in, by name, the
    /// standard one first (`iccs`, `wxf`, `chinese`, `chinese-traditional`; `pdn` for
    /// draughts); empty for games whose moves have one notation and no name for it.
    #[must_use]
    pub fn record_notations(self) -> &'static [&'static str] {
        each_kind!(self, G => G::NOTATIONS)
    }

    /// Notations the game's moves can be written in besides its standard one, by
    /// name (see [`AnyGame::moves_in`](crate::AnyGame::moves_in)):
    /// [`GameKind::record_notations`] but the first.
    #[must_use]
    pub fn notations(self) -> &'static [&'static str] {
        match self.record_notations().split_first() {
            Some((_, others)) => others,
            None => &[],
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
        GameKind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == text)
            .ok_or_else(|| OptionsError::UnknownGame { name: text.to_owned(), names: GameKind::names() })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for GameKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameKind, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}
