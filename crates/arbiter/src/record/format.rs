//! What each game's records look like, said by the game's own `record.rs` and reached
//! through [`GameKind`](crate::GameKind).

use crate::game::Game;

/// The notations a game's moves can be written in besides its standard one (Xiangqi's
/// WXF and Chinese notation), written move by move: [`crate::AnyGame`] keeps each
/// move's text in every notation of [`GameKind::notations`](crate::GameKind::notations)
/// as it is played.
pub trait MoveNotations: Game {
    /// `mv`, legal in this position, written in the notation named `notation` (one of
    /// the game's [`GameKind::record_notations`](crate::GameKind::record_notations));
    /// `None` if the game has no such notation. Games with one notation keep the
    /// default.
    fn write_in(&self, mv: Self::Move, notation: &str) -> Option<String> {
        let _ = (mv, notation);
        None
    }
}
