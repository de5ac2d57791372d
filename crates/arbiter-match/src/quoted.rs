//! Words split as a shell splits plain words and double quotes: an engine's
//! `args="..."` and the fields of a Hub line are read the same way.

/// Splits `text` into words at spaces, as a shell does for plain words: double quotes
/// keep spaces in a word (`name="two words"` is one word), `\` inside them takes the
/// next character as it is. `None` for an unclosed quote.
pub(crate) fn split_quoted(text: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut in_word = false;
    let mut quoted = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                quoted = !quoted;
                in_word = true;
            }
            '\\' if quoted => {
                if let Some(next) = chars.next() {
                    current.push(next);
                }
            }
            c if c.is_whitespace() && !quoted => {
                if in_word {
                    words.push(std::mem::take(&mut current));
                    in_word = false;
                }
            }
            c => {
                current.push(c);
                in_word = true;
            }
        }
    }
    if quoted {
        return None;
    }
    if in_word {
        words.push(current);
    }
    Some(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_keep_spaces_and_must_close() {
        assert_eq!(split_quoted(r#"a "b c" d\e"#), Some(vec!["a".into(), "b c".into(), "d\\e".into()]));
        assert_eq!(split_quoted(r#"x="two \"quoted\" words""#), Some(vec![r#"x=two "quoted" words"#.into()]));
        assert_eq!(split_quoted(r#""" end"#), Some(vec![String::new(), "end".into()]));
        assert_eq!(split_quoted("\"open"), None);
    }
}
