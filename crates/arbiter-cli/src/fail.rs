//! How a command fails: bad input exits with status 2, anything else with 1, and
//! either way one line on standard error.

use std::fmt::Display;
use std::process::ExitCode;

use arbiter_formats::JudgeError;

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
        eprintln!("{}", one_line(&message));
        ExitCode::from(code)
    }
}

/// The longest line a failure prints, in characters: a message that would be longer
/// (one quoting too much of a bad input) is cut short.
pub const MAX_MESSAGE: usize = 199;

/// `message` as the one line printed: `arbiter: ` first, line ends made blanks, other
/// control characters escaped, and no more than [`MAX_MESSAGE`] characters.
fn one_line(message: &str) -> String {
    arbiter::quote::one_line(&format!("arbiter: {}", message.replace(['\r', '\n'], " ")), MAX_MESSAGE)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_is_one_short_line() {
        assert_eq!(one_line("line 2:\r\nbad"), "arbiter: line 2:  bad");
        let long = one_line(&"炮".repeat(500));
        assert_eq!(long.chars().count(), MAX_MESSAGE);
        assert!(long.ends_with("炮..."));
        let exact = "x".repeat(MAX_MESSAGE - "arbiter: ".len());
        assert_eq!(one_line(&exact).chars().count(), MAX_MESSAGE);
        assert!(!one_line(&exact).ends_with("..."));
    }
}
