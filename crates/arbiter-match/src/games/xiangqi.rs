//! Xiangqi's engines speak UCI (as Pikafish, and as Fairy-Stockfish with its own
//! ranks) and UCCI.

use arbiter::xiangqi::Xiangqi;

use crate::games::GameProtocols;

impl GameProtocols for Xiangqi {
    const PROTOCOLS: &'static [&'static str] = &["uci", "uci-fsf", "ucci"];
}
