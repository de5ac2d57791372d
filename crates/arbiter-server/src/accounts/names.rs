//! Account names and passwords as they are given, checked before anything is stored
//! or hashed: bounded lengths, so that no request makes the server hash or store a
//! megabyte.

/// The fewest characters of an account's name.
pub const MIN_NAME_CHARS: usize = 2;
/// The most characters of an account's name: the same bound as a player's name.
pub const MAX_NAME_CHARS: usize = crate::round::name::MAX_NAME_CHARS;
/// The fewest characters of a password.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// The most bytes of a password (UTF-8): Argon2 takes any length, but the server
/// hashes nothing this large for anyone.
pub const MAX_PASSWORD_BYTES: usize = 256;

/// Why a name or a password was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CredentialError {
    /// A name of the wrong length.
    #[error("an account's name is {MIN_NAME_CHARS} to {MAX_NAME_CHARS} characters, not {0}")]
    NameLength(usize),
    /// A name with a character other than letters, digits, `_`, `-` and `.`.
    #[error("an account's name is letters, digits, '_', '-' and '.' only")]
    NameCharacters,
    /// A password too short.
    #[error("a password is at least {MIN_PASSWORD_CHARS} characters")]
    PasswordShort,
    /// A password too long.
    #[error("a password is at most {MAX_PASSWORD_BYTES} bytes")]
    PasswordLong,
}

impl CredentialError {
    /// The refusal's stable code.
    pub fn code(&self) -> &'static str {
        match self {
            CredentialError::NameLength(_) | CredentialError::NameCharacters => "bad_account_name",
            CredentialError::PasswordShort | CredentialError::PasswordLong => "bad_password",
        }
    }
}

/// An account's name as given: 2 to 32 letters (any script), digits, `_`, `-` or `.`,
/// so that it reads the same in a page, an address and a record. Returns the name and
/// its key, the name in lower case: two accounts whose names differ only in case
/// cannot both exist.
pub fn account_name(given: &str) -> Result<(String, String), CredentialError> {
    // Counted without going through a long text whole.
    let chars = given.chars().take(MAX_NAME_CHARS + 1).count();
    if !(MIN_NAME_CHARS..=MAX_NAME_CHARS).contains(&chars) {
        let count = if chars > MAX_NAME_CHARS { given.chars().count() } else { chars };
        return Err(CredentialError::NameLength(count));
    }
    if !given.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.')) {
        return Err(CredentialError::NameCharacters);
    }
    Ok((given.to_owned(), name_key(given)))
}

/// The key an account's name is found by: its lower case.
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// A password to set, checked: 8 characters to 256 bytes.
pub fn new_password(given: &str) -> Result<(), CredentialError> {
    if given.len() > MAX_PASSWORD_BYTES {
        return Err(CredentialError::PasswordLong);
    }
    if given.chars().count() < MIN_PASSWORD_CHARS {
        return Err(CredentialError::PasswordShort);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_passwords_are_bounded() {
        assert_eq!(account_name("Ada").unwrap(), ("Ada".to_owned(), "ada".to_owned()));
        assert_eq!(account_name("象棋大师").unwrap().0, "象棋大师");
        assert_eq!(account_name("bo_b-1.x").unwrap().1, "bo_b-1.x");
        assert_eq!(account_name("a"), Err(CredentialError::NameLength(1)));
        assert_eq!(account_name(&"a".repeat(33)), Err(CredentialError::NameLength(33)));
        assert_eq!(account_name(&"é".repeat(32)).unwrap().0.chars().count(), 32);
        for bad in ["Ada Lovelace", "a/b", "a\nb", "<script>", " Ada", "a%20"] {
            assert_eq!(account_name(bad), Err(CredentialError::NameCharacters), "{bad:?}");
        }
        assert_eq!(new_password("short"), Err(CredentialError::PasswordShort));
        assert_eq!(new_password(&"x".repeat(257)), Err(CredentialError::PasswordLong));
        assert_eq!(new_password("correct horse"), Ok(()));
    }
}
