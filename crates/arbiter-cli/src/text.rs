//! Record files as text: read from a path or standard input (`-`), unpacked when
//! xz-compressed (`.xz`), and decoded from UTF-8, GB18030 (and GBK, its subset) or
//! Big5, detected unless `--encoding` says which; line ends CRLF or LF alike.

use std::io::Read;
use std::path::Path;

use arbiter::record::{DecodeError, RecordEncoding};

use crate::fail::Failure;

/// The encodings a record may be written in, by the names `--encoding` takes.
pub fn encoding_named(name: &str) -> Result<RecordEncoding, Failure> {
    name.parse().map_err(|e| Failure::bad_input(format!("--encoding {e}")))
}

/// The bytes of `path` (`-`: standard input), unpacked if it ends in `.xz`.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, Failure> {
    let name = path.display();
    let mut bytes = Vec::new();
    if path == Path::new("-") {
        std::io::stdin().lock().read_to_end(&mut bytes).map_err(|e| Failure::environment(format!("-: {e}")))?;
    } else {
        bytes = std::fs::read(path).map_err(|e| Failure::environment(format!("{name}: {e}")))?;
    }
    if path.extension().is_some_and(|e| e == "xz") {
        bytes = arbiter::record::unpack_xz(&bytes).map_err(|e| Failure::bad_input(format!("{name}: {e}")))?;
    }
    Ok(bytes)
}

/// The text of `bytes` in `encoding`, or in the encoding detected (see
/// [`arbiter::record::decode`]); `name` names the file in the error.
pub fn decode(bytes: &[u8], encoding: Option<RecordEncoding>, name: &str) -> Result<String, Failure> {
    arbiter::record::decode(bytes, encoding).map_err(|e| match e {
        DecodeError::Undetected => Failure::bad_input(format!("{name}: {e} (name it with --encoding)")),
        _ => Failure::bad_input(format!("{name}: {e}")),
    })
}
