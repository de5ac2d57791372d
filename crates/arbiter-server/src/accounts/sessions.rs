//! Sessions and personal API tokens: 256 random bits each, given to the client once
//! (a session in the `arbiter_session` cookie, an API token in the answer that makes
//! it), stored only as SHA-256 hashes, like seats' tokens. An API token starts with
//! [`API_TOKEN_PREFIX`], which tells it from a seat's token (32 hex digits) without
//! looking either up.

use crate::tokens;

/// The session cookie's name.
pub const COOKIE: &str = "arbiter_session";
/// How long a session lasts from signing in: 30 days.
pub const SESSION_MS: i64 = 30 * 86_400_000;
/// What every personal API token starts with.
pub const API_TOKEN_PREFIX: &str = "arbiter_";

/// A new session token: 32 random bytes as 64 hex digits.
pub fn new_session() -> Result<String, getrandom::Error> {
    tokens::generate_bytes(32)
}

/// A new personal API token: the prefix and 32 random bytes as 64 hex digits.
pub fn new_api_token() -> Result<String, getrandom::Error> {
    Ok(format!("{API_TOKEN_PREFIX}{}", tokens::generate_bytes(32)?))
}

/// Whether `token` is a personal API token (not a seat's).
pub fn is_api_token(token: &str) -> bool {
    token.starts_with(API_TOKEN_PREFIX)
}

/// The `Set-Cookie` value that gives the browser `token` for `max_age_ms`:
/// `HttpOnly` (no script reads it), `SameSite=Lax` (no other site's page sends it
/// with a request it makes, but for a link followed), `Path=/`, and `Secure` when the
/// page is served over HTTPS.
pub fn set_cookie(token: &str, max_age_ms: i64, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}={token}; Max-Age={}; Path=/; HttpOnly; SameSite=Lax{secure}", max_age_ms / 1000)
}

/// The `Set-Cookie` value that makes the browser forget its session.
pub fn clear_cookie(secure: bool) -> String {
    set_cookie("", 0, secure)
}

/// The session token of a request's `Cookie` headers, if it holds one.
pub fn session_of<'a>(cookies: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    cookies
        .flat_map(|header| header.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, value)| *name == COOKIE && !value.is_empty())
        .map(|(_, value)| value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_cookies_and_their_flags() {
        let session = new_session().unwrap();
        assert_eq!(session.len(), 64);
        assert!(!is_api_token(&session));
        let api = new_api_token().unwrap();
        assert!(is_api_token(&api) && api.len() == API_TOKEN_PREFIX.len() + 64);
        assert_eq!(
            set_cookie("abc", SESSION_MS, true),
            "arbiter_session=abc; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax; Secure"
        );
        assert!(!set_cookie("abc", SESSION_MS, false).contains("Secure"));
        assert!(clear_cookie(false).starts_with("arbiter_session=; Max-Age=0;"));
        let headers = ["theme=dark; arbiter_session=xyz", "other=1"];
        assert_eq!(session_of(headers.into_iter()), Some("xyz"));
        assert_eq!(session_of(["arbiter_session="].into_iter()), None);
        assert_eq!(session_of(["arbiter_sessionx=1"].into_iter()), None);
    }
}
