//! Tournaments: Swiss (a fixed number of rounds, paired by the FIDE Dutch system,
//! ranked by score, Buchholz and Sonneborn-Berger) and arena (a fixed time, players
//! paired again as soon as their game ends, lichess's points and streaks). Their games
//! are the server's games, made by the tournament at each pairing (`pairing_game.rs`)
//! and played as any other; `schedule.rs` starts tournaments, pairs rounds, and ends
//! them, on whichever server gets there first.

mod arena;
pub mod dutch;
mod error;
pub mod feed;
mod following;
mod limits;
mod pairing_game;
mod results;
mod schedule;
mod standings;
mod swiss;
mod tournament;
mod view;

pub use error::EventError;
pub use following::follow;
pub use schedule::run_tournaments;
pub use tournament::{NewTournament, create, enter, leave};
pub use view::{summary, tournament_json};
