#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod marks;
mod svg;

use arbiter::{AnyGame, AnyHistory, GameSpec};
pub use marks::View;

use crate::marks::Marks;

/// A game this crate draws: each game's file here implements it for the game's
/// [`GameSpec`] type.
trait Draw: GameSpec {
    /// `position` as an SVG document, with the marks of the view.
    fn draw(position: &Self::Position, marks: Marks<'_>) -> String;
}

/// Declares each game's file and draws a game of any kind with it.
macro_rules! draw_games {
    ($($variant:ident $module:ident $spec:path),* $(,)?) => {
        $(mod $module;)*

        /// `game`'s position drawn by its game's [`Draw`].
        fn draw(game: &AnyGame, marks: Marks<'_>) -> String {
            match game.history() {
                $( AnyHistory::$variant(game) => <$spec as Draw>::draw(game.position(), marks), )*
            }
        }
    };
}

arbiter::for_each_game!(draw_games);

/// The game's position as an SVG document, its last move marked, the general in check
/// ringed, a winning line or chain drawn.
#[must_use]
pub fn svg(game: &AnyGame, view: View) -> String {
    let marks = Marks { last: game.last_move(), over: view.ended || game.outcome().is_some(), view };
    draw(game, marks)
}
