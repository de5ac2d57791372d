//! Option values in JSON: a string, a whole number or a boolean, and nothing else,
//! refused in one sentence.

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use super::input::OptionValue;

impl Serialize for OptionValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            OptionValue::Text(text) => serializer.serialize_str(text),
            OptionValue::Number(number) => serializer.serialize_i64(*number),
            OptionValue::Flag(flag) => serializer.serialize_bool(*flag),
        }
    }
}

/// Reads a string, a whole number or a boolean; anything else is refused with one
/// sentence, not serde's list of untried variants.
struct ValueVisitor;

impl Visitor<'_> for ValueVisitor {
    type Value = OptionValue;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a string, a whole number or a boolean")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<OptionValue, E> {
        Ok(OptionValue::Text(text.to_owned()))
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<OptionValue, E> {
        Ok(OptionValue::Text(text))
    }

    fn visit_i64<E: de::Error>(self, number: i64) -> Result<OptionValue, E> {
        Ok(OptionValue::Number(number))
    }

    fn visit_u64<E: de::Error>(self, number: u64) -> Result<OptionValue, E> {
        Ok(OptionValue::Number(i64::try_from(number).unwrap_or(i64::MAX)))
    }

    fn visit_bool<E: de::Error>(self, flag: bool) -> Result<OptionValue, E> {
        Ok(OptionValue::Flag(flag))
    }
}

impl<'de> Deserialize<'de> for OptionValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<OptionValue, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }
}
