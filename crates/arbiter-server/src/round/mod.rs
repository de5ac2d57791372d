//! The round: a served game's lifecycle, apart from HTTP. Playing a move (one way for
//! people and engines), flagging a fallen clock, draw offers, resigning, aborting,
//! takebacks, rematches, explaining a repetition, creating a game, joining an open challenge, players' names, the engine's seat, the clock watcher,
//! and the rules for players who leave (first moves, challenges, seats gone and claims). Every change
//! is stored first, then taken by the game in memory, then published. The HTTP API
//! only reads requests, calls the round, and writes its answers and its refusals
//! ([`RoundError`]).

mod change;
mod clock_watch;
mod create;
mod draw;
mod engine;
mod error;
mod explain;
mod finish;
mod flag;
mod invite;
mod join;
mod leave;
mod lookup;
pub(crate) mod name;
mod name_seat;
mod play;
mod publish;
mod rematch;
mod seat;
mod takeback;

#[cfg(test)]
mod tests;

pub use clock_watch::watch_clocks;
pub use create::{Between, Created, Creator, MAX_SERVED_SIDE, create_between, create_for, read_setup, setup};
pub use engine::play_if_due;
pub use error::RoundError;
pub use explain::explanation;
pub use invite::{invite, used};
pub use join::{JoinRequest, Joined, join};
pub use leave::{here, watch_players};
pub use lookup::{account_seat, current, find, seat};
pub use name::player_name;
pub use name_seat::name_seat;
pub use play::Move;
pub use publish::show;
pub use seat::{Action, act, move_by};
