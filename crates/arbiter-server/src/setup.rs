//! A served game's options: the rules' options, which the library's registry reads,
//! and the server's own beside them (the clock). Stored together as one JSON object.

use arbiter::clock::TimeControl;
use arbiter::{GameKind, GameOptions, OptionsInput, Side};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The longest base time: a day.
const MAX_BASE_SECONDS: f64 = 86_400.0;
/// The largest increment: ten minutes.
const MAX_INCREMENT_SECONDS: f64 = 600.0;
/// The most moves of a period: the longest classical periods are 40 to 60 moves.
const MAX_PERIOD_MOVES: u32 = 200;
/// The most days a move may take in a correspondence game.
const MAX_DAYS: u32 = 30;
const DAY_MS: u64 = 86_400_000;

/// Why a game's options were refused: the message a client gets with its `400`.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// The clock option is neither a base with an increment nor days per move.
    #[error("clock: expected {{\"base\": SECONDS, \"increment\": SECONDS[, \"moves\": N]}} or {{\"days\": N}}")]
    ClockShape,
    /// A period's moves out of range.
    #[error("clock: moves is 1 to {max}, not {0}", max = MAX_PERIOD_MOVES)]
    PeriodMoves(u32),
    /// A base time out of range, in seconds.
    #[error("clock: base is 1 to {max} seconds, not {0}", max = MAX_BASE_SECONDS)]
    Base(f64),
    /// An increment out of range, in seconds.
    #[error("clock: increment is 0 to {max} seconds, not {0}", max = MAX_INCREMENT_SECONDS)]
    Increment(f64),
    /// Days per move out of range.
    #[error("clock: days is 1 to {max}, not {0}", max = MAX_DAYS)]
    Days(u32),
    /// The opponent option is neither `"engine"` nor an engine's description.
    #[error(
        "opponent: expected \"engine\" or {{\"engine\": NAME, \"side\": \"first\" or \"second\", \"movetime\": SECONDS}}"
    )]
    OpponentShape,
    /// The engine's seat is not a seat's name.
    #[error("opponent: side is \"first\" or \"second\", not {0:?}")]
    OpponentSide(String),
    /// The engine's time a move out of range, in seconds.
    #[error("opponent: movetime is {low} to {high} seconds, not {0}", low = MOVETIME_SECONDS.start(), high = MOVETIME_SECONDS.end())]
    Movetime(f64),
    /// The options are not a JSON object.
    #[error("bad options: expected an object")]
    NotAnObject,
    /// The rules' options are not of the registry's form.
    #[error("bad options: {}", arbiter::quote::one_line(&.0.to_string(), arbiter::quote::MAX_MESSAGE))]
    Input(serde_json::Error),
    /// The rules refused the options.
    #[error("{}", .0.describe(|o| format!("option {o:?}")))]
    Rules(arbiter::OptionsError),
}

/// A time control as a client gives it: `{"base": SECONDS, "increment": SECONDS}`,
/// with `"moves": N` for the base again after every N moves of a side, or `{"days": N}`
/// (per move).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ClockOption {
    Fischer {
        base: f64,
        increment: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        moves: Option<u32>,
    },
    Days {
        days: u32,
    },
}

/// The clock option's fields, before they are told apart.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockFields {
    base: Option<f64>,
    increment: Option<f64>,
    moves: Option<u32>,
    days: Option<u32>,
}

impl ClockOption {
    fn read(value: Value) -> Result<ClockOption, SetupError> {
        let fields: ClockFields = serde_json::from_value(value).map_err(|_| SetupError::ClockShape)?;
        let clock = match fields {
            ClockFields { base: Some(base), increment, moves, days: None } => {
                ClockOption::Fischer { base, increment: increment.unwrap_or(0.0), moves }
            }
            ClockFields { base: None, increment: None, moves: None, days: Some(days) } => ClockOption::Days { days },
            _ => return Err(SetupError::ClockShape),
        };
        clock.check()
    }

    fn check(self) -> Result<ClockOption, SetupError> {
        match self {
            ClockOption::Fischer { base, increment, moves } => {
                if let Some(moves) = moves
                    && !(1..=MAX_PERIOD_MOVES).contains(&moves)
                {
                    return Err(SetupError::PeriodMoves(moves));
                }
                if !(1.0..=MAX_BASE_SECONDS).contains(&base) {
                    return Err(SetupError::Base(base));
                }
                if !(0.0..=MAX_INCREMENT_SECONDS).contains(&increment) {
                    return Err(SetupError::Increment(increment));
                }
            }
            ClockOption::Days { days } => {
                if !(1..=MAX_DAYS).contains(&days) {
                    return Err(SetupError::Days(days));
                }
            }
        }
        Ok(self)
    }

    /// The time control in milliseconds.
    pub fn control(self) -> TimeControl {
        match self {
            ClockOption::Fischer { base, increment, moves } => {
                let (base_ms, increment_ms) = ((base * 1000.0) as u64, (increment * 1000.0) as u64);
                match moves {
                    None => TimeControl::Fischer { base_ms, increment_ms },
                    Some(moves) => TimeControl::Periods { moves, base_ms, increment_ms },
                }
            }
            ClockOption::Days { days } => TimeControl::PerMove { ms: u64::from(days) * DAY_MS },
        }
    }
}

/// The shortest and longest time the computer may take a move, in seconds.
const MOVETIME_SECONDS: std::ops::RangeInclusive<f64> = 0.05..=60.0;
/// The computer's time a move unless the game says otherwise.
const DEFAULT_MOVETIME: f64 = 1.0;

/// An engine in one seat: `"opponent": "engine"`, or `{"engine": NAME, "side":
/// "first"|"second", "movetime": SECONDS}` (the server's first engine for the game,
/// the second seat and a second a move unless given).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Opponent {
    /// `None` until the server picks its default engine for the game.
    pub engine: Option<String>,
    /// The engine's seat.
    #[serde(serialize_with = "side_name")]
    pub side: Side,
    /// Seconds a move.
    pub movetime: f64,
}

fn side_name<S: serde::Serializer>(side: &Side, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(side.name())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpponentFields {
    engine: Option<String>,
    side: Option<String>,
    movetime: Option<f64>,
}

impl Opponent {
    fn read(value: Value) -> Result<Opponent, SetupError> {
        let fields = match value {
            Value::String(text) if text == "engine" => OpponentFields { engine: None, side: None, movetime: None },
            Value::Object(_) => serde_json::from_value(value).map_err(|_| SetupError::OpponentShape)?,
            _ => return Err(SetupError::OpponentShape),
        };
        let side = match fields.side.as_deref() {
            None | Some("second") => Side::Second,
            Some("first") => Side::First,
            Some(other) => return Err(SetupError::OpponentSide(other.to_owned())),
        };
        let movetime = fields.movetime.unwrap_or(DEFAULT_MOVETIME);
        if !MOVETIME_SECONDS.contains(&movetime) {
            return Err(SetupError::Movetime(movetime));
        }
        Ok(Opponent { engine: fields.engine, side, movetime })
    }

    /// The time a move in milliseconds.
    pub fn movetime_ms(&self) -> u64 {
        (self.movetime * 1000.0) as u64
    }
}

/// A game's options, the rules' and the server's.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The rules' options.
    pub options: GameOptions,
    /// The time control, if the game is timed.
    pub clock: Option<ClockOption>,
    /// An engine in one seat.
    pub opponent: Option<Opponent>,
}

/// The server's own option names, taken out of the object before the rules read it.
const SERVER_OPTIONS: [&str; 2] = ["clock", "opponent"];

impl Setup {
    /// Reads options as a client sends them (or as stored), checking them all.
    pub fn read(kind: GameKind, value: &Value) -> Result<Setup, SetupError> {
        let mut object = match value {
            Value::Null => Map::new(),
            Value::Object(object) => object.clone(),
            _ => return Err(SetupError::NotAnObject),
        };
        let clock = match object.remove(SERVER_OPTIONS[0]) {
            None | Some(Value::Null) => None,
            Some(clock) => Some(ClockOption::read(clock)?),
        };
        let opponent = match object.remove(SERVER_OPTIONS[1]) {
            None | Some(Value::Null) => None,
            Some(opponent) => Some(Opponent::read(opponent)?),
        };
        let input: OptionsInput = serde_json::from_value(Value::Object(object)).map_err(SetupError::Input)?;
        let options = GameOptions::new(kind, &input).map_err(SetupError::Rules)?;
        Ok(Setup { options, clock, opponent })
    }

    /// Every option written out, the server's included: what is stored and shown.
    pub fn to_value(&self) -> Value {
        let mut value = serde_json::to_value(self.options.to_input()).unwrap_or(Value::Null);
        if let Value::Object(object) = &mut value {
            if let Some(clock) = self.clock {
                object.insert("clock".into(), serde_json::to_value(clock).unwrap_or(Value::Null));
            }
            if let Some(opponent) = &self.opponent {
                object.insert("opponent".into(), serde_json::to_value(opponent).unwrap_or(Value::Null));
            }
        }
        value
    }
}
