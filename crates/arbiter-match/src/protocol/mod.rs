//! The protocols engines speak, each in its own file, behind one [`Engine`]: start it,
//! set its options, tell it a new game begins, ask it for a move in a position within
//! a limit, and read its answer back into arbiter's notation.
//!
//! An engine's answer is only read here, never trusted: the referee plays it through
//! the rules library, which decides whether it is legal.

pub(crate) mod draughts_board;
mod driver;
pub mod dxp;
pub(crate) mod dxp_message;
pub(crate) mod gomocup;
pub(crate) mod hub;
pub(crate) mod hub_variant;
pub mod replies;
mod shared;
pub(crate) mod ucci;
pub(crate) mod uci;
pub(crate) mod words;
pub(crate) mod xiangqi_board;

pub use crate::protocol_name::Protocol;
pub use draughts_board::{CannotCarry, cannot_carry};
pub use driver::{Engine, Setup};
pub use gomocup::cannot_ask;
pub use shared::{Limit, Reply, Request, Score, UnmatchedCapture};
