//! What the four contest judges share: reading input line by line with line numbers,
//! tolerating `\r\n` and blank runs, and one error type that names the line.

use std::io::{self, BufRead};

use arbiter::quote::excerpt;

use crate::lines::{LineError, LineReader};

/// Why a judge stopped: bad input (exit status 2) or a failure to read or write
/// (exit status 1).
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// The input breaks the format; `line` is 1-based, `context` names the case.
    #[error("line {line}{context}: {message}")]
    Input {
        /// The 1-based number of the input line at fault.
        line: usize,
        /// Where in the input, written to follow the line number: empty or with its leading
        /// space, as in `" (case 3)"`.
        context: String,
        /// What is wrong, in English, without the line number.
        message: String,
    },
    /// Reading the input or writing the output failed (exit status 1).
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl JudgeError {
    pub(crate) fn input(line: usize, context: impl Into<String>, message: impl Into<String>) -> JudgeError {
        JudgeError::Input { line, context: context.into(), message: message.into() }
    }
}

/// Reads input one line at a time, counting lines, each line bounded as every line
/// reader bounds it ([`crate::lines`]).
pub(crate) struct Lines<R> {
    reader: LineReader<R>,
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(reader: R) -> Self {
        Lines { reader: LineReader::new(reader) }
    }

    /// The next line without its line end, with its number, or `None` at the end.
    pub(crate) fn next_line(&mut self) -> Result<Option<(usize, &str)>, JudgeError> {
        let number = self.reader.number() + 1;
        match self.reader.next_line() {
            Ok(Some(line)) => Ok(Some((number, line))),
            Ok(None) => Ok(None),
            Err(LineError::Io(e)) => Err(JudgeError::Io(e)),
            Err(e) => Err(JudgeError::input(number, "", e.fault())),
        }
    }

    /// The next line that holds more than blanks, with its number, or `None` at the end.
    pub(crate) fn next_nonblank(&mut self) -> Result<Option<(usize, &str)>, JudgeError> {
        loop {
            let number = self.reader.number() + 1;
            match self.next_line()? {
                None => return Ok(None),
                Some((_, line)) if line.trim().is_empty() => continue,
                // Borrow again: returning the borrow that was tested is refused.
                Some(_) => return Ok(Some((number, self.current()))),
            }
        }
    }

    fn current(&self) -> &str {
        self.reader.current()
    }

    /// The number of the line last read, 1-based.
    pub(crate) fn number(&self) -> usize {
        self.reader.number()
    }
}

/// Splits a line into fields separated by any run of blanks (spaces and tabs).
pub(crate) fn fields(line: &str) -> impl Iterator<Item = &str> {
    line.split([' ', '\t']).filter(|f| !f.is_empty())
}

/// Reads input token by token (for formats that say "read tokens, not lines"),
/// keeping the number of the line each token came from.
pub(crate) struct Tokens<R> {
    lines: Lines<R>,
    line_number: usize,
    line: String,
    position: usize,
}

impl<R: BufRead> Tokens<R> {
    pub(crate) fn new(reader: R) -> Self {
        Tokens { lines: Lines::new(reader), line_number: 0, line: String::new(), position: 0 }
    }

    /// The next token with its line number, or `None` at the end of the input.
    pub(crate) fn next_token(&mut self) -> Result<Option<(usize, &str)>, JudgeError> {
        loop {
            let rest = &self.line[self.position..];
            let skipped = rest.len() - rest.trim_start_matches([' ', '\t']).len();
            self.position += skipped;
            if self.position < self.line.len() {
                let rest = &self.line[self.position..];
                let length = rest.find([' ', '\t']).unwrap_or(rest.len());
                let start = self.position;
                self.position += length;
                return Ok(Some((self.line_number, &self.line[start..start + length])));
            }
            match self.lines.next_line()? {
                None => return Ok(None),
                Some((number, text)) => {
                    self.line_number = number;
                    self.line.clear();
                    self.line.push_str(text);
                    self.position = 0;
                }
            }
        }
    }

    /// The next token as a number; `what` names it in errors. `Ok(None)` at the end.
    pub(crate) fn next_number(&mut self, what: &str, context: &str) -> Result<Option<(usize, u64)>, JudgeError> {
        match self.next_token()? {
            None => Ok(None),
            Some((line, token)) => match token.parse::<u64>() {
                Ok(n) => Ok(Some((line, n))),
                Err(_) => {
                    Err(JudgeError::input(line, context, format!("the {what} {:?} is not a number", excerpt(token))))
                }
            },
        }
    }

    /// The number of the last line read.
    pub(crate) fn line_number(&self) -> usize {
        self.line_number.max(self.lines.number())
    }
}

/// A judge's answer to `input` as text, or its error: what unit tests compare.
#[cfg(test)]
pub(crate) fn answer(
    run: impl FnOnce(&[u8], &mut Vec<u8>) -> Result<(), JudgeError>,
    input: &str,
) -> Result<String, JudgeError> {
    let mut out = Vec::new();
    run(input.as_bytes(), &mut out)?;
    Ok(String::from_utf8(out).expect("judges write ASCII"))
}
