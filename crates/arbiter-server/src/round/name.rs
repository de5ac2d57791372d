//! Players' names: what a player calls themselves when creating or joining a game,
//! trimmed and bounded, shown in the state and the lobby and written in the records.

/// The most characters of a name, after trimming.
pub const MAX_NAME_CHARS: usize = 32;

/// Why a name was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Nothing left after trimming.
    #[error("a name is 1 to {max} characters, not empty", max = MAX_NAME_CHARS)]
    Empty,
    /// Too long after trimming.
    #[error("a name is 1 to {max} characters, not {0}", max = MAX_NAME_CHARS)]
    TooLong(usize),
    /// A control character (a line break, a tab, an escape...).
    #[error("a name holds no control characters")]
    Control,
}

/// A player's name as given, trimmed and checked; `None` if none was given.
pub fn player_name(given: Option<&str>) -> Result<Option<String>, NameError> {
    let Some(given) = given else { return Ok(None) };
    let name = given.trim();
    let chars = name.chars().count();
    if chars == 0 {
        return Err(NameError::Empty);
    }
    if chars > MAX_NAME_CHARS {
        return Err(NameError::TooLong(chars));
    }
    if name.chars().any(char::is_control) {
        return Err(NameError::Control);
    }
    Ok(Some(name.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_bounded_and_free_of_control_characters() {
        assert_eq!(player_name(None).unwrap(), None);
        assert_eq!(player_name(Some("  Xu Yinchuan ")).unwrap().as_deref(), Some("Xu Yinchuan"));
        assert_eq!(player_name(Some("象棋大师")).unwrap().as_deref(), Some("象棋大师"));
        let longest = "é".repeat(MAX_NAME_CHARS);
        assert_eq!(player_name(Some(&longest)).unwrap().as_deref(), Some(longest.as_str()));
        let refused = |text: &str| match player_name(Some(text)) {
            Err(why) => why,
            other => panic!("{text:?}: {other:?}"),
        };
        assert_eq!(refused("   "), NameError::Empty);
        assert_eq!(refused(&"a".repeat(33)), NameError::TooLong(33));
        assert_eq!(refused("a\nb"), NameError::Control);
        assert_eq!(refused("a\u{1b}[31m"), NameError::Control);
    }
}
