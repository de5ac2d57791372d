//! arbiter's own engine ([`arbiter_engine`]) as a program: [`serve`] makes it speak
//! every protocol, as `arbiter engine` and `cmd=builtin` do.

pub mod serve;

pub use arbiter_engine::{Budget, Choice, Style, choose_move, eval, search};
