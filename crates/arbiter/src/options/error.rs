//! Why options were refused.

/// Why options were refused. Options are named as in JSON (`move_limit`); front ends
/// that spell them otherwise (`--move-limit`) use [`OptionsError::describe`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// No game has this name; `names` lists those that exist (`xiangqi, draughts, gomoku or twixt`).
    #[error("unknown game {:?}: expected {names}", crate::quote::excerpt(.name))]
    UnknownGame {
        /// The name as given.
        name: String,
        /// Every game's name, for the message.
        names: String,
    },
    /// The game takes no such option.
    #[error("option {option:?} does not apply to {game}")]
    NotApplicable {
        /// The option, as named in JSON (its start, if the name runs on).
        option: String,
        /// The name of the game it was given for.
        game: &'static str,
    },
    /// The option's value is refused; `message` is its reader's sentence (a FEN's
    /// fault, a board size out of range, a number where text is expected).
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

impl OptionsError {
    /// `option`'s value refused for `message`.
    pub fn invalid(option: &'static str, message: impl std::fmt::Display) -> OptionsError {
        OptionsError::Invalid { option, message: message.to_string() }
    }

    /// The error with options spelled by `spell` (`|o| format!("--{o}")`).
    #[must_use]
    pub fn describe(&self, spell: impl Fn(&str) -> String) -> String {
        match self {
            OptionsError::NotApplicable { option, game } => format!("{} does not apply to {game}", spell(option)),
            OptionsError::Invalid { option, message } => format!("{}: {message}", spell(option)),
            OptionsError::Conflict(conflict) => conflict.describe(spell),
            OptionsError::UnknownGame { .. } => self.to_string(),
        }
    }
}

/// Options given together that exclude each other: `option` decides what `excluded`
/// would say (a start board gives the board's size), so they cannot be given with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The option that decides.
    pub option: &'static str,
    /// What it decides, in words: "the board's size".
    pub decides: &'static str,
    /// The options it excludes.
    pub excluded: &'static [&'static str],
}

impl Conflict {
    /// What to do, with the options spelled by `spell`: "`board` gives the board's
    /// size: leave out `size`, `rows` and `cols`".
    #[must_use]
    pub fn describe(self, spell: impl Fn(&str) -> String) -> String {
        let names: Vec<String> = self.excluded.iter().map(|name| spell(name)).collect();
        let listed = match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.concat(),
        };
        format!("{} gives {}: leave out {listed}", spell(self.option), self.decides)
    }
}
