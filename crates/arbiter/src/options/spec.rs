//! How a game describes the options it takes, for front ends that build a form, a
//! `--help` or a flag from them: each option's name, label, how it is entered, and its
//! default in words.

/// How an option is entered, for front ends that build a form from the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "type", rename_all = "lowercase"))]
pub enum OptionInput {
    /// Free text, such as a FEN.
    Text,
    /// One of a few names, the first the default.
    Choice {
        /// The names a user may pick from, the default first.
        choices: &'static [&'static str],
    },
    /// A whole number from `min` to `max`.
    Number {
        /// The smallest value accepted.
        min: u32,
        /// The largest value accepted (inclusive).
        max: u32,
    },
    /// On or off.
    Flag,
}

/// One option of a game: its name (as in JSON), what it means, how it is entered,
/// and its default in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct OptionSpec {
    /// The option's key in [`OptionsInput`](crate::OptionsInput) and in JSON
    /// (`move_limit`); front ends may spell it their own way (`--move-limit`).
    pub name: &'static str,
    /// A short English label for a form or `--help`.
    pub help: &'static str,
    /// How the value is entered, and the values accepted.
    pub input: OptionInput,
    /// The value taken when the option is left out, in words for people ("60",
    /// "the standard start"), not necessarily a value to parse.
    pub default: &'static str,
}

impl OptionSpec {
    /// A free-text option.
    #[must_use]
    pub const fn text(name: &'static str, help: &'static str, default: &'static str) -> OptionSpec {
        OptionSpec { name, help, input: OptionInput::Text, default }
    }

    /// An option that names one of `choices`, the first the default.
    #[must_use]
    pub const fn choice(name: &'static str, help: &'static str, choices: &'static [&'static str]) -> OptionSpec {
        let default = match choices.first() {
            Some(first) => first,
            None => "",
        };
        OptionSpec { name, help, input: OptionInput::Choice { choices }, default }
    }

    /// A whole number from `min` to `max`.
    #[must_use]
    pub const fn number(
        name: &'static str,
        help: &'static str,
        min: u32,
        max: u32,
        default: &'static str,
    ) -> OptionSpec {
        OptionSpec { name, help, input: OptionInput::Number { min, max }, default }
    }

    /// An option that is on or off.
    #[must_use]
    pub const fn flag(name: &'static str, help: &'static str, default: &'static str) -> OptionSpec {
        OptionSpec { name, help, input: OptionInput::Flag, default }
    }
}
