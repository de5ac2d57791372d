//! Seat tokens: 128 random bits, handed out once, stored only as SHA-256 hashes and
//! compared in constant time.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A new token: 16 bytes from the operating system's generator, as 32 hex digits.
pub fn generate() -> Result<String, getrandom::Error> {
    generate_bytes(16)
}

/// A new secret of `bytes` random bytes from the operating system's generator, in hex.
pub fn generate_bytes(bytes: usize) -> Result<String, getrandom::Error> {
    let mut buffer = vec![0u8; bytes];
    getrandom::fill(&mut buffer)?;
    Ok(hex(&buffer))
}

/// A random identifier for a game: 12 bytes, 24 hex digits. Not a secret.
pub fn game_id() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The stored form of a token.
pub fn hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Whether `token` hashes to `stored`, in time that does not depend on where they differ.
pub fn matches(token: &str, stored: &str) -> bool {
    hash(token).as_bytes().ct_eq(stored.as_bytes()).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_verified_by_hash() {
        let (a, b) = (generate().unwrap(), generate().unwrap());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        let stored = hash(&a);
        assert!(matches(&a, &stored));
        assert!(!matches(&b, &stored));
        assert!(!matches("", &stored));
    }
}
