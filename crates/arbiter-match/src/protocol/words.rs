//! Reading and writing the small pieces of Hub's lines, which the driver and the
//! built-in engine share: `key=value` fields with quotes, and times in seconds.

use crate::quoted::split_quoted;

/// The fields of a Hub line: `command key=value key="two words" flag`.
#[derive(Debug, PartialEq, Eq)]
pub struct HubLine {
    pub command: String,
    pub fields: Vec<(String, String)>,
}

impl HubLine {
    /// Reads a line; `None` for an empty one or an unclosed quote.
    pub fn parse(line: &str) -> Option<HubLine> {
        let words = split_quoted(line)?;
        let mut words = words.into_iter();
        let command = words.next()?;
        let fields = words
            .map(|word| match word.split_once('=') {
                Some((key, value)) => (key.to_owned(), value.to_owned()),
                None => (word, String::new()),
            })
            .collect();
        Some(HubLine { command, fields })
    }

    /// The value of field `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

/// A value for a Hub field, quoted when it must be.
pub fn hub_value(value: &str) -> String {
    if value.is_empty() || value.contains([' ', '=', '"']) {
        format!("\"{}\"", value.replace('"', ""))
    } else {
        value.to_owned()
    }
}

/// Seconds, as Hub gives times, from milliseconds.
pub fn seconds(ms: u64) -> String {
    format!("{:.3}", ms as f64 / 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hub_lines_keep_quoted_values_whole() {
        let line = HubLine::parse(r#"id name=Scan version=3.1 author="Fabien Letouzey" flag"#).unwrap();
        assert_eq!(line.command, "id");
        assert_eq!(line.get("author"), Some("Fabien Letouzey"));
        assert_eq!(line.get("flag"), Some(""));
        assert_eq!(HubLine::parse("info pv=\"32-28"), None);
        assert_eq!(hub_value("32-28 19-23"), "\"32-28 19-23\"");
        assert_eq!(hub_value("normal"), "normal");
    }
}
