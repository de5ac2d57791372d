//! The other side's lines as every protocol loop reads them.

use std::io::{self, BufRead};

/// The other side's lines, each bounded as every reader bounds them
/// ([`arbiter::lines`]): a line too long or not UTF-8 comes as `Err` with why, to be
/// answered in the protocol's words, and the lines after it are read as usual.
pub(super) fn incoming(input: impl BufRead) -> impl Iterator<Item = io::Result<Result<String, String>>> {
    let mut lines = arbiter_formats::lines::LineReader::new(input);
    std::iter::from_fn(move || match lines.next_line() {
        Ok(Some(line)) => Some(Ok(Ok(line.to_owned()))),
        Ok(None) => None,
        Err(arbiter_formats::lines::LineError::Io(e)) => Some(Err(e)),
        Err(refused) => Some(Ok(Err(refused.to_string()))),
    })
}
