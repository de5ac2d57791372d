//! Why options were refused, and the refusal of a game's name that names no game.

use std::str::FromStr;

use super::kind::GameKind;

/// Why options were refused. Options are named as in JSON (`move_limit`); front ends
/// that spell them otherwise (`--move-limit`) use [`OptionsError::describe`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// No game has this name.
    #[error("unknown game {:?}: expected {names}", crate::lines::excerpt(.0), names = GameKind::names())]
    UnknownGame(String),
    /// The game takes no such option.
    #[error("option {option:?} does not apply to {game}")]
    NotApplicable {
        /// The option, as named in JSON.
        option: &'static str,
        /// The game it was given for.
        game: GameKind,
    },
    /// The option's value is refused; `message` is its reader's sentence (a FEN's
    /// fault, a board size out of range).
    #[error("option {option:?}: {message}")]
    Invalid {
        /// The option, as named in JSON.
        option: &'static str,
        /// Why the value is refused.
        message: String,
    },
    /// Options that cannot be given together.
    #[error("{}", .0.describe(|option| format!("`{option}`")))]
    Conflict(Conflict),
}

/// Options given together that exclude each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Conflict {
    /// `board` gives the size, so `size`, `rows` and `cols` cannot be given with it.
    BoardGivesSize,
    /// The size is given as `size`, or as `rows` and `cols`, not both ways.
    SizeAndRowsOrCols,
}

impl Conflict {
    /// The options in conflict, as named in JSON.
    #[must_use]
    pub const fn options(self) -> &'static [&'static str] {
        match self {
            Conflict::BoardGivesSize => &["board", "size", "rows", "cols"],
            Conflict::SizeAndRowsOrCols => &["size", "rows", "cols"],
        }
    }

    /// What to do, with the options spelled by `spell`.
    #[must_use]
    pub fn describe(self, spell: impl Fn(&str) -> String) -> String {
        match self {
            Conflict::BoardGivesSize => {
                format!(
                    "{} gives the size: leave out {}, {} and {}",
                    spell("board"),
                    spell("size"),
                    spell("rows"),
                    spell("cols")
                )
            }
            Conflict::SizeAndRowsOrCols => {
                format!("give {}, or {} and {}, not both", spell("size"), spell("rows"), spell("cols"))
            }
        }
    }
}

impl OptionsError {
    /// The error with options spelled by `spell` (`|o| format!("--{o}")`).
    #[must_use]
    pub fn describe(&self, spell: impl Fn(&str) -> String) -> String {
        match self {
            OptionsError::NotApplicable { option, game } => format!("{} does not apply to {game}", spell(option)),
            OptionsError::Invalid { option, message } => format!("{}: {message}", spell(option)),
            OptionsError::Conflict(conflict) => conflict.describe(spell),
            OptionsError::UnknownGame(_) => self.to_string(),
        }
    }
}

/// Reading a game's name is refused with [`OptionsError::UnknownGame`]; the impl is
/// here, with the error, so that [`GameKind`] needs nothing from its options.
impl FromStr for GameKind {
    type Err = OptionsError;

    fn from_str(text: &str) -> Result<GameKind, OptionsError> {
        GameKind::ALL.into_iter().find(|k| k.name() == text).ok_or_else(|| OptionsError::UnknownGame(text.to_owned()))
    }
}
