#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod adjudication;
pub mod builtin;
pub mod engine;
mod games;
pub mod limits;
pub mod opening;
pub mod process;
pub mod protocol;
pub mod protocol_name;
mod quoted;
pub mod records;
pub mod referee;
pub mod schedule;
pub mod stats;
pub mod tournament;
