//! What the drivers of every protocol share: the request an engine is asked (the game
//! and the limit of its search), the reply it gives (the move, its score and depth),
//! and the check of the options it is told to set.

use arbiter::{AnyGame, Side};
use tokio::time::Instant;

use crate::engine::EngineSpec;
use crate::process::Fault;

/// How long an engine may think about one move, as it is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Both sides' time left and the increment after each move, and with periods the
    /// moves the mover has to make before its next period's time comes.
    Clock {
        /// Each side's time left, the first side's first.
        remaining_ms: [u64; 2],
        /// The time added after each move.
        increment_ms: u64,
        /// The mover's moves left in its period; `None` without periods.
        moves_to_go: Option<u32>,
    },
    /// A fixed time for this move.
    MoveTime {
        /// The time for the move.
        ms: u64,
    },
    /// A fixed depth in plies.
    Depth(u32),
    /// A fixed number of positions.
    Nodes(u64),
}

/// What an engine is asked: the game so far (its start and every move played) and
/// the limit of the search. The side to move is the engine's.
pub struct Request<'a> {
    /// The game so far, from its start.
    pub game: &'a AnyGame,
    /// The limit of the search, as the engine is told it.
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

/// A draughts capture as an engine wrote it (from, to, the pieces taken) that no legal
/// capture matches: only the protocol can tell, as the rules see moves by their path.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no legal capture goes from {from} to {to} taking {}", taken.join(", "))]
pub struct UnmatchedCapture {
    /// The square the capture starts from.
    pub from: String,
    /// The square it ends on.
    pub to: String,
    /// The squares of the pieces it takes, sorted.
    pub taken: Vec<String>,
}

/// An engine's answer to a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move as the engine wrote it.
    pub said: String,
    /// The move in arbiter's notation, to be played through the rules, or why no
    /// move of the game matches what the engine said (when only the protocol can
    /// tell: a draughts capture naming pieces that the capture does not take).
    pub text: Result<String, UnmatchedCapture>,
    /// The last score the engine reported for this search.
    pub score: Option<Score>,
    /// The depth the engine reported last.
    pub depth: Option<u32>,
    /// The reply the engine expects, as it wrote it (`bestmove h2e2 ponder h9g7`).
    pub ponder: Option<String>,
    /// Whether the engine had been pondering on the move that came.
    pub ponder_hit: bool,
}
