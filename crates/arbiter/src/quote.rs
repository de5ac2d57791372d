//! Quoting someone else's text in a message: no more of it than helps, on one line,
//! so that a bad input of any size makes a short message.

/// The most of a bad input an error message quotes, in characters.
pub const EXCERPT: usize = 24;

/// The first [`EXCERPT`] characters of `text`, fewer if they are control characters
/// (quoted, each is written as several), with `...` when there is more: what an error
/// message may quote of an input.
#[must_use]
pub fn excerpt(text: &str) -> String {
    let mut width = 0;
    for (count, (at, ch)) in text.char_indices().enumerate() {
        width += ch.escape_debug().count();
        if count == EXCERPT || width > 2 * EXCERPT {
            return format!("{}...", &text[..at]);
        }
    }
    text.to_owned()
}

/// The most characters of a message made from someone else's words (a JSON parser's,
/// say) that the server answers; see [`one_line`].
pub const MAX_MESSAGE: usize = 300;

/// `message` as one line of at most `max` characters: control characters (line ends
/// above all, which a parser may quote from its input) written as escapes, and `...`
/// ending it where it is cut. Only about `max` characters are ever copied.
#[must_use]
pub fn one_line(message: &str, max: usize) -> String {
    let mut line = String::with_capacity(message.len().min(4 * max));
    let mut width = 0;
    // Where the line is cut if it is too long: the last length that leaves room for `...`.
    let mut cut = None;
    for ch in message.chars() {
        let before = line.len();
        if ch.is_control() {
            line.extend(ch.escape_debug());
        } else {
            line.push(ch);
        }
        width += line[before..].chars().count();
        if cut.is_none() && width > max.saturating_sub(3) {
            cut = Some(before);
        }
        if width > max {
            line.truncate(cut.unwrap_or(0));
            line.push_str("...");
            return line;
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_made_one_bounded_line() {
        assert_eq!(one_line("unknown field `a\nb`", MAX_MESSAGE), "unknown field `a\\nb`");
        let long = one_line(&"\u{7}x".repeat(400), MAX_MESSAGE);
        assert!(!long.contains('\u{7}') && long.ends_with("..."), "{long}");
        assert!(long.chars().count() <= MAX_MESSAGE);
        assert_eq!(one_line("é".repeat(MAX_MESSAGE).as_str(), MAX_MESSAGE).chars().count(), MAX_MESSAGE);
    }

    #[test]
    fn excerpts_are_cut_at_a_character() {
        assert_eq!(excerpt("short"), "short");
        let long = "炮".repeat(30);
        assert_eq!(excerpt(&long), format!("{}...", "炮".repeat(EXCERPT)));
    }
}
