//! Record files as streams: read from a path or standard input (`-`), unpacked on the
//! way when xz-compressed (`.xz`), and read a batch of games at a time
//! (`arbiter::record::RecordStream`: the encoding, UTF-8, GB18030 or Big5, told from
//! the start unless `--encoding` says which; line ends CRLF or LF alike).

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use arbiter::record::{RecordEncoding, StreamError};

use crate::fail::Failure;

/// The encodings a record may be written in, by the names `--encoding` takes.
pub fn encoding_named(name: &str) -> Result<RecordEncoding, Failure> {
    name.parse().map_err(|e| Failure::bad_input(format!("--encoding {e}")))
}

/// A file's bytes as they are read: unpacked as they come when its name ends in `.xz`.
pub type Source = Box<dyn BufRead + Send>;

/// The bytes of `path` (`-`: standard input), unpacked if it ends in `.xz`.
pub fn open(path: &Path) -> Result<Source, Failure> {
    let source: Box<dyn Read + Send> = if path == Path::new("-") {
        Box::new(io::stdin())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| Failure::environment(format!("{}: {e}", path.display())))?)
    };
    if path.extension().is_some_and(|e| e == "xz") {
        return Ok(Box::new(BufReader::new(Unpacked::new(source))));
    }
    Ok(Box::new(BufReader::new(source)))
}

/// What a record stream's refusal says, the file named first.
pub fn stream_failure(name: &str, error: StreamError) -> Failure {
    match error {
        StreamError::Line(arbiter::lines::LineError::Io(e)) => Failure::bad_input(format!("{name}: {e}")),
        StreamError::Undetected { .. } => Failure::bad_input(format!("{name}: {error} (name it with --encoding)")),
        _ => Failure::bad_input(format!("{name}: {error}")),
    }
}

/// An xz stream unpacked on another thread, a block at a time (the decoder writes a
/// dictionary's worth at once), one block waiting at most: memory stays a few blocks
/// however much the archive unpacks to, and a refusal of the text stops the unpacking.
struct Unpacked {
    blocks: Receiver<io::Result<Vec<u8>>>,
    block: Vec<u8>,
    at: usize,
}

impl Unpacked {
    fn new(source: Box<dyn Read + Send>) -> Unpacked {
        let (sender, blocks) = sync_channel(1);
        std::thread::spawn(move || {
            let mut sink = Blocks { sender: sender.clone(), closed: false };
            let unpacked = lzma_rs::xz_decompress(&mut BufReader::new(source), &mut sink);
            if unpacked.is_err() && !sink.closed {
                let _ = sender.send(Err(io::Error::other(arbiter::record::UnpackError::NotXz)));
            }
        });
        Unpacked { blocks, block: Vec::new(), at: 0 }
    }
}

impl Read for Unpacked {
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
