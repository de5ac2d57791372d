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
mod gomocup;
pub(crate) mod hub;
mod ucci;
mod uci;
pub(crate) mod words;

use std::fmt;
use std::str::FromStr;

use arbiter::{AnyGame, GameKind, Side};
use tokio::time::Instant;

use crate::engine::EngineSpec;
use crate::process::Fault;

/// A protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// UCI as Pikafish speaks it for Xiangqi: ranks 0 to 9.
    Uci,
    /// UCI as Fairy-Stockfish speaks it: `UCI_Variant` set to `xiangqi`, ranks 1 to 10.
    UciFsf,
    /// UCCI, the Chinese chess protocol of ElephantEye and its family.
    Ucci,
    /// Scan's Hub protocol (version 2) for international draughts.
    Hub,
    /// DXP (DamExchange), draughts programs against each other over TCP.
    Dxp,
    /// The Gomocup (Piskvork) protocol for Gomoku and Renju.
    Gomocup,
}

impl Protocol {
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

    /// The game the protocol plays.
    #[must_use]
    pub const fn game(self) -> GameKind {
        match self {
            Protocol::Uci | Protocol::UciFsf | Protocol::Ucci => GameKind::Xiangqi,
            Protocol::Hub | Protocol::Dxp => GameKind::Draughts,
            Protocol::Gomocup => GameKind::Gomoku,
        }
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

impl FromStr for Protocol {
    type Err = String;

    fn from_str(text: &str) -> Result<Protocol, String> {
        Protocol::ALL
            .into_iter()
            .find(|p| p.name() == text)
            .ok_or_else(|| format!("unknown protocol {text:?}: expected {}", Protocol::names()))
    }
}

/// How long an engine may think about one move, as it is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Both sides' time left and the increment after each move, and with periods the
    /// moves the mover has to make before its next period's time comes.
    Clock { remaining_ms: [u64; 2], increment_ms: u64, moves_to_go: Option<u32> },
    /// A fixed time for this move.
    MoveTime { ms: u64 },
    /// A fixed depth in plies.
    Depth(u32),
    /// A fixed number of positions.
    Nodes(u64),
}

/// What an engine is asked: the game so far (its start and every move played) and
/// the limit of the search. The side to move is the engine's.
pub struct Request<'a> {
    pub game: &'a AnyGame,
    pub limit: Limit,
    /// When the answer must have come.
    pub deadline: Instant,
}

impl Request<'_> {
    /// The side the engine plays.
    #[must_use]
    pub fn side(&self) -> Side {
        self.game.side_to_move()
    }
}

/// Refuses an engine asked to set an option it does not offer (names compared
/// without case, as UCI does): a misspelt option would otherwise be ignored silently.
pub(crate) fn check_options(spec: &EngineSpec, offered: &[String]) -> Result<(), Fault> {
    for (option, _) in &spec.options {
        if !offered.iter().any(|name| name.eq_ignore_ascii_case(option)) {
            let list = if offered.is_empty() { "none".to_owned() } else { offered.join(", ") };
            return Err(Fault::Start(format!("it offers no option {option:?} (its options: {list})")));
        }
    }
    Ok(())
}

/// A search to start: in `game` (the engine to move), within `limit`, and on the
/// opponent's time (`go ponder`, in the position after the reply the engine expects) if
/// `ponder`.
#[derive(Clone, Copy)]
pub(crate) struct Search<'a> {
    pub game: &'a AnyGame,
    pub limit: Limit,
    pub ponder: bool,
}

/// An evaluation an engine reported, from its own side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Hundredths of a pawn (Xiangqi) or of a man (draughts).
    Centi(i32),
    /// A mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// The score as one number for adjudication: mates far beyond any material.
    #[must_use]
    pub fn as_centi(self) -> i32 {
        match self {
            Score::Centi(value) => value,
            Score::Mate(moves) if moves >= 0 => 100_000 - moves,
            Score::Mate(moves) => -100_000 - moves,
        }
    }
}

/// An engine's answer to a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move as the engine wrote it.
    pub said: String,
    /// The move in arbiter's notation, to be played through the rules, or why no
    /// move of the game matches what the engine said (when only the protocol can
    /// tell: a draughts capture naming pieces that the capture does not take).
    pub text: Result<String, String>,
    /// The last score the engine reported for this search.
    pub score: Option<Score>,
    /// The depth the engine reported last.
    pub depth: Option<u32>,
    /// The reply the engine expects, as it wrote it (`bestmove h2e2 ponder h9g7`).
    pub ponder: Option<String>,
    /// Whether the engine had been pondering on the move that came.
    pub ponder_hit: bool,
}

pub use driver::{Engine, Setup};
