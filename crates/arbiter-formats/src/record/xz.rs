//! Record archives packed with xz (`.xz`): unpacked as they are read ([`XzReader`],
//! for [`RecordStream`](super::RecordStream)), so that memory does not grow with what
//! they unpack to, or unpacked in memory with a bound ([`unpack_xz`]), so that a small
//! crafted file cannot take the machine's memory.

use std::io::{self, BufReader, Read, Write};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

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

/// An xz stream's contents, read as it is unpacked: the decoder (which writes a
/// dictionary's worth at a time) runs on a thread of its own, one block waiting at
/// most, so memory stays a few blocks however much the archive unpacks to, and
/// dropping the reader stops the unpacking. Bytes that are no xz stream, or a damaged
/// one, fail a read with an [`io::Error`] holding [`UnpackError::NotXz`], after the
/// text unpacked before the damage.
pub struct XzReader {
    blocks: Receiver<io::Result<Vec<u8>>>,
    block: Vec<u8>,
    at: usize,
}

impl XzReader {
    /// Unpacks `packed` as it is read.
    pub fn new(packed: impl Read + Send + 'static) -> XzReader {
        let (sender, blocks) = sync_channel(1);
        std::thread::spawn(move || {
            let mut sink = Blocks { sender: sender.clone(), closed: false };
            let unpacked = lzma_rs::xz_decompress(&mut BufReader::new(packed), &mut sink);
            if unpacked.is_err() && !sink.closed {
                let _ = sender.send(Err(io::Error::other(UnpackError::NotXz)));
            }
        });
        XzReader { blocks, block: Vec::new(), at: 0 }
    }
}

impl Read for XzReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.at == self.block.len() {
            match self.blocks.recv() {
                Ok(block) => {
                    self.block = block?;
                    self.at = 0;
                }
                // The decoder finished.
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.block.len() - self.at);
        out[..n].copy_from_slice(&self.block[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The decoder's output, sent a block at a time to the reader.
struct Blocks {
    sender: SyncSender<io::Result<Vec<u8>>>,
    /// The reader stopped reading.
    closed: bool,
}

impl Write for Blocks {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if self.sender.send(Ok(data.to_vec())).is_err() {
            self.closed = true;
            return Err(io::Error::other("the reader stopped"));
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_archive_reads_as_it_unpacks_and_damage_is_an_unpack_error() {
        let text = b"[Event \"x\"]\n\n1. h2e2 h9g7 *\n".repeat(5000);
        let mut packed = Vec::new();
        lzma_rs::xz_compress(&mut &text[..], &mut packed).unwrap();
        let mut unpacked = Vec::new();
        XzReader::new(std::io::Cursor::new(packed.clone())).read_to_end(&mut unpacked).unwrap();
        assert_eq!(unpacked, text);
        let error = XzReader::new(std::io::Cursor::new(packed[..packed.len() / 2].to_vec()))
            .read_to_end(&mut Vec::new())
            .unwrap_err();
        let inner = error.get_ref().and_then(|e| e.downcast_ref::<UnpackError>());
        assert_eq!(inner, Some(&UnpackError::NotXz));
    }

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
