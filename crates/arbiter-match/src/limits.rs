//! How long engines may think: a clock per side (`40+0.4`, base and increment in
//! seconds; `40/60+0.6`, 60 seconds for every 40 moves), a fixed time per move, a depth or a node count, with a margin for the
//! pipe and the scheduler before a late answer loses.

use std::fmt;

use arbiter::clock::TimeControl;

/// The limit of every search of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeLimit {
    /// A clock: `base_ms` each, `increment_ms` after every move, and with `moves` the
    /// base again after every that many moves of a side.
    Clock {
        /// Each side's time at the start, and again with each period.
        base_ms: u64,
        /// The time added after each move.
        increment_ms: u64,
        /// The moves of a period; `None`: the base lasts the game.
        moves: Option<u32>,
    },
    /// A fixed time per move.
    MoveTime {
        /// The time for each move.
        ms: u64,
    },
    /// A fixed depth: no clock.
    Depth(u32),
    /// A fixed number of positions: no clock.
    Nodes(u64),
}

/// Why a clock (`--tc`) was refused; each names the text given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// The moves before `/` are not a number above zero.
    #[error("--tc {text:?}: the moves of a period {moves:?} are not a number above zero")]
    PeriodMoves {
        /// The whole clock as given.
        text: String,
        /// What stood before the `/`.
        moves: String,
    },
    /// The base time is not seconds.
    #[error("--tc {text:?}: expected BASE+INC in seconds, like 40+0.4")]
    Base {
        /// The whole clock as given.
        text: String,
    },
    /// The increment is not seconds.
    #[error("--tc {text:?}: the increment {increment:?} is not seconds")]
    Increment {
        /// The whole clock as given.
        text: String,
        /// What stood after the `+`.
        increment: String,
    },
    /// The base time is zero.
    #[error("--tc {text:?}: the base time must be above zero")]
    NoBase {
        /// The whole clock as given.
        text: String,
    },
}

impl TimeLimit {
    /// Reads `[MOVES/]BASE[+INC]`, in seconds (`40+0.4`, `1:30+1`, `10`, `40/60+0.6`).
    pub fn parse_clock(text: &str) -> Result<TimeLimit, ClockError> {
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => {
                let moves = moves
                    .trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|&m| m > 0)
                    .ok_or_else(|| ClockError::PeriodMoves { text: text.to_owned(), moves: moves.to_owned() })?;
                (Some(moves), rest)
            }
            None => (None, text),
        };
        let (base, increment) = rest.split_once('+').unwrap_or((rest, "0"));
        let base_ms = read_seconds(base).ok_or_else(|| ClockError::Base { text: text.to_owned() })?;
        let increment_ms = read_seconds(increment)
            .ok_or_else(|| ClockError::Increment { text: text.to_owned(), increment: increment.to_owned() })?;
        if base_ms == 0 {
            return Err(ClockError::NoBase { text: text.to_owned() });
        }
        Ok(TimeLimit::Clock { base_ms, increment_ms, moves })
    }

    /// The library's time control for the clocks, if the limit keeps clocks.
    #[must_use]
    pub const fn time_control(self) -> Option<TimeControl> {
        match self {
            TimeLimit::Clock { base_ms, increment_ms, moves: None } => {
                Some(TimeControl::Fischer { base_ms, increment_ms })
            }
            TimeLimit::Clock { base_ms, increment_ms, moves: Some(moves) } => {
                Some(TimeControl::Periods { moves, base_ms, increment_ms })
            }
            TimeLimit::MoveTime { ms } => Some(TimeControl::PerMove { ms }),
            TimeLimit::Depth(_) | TimeLimit::Nodes(_) => None,
        }
    }
}

impl fmt::Display for TimeLimit {
    /// As PGN's `TimeControl` tag writes it (`40+0.4`, `40/60+0.6` for periods,
    /// `1/0.1` for a time per move), or `depth 6`, `nodes 10000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = |ms: u64| {
            let text = format!("{:.3}", ms as f64 / 1000.0);
            text.trim_end_matches('0').trim_end_matches('.').to_owned()
        };
        match *self {
            TimeLimit::Clock { base_ms, increment_ms, moves } => {
                if let Some(moves) = moves {
                    write!(f, "{moves}/")?;
                }
                write!(f, "{}", seconds(base_ms))?;
                if increment_ms > 0 {
                    write!(f, "+{}", seconds(increment_ms))?;
                }
                Ok(())
            }
            TimeLimit::MoveTime { ms } => write!(f, "1/{}", seconds(ms)),
            TimeLimit::Depth(depth) => write!(f, "depth {depth}"),
            TimeLimit::Nodes(nodes) => write!(f, "nodes {nodes}"),
        }
    }
}

/// `90`, `0.5` or `1:30` seconds, in milliseconds.
fn read_seconds(text: &str) -> Option<u64> {
    let text = text.trim();
    let (minutes, seconds) = match text.split_once(':') {
        Some((m, s)) => (m.parse::<u64>().ok()?, s),
        None => (0, text),
    };
    let seconds: f64 = seconds.parse().ok()?;
    if !seconds.is_finite() || !(0.0..=1e7).contains(&seconds) {
        return None;
    }
    Some(minutes.checked_mul(60_000)? + (seconds * 1000.0).round() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_like_cutechess() {
        let clock = |base_ms, increment_ms, moves| Ok(TimeLimit::Clock { base_ms, increment_ms, moves });
        assert_eq!(TimeLimit::parse_clock("40+0.4"), clock(40_000, 400, None));
        assert_eq!(TimeLimit::parse_clock("1:30+1"), clock(90_000, 1000, None));
        assert_eq!(TimeLimit::parse_clock("10"), clock(10_000, 0, None));
        assert_eq!(TimeLimit::parse_clock("40/60+0.6"), clock(60_000, 600, Some(40)));
        assert_eq!(TimeLimit::parse_clock("40/90:00"), clock(5_400_000, 0, Some(40)));
        for bad in ["", "x+1", "10+y", "0+1", "-5", "NaN", "inf", "0/60", "x/60", "40/", "40/0"] {
            assert!(TimeLimit::parse_clock(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn limits_are_written_as_pgn_does() {
        assert_eq!(TimeLimit::Clock { base_ms: 40_000, increment_ms: 400, moves: None }.to_string(), "40+0.4");
        assert_eq!(TimeLimit::Clock { base_ms: 60_000, increment_ms: 0, moves: None }.to_string(), "60");
        assert_eq!(TimeLimit::Clock { base_ms: 60_000, increment_ms: 600, moves: Some(40) }.to_string(), "40/60+0.6");
        assert_eq!(TimeLimit::MoveTime { ms: 100 }.to_string(), "1/0.1");
        assert_eq!(TimeLimit::Depth(5).to_string(), "depth 5");
    }
}
