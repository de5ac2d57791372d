//! An engine as a process: lines to its standard input, lines from its standard
//! output, each read against a deadline, so that an engine that hangs, dies or talks
//! nonsense is caught instead of stopping the match.

use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
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
    pub program: String,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
}

/// A running engine process.
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    /// The engine's name, when every line to and from it is printed (`--debug`).
    debug: Option<String>,
}

/// The moment the debug lines count their time from: the first engine's start.
static DEBUG_ORIGIN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

impl Process {
    /// Starts `command` with its input and output piped; its errors go nowhere.
    pub fn start(command: &EngineCommand) -> Result<Process, Fault> {
        let mut builder = Command::new(&command.program);
        builder
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true);
        if let Some(dir) = &command.dir {
            builder.current_dir(dir);
        }
        let mut child = builder.spawn().map_err(|e| Fault::Start(format!("{}: {e}", command.program)))?;
        let stdin = child.stdin.take().ok_or_else(|| Fault::Start("no standard input".into()))?;
        let stdout = child.stdout.take().ok_or_else(|| Fault::Start("no standard output".into()))?;
        let (sender, lines) = mpsc::channel(1024);
        tokio::spawn(async move {
            let mut reader = BufReader::new(stdout).lines();
            while let Ok(Some(line)) = reader.next_line().await {
                if sender.send(line).await.is_err() {
                    break;
                }
            }
        });
        Ok(Process { child, stdin, lines, debug: None })
    }

    /// Prints every line to and from the engine on standard error from now on, marked
    /// with `name` and the seconds since the first engine started: `>` sent, `<`
    /// received, `~` written by the engine outside its protocol.
    pub fn debug_as(&mut self, name: &str) {
        DEBUG_ORIGIN.get_or_init(Instant::now);
        self.debug = Some(name.to_owned());
    }

    /// Sends one line.
    pub async fn send(&mut self, line: &str) -> Result<(), Fault> {
        self.note(&format!("> {line}"));
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.stdin.write_all(&bytes).await.map_err(|e| Fault::Crashed(e.to_string()))?;
        self.stdin.flush().await.map_err(|e| Fault::Crashed(e.to_string()))
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
        if let Some(name) = &self.debug {
            let seconds = DEBUG_ORIGIN.get().map_or(0.0, |origin| origin.elapsed().as_secs_f64());
            eprintln!("[{seconds:9.3}] {name} {entry}");
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

    /// How the process ended, if it did.
    async fn exit_status(&mut self) -> String {
        match tokio::time::timeout(Duration::from_millis(200), self.child.wait()).await {
            Ok(Ok(status)) => status.to_string(),
            _ => "its output closed".to_owned(),
        }
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
