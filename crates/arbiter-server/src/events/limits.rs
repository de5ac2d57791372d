//! The bounds on what a tournament's maker may ask.

/// The most rounds of a Swiss.
pub const MAX_ROUNDS: i64 = 30;
/// The shortest arena, in seconds.
pub const MIN_SECONDS: i64 = 10;
/// The longest arena, in seconds: a day.
pub const MAX_SECONDS: i64 = 86_400;
/// How far ahead a tournament may be set to start, in days.
pub const MAX_DAYS_AHEAD: i64 = 30;
/// The most players a tournament holds at once: as many as the Dutch system pairs.
pub const MAX_PLAYERS: i64 = super::dutch::MAX_ENTRANTS as i64;
/// How many tournaments one account may have to come or going on at once.
pub const MAX_OPEN_PER_ACCOUNT: i64 = 10;
