//! What every protocol's loop of the built-in engine shares: its settings, its name,
//! the search it makes for a limit, and the wait of a ponder search.

use arbiter::{AnyGame, Side};

use crate::builtin::{Budget, Choice, Style, choose_move};
use crate::protocol::Limit;

/// The engine's settings as the command line gives them; the protocol's options
/// change them later.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineSettings {
    /// The deepest the search goes: the engine's strength.
    pub depth: u32,
    /// 0 for the same best move every time; any other seed makes it pick at random
    /// among the moves near the best, the same way for the same seed.
    pub seed: u64,
}

impl Default for EngineSettings {
    fn default() -> EngineSettings {
        EngineSettings { depth: 4, seed: 0 }
    }
}

/// The deepest depth the settings accept.
pub const MAX_DEPTH: u32 = 20;

/// How far below the best a random pick may be, in the evaluation's units.
const RANDOM_MARGIN: i32 = 30;

/// What every protocol's loop shares: the settings and the games begun.
pub(super) struct Thinker {
    pub settings: EngineSettings,
    pub games: u64,
}

impl Thinker {
    /// The move for `game` within `limit`.
    pub fn think(&self, game: &AnyGame, limit: Limit) -> Option<Choice> {
        let budget = budget(limit, game.side_to_move());
        let random = (self.settings.seed != 0)
            .then(|| (self.settings.seed ^ self.games.wrapping_mul(0x9e37_79b9_7f4a_7c15), RANDOM_MARGIN));
        choose_move(game, budget, Style { max_depth: self.settings.depth.clamp(1, MAX_DEPTH), random })
    }

    /// What to tell the other side before searching to `limit`: a depth asked for
    /// beyond the engine's own depth (its strength) is searched to the engine's depth.
    pub fn depth_note(&self, limit: Limit) -> Option<String> {
        let own = self.settings.depth.clamp(1, MAX_DEPTH);
        match limit {
            Limit::Depth(asked) if asked > own => Some(format!(
                "depth {asked} is deeper than the engine's depth {own} (1 to {MAX_DEPTH}, set by its depth option): searching to depth {own}"
            )),
            _ => None,
        }
    }

    /// The reply it expects to its move `mine`, the best at depth 1: what it ponders
    /// on, if the other side lets it.
    pub fn expected_reply(game: &AnyGame, mine: &str) -> Option<String> {
        let mut after = game.clone();
        after.play_text(mine).ok()?;
        let budget = Budget { depth: Some(1), ..Budget::default() };
        choose_move(&after, budget, Style { max_depth: 1, random: None }).map(|choice| choice.text)
    }

    pub fn set_depth(&mut self, value: &str) {
        if let Ok(depth) = value.trim().parse::<u32>() {
            self.settings.depth = depth.clamp(1, MAX_DEPTH);
        }
    }

    pub fn set_seed(&mut self, value: &str) {
        if let Ok(seed) = value.trim().parse() {
            self.settings.seed = seed;
        }
    }
}

/// A search on the opponent's time (`go ponder`): it waits for the hit, which starts
/// it with the limit it was given, or for `stop`, which asks for a move at once. The
/// engine thinks only when it is told to, so it does not search while it waits.
#[derive(Default)]
pub(super) struct Pondering {
    waiting: Option<Limit>,
}

impl Pondering {
    /// A `go`: a ponder search waits; any other begins now, and ends any wait.
    pub fn go(&mut self, limit: Limit, ponder: bool) -> Option<Limit> {
        if ponder {
            self.waiting = Some(limit);
            None
        } else {
            self.waiting = None;
            Some(limit)
        }
    }

    /// The hit: the search that waited, with its limit.
    pub fn hit(&mut self) -> Option<Limit> {
        self.waiting.take()
    }

    /// `stop`: a move at once, if a search waited.
    pub fn stop(&mut self) -> Option<Limit> {
        self.waiting.take().map(|_| Limit::Depth(1))
    }
}

/// A share of the clock for one move: a twentieth of the time left (with periods, a
/// share of it for each move still to go in the period, and one more) and most of the
/// increment, never more than a third of what is left.
pub(super) fn budget(limit: Limit, side: Side) -> Budget {
    let ms = |ms: u64| Some(std::time::Duration::from_millis(ms.max(1)));
    match limit {
        Limit::Clock { remaining_ms, increment_ms, moves_to_go } => {
            let left = remaining_ms[side.index()];
            let shares = moves_to_go.map_or(20, |moves| u64::from(moves.min(19)) + 1);
            Budget { time: ms((left / shares + increment_ms * 3 / 4).min(left / 3)), ..Budget::default() }
        }
        Limit::MoveTime { ms: total } => Budget { time: ms(total * 3 / 4), ..Budget::default() },
        Limit::Depth(depth) => Budget { depth: Some(depth), ..Budget::default() },
        Limit::Nodes(nodes) => Budget { nodes: Some(nodes), ..Budget::default() },
    }
}

/// The engine's name and version, as it introduces itself.
pub(super) const NAME: &str = "arbiter";
pub(super) const VERSION: &str = env!("CARGO_PKG_VERSION");
