//! Gomoku and Renju engines speak the Gomocup (Piskvork) protocol.

use arbiter::gomoku::Gomoku;

use crate::games::GameProtocols;

impl GameProtocols for Gomoku {
    const PROTOCOLS: &'static [&'static str] = &["gomocup"];
}
