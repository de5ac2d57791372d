//! The round: a served game's lifecycle, apart from HTTP. Playing a move (one way for
//! people and engines), flagging a fallen clock, draw offers, resigning, aborting,
//! rematches, creating a game, the engine's seat and the clock watcher. Every change
//! is stored first, then taken by the game in memory, then published. The HTTP API
//! only reads requests, calls the round, and writes its answers and its refusals
//! ([`RoundError`]).

mod change;
mod clock_watch;
mod create;
mod draw;
mod engine;
mod error;
mod finish;
mod flag;
mod lookup;
mod play;
mod publish;
mod rematch;
mod seat;

#[cfg(test)]
mod tests;

pub use clock_watch::watch_clocks;
pub use create::{Created, MAX_SERVED_SIDE, create};
pub use engine::play_if_due;
pub use error::RoundError;
pub use lookup::{current, find, seat};
pub use play::Move;
pub use publish::show;
pub use seat::{Action, act, move_by};
