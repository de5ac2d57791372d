//! The protocols' names, as users write them (`proto=uci`, `--protocol hub`), with the
//! game each plays (which each protocol's file in `protocol/` gives): plain names,
//! which the engine description and the built-in engine use without the drivers.

use std::fmt;
use std::str::FromStr;

use arbiter::GameKind;

/// A protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// UCI as Pikafish speaks it for Xiangqi: ranks 0 to 9.
    Uci,
    /// UCI as Fairy-Stockfish speaks it: `UCI_Variant` set to `xiangqi`, ranks 1 to 10.
    UciFsf,
    /// UCCI, the Chinese chess protocol of ElephantEye and its family.
    Ucci,
    /// Scan's Hub protocol (version 2) for draughts on the 10x10 board, each rule set
    /// its `variant` parameter names.
    Hub,
    /// DXP (DamExchange), draughts programs against each other over TCP.
    Dxp,
    /// The Gomocup (Piskvork) protocol for Gomoku and Renju.
    Gomocup,
}

impl Protocol {
    /// Every protocol, in the order messages list them.
    pub const ALL: [Protocol; 6] =
        [Protocol::Uci, Protocol::UciFsf, Protocol::Ucci, Protocol::Hub, Protocol::Dxp, Protocol::Gomocup];

    /// The name on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::UciFsf => "uci-fsf",
            Protocol::Ucci => "ucci",
            Protocol::Hub => "hub",
            Protocol::Dxp => "dxp",
            Protocol::Gomocup => "gomocup",
        }
    }

    /// Every name, for messages.
    #[must_use]
    pub fn names() -> String {
        Protocol::ALL.map(Protocol::name).join(", ")
    }

    /// The game the protocol plays. Each protocol is one game's (UCI as Pikafish and
    /// Fairy-Stockfish speak it for Xiangqi): each game's file of `games/` names its
    /// protocols.
    #[must_use]
    pub fn game(self) -> GameKind {
        crate::games::game_of(self.name()).expect("every protocol is one game's (a test keeps it so)")
    }

    /// Whether the protocol lets an engine think on its opponent's time.
    #[must_use]
    pub const fn can_ponder(self) -> bool {
        matches!(self, Protocol::Uci | Protocol::UciFsf | Protocol::Ucci | Protocol::Hub)
    }

    /// The protocols that play `kind`.
    pub fn for_game(kind: GameKind) -> impl Iterator<Item = Protocol> {
        Protocol::ALL.into_iter().filter(move |p| p.game() == kind)
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A protocol name that is none of arbiter's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown protocol {0:?}: expected {names}", names = Protocol::names())]
pub struct UnknownProtocol(pub String);

impl FromStr for Protocol {
    type Err = UnknownProtocol;

    fn from_str(text: &str) -> Result<Protocol, UnknownProtocol> {
        Protocol::ALL.into_iter().find(|p| p.name() == text).ok_or_else(|| UnknownProtocol(text.to_owned()))
    }
}

/// A protocol spoken in lines on an engine's standard input and output: every one
/// but DXP, which is spoken over TCP.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StdioProtocol {
    /// [`Protocol::Uci`].
    Uci,
    /// [`Protocol::UciFsf`].
    UciFsf,
    /// [`Protocol::Ucci`].
    Ucci,
    /// [`Protocol::Hub`].
    Hub,
    /// [`Protocol::Gomocup`].
    Gomocup,
}

impl Protocol {
    /// The protocol as spoken on standard input and output; `None` for DXP.
    #[must_use]
    pub const fn on_stdio(self) -> Option<StdioProtocol> {
        match self {
            Protocol::Uci => Some(StdioProtocol::Uci),
            Protocol::UciFsf => Some(StdioProtocol::UciFsf),
            Protocol::Ucci => Some(StdioProtocol::Ucci),
            Protocol::Hub => Some(StdioProtocol::Hub),
            Protocol::Gomocup => Some(StdioProtocol::Gomocup),
            Protocol::Dxp => None,
        }
    }
}

impl From<StdioProtocol> for Protocol {
    fn from(protocol: StdioProtocol) -> Protocol {
        match protocol {
            StdioProtocol::Uci => Protocol::Uci,
            StdioProtocol::UciFsf => Protocol::UciFsf,
            StdioProtocol::Ucci => Protocol::Ucci,
            StdioProtocol::Hub => Protocol::Hub,
            StdioProtocol::Gomocup => Protocol::Gomocup,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_protocol_is_one_games() {
        for protocol in Protocol::ALL {
            assert!(crate::games::game_of(protocol.name()).is_some(), "{protocol} is no one game's");
        }
        assert_eq!(crate::games::game_of("chess"), None);
        assert_eq!(Protocol::Hub.game().name(), "draughts");
    }
}
