//! Record archives packed with xz (`.xz`), unpacked in memory with a bound on what they
//! unpack to, so that a small crafted file cannot take the machine's memory.

use std::io::Write;

/// The most an archive may unpack to: 1 GiB, some hundred thousand games.
pub const MAX_UNPACKED: usize = 1 << 30;

/// The six bytes every xz file begins with.
const MAGIC: [u8; 6] = [0xfd, b'7', b'z', b'X', b'Z', 0];

/// Why an archive was not unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UnpackError {
    /// The bytes are no xz stream, or a damaged one.
    #[error("not an xz file, or a damaged one")]
    NotXz,
    /// The archive unpacks to more than [`MAX_UNPACKED`] bytes.
    #[error("it unpacks to more than {} MiB", MAX_UNPACKED >> 20)]
    TooLarge,
}

/// Whether `bytes` begin as an xz file does.
#[must_use]
pub fn is_xz(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC)
}

/// The contents of the xz archive `packed`.
pub fn unpack_xz(packed: &[u8]) -> Result<Vec<u8>, UnpackError> {
    let mut out = Bounded { bytes: Vec::with_capacity(packed.len().saturating_mul(8).min(MAX_UNPACKED)), over: false };
    match lzma_rs::xz_decompress(&mut &packed[..], &mut out) {
        Ok(()) => Ok(out.bytes),
        Err(_) if out.over => Err(UnpackError::TooLarge),
        Err(_) => Err(UnpackError::NotXz),
    }
}

/// A buffer that refuses to grow past [`MAX_UNPACKED`].
struct Bounded {
    bytes: Vec<u8>,
    over: bool,
}

impl Write for Bounded {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        if self.bytes.len() + data.len() > MAX_UNPACKED {
            self.over = true;
            return Err(std::io::Error::other("too large"));
        }
        self.bytes.extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_archive_unpacks_and_other_bytes_are_refused() {
        let text = b"[Event \"x\"]\n\n1. h2e2 h9g7 *\n".repeat(50);
        let mut packed = Vec::new();
        lzma_rs::xz_compress(&mut &text[..], &mut packed).unwrap();
        assert!(is_xz(&packed));
        assert_eq!(unpack_xz(&packed).unwrap(), text);
        assert!(!is_xz(&text));
        assert_eq!(unpack_xz(&text), Err(UnpackError::NotXz));
        assert_eq!(unpack_xz(&packed[..packed.len() / 2]), Err(UnpackError::NotXz));
    }
}
