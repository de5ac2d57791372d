//! Why the round refuses a move or an action, or could not make it: what the game's
//! rules and the server's say, as data. The HTTP API gives each its status.

use arbiter::{GameKind, MoveError};

use super::name::NameError;
use crate::computer::FindError;
use crate::memory::LoadError;
use crate::setup::SetupError;
use crate::store::StoreError;

/// Why a move or an action was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum RoundError {
    /// No game has the id.
    #[error("no such game")]
    NoSuchGame,
    /// The token opens neither seat of the game.
    #[error("unknown token for this game")]
    NotASeat,
    /// A move after the game ended; says how it ended.
    #[error("the game is over: {0}")]
    GameOver(String),
    /// An action that only a game going on allows, after it ended.
    #[error("the game is over: no {0}")]
    Over(Act),
    /// The other seat is to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The move names a ply other than the next.
    #[error("ply {given} is not the next ply ({next})")]
    WrongPly {
        /// The ply the move was sent for.
        given: i64,
        /// The next ply.
        next: i64,
    },
    /// Another move for this ply was stored first, by another server.
    #[error("that ply has already been played")]
    PlyTaken,
    /// Another server changed the game since this one looked.
    #[error("the game changed meanwhile: look again and retry")]
    ChangedMeanwhile,
    /// The request names neither a move nor the points it goes from and to.
    #[error("give the move, or its from and to points")]
    NoMoveNamed,
    /// Nothing in the game moves between two points.
    #[error("nothing moves from a point in {0}: send the move")]
    NoMoveBetween(GameKind),
    /// The rules refuse the move.
    #[error("{0}")]
    IllegalMove(MoveError),
    /// Accepting when the other seat offers no draw.
    #[error("there is no draw offer to accept")]
    NoOfferToAccept,
    /// Declining when the other seat offers no draw.
    #[error("there is no draw offer to decline")]
    NoOfferToDecline,
    /// Aborting once both sides have moved.
    #[error("a game can be aborted only before both sides have moved")]
    TooLateToAbort,
    /// Aborting, taking back or asking for a rematch in a tournament's game: its
    /// result is the tournament's.
    #[error("a tournament's game cannot be aborted, taken back or rematched")]
    InTournament,
    /// A rematch asked for while the game goes on.
    #[error("a rematch is asked for once the game is over")]
    RematchTooSoon,
    /// A rematch asked for once it has been made.
    #[error("the rematch has been made")]
    RematchMade,
    /// A move or an action other than abort while an open challenge waits for its
    /// opponent.
    #[error("the second seat is still free: wait for an opponent to join")]
    WaitingForOpponent,
    /// Joining a game that is no open challenge.
    #[error("this game is not an open challenge: its second seat is joined by its invite link")]
    NotOpen,
    /// Joining an open challenge whose second seat was claimed.
    #[error("someone else has joined this game")]
    SeatTaken,
    /// An open challenge against the computer.
    #[error("a game against the computer cannot be an open challenge")]
    OpenWithComputer,
    /// A player's name refused.
    #[error("name: {0}")]
    BadName(#[from] NameError),
    /// A takeback offered by a seat that has made no move.
    #[error("you have no move to take back")]
    NoMoveToTakeBack,
    /// Accepting or declining when the other seat offers no takeback.
    #[error("there is no takeback offer to answer")]
    NoTakebackOffer,
    /// A claim while the opponent is here.
    #[error("your opponent is here: a game is claimed only once its opponent has gone")]
    OpponentHere,
    /// A claim before the countdown ran out.
    #[error("your opponent may still come back: claim the game in {seconds} s")]
    ClaimTooSoon {
        /// Seconds left.
        seconds: i64,
    },
    /// A rated game asked for without an account.
    #[error("a rated game is played by accounts: sign in first")]
    SignInNeeded,
    /// A rated game against the computer.
    #[error("a game against the computer cannot be rated")]
    RatedWithComputer,
    /// Joining one's own open challenge.
    #[error("this is your own challenge: another player joins it")]
    OwnChallenge,
    /// Naming a seat that has a name.
    #[error("this seat has a name already")]
    SeatNamed,
    /// Flagging when no clock has run out.
    #[error("no clock has run out")]
    NoClockFallen,
    /// A new game of a kind the rules do not know.
    #[error("{0}")]
    UnknownKind(arbiter::OptionsError),
    /// A new game's options are refused.
    #[error("{0}")]
    Setup(#[from] SetupError),
    /// No engine of the server fits the new game's opponent.
    #[error("{0}")]
    Engine(#[from] FindError),
    /// A new game's board is larger than the server plays.
    #[error("the server plays boards of up to {max} points a side, not {side}")]
    BoardTooLarge {
        /// The board's largest side.
        side: u32,
        /// The largest the server plays.
        max: u32,
    },
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A game could not be had from the database.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The operating system gave no random bytes for an id or a token.
    #[error("no random bytes: {0}")]
    Random(#[from] getrandom::Error),
    /// A task working for the request failed (it panicked, or the server stops).
    #[error("task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
}

impl RoundError {
    /// The refusal's stable name in an error answer's `code`, for those that have one.
    pub fn code(&self) -> Option<&'static str> {
        Some(match self {
            RoundError::WaitingForOpponent => "waiting_for_opponent",
            RoundError::NotOpen => "not_open",
            RoundError::SeatTaken => "seat_taken",
            RoundError::OpenWithComputer => "open_with_computer",
            RoundError::BadName(_) => "bad_name",
            RoundError::NoMoveToTakeBack => "no_move_to_take_back",
            RoundError::NoTakebackOffer => "no_takeback_offer",
            RoundError::Over(Act::Takeback | Act::Join | Act::Claim) => "game_over",
            RoundError::OpponentHere => "opponent_here",
            RoundError::ClaimTooSoon { .. } => "claim_too_soon",
            RoundError::SignInNeeded => "sign_in_needed",
            RoundError::RatedWithComputer => "rated_with_computer",
            RoundError::OwnChallenge => "own_challenge",
            RoundError::SeatNamed => "seat_named",
            RoundError::InTournament => "tournament_game",
            RoundError::IllegalMove(refusal) => refusal.code(),
            _ => return None,
        })
    }
}

/// An action that only a game going on allows, as its refusal names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// Resigning.
    Resignation,
    /// Offering or declining a draw.
    DrawOffer,
    /// Accepting a draw.
    Draw,
    /// Aborting.
    Abort,
    /// Offering or answering a takeback.
    Takeback,
    /// Joining an open challenge.
    Join,
    /// Claiming a game whose opponent has gone.
    Claim,
}

impl std::fmt::Display for Act {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Act::Resignation => "resignation",
            Act::DrawOffer => "draw offer",
            Act::Draw => "draw",
            Act::Abort => "abort",
            Act::Takeback => "takeback",
            Act::Join => "joining",
            Act::Claim => "claim",
        })
    }
}
