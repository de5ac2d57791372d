//! Record files as streams: read from a path or standard input (`-`), unpacked on the
//! way when xz-compressed (`.xz`), and read a batch of games at a time
//! (`arbiter_formats::record::RecordStream`: the encoding, UTF-8, GB18030 or Big5, told from
//! the start unless `--encoding` says which; line ends CRLF or LF alike).

use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use arbiter_formats::record::{RecordEncoding, StreamError};

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
        return Ok(Box::new(BufReader::new(arbiter_formats::record::XzReader::new(source))));
    }
    Ok(Box::new(BufReader::new(source)))
}

/// What a record stream's refusal says, the file named first.
pub fn stream_failure(name: &str, error: StreamError) -> Failure {
    match error {
        StreamError::Line(arbiter_formats::lines::LineError::Io(e)) => Failure::bad_input(format!("{name}: {e}")),
        StreamError::Undetected { .. } => Failure::bad_input(format!("{name}: {error} (name it with --encoding)")),
        _ => Failure::bad_input(format!("{name}: {error}")),
    }
}
