//! The rules of Xiangqi that look back over the game.

use super::board::{Move, Position};
use crate::game::{Game, Outcome};
use crate::history::LookBack;

/// Settings of the rules that look back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Moves by each side in a row without a capture after which the game is drawn;
    /// 0 switches the rule off.
    pub move_limit: u32,
}

impl Settings {
    /// 60 moves by each side, as the AXF rules and computer Xiangqi count.
    pub const DEFAULT_MOVE_LIMIT: u32 = 60;
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { move_limit: Settings::DEFAULT_MOVE_LIMIT }
    }
}

impl LookBack for Position {
    type Settings = Settings;
    type Memory = ();

    fn start_memory(&self) {}

    fn play_remembering(&mut self, mv: Move, _history: &[()]) {
        self.play(mv);
    }

    fn verdict(&self, _history: &[()], _settings: &Settings) -> Option<Outcome> {
        None
    }
}
