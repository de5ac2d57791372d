//! Record files read as a stream, a batch of games at a time, so that memory does not
//! grow with the file: lines are read through [`LineReader`] (a line longer than any
//! valid one is refused after its first 64 KiB), the encoding is told from the file's
//! first [`HEAD`] bytes and each line decoded in it, and a PGN or PDN file is cut into
//! batches of about [`BATCH`] bytes (at most [`BATCH_GAMES`] games) where a game's tags begin, each read by
//! [`read_games`] as the whole file would be. A file of a format holding one game
//! (`.psq`, `tsgf`, T1j) is read whole, up to [`MAX_WHOLE`] bytes, and so is a PGN game
//! that does not end.
//!
//! Without the library's `encodings` feature (the JavaScript package's build), only
//! UTF-8 is read: a file that is not UTF-8 is refused at its first line that is not,
//! as a UTF-8 file's later lines are.

use std::io::BufRead;

use super::encoding::{RecordEncoding, decode_line, detected};
use super::format::RecordFormat;
#[cfg(doc)]
use super::read::read_games;
use super::read::{ReadError, RecordedGame};
use arbiter::GameKind;

use crate::games;
use crate::lines::{LineError, LineReader};

/// The bytes of a file's start its encoding is told from: 1 MiB.
pub const HEAD: usize = 1 << 20;

/// About how much text a batch of games holds: 1 MiB.
pub const BATCH: usize = 1 << 20;

/// The most games a batch holds: 1024, so that a file of many short games is not held
/// a MiB of them at a time (read, each game takes several times its text's size).
pub const BATCH_GAMES: usize = 1024;

/// The most text read before a game must end (or, in a one-game format, the file):
/// 4 MiB, far more than any game's record.
pub const MAX_WHOLE: usize = 4 << 20;

/// Why a record file's games were not read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StreamError {
    /// A line too long, or not UTF-8 in a UTF-8 file, or reading failed.
    #[error(transparent)]
    Line(#[from] LineError),
    /// A line is not text in the file's encoding (named, or told from its start).
    #[error("line {line}: not {encoding} text")]
    NotIn {
        /// The 1-based line number.
        line: usize,
        /// The file's encoding.
        encoding: RecordEncoding,
    },
    /// The file's start is text in none of UTF-8, GB18030 and Big5; `line` is its first
    /// line that is not UTF-8.
    #[error("line {line}: neither UTF-8, GB18030 nor Big5 text")]
    Undetected {
        /// The 1-based line number.
        line: usize,
    },
    /// The text is no record.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A GB18030 or Big5 file named without the `encodings` feature, which reads them.
    #[error("{0} text is read only with arbiter's `encodings` feature")]
    Unsupported(RecordEncoding),
    /// More than [`MAX_WHOLE`] bytes with no place a game could end.
    #[error("line {line}: more than {} MiB of text with no game ending, more than any game's record", MAX_WHOLE >> 20)]
    TooLarge {
        /// The line reached.
        line: usize,
    },
}

/// A record file's games, read a batch at a time.
pub struct RecordStream<R> {
    lines: LineReader<R>,
    encoding: RecordEncoding,
    format: &'static RecordFormat,
    /// The head's lines, decoded, not yet taken into a batch.
    head: std::vec::IntoIter<String>,
    /// The text of the batch being gathered, and the number of its first line.
    batch: String,
    first_line: usize,
    /// Where the gathered text stands: inside a comment or a variation.
    open: Openings,
    /// Whether the last line that was not blank was a tag line.
    after_tag: bool,
    /// The games begun in the gathered text (their first tag lines).
    games: usize,
    done: bool,
}

impl<R: BufRead> RecordStream<R> {
    /// Reads the start of `reader` (up to [`HEAD`] bytes) to tell its encoding, unless
    /// `encoding` names it, and its format, among `kind`'s.
    pub fn open(reader: R, kind: GameKind, encoding: Option<RecordEncoding>) -> Result<Self, StreamError> {
        let mut lines = LineReader::new(reader);
        let mut raw = Vec::new();
        while raw.len() < HEAD {
            let Some(line) = lines.next_bytes()? else { break };
            raw.extend_from_slice(line);
            raw.push(b'\n');
        }
        let (encoding, text) = match encoding {
            #[cfg(not(feature = "encodings"))]
            Some(named @ (RecordEncoding::Gb18030 | RecordEncoding::Big5)) => {
                return Err(StreamError::Unsupported(named));
            }
            Some(named) => {
                let bytes = raw.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&raw);
                match decode_line(bytes, named) {
                    Some(text) => (named, text.into_owned()),
                    None => return Err(first_fault(bytes, named)),
                }
            }
            None => detected(&raw).map_err(|_| undetected(&raw))?,
        };
        let formats = games::formats(kind);
        let format = formats.iter().find(|f| f.recognizes(&text)).or(formats.last()).unwrap_or(&super::format::PGN);
        let head: Vec<String> = text.lines().map(str::to_owned).collect();
        Ok(RecordStream {
            lines,
            encoding,
            format,
            head: head.into_iter(),
            batch: String::new(),
            first_line: 1,
            open: Openings::default(),
            after_tag: false,
            games: 0,
            done: false,
        })
    }

    /// The file's encoding, named or told from its start.
    pub fn encoding(&self) -> RecordEncoding {
        self.encoding
    }

    /// The next batch of games, `None` after the last; a file of no game gives one
    /// empty batch. Games and moves carry their lines in the whole file.
    pub fn next_batch(&mut self) -> Result<Option<Vec<RecordedGame>>, StreamError> {
        if self.done {
            return Ok(None);
        }
        let mut number = self.first_line + self.batch.lines().count();
        while let Some(line) = self.next_line()? {
            let tag = line.trim_start().starts_with('[');
            if self.format.many_games
                && tag
                && !self.after_tag
                && self.open.closed()
                && (self.batch.len() >= BATCH || self.games >= BATCH_GAMES)
            {
                let games = self.read_batch()?;
                // A game whose tags have no moves yet would take these tags as its own.
                if games.last().is_none_or(|game| !game.moves.is_empty() || game.terminator.is_some()) {
                    self.batch.clear();
                    self.games = 0;
                    self.first_line = number;
                    self.push(&line, tag);
                    return Ok(Some(games));
                }
            }
            if self.batch.len() > MAX_WHOLE {
                // A comment never closed says so at its line.
                self.read_batch()?;
                return Err(StreamError::TooLarge { line: number });
            }
            self.push(&line, tag);
            number += 1;
        }
        self.done = true;
        let games = self.read_batch()?;
        self.batch = String::new();
        Ok(Some(games))
    }

    fn push(&mut self, line: &str, tag: bool) {
        self.open.scan(line);
        self.games += usize::from(tag && !self.after_tag);
        if !line.trim().is_empty() {
            self.after_tag = tag;
        }
        self.batch.push_str(line);
        self.batch.push('\n');
    }

    /// The gathered text's games, with their lines in the whole file.
    fn read_batch(&self) -> Result<Vec<RecordedGame>, StreamError> {
        let offset = self.first_line - 1;
        let mut games = self.format.read(&self.batch).map_err(|e| ReadError { line: e.line + offset, ..e })?;
        for game in &mut games {
            game.line += offset;
            for played in &mut game.moves {
                played.line += offset;
            }
        }
        Ok(games)
    }

    /// The next line's text: the head's, then the reader's, decoded.
    fn next_line(&mut self) -> Result<Option<String>, StreamError> {
        if let Some(line) = self.head.next() {
            return Ok(Some(line));
        }
        let number = self.lines.number() + 1;
        let Some(bytes) = self.lines.next_bytes()? else { return Ok(None) };
        if self.encoding == RecordEncoding::Utf8 {
            return match std::str::from_utf8(bytes) {
                Ok(text) => Ok(Some(text.to_owned())),
                Err(e) => Err(LineError::NotUtf8 { line: number, column: e.valid_up_to() + 1 }.into()),
            };
        }
        match decode_line(bytes, self.encoding) {
            Some(text) => Ok(Some(text.into_owned())),
            None => Err(StreamError::NotIn { line: number, encoding: self.encoding }),
        }
    }
}

/// Why the start of a file, `raw`, is in no encoding told.
#[cfg(feature = "encodings")]
fn undetected(raw: &[u8]) -> StreamError {
    StreamError::Undetected { line: first_fault_line(raw, RecordEncoding::Utf8) }
}

/// Why the start of a file, `raw`, is in no encoding told: without the `encodings`
/// feature, only UTF-8 is, and its first fault is refused as a later line's would be.
#[cfg(not(feature = "encodings"))]
fn undetected(raw: &[u8]) -> StreamError {
    let raw = raw.strip_prefix(b"\xef\xbb\xbf").unwrap_or(raw);
    let (line, column) = raw
        .split(|&b| b == b'\n')
        .enumerate()
        .find_map(|(index, line)| std::str::from_utf8(line).err().map(|e| (index + 1, e.valid_up_to() + 1)))
        .unwrap_or((1, 1));
    LineError::NotUtf8 { line, column }.into()
}

/// The first line of `text` that is not in `encoding`, as an error.
fn first_fault(text: &[u8], encoding: RecordEncoding) -> StreamError {
    StreamError::NotIn { line: first_fault_line(text, encoding), encoding }
}

/// The 1-based number of the first line of `text` that is not in `encoding`.
fn first_fault_line(text: &[u8], encoding: RecordEncoding) -> usize {
    text.split(|&b| b == b'\n').position(|line| decode_line(line, encoding).is_none()).unwrap_or(0) + 1
}

/// Whether text read so far leaves a `{` comment or a `(` variation open, as
/// [`read_games`] reads them: a batch ends only where neither is.
#[derive(Default)]
struct Openings {
    comment: bool,
    depth: usize,
}

impl Openings {
    fn closed(&self) -> bool {
        !self.comment && self.depth == 0
    }

    fn scan(&mut self, line: &str) {
        let mut chars = line.chars();
        if self.closed() && line.starts_with('%') {
            return;
        }
        while let Some(c) = chars.next() {
            if self.comment {
                self.comment = c != '}';
                continue;
            }
            match c {
                '{' => self.comment = true,
                ';' => return,
                '(' => self.depth += 1,
                ')' => self.depth = self.depth.saturating_sub(1),
                // A tag's value may hold any of these; a tag ends on its line.
                '[' if self.depth == 0 => {
                    let mut quoted = false;
                    while let Some(c) = chars.next() {
                        match c {
                            '\\' if quoted => {
                                chars.next();
                            }
                            '"' => quoted = !quoted,
                            ']' if !quoted => break,
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::read::read_games;

    fn all(bytes: &[u8], kind: GameKind, encoding: Option<RecordEncoding>) -> Result<Vec<RecordedGame>, StreamError> {
        let mut stream = RecordStream::open(bytes, kind, encoding)?;
        let mut games = Vec::new();
        while let Some(batch) = stream.next_batch()? {
            games.extend(batch);
        }
        Ok(games)
    }

    /// Many games, with comments and variations across lines and tags in them.
    fn archive(games: usize) -> String {
        let mut text = String::new();
        for n in 0..games {
            text.push_str(&format!("[Event \"game {n} [x] {{\"]\n[Result \"1-0\"]\n\n"));
            text.push_str("1. h2e2 {a comment\n[Event \"inside\"]\n} h9g7 (2. h0g2 {\n[Site \"no\"]} ; (\n)\n");
            text.push_str("2. h0g2 ; {\n1-0\n\n");
        }
        text
    }

    #[test]
    fn a_long_file_reads_in_batches_as_it_reads_whole() {
        let text = archive(20_000);
        let whole = read_games(&text).unwrap();
        let mut stream = RecordStream::open(text.as_bytes(), GameKind::Xiangqi, None).unwrap();
        let mut batches = 0;
        let mut games = Vec::new();
        while let Some(batch) = stream.next_batch().unwrap() {
            batches += 1;
            games.extend(batch);
        }
        assert!(batches > 2, "{batches} batches");
        assert_eq!(games, whole);
    }

    #[test]
    fn a_fault_far_into_a_file_names_its_line() {
        let mut text = archive(20_000);
        let lines = text.lines().count();
        text.push_str("[Event \"x\"]\n1. h2e2 {never closed\n");
        let error = all(text.as_bytes(), GameKind::Xiangqi, None).unwrap_err();
        assert_eq!(error.to_string(), format!("line {}: a `{{` comment is never closed", lines + 2));
        let bad = [archive(20_000).as_bytes(), b"1. \xff\xfe\n"].concat();
        let error = all(&bad, GameKind::Xiangqi, None).unwrap_err();
        assert_eq!(error.to_string(), format!("line {}: not UTF-8 text (byte 4 of the line)", lines + 1));
    }

    #[cfg(feature = "encodings")]
    #[test]
    fn the_encoding_is_told_from_the_start_and_holds_for_every_line() {
        let (big5, _, _) = encoding_rs::BIG5.encode("[Event \"炮二平五\"]\n1. 炮二平五 馬８進７ *\n");
        let games = all(&big5, GameKind::Xiangqi, None).unwrap();
        assert_eq!(games[0].tag("Event"), Some("炮二平五"));
        let error = all(&big5, GameKind::Xiangqi, Some(RecordEncoding::Utf8)).unwrap_err();
        assert_eq!(error.to_string(), "line 1: not UTF-8 text");
        let head = archive(20_000).into_bytes();
        assert!(head.len() > HEAD);
        let error = all(&[&head[..], &big5].concat(), GameKind::Xiangqi, None).unwrap_err();
        assert!(error.to_string().ends_with(": not UTF-8 text (byte 9 of the line)"), "{error}");
    }

    /// GB18030 bytes of `[Event "炮"]`: the ninth byte of the line is the first not UTF-8.
    const GB18030_LINE: &[u8] = b"[Event \"\xc5\xda\"]\n1. h2e2 *\n";

    #[cfg(feature = "encodings")]
    #[test]
    fn a_file_not_utf8_is_told_gb18030_or_big5() {
        let games = all(GB18030_LINE, GameKind::Xiangqi, None).unwrap();
        assert_eq!(games[0].tag("Event"), Some("炮"));
    }

    #[cfg(not(feature = "encodings"))]
    #[test]
    fn without_the_encodings_feature_a_file_not_utf8_is_refused_at_its_first_fault() {
        let error = all(GB18030_LINE, GameKind::Xiangqi, None).unwrap_err();
        assert_eq!(error.to_string(), "line 1: not UTF-8 text (byte 9 of the line)");
        let later = [&b"\xef\xbb\xbf1. h2e2 h9g7\n"[..], GB18030_LINE].concat();
        let error = all(&later, GameKind::Xiangqi, None).unwrap_err();
        assert_eq!(error.to_string(), "line 2: not UTF-8 text (byte 9 of the line)");
        let error = all(b"1. h2e2 *\n", GameKind::Xiangqi, Some(RecordEncoding::Big5)).unwrap_err();
        assert!(matches!(error, StreamError::Unsupported(RecordEncoding::Big5)), "{error}");
        assert_eq!(all(b"\xef\xbb\xbf1. h2e2 *\n", GameKind::Xiangqi, None).unwrap()[0].moves.len(), 1);
    }

    #[test]
    fn one_game_formats_read_whole_and_empty_files_give_no_game() {
        let psq = b"Piskvork 15x15, 11:11, 0\n8,8,0\n9,9,0\n-1\n";
        assert_eq!(all(psq, GameKind::Gomoku, None).unwrap().len(), 1);
        assert!(all(b"", GameKind::Xiangqi, None).unwrap().is_empty());
        let long = vec![b'a'; 100_000];
        assert!(matches!(
            all(&long, GameKind::Draughts, None),
            Err(StreamError::Line(LineError::TooLong { line: 1, .. }))
        ));
    }
}
