#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod games;
pub mod judge;
pub mod lines;
pub mod record;

// Each game's records and contest format, in a folder named after it.
use games::declare_games;
arbiter::for_each_game!(declare_games);

pub use games::judge;
pub use judge::JudgeError;
