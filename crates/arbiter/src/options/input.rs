//! Options as a user gives them: a value by option name, unchecked. A game's options
//! are read from it by the game ([`crate::GameSpec::read_options`]) after the registry
//! has checked the names, types and ranges against the game's [`OptionSpec`]s.

use std::collections::BTreeMap;
use std::fmt;

use super::error::OptionsError;
use super::spec::{OptionInput, OptionSpec};
use crate::quote::excerpt;

/// One option's value as given: text, a whole number, or on/off. In JSON, a string, a
/// number or a boolean.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OptionValue {
    /// Text: a FEN, a rule set's name.
    Text(String),
    /// A whole number (JSON numbers beyond `i64` are held as its bounds, and refused
    /// as out of range).
    Number(i64),
    /// On or off.
    Flag(bool),
}

impl OptionValue {
    /// What kind of value this is, for messages: `text`, `a number`, `true or false`.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            OptionValue::Text(_) => "text",
            OptionValue::Number(_) => "a number",
            OptionValue::Flag(_) => "true or false",
        }
    }
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Text(text) => f.write_str(text),
            OptionValue::Number(number) => write!(f, "{number}"),
            OptionValue::Flag(flag) => write!(f, "{flag}"),
        }
    }
}

impl From<&str> for OptionValue {
    fn from(text: &str) -> OptionValue {
        OptionValue::Text(text.to_owned())
    }
}

impl From<String> for OptionValue {
    fn from(text: String) -> OptionValue {
        OptionValue::Text(text)
    }
}

impl From<u32> for OptionValue {
    fn from(number: u32) -> OptionValue {
        OptionValue::Number(i64::from(number))
    }
}

impl From<i32> for OptionValue {
    fn from(number: i32) -> OptionValue {
        OptionValue::Number(i64::from(number))
    }
}

impl From<i64> for OptionValue {
    fn from(number: i64) -> OptionValue {
        OptionValue::Number(number)
    }
}

impl From<bool> for OptionValue {
    fn from(flag: bool) -> OptionValue {
        OptionValue::Flag(flag)
    }
}

/// Options as a user gives them: a value by option name (`fen`, `rules`, `size`,
/// `move_limit`, ...), each game taking some. [`crate::GameOptions::new`] checks them
/// for a game and fills in the defaults; with the `serde` feature this is also the
/// options' JSON form, an object of strings, numbers and booleans.
///
/// ```
/// use arbiter::OptionsInput;
///
/// let input = OptionsInput::new().with("rules", "renju").with("size", 15);
/// assert_eq!(input.text("rules"), Ok(Some("renju")));
/// assert_eq!(input.number("size"), Ok(Some(15)));
/// assert!(input.text("size").is_err(), "a number is not text");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(transparent))]
pub struct OptionsInput {
    values: BTreeMap<String, OptionValue>,
}

impl OptionsInput {
    /// No option given.
    #[must_use]
    pub fn new() -> OptionsInput {
        OptionsInput::default()
    }

    /// The same options with `name` set to `value`.
    #[must_use]
    pub fn with(mut self, name: &str, value: impl Into<OptionValue>) -> OptionsInput {
        self.set(name, value);
        self
    }

    /// Sets `name` to `value`, in place of any value it had.
    pub fn set(&mut self, name: &str, value: impl Into<OptionValue>) {
        self.values.insert(name.to_owned(), value.into());
    }

    /// Takes `name` out, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<OptionValue> {
        self.values.remove(name)
    }

    /// The value given for `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&OptionValue> {
        self.values.get(name)
    }

    /// Whether `name` is given.
    #[must_use]
    pub fn has(&self, name: &str) -> bool {
        self.values.contains_key(name)
    }

    /// Every option given, by name in alphabetical order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &OptionValue)> {
        self.values.iter().map(|(name, value)| (name.as_str(), value))
    }

    /// Whether no option is given.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The text given for `name`; refused if the value is not text.
    pub fn text(&self, name: &'static str) -> Result<Option<&str>, OptionsError> {
        match self.values.get(name) {
            None => Ok(None),
            Some(OptionValue::Text(text)) => Ok(Some(text)),
            Some(other) => Err(wrong_kind(name, "text", other)),
        }
    }

    /// The whole number given for `name`, from 0 to `u32::MAX`; refused if the value is
    /// not a number or out of that range.
    pub fn number(&self, name: &'static str) -> Result<Option<u32>, OptionsError> {
        match self.values.get(name) {
            None => Ok(None),
            Some(&OptionValue::Number(number)) => u32::try_from(number)
                .map(Some)
                .map_err(|_| OptionsError::invalid(name, format!("{number} is out of range"))),
            Some(other) => Err(wrong_kind(name, "a whole number", other)),
        }
    }

    /// Whether `name` is given on or off; refused if the value is not `true` or `false`.
    pub fn flag(&self, name: &'static str) -> Result<Option<bool>, OptionsError> {
        match self.values.get(name) {
            None => Ok(None),
            Some(&OptionValue::Flag(flag)) => Ok(Some(flag)),
            Some(other) => Err(wrong_kind(name, "true or false", other)),
        }
    }

    /// Checks the options given against a game's `specs`: every name one of the game's
    /// options, every value of the option's type. What a value means (a FEN, a rule
    /// set's name, a board's size) is the game's to check; [`OptionsInput::check_ranges`]
    /// is the net under the numbers.
    pub fn check(&self, game: &'static str, specs: &[OptionSpec]) -> Result<(), OptionsError> {
        for (name, value) in &self.values {
            let Some(spec) = specs.iter().find(|spec| spec.name == name) else {
                return Err(OptionsError::NotApplicable { option: excerpt(name), game });
            };
            match (spec.input, value) {
                (OptionInput::Text | OptionInput::Choice { .. }, OptionValue::Text(_))
                | (OptionInput::Flag, OptionValue::Flag(_)) => {}
                (OptionInput::Number { .. }, OptionValue::Number(_)) => {}
                (OptionInput::Text | OptionInput::Choice { .. }, other) => {
                    return Err(wrong_kind(spec.name, "text", other));
                }
                (OptionInput::Number { .. }, other) => return Err(wrong_kind(spec.name, "a whole number", other)),
                (OptionInput::Flag, other) => return Err(wrong_kind(spec.name, "true or false", other)),
            }
        }
        Ok(())
    }
}

impl OptionsInput {
    /// Checks every number given against its range in `specs` (the options that are not
    /// numbers, or not in `specs`, are [`OptionsInput::check`]'s).
    pub fn check_ranges(&self, specs: &[OptionSpec]) -> Result<(), OptionsError> {
        for (name, value) in &self.values {
            let Some(spec) = specs.iter().find(|spec| spec.name == name) else { continue };
            if let (OptionInput::Number { min, max }, &OptionValue::Number(number)) = (spec.input, value)
                && (number < i64::from(min) || number > i64::from(max))
            {
                return Err(OptionsError::invalid(
                    spec.name,
                    format!("{number} is out of range: expected {min} to {max}"),
                ));
            }
        }
        Ok(())
    }
}

fn wrong_kind(option: &'static str, expected: &str, given: &OptionValue) -> OptionsError {
    OptionsError::invalid(option, format!("expected {expected}, not {}", given.kind()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec::text("fen", "Start position", "the standard start"),
        OptionSpec::number("size", "Board size", 3, 10, "5"),
        OptionSpec::flag("swap", "Swap rule", "off"),
    ];

    #[test]
    fn names_types_and_ranges_are_checked_against_the_specs() {
        let good = OptionsInput::new().with("fen", "x").with("size", 10).with("swap", true);
        assert_eq!(good.check("game", SPECS), Ok(()));
        let unknown = OptionsInput::new().with("rules", "renju");
        assert_eq!(
            unknown.check("game", SPECS),
            Err(OptionsError::NotApplicable { option: "rules".into(), game: "game" })
        );
        let text_for_number = OptionsInput::new().with("size", "ten");
        assert_eq!(
            text_for_number.check("game", SPECS).unwrap_err().to_string(),
            "option \"size\": expected a whole number, not text"
        );
        let too_big = OptionsInput::new().with("size", 11);
        assert_eq!(too_big.check("game", SPECS), Ok(()), "the game's to say first");
        assert_eq!(
            too_big.check_ranges(SPECS).unwrap_err().to_string(),
            "option \"size\": 11 is out of range: expected 3 to 10"
        );
        let number_for_flag = OptionsInput::new().with("swap", 1);
        assert!(number_for_flag.check("game", SPECS).is_err());
    }

    #[test]
    fn typed_reads_refuse_other_types() {
        let input = OptionsInput::new().with("size", -1).with("fen", "x");
        assert!(input.number("size").is_err(), "negative");
        assert_eq!(input.text("fen"), Ok(Some("x")));
        assert!(input.flag("fen").is_err());
        assert_eq!(input.flag("swap"), Ok(None));
    }
}
