//! What a search may spend and how the engine plays: shared by the search and the
//! games' own policies (`eval/`), which decide without a search where one does not fit.

use std::time::Duration;

/// What a search may spend.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    /// Plies, at most.
    pub depth: Option<u32>,
    /// Positions, at most.
    pub nodes: Option<u64>,
    /// Time, at most.
    pub time: Option<Duration>,
}

/// How the engine plays.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// The deepest it ever looks, whatever the budget: its strength.
    pub max_depth: u32,
    /// With a seed, it picks at random among the moves within `margin` of the best,
    /// so that a series of games does not repeat itself.
    pub random: Option<(u64, i32)>,
}

impl Default for Style {
    fn default() -> Style {
        Style { max_depth: 4, random: None }
    }
}
