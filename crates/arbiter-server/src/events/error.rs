//! Why a tournament request was refused or failed, as data: each with the status and
//! the stable code the API answers with.

use crate::round::RoundError;
use crate::store::StoreError;

/// Why a tournament request was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum EventError {
    /// Making or joining a tournament takes an account.
    #[error("sign in to make or join a tournament")]
    SignInNeeded,
    /// No tournament has the id.
    #[error("no such tournament")]
    NoSuchTournament,
    /// The name is empty, too long or holds control characters.
    #[error("a tournament's name is 1 to 64 characters, none of them a control character")]
    BadName,
    /// The system is neither `swiss` nor `arena`.
    #[error("system is \"swiss\" or \"arena\"")]
    BadSystem,
    /// A Swiss's rounds out of range.
    #[error("a Swiss has 1 to {max} rounds", max = super::limits::MAX_ROUNDS)]
    BadRounds,
    /// An arena's length missing or out of range.
    #[error("an arena lasts {min} to {max} seconds: give \"minutes\" or \"seconds\"", min = super::limits::MIN_SECONDS, max = super::limits::MAX_SECONDS)]
    BadLength,
    /// The start is in the past or too far ahead.
    #[error("a tournament starts within {days} days from now", days = super::limits::MAX_DAYS_AHEAD)]
    BadStart,
    /// The games would have no clock: a tournament's games must end.
    #[error("a tournament's games need a clock")]
    ClockNeeded,
    /// The options name a computer opponent.
    #[error("a tournament's games are between its players: no opponent option")]
    OpponentOption,
    /// The game's options were refused.
    #[error("{0}")]
    Options(RoundError),
    /// Joining a tournament that has ended (or a Swiss whose last round is paired).
    #[error("the tournament is over, or its last round is paired")]
    Over,
    /// Joining a tournament that holds as many players as it may.
    #[error("the tournament is full: {max} players", max = super::limits::MAX_PLAYERS)]
    Full,
    /// Withdrawing from a tournament one is not playing.
    #[error("you are not playing in this tournament")]
    NotIn,
    /// Too many tournaments of one account to come or going on.
    #[error("at most {max} of your tournaments may be to come or going on", max = super::limits::MAX_OPEN_PER_ACCOUNT)]
    TooMany,
    /// No pairing satisfies the rules (the tournament waits for players to change).
    #[error("no pairing: {0}")]
    Pairing(#[from] super::dutch::PairingError),
    /// A game of a pairing could not be made.
    #[error("a pairing's game: {0}")]
    Game(RoundError),
    /// The database failed.
    #[error("{0}")]
    Store(#[from] StoreError),
}

impl EventError {
    /// The refusal's stable name in an error answer's `code`.
    pub fn code(&self) -> &'static str {
        match self {
            EventError::SignInNeeded => "sign_in_needed",
            EventError::NoSuchTournament => "no_such_tournament",
            EventError::BadName => "bad_tournament_name",
            EventError::BadSystem => "bad_system",
            EventError::BadRounds => "bad_rounds",
            EventError::BadLength => "bad_length",
            EventError::BadStart => "bad_start",
            EventError::ClockNeeded => "clock_needed",
            EventError::OpponentOption => "opponent_option",
            EventError::Options(_) => "bad_options",
            EventError::Over => "tournament_over",
            EventError::NotIn => "not_in_tournament",
            EventError::Full => "tournament_full",
            EventError::TooMany => "too_many_tournaments",
            EventError::Pairing(_) => "no_pairing",
            EventError::Game(_) | EventError::Store(_) => "internal",
        }
    }
}
