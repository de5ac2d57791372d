//! Record files read into games, in the format the game's records come in told from
//! the text (see [`GameKind::read_records`]), and the options the records do not
//! carry.

use std::path::Path;

use arbiter::{GameKind, OptionsInput};
use arbiter_formats::record::{RecordStream, RecordedGame};

use crate::args::RecordArgs;
use crate::fail::Failure;
use crate::text;

/// The games of one file, a batch at a time (see [`RecordStream`]), each refusal of
/// its text naming the file.
pub struct RecordFile {
    name: String,
    stream: RecordStream<text::Source>,
}

impl RecordFile {
    /// Opens `path` (`-`: standard input) and reads its start.
    pub fn open(path: &Path, kind: GameKind, args: &RecordArgs) -> Result<RecordFile, Failure> {
        let name = path.display().to_string();
        let encoding = args.encoding.as_deref().map(text::encoding_named).transpose()?;
        let stream =
            RecordStream::open(text::open(path)?, kind, encoding).map_err(|e| text::stream_failure(&name, e))?;
        Ok(RecordFile { name, stream })
    }

    /// The file's name, as messages give it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The next batch of games, `None` after the last.
    pub fn next_batch(&mut self) -> Result<Option<Vec<RecordedGame>>, Failure> {
        self.stream.next_batch().map_err(|e| text::stream_failure(&self.name, e))
    }
}

/// The options a record's own tags do not give.
pub fn base_options(args: &RecordArgs) -> OptionsInput {
    args.options.input.clone()
}

/// `a, b or c`, for messages that list the choices.
pub fn one_of(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => (*last).to_owned(),
        None => String::new(),
    }
}
