//! How a command fails: bad input exits with status 2, anything else with 1, and
//! either way one line on standard error.

use std::fmt::Display;
use std::process::ExitCode;

use arbiter::JudgeError;

pub enum Failure {
    /// The input (a file, a FEN, a move) is wrong: status 2.
    BadInput(String),
    /// Something outside the input failed (a file could not be read): status 1.
    Environment(String),
    /// The command said all it had to say on standard output; exit with this status.
    Quiet(u8),
}

impl Failure {
    pub fn bad_input(message: impl Display) -> Failure {
        Failure::BadInput(message.to_string())
    }

    pub fn environment(message: impl Display) -> Failure {
        Failure::Environment(message.to_string())
    }

    pub fn report(self) -> ExitCode {
        let (message, code) = match self {
            Failure::BadInput(m) => (m, 2),
            Failure::Environment(m) => (m, 1),
            Failure::Quiet(code) => return ExitCode::from(code),
        };
        eprintln!("arbiter: {}", message.replace('\n', " "));
        ExitCode::from(code)
    }
}

impl From<JudgeError> for Failure {
    fn from(error: JudgeError) -> Failure {
        match error {
            JudgeError::Input { .. } => Failure::bad_input(error),
            // A closed pipe downstream (`arbiter judge ... | head`) is not a failure.
            JudgeError::Io(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Failure::Environment(String::new()),
            JudgeError::Io(e) => Failure::environment(e),
        }
    }
}
