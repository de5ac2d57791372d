//! Matches between game-playing programs, refereed by arbiter's rules library.
//!
//! Engines are processes that speak their game's protocol (UCI and UCCI for
//! Xiangqi, Hub and DXP for draughts, Gomocup for Gomoku and Renju); [`protocol::Engine`]
//! drives one. [`referee::play`] plays a game between two, every move checked by the
//! library; [`tournament`] schedules a match's games over openings, colours and
//! several engines at once, and keeps its statistics ([`stats`]). [`builtin`] is
//! arbiter's own small engine, which speaks every protocol.

#![warn(missing_docs)]

pub mod adjudication;
pub mod builtin;
pub mod engine;
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
