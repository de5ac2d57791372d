//! Games and moves in SQLite (the embedded default) or PostgreSQL (several servers
//! sharing the load), with one schema and migrations run at start.
//!
//! A move is stored by one INSERT, which a trigger turns into the game's new ply as
//! well; the primary key (game, ply) makes the second of two moves for the same ply
//! fail, in one process or across many.
//!
//! The store and its games and moves are in `games.rs`; accounts, sessions and tokens
//! in `accounts.rs`; ratings in `ratings.rs`; bots and challenges to a named player
//! in `challenges.rs`.

mod accounts;
mod challenges;
mod games;
mod ratings;
mod tournaments;

pub use crate::rows::{RATED, RATED_DONE};
pub use accounts::Account;
pub use challenges::{ACCEPTED, CANCELED, Challenge, DECLINED, EXPIRED, MarkBot, PENDING};
pub use games::{DATABASE_ERRORS, Joiner, Listed, Presence, Store, StoreError, Undo};
pub use ratings::{Rated, Standing};
pub use tournaments::{CREATED, ENDED, Entry, PairingRow, RUNNING, TournamentRow};
