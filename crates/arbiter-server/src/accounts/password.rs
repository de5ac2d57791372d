//! Passwords, hashed with Argon2id (the argon2 crate, its default parameters, OWASP's
//! first choice: 19 MiB, 2 passes, 1 lane) and a random salt of 16 bytes, in the PHC
//! string form that keeps the parameters beside the hash. Hashing takes tens of
//! milliseconds and 19 MiB, so it runs on the blocking pool, a few at a time: a flood
//! of sign-ins queues instead of taking every core and all memory. A name with no
//! account is checked against a hash made for the purpose, so that a wrong name and a
//! wrong password take the same time.

use std::sync::{Arc, OnceLock};

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use tokio::sync::Semaphore;

/// Hashes computed at once, at most: each takes 19 MiB for tens of milliseconds.
const AT_ONCE: usize = 2;

/// Why a password could not be hashed or checked: never the password itself.
#[derive(Debug, thiserror::Error)]
pub enum HashError {
    /// The operating system gave no random bytes for the salt.
    #[error("no random bytes for a salt: {0}")]
    Random(#[from] getrandom::Error),
    /// Argon2 failed (it does not for the parameters used).
    #[error("argon2: {0}")]
    Argon2(String),
    /// The hashing task stopped.
    #[error("the hashing task stopped")]
    Stopped,
}

/// Hashes passwords and checks them against hashes, a few at a time.
#[derive(Clone)]
pub struct Passwords {
    permits: Arc<Semaphore>,
}

impl Default for Passwords {
    fn default() -> Passwords {
        Passwords { permits: Arc::new(Semaphore::new(AT_ONCE)) }
    }
}

fn hash_now(password: &str) -> Result<String, HashError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt)?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| HashError::Argon2(e.to_string()))?;
    let hash =
        Argon2::default().hash_password(password.as_bytes(), &salt).map_err(|e| HashError::Argon2(e.to_string()))?;
    Ok(hash.to_string())
}

fn verify_now(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|hash| Argon2::default().verify_password(password.as_bytes(), &hash).is_ok())
}

/// A hash that no password given matches in practice, checked in place of an
/// account's when the name has none.
fn stand_in() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| {
        hash_now("no account has this password: it only takes the time a check takes").unwrap_or_default()
    })
}

impl Passwords {
    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, HashError> {
        let _permit = self.permits.acquire().await.map_err(|_| HashError::Stopped)?;
        tokio::task::spawn_blocking(work).await.map_err(|_| HashError::Stopped)
    }

    /// The stored form of `password`: Argon2id with a new salt, as a PHC string.
    pub async fn hash(&self, password: &str) -> Result<String, HashError> {
        let password = password.to_owned();
        self.run(move || hash_now(&password)).await?
    }

    /// Whether `password` matches `stored`; with no stored hash (no such account), a
    /// check of the same cost that fails.
    pub async fn verify(&self, password: &str, stored: Option<&str>) -> Result<bool, HashError> {
        let password = password.to_owned();
        let stored = stored.map(str::to_owned);
        self.run(move || match stored {
            Some(stored) => verify_now(&password, &stored),
            None => {
                let _ = verify_now(&password, stand_in());
                false
            }
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn passwords_are_hashed_with_argon2id_and_salted() {
        let passwords = Passwords::default();
        let stored = passwords.hash("correct horse").await.unwrap();
        assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{stored}");
        assert!(!stored.contains("correct horse"));
        assert_ne!(stored, passwords.hash("correct horse").await.unwrap(), "a new salt each time");
        assert!(passwords.verify("correct horse", Some(&stored)).await.unwrap());
        assert!(!passwords.verify("correct horsE", Some(&stored)).await.unwrap());
        assert!(!passwords.verify("correct horse", None).await.unwrap());
        assert!(!passwords.verify("x", Some("not a hash")).await.unwrap());
    }
}
