//! The notations a game's moves can be written in besides its standard one, which each
//! game's position implements and [`crate::AnyGame`] writes its moves in as they are
//! played.

use crate::game::Game;

/// The notations a game's moves can be written in besides its standard one (Xiangqi's
/// WXF and Chinese notation), written move by move: [`crate::AnyGame`] keeps each
/// move's text in every notation of [`crate::GameKind::notations`] as it is played.
pub trait MoveNotations: Game {
    /// `mv`, legal in this position, written in the notation named `notation` (one of
    /// the game's [`crate::GameKind::record_notations`]); `None` if the game has no
    /// such notation or writes its moves only as it plays them. Games with one
    /// notation keep the default.
    fn write_in(&self, mv: Self::Move, notation: &str) -> Option<String> {
        let _ = (mv, notation);
        None
    }
}
