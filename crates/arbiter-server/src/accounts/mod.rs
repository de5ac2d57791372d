//! Accounts: signing up with a name and a password, signing in and out, the session
//! and the personal API tokens that say who a request is, and the limits on failed
//! sign-ins. Without HTTP: the API reads requests and writes cookies (see
//! `api::accounts`); what is checked, stored and refused is here.
//!
//! A wrong password and a name with no account get the same answer, after a password
//! check of the same cost (see [`password`]). Failed sign-ins are counted by name and
//! by address over [`WINDOW_MS`]; past [`MAX_FAILURES_PER_NAME`] for a name or
//! [`MAX_FAILURES_PER_ADDRESS`] for an address, sign-ins are refused without a check
//! until the window has moved on. Sign-ups are counted by address too.

pub mod names;
pub mod password;
pub mod sessions;

use std::net::IpAddr;

use crate::app::AppState;
use crate::store::{Account, StoreError};
use crate::tokens;
use names::{CredentialError, account_name, name_key, new_password};
use password::HashError;

/// The window over which failed sign-ins (and sign-ups) are counted: 15 minutes.
pub const WINDOW_MS: i64 = 15 * 60_000;
/// Failed sign-ins for one name within the window, after which it is refused.
pub const MAX_FAILURES_PER_NAME: i64 = 5;
/// Failed sign-ins from one address within the window, after which it is refused.
pub const MAX_FAILURES_PER_ADDRESS: i64 = 20;
/// Accounts made from one address within the window.
pub const MAX_SIGN_UPS_PER_ADDRESS: i64 = 10;
/// The most API tokens an account holds.
pub const MAX_API_TOKENS: usize = 20;
/// The most characters of an API token's label.
pub const MAX_LABEL_CHARS: usize = 64;

/// Why signing up or in was refused or failed. Nothing here holds a password.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// A name or a password that cannot be an account's.
    #[error("{0}")]
    Credential(#[from] CredentialError),
    /// The name is taken (in any case).
    #[error("that name is taken")]
    NameTaken,
    /// A wrong name or password: the same answer for both.
    #[error("wrong name or password")]
    BadCredentials,
    /// Too many failed sign-ins (or sign-ups) for the name or the address.
    #[error("too many attempts: try again in {0} s")]
    TooMany(i64),
    /// No session or API token says who the request is.
    #[error("not signed in")]
    NotSignedIn,
    /// An API token label that is empty or too long.
    #[error("a token's label is 1 to {MAX_LABEL_CHARS} characters with no control character")]
    BadLabel,
    /// An account holds as many API tokens as it may.
    #[error("an account holds at most {MAX_API_TOKENS} API tokens: revoke one first")]
    TooManyTokens,
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A password could not be hashed or checked.
    #[error(transparent)]
    Hash(#[from] HashError),
    /// The operating system gave no random bytes.
    #[error("no random bytes: {0}")]
    Random(#[from] getrandom::Error),
}

/// The key an address's attempts are counted under: an IPv4 address whole, an IPv6
/// address by its /64 network (one machine's share on most networks).
pub fn address_key(address: IpAddr) -> String {
    match address {
        IpAddr::V4(v4) => format!("addr:{v4}"),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => format!("addr:{v4}"),
            None => {
                let s = v6.segments();
                format!("addr:{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

/// Refuses with the seconds to wait if `subject` had `max` attempts in the window.
async fn within_limit(app: &AppState, subject: &str, max: i64, now: i64) -> Result<(), AccountError> {
    let (count, first) = app.store.failures(subject, now - WINDOW_MS).await?;
    if count >= max {
        let wait = first.map_or(WINDOW_MS, |at| at + WINDOW_MS - now);
        return Err(AccountError::TooMany((wait + 999).max(1000) / 1000));
    }
    Ok(())
}

/// A new session's token for `account`, stored as its hash.
async fn open_session(app: &AppState, account: &Account, now: i64) -> Result<String, AccountError> {
    let token = sessions::new_session()?;
    app.store.create_session(&tokens::hash(&token), account.id, now, now + sessions::SESSION_MS).await?;
    Ok(token)
}

/// Makes an account `name` with `password`, from `address` at `now`, and signs it in:
/// the account and its session's token.
pub async fn sign_up(
    app: &AppState,
    name: &str,
    password: &str,
    address: IpAddr,
    now: i64,
) -> Result<(Account, String), AccountError> {
    let (name, key) = account_name(name)?;
    new_password(password)?;
    let subject = format!("signup:{}", address_key(address));
    within_limit(app, &subject, MAX_SIGN_UPS_PER_ADDRESS, now).await?;
    if app.store.account_by_key(&key).await?.is_some() {
        return Err(AccountError::NameTaken);
    }
    let hash = app.passwords.hash(password).await?;
    let account = app.store.create_account(&name, &key, &hash, now).await?.ok_or(AccountError::NameTaken)?;
    app.store.add_failures(&[subject], now).await?;
    let token = open_session(app, &account, now).await?;
    Ok((account, token))
}

/// Signs `name` in with `password`, from `address` at `now`: the account and its new
/// session's token. A wrong password and an unknown name are the same refusal.
pub async fn sign_in(
    app: &AppState,
    name: &str,
    password: &str,
    address: IpAddr,
    now: i64,
) -> Result<(Account, String), AccountError> {
    // A name or password that no account can have is a failed sign-in like another,
    // but never hashed: its length is bounded first.
    let well_formed = account_name(name).is_ok() && password.len() <= names::MAX_PASSWORD_BYTES;
    let key = if well_formed { name_key(name) } else { String::new() };
    let subjects = [format!("name:{key}"), address_key(address)];
    within_limit(app, &subjects[1], MAX_FAILURES_PER_ADDRESS, now).await?;
    if well_formed {
        within_limit(app, &subjects[0], MAX_FAILURES_PER_NAME, now).await?;
    }
    let found = if well_formed { app.store.account_by_key(&key).await? } else { None };
    let password_ok = if well_formed {
        app.passwords.verify(password, found.as_ref().map(|(_, hash)| hash.as_str())).await?
    } else {
        false
    };
    match found {
        Some((account, _)) if password_ok => {
            app.store.clear_failures(&subjects[0]).await?;
            let token = open_session(app, &account, now).await?;
            Ok((account, token))
        }
        _ => {
            let counted = if well_formed { &subjects[..] } else { &subjects[1..] };
            app.store.add_failures(counted, now).await?;
            Err(AccountError::BadCredentials)
        }
    }
}

/// Ends the session whose token is `token`.
pub async fn sign_out(app: &AppState, token: &str) -> Result<(), AccountError> {
    Ok(app.store.delete_session(&tokens::hash(token)).await?)
}

/// The account of session `token` at `now`, if the session stands.
pub async fn session_account(app: &AppState, token: &str, now: i64) -> Result<Option<Account>, AccountError> {
    Ok(app.store.session_account(&tokens::hash(token), now).await?)
}

/// The account of API token `token`, if it stands.
pub async fn token_account(app: &AppState, token: &str, now: i64) -> Result<Option<Account>, AccountError> {
    Ok(app.store.api_token_account(&tokens::hash(token), now).await?)
}

/// A new personal API token for `account`, labelled `label`: its public id and the
/// token, given only here.
pub async fn new_api_token(
    app: &AppState,
    account: &Account,
    label: &str,
    now: i64,
) -> Result<(String, String), AccountError> {
    let label = label.trim();
    let chars = label.chars().count();
    if chars == 0 || chars > MAX_LABEL_CHARS || label.chars().any(char::is_control) {
        return Err(AccountError::BadLabel);
    }
    if app.store.api_tokens(account.id).await?.len() >= MAX_API_TOKENS {
        return Err(AccountError::TooManyTokens);
    }
    let token = sessions::new_api_token()?;
    let id = tokens::game_id()?;
    app.store.create_api_token(&id, &tokens::hash(&token), account.id, label, now).await?;
    Ok((id, token))
}

/// Sweeps the failed sign-ins older than the window and the sessions that have ended.
pub async fn sweep(app: &AppState, now: i64) -> Result<(), StoreError> {
    app.store.sweep_accounts(now - WINDOW_MS, now).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_keyed_by_host_or_network() {
        assert_eq!(address_key("192.0.2.7".parse().unwrap()), "addr:192.0.2.7");
        assert_eq!(address_key("2001:db8:1:2:3:4:5:6".parse().unwrap()), "addr:2001:db8:1:2::/64");
        assert_eq!(address_key("2001:db8:1:2:ffff::1".parse().unwrap()), "addr:2001:db8:1:2::/64");
        assert_eq!(address_key("::ffff:192.0.2.7".parse().unwrap()), "addr:192.0.2.7");
    }
}
