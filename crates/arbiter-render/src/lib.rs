#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod draughts;
mod gomoku;
mod marks;
mod svg;
mod twixt;
mod xiangqi;

use arbiter::{AnyGame, AnyHistory};
pub use marks::View;

use crate::marks::Marks;

/// The game's position as an SVG document, its last move marked, the general in check
/// ringed, a winning line or chain drawn.
#[must_use]
pub fn svg(game: &AnyGame, view: View) -> String {
    let marks = Marks { last: game.last_move(), over: view.ended || game.outcome().is_some(), view };
    match game.history() {
        AnyHistory::Xiangqi(g) => xiangqi::draw(g.position(), marks),
        AnyHistory::Draughts(g) => draughts::draw(g.position(), marks),
        AnyHistory::Gomoku(g) => gomoku::draw(g.position(), marks),
        AnyHistory::Twixt(g) => twixt::draw(g.position(), marks),
    }
}
