//! Text read one line at a time with a bound on a line's length, so that memory does
//! not grow with a bad line: a line longer than any valid one is refused after its
//! first [`LineReader::limit`] bytes, and bytes that are not UTF-8 are refused with
//! the line they are on. Every reader of line-based input (the judges, `replay`, the
//! engine protocols) reads through it, so all of them refuse bad input alike.

use std::io::{self, BufRead, Read};

use arbiter::quote::{EXCERPT, excerpt};

/// The longest line accepted unless a reader says otherwise: 64 KiB, far more than
/// any valid line of any format read here (a FEN, a tag line, a game's movetext on one
/// line, a judge's case).
pub const MAX_LINE: usize = 64 * 1024;

/// Why a line was not read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LineError {
    /// The line goes on past the limit; `begins` quotes its start.
    #[error("line {line}: longer than {limit} bytes, more than any valid line (it begins {begins:?})")]
    TooLong {
        /// The 1-based line number.
        line: usize,
        /// The longest line accepted, in bytes.
        limit: usize,
        /// The line's first characters.
        begins: String,
    },
    /// The line holds bytes that are not UTF-8; `column` is the first one's 1-based place.
    #[error("line {line}: not UTF-8 text (byte {column} of the line)")]
    NotUtf8 {
        /// The 1-based line number.
        line: usize,
        /// The 1-based byte offset of the first bad byte in the line.
        column: usize,
    },
    /// Reading failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl LineError {
    /// The 1-based number of the line at fault, if the input was at fault.
    #[must_use]
    pub fn line(&self) -> Option<usize> {
        match self {
            LineError::TooLong { line, .. } | LineError::NotUtf8 { line, .. } => Some(*line),
            LineError::Io(_) => None,
        }
    }

    /// What is wrong with the line, without its number (for messages that place the
    /// line themselves).
    #[must_use]
    pub fn fault(&self) -> String {
        let text = self.to_string();
        match self.line() {
            Some(line) => text.strip_prefix(&format!("line {line}: ")).unwrap_or(&text).to_owned(),
            None => text,
        }
    }
}

/// Reads lines into one reused buffer, counting them; a line's end is `\n` or `\r\n`.
pub struct LineReader<R> {
    reader: R,
    buffer: Vec<u8>,
    number: usize,
    limit: usize,
    /// The rest of a line refused as too long is still to be passed over.
    skipping: bool,
}

impl<R: BufRead> LineReader<R> {
    /// A reader of lines up to [`MAX_LINE`] bytes.
    pub fn new(reader: R) -> Self {
        LineReader::with_limit(reader, MAX_LINE)
    }

    /// A reader of lines up to `limit` bytes (without the line end).
    pub fn with_limit(reader: R, limit: usize) -> Self {
        LineReader { reader, buffer: Vec::new(), number: 0, limit, skipping: false }
    }

    /// The longest line accepted, in bytes.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The number of the line last read, 1-based (0 before the first).
    pub fn number(&self) -> usize {
        self.number
    }

    /// The next line without its line end, or `None` at the end of the input.
    /// After a line refused as too long, the next call reads the line after it.
    pub fn next_line(&mut self) -> Result<Option<&str>, LineError> {
        let number = self.number + 1;
        match self.next_bytes()? {
            None => Ok(None),
            Some(bytes) => std::str::from_utf8(bytes)
                .map(Some)
                .map_err(|e| LineError::NotUtf8 { line: number, column: e.valid_up_to() + 1 }),
        }
    }

    /// The next line's bytes without its line end, or `None` at the end of the input:
    /// for text in an encoding other than UTF-8. The same bound holds.
    pub fn next_bytes(&mut self) -> Result<Option<&[u8]>, LineError> {
        self.buffer.clear();
        if self.skipping {
            self.skip_rest()?;
        }
        // One byte more than the limit and the line end: a line that fills it is too long.
        let room = self.limit as u64 + 2;
        let read = (&mut self.reader).take(room).read_until(b'\n', &mut self.buffer)?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        let ended = self.buffer.ends_with(b"\n");
        if ended {
            self.buffer.pop();
        }
        if self.buffer.ends_with(b"\r") {
            self.buffer.pop();
        }
        if self.buffer.len() > self.limit || (!ended && read as u64 == room) {
            let begins = String::from_utf8_lossy(&self.buffer[..self.buffer.len().min(4 * EXCERPT)]);
            let begins = excerpt(&begins);
            self.skipping = !ended;
            self.buffer.clear();
            return Err(LineError::TooLong { line: self.number, limit: self.limit, begins });
        }
        Ok(Some(&self.buffer))
    }

    /// Passes over the rest of the current line, holding none of it.
    fn skip_rest(&mut self) -> io::Result<()> {
        loop {
            let available = self.reader.fill_buf()?;
            if available.is_empty() {
                break;
            }
            match available.iter().position(|&b| b == b'\n') {
                Some(end) => {
                    self.reader.consume(end + 1);
                    break;
                }
                None => {
                    let all = available.len();
                    self.reader.consume(all);
                }
            }
        }
        self.skipping = false;
        Ok(())
    }

    /// The line last read by [`LineReader::next_line`] (empty if it was refused).
    pub fn current(&self) -> &str {
        std::str::from_utf8(&self.buffer).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8], limit: usize) -> Result<Vec<String>, String> {
        let mut reader = LineReader::with_limit(input, limit);
        let mut lines = Vec::new();
        loop {
            match reader.next_line() {
                Ok(Some(line)) => lines.push(line.to_owned()),
                Ok(None) => return Ok(lines),
                Err(e) => return Err(e.to_string()),
            }
        }
    }

    #[test]
    fn lines_end_with_lf_or_crlf_and_the_last_may_have_no_end() {
        assert_eq!(all(b"a\r\nbb\n\nccc", 8).unwrap(), ["a", "bb", "", "ccc"]);
        assert_eq!(all(b"", 8).unwrap(), Vec::<String>::new());
        // Exactly the limit is accepted, with either line end or none.
        assert_eq!(all(b"1234\n1234\r\n1234", 4).unwrap(), ["1234", "1234", "1234"]);
    }

    #[test]
    fn a_line_past_the_limit_is_refused_with_a_short_excerpt() {
        let long = [b"ok\n".as_slice(), &[b'a'; 100_000]].concat();
        let error = all(&long, 1000).unwrap_err();
        assert_eq!(
            error,
            "line 2: longer than 1000 bytes, more than any valid line (it begins \"aaaaaaaaaaaaaaaaaaaaaaaa...\")"
        );
        assert_eq!(all(b"12345\n", 4).unwrap_err().lines().count(), 1);
    }

    #[test]
    fn the_reader_stops_after_the_limit_without_reading_the_rest() {
        // An endless line: the refusal comes after the limit's bytes, not at the end.
        let mut reader = LineReader::with_limit(io::BufReader::new(io::repeat(b'x')), 4096);
        assert!(matches!(reader.next_line(), Err(LineError::TooLong { line: 1, limit: 4096, .. })));
        assert!(reader.buffer.capacity() < 3 * 4096);
    }

    #[test]
    fn after_a_line_too_long_the_next_line_is_read() {
        let input = [&[b'a'; 10_000][..], b"\nnext\n", &[b'b'; 20], b"\nlast"].concat();
        let mut reader = LineReader::with_limit(&input[..], 100);
        assert!(matches!(reader.next_line(), Err(LineError::TooLong { line: 1, .. })));
        assert_eq!(reader.next_line().unwrap(), Some("next"));
        assert_eq!(reader.next_line().unwrap(), Some("bbbbbbbbbbbbbbbbbbbb"));
        assert_eq!(reader.next_line().unwrap(), Some("last"));
        assert_eq!(reader.next_line().unwrap(), None);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_refused_with_their_line() {
        assert_eq!(all(b"h2e2\n\xff\xfe\x00h2e2\n", 100).unwrap_err(), "line 2: not UTF-8 text (byte 1 of the line)");
        let error = LineReader::new(&b"ab\xc3"[..]).next_line().unwrap_err();
        assert_eq!(error.line(), Some(1));
        assert_eq!(error.fault(), "not UTF-8 text (byte 3 of the line)");
    }
}
