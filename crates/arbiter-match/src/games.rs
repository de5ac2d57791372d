//! Which protocols each game's engines speak: each game's file here names its
//! protocols ([`GameProtocols`], for the game's [`GameSpec`] type), and
//! [`game_of`] finds the game of a protocol, made from the library's one list of
//! games. The protocols' own code is in `protocol/` and `builtin/serve/`.

use arbiter::{GameKind, GameSpec};

/// The protocols a game's engines speak, by name (`uci`, `hub`): none for a game no
/// engine protocol plays.
pub(crate) trait GameProtocols: GameSpec {
    /// The names of the protocols, as [`crate::protocol_name::Protocol::name`] gives them.
    const PROTOCOLS: &'static [&'static str] = &[];
}

/// Declares each game's file and finds the game of a protocol.
macro_rules! protocols_of_games {
    ($($variant:ident $module:ident $spec:path),* $(,)?) => {
        $(mod $module;)*

        /// The game whose engines speak the protocol named `protocol`: `None` if no
        /// game's do, or more than one's.
        pub(crate) fn game_of(protocol: &str) -> Option<GameKind> {
            let mut games = Vec::new();
            $(
                if <$spec as GameProtocols>::PROTOCOLS.contains(&protocol) {
                    games.push(GameKind::$variant);
                }
            )*
            match games[..] {
                [game] => Some(game),
                _ => None,
            }
        }
    };
}

arbiter::for_each_game!(protocols_of_games);
