//! An engine as a process: lines to its standard input, lines from its standard
//! output, each read against a deadline, so that an engine that hangs, dies or talks
//! nonsense is caught instead of stopping the match. Its standard error is read too:
//! its last lines go into the report of a crash (an assertion, a missing file).

use std::collections::VecDeque;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::mpsc;
use tokio::time::Instant;

/// What went wrong with an engine, as a game's termination tells it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// No answer in time.
    #[error("no answer in time")]
    Timeout,
    /// The process ended, or closed its output.
    #[error("the engine stopped ({0})")]
    Crashed(String),
    /// An answer that means nothing in the protocol.
    #[error("an answer that is not a move: {0:?}")]
    Garbage(String),
    /// The engine could not be started.
    #[error("cannot start the engine: {0}")]
    Start(String),
}

/// How to start an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program: a path, or a name looked up on `PATH`.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The folder it runs in; `None`: arbiter's own.
    pub dir: Option<PathBuf>,
}

/// A running engine process.
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    /// The engine's name, when every line to and from it is printed (`--debug`).
    debug: Arc<OnceLock<String>>,
    /// The last lines of its standard error.
    last_words: Arc<Mutex<VecDeque<String>>>,
}

/// The moment the debug lines count their time from: the first engine's start.
static DEBUG_ORIGIN: OnceLock<Instant> = OnceLock::new();

/// The longest line read from an engine at once: a UCI `info` line with a long
/// principal variation is a few kilobytes.
const LONGEST_LINE: u64 = 64 * 1024;

/// The lines of standard error kept for a crash's report, and the most of each.
const LAST_WORDS: usize = 3;
const LAST_WORD_CHARS: usize = 200;

/// The lines of an engine's stream, each read no further than [`LONGEST_LINE`] (a
/// longer one comes in pieces, each no answer), with bytes that are not UTF-8 (a GBK
/// engine name) replaced rather than taken for the end of the stream.
struct Lines<R> {
    reader: BufReader<R>,
    bytes: Vec<u8>,
}

impl<R: tokio::io::AsyncRead + Unpin> Lines<R> {
    fn new(stream: R) -> Lines<R> {
        Lines { reader: BufReader::new(stream), bytes: Vec::new() }
    }

    /// The next line, without its end; `None` once the stream has ended.
    async fn next(&mut self) -> Option<String> {
        self.bytes.clear();
        match (&mut self.reader).take(LONGEST_LINE).read_until(b'\n', &mut self.bytes).await {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(String::from_utf8_lossy(&self.bytes).trim_end_matches(['\n', '\r']).to_owned()),
        }
    }
}

/// Prints a debug line: the seconds since the first engine started, its name, the entry.
fn print_debug(name: &str, entry: &str) {
    let seconds = DEBUG_ORIGIN.get().map_or(0.0, |origin| origin.elapsed().as_secs_f64());
    eprintln!("[{seconds:9.3}] {name} {entry}");
}

impl Process {
    /// Starts `command` with its input, output and errors piped.
    pub fn start(command: &EngineCommand) -> Result<Process, Fault> {
        let mut builder = Command::new(&command.program);
        builder
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        if let Some(dir) = &command.dir {
            builder.current_dir(dir);
        }
        let mut child = builder.spawn().map_err(|e| Fault::Start(format!("{}: {e}", command.program)))?;
        let stdin = child.stdin.take().ok_or_else(|| Fault::Start("no standard input".into()))?;
        let stdout = child.stdout.take().ok_or_else(|| Fault::Start("no standard output".into()))?;
        let stderr = child.stderr.take().ok_or_else(|| Fault::Start("no standard error".into()))?;
        let debug: Arc<OnceLock<String>> = Arc::default();
        let last_words: Arc<Mutex<VecDeque<String>>> = Arc::default();
        let (debug_name, words) = (Arc::clone(&debug), Arc::clone(&last_words));
        // Read to the end, so that an engine that writes much there never blocks on it.
        tokio::spawn(async move {
            let mut reader = Lines::new(stderr);
            while let Some(line) = reader.next().await {
                if let Some(name) = debug_name.get() {
                    print_debug(name, &format!("! {line}"));
                }
                if let Ok(mut words) = words.lock() {
                    if words.len() == LAST_WORDS {
                        words.pop_front();
                    }
                    words.push_back(line.trim().chars().take(LAST_WORD_CHARS).collect());
                }
            }
        });
        let (sender, lines) = mpsc::channel(1024);
        tokio::spawn(async move {
            let mut reader = Lines::new(stdout);
            while let Some(line) = reader.next().await {
                if sender.send(line).await.is_err() {
                    break;
                }
            }
        });
        Ok(Process { child, stdin, lines, debug, last_words })
    }

    /// Prints every line to and from the engine on standard error from now on, marked
    /// with `name` and the seconds since the first engine started: `>` sent, `<`
    /// received, `~` written by the engine outside its protocol, `!` on its standard
    /// error.
    pub fn debug_as(&mut self, name: &str) {
        DEBUG_ORIGIN.get_or_init(Instant::now);
        let _ = self.debug.set(name.to_owned());
    }

    /// Sends one line.
    pub async fn send(&mut self, line: &str) -> Result<(), Fault> {
        self.note(&format!("> {line}"));
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        let written = match self.stdin.write_all(&bytes).await {
            Ok(()) => self.stdin.flush().await,
            Err(error) => Err(error),
        };
        match written {
            Ok(()) => Ok(()),
            // A closed pipe: the engine has ended; say how.
            Err(_) => Err(Fault::Crashed(self.exit_status().await)),
        }
    }

    /// The next line, by `deadline`.
    pub async fn line(&mut self, deadline: Instant) -> Result<String, Fault> {
        match tokio::time::timeout_at(deadline, self.lines.recv()).await {
            Err(_) => Err(Fault::Timeout),
            Ok(None) => Err(Fault::Crashed(self.exit_status().await)),
            Ok(Some(line)) => {
                self.note(&format!("< {line}"));
                Ok(line)
            }
        }
    }

    /// Throws away the lines the engine wrote that nobody reads (an engine whose
    /// protocol is not on its standard output), so that its output never fills up.
    pub fn discard_output(&mut self) {
        while let Ok(line) = self.lines.try_recv() {
            self.note(&format!("~ {line}"));
        }
    }

    /// Prints `entry` (a marker and a line) when debugging.
    pub fn note(&mut self, entry: &str) {
        if let Some(name) = self.debug.get() {
            print_debug(name, entry);
        }
    }

    /// Reads lines until `wanted` picks one out, by `deadline`.
    pub async fn until<T>(&mut self, deadline: Instant, mut wanted: impl FnMut(&str) -> Option<T>) -> Result<T, Fault> {
        loop {
            let line = self.line(deadline).await?;
            if let Some(found) = wanted(line.trim()) {
                return Ok(found);
            }
        }
    }

    /// How the process ended, if it did, and the last it wrote on its standard error.
    async fn exit_status(&mut self) -> String {
        let status = match tokio::time::timeout(Duration::from_millis(200), self.child.wait()).await {
            Ok(Ok(status)) => status.to_string(),
            _ => "its output closed".to_owned(),
        };
        // The error stream's reader may be a moment behind the exit.
        tokio::time::sleep(Duration::from_millis(20)).await;
        let words: Vec<String> = self.last_words.lock().map(|w| w.iter().cloned().collect()).unwrap_or_default();
        if words.is_empty() { status } else { format!("{status}; it last wrote {:?}", words.join(" / ")) }
    }

    /// Whether the process still runs.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Asks the process to end with `quit` (or `line`), and kills it if it does not
    /// within a moment.
    pub async fn stop(mut self, line: &str) {
        let _ = self.send(line).await;
        if tokio::time::timeout(Duration::from_millis(500), self.child.wait()).await.is_err() {
            let _ = self.child.kill().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn lines_survive_other_encodings_endless_lines_and_crlf() {
        // An engine name in GBK (长江), a CRLF line, and a line longer than the bound.
        let mut input = b"id name \xb3\xa4\xbd\xad\r\nuciok\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 70_000));
        input.push(b'\n');
        let mut lines = Lines::new(&input[..]);
        let name = lines.next().await.unwrap();
        assert!(name.starts_with("id name ") && name.contains('\u{fffd}'), "{name:?}");
        assert_eq!(lines.next().await.as_deref(), Some("uciok"));
        assert_eq!(lines.next().await.map(|l| l.len()), Some(64 * 1024), "the bound's worth first");
        assert_eq!(lines.next().await.map(|l| l.len()), Some(70_000 - 64 * 1024));
        assert_eq!(lines.next().await, None);
    }
}
