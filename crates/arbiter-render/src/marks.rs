//! What a drawing shows beside the pieces, and how the board is looked at.

use arbiter::MoveDetail;

/// How a board is looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// Turned round: the second side at the bottom (Xiangqi's Black, draughts' Black),
    /// Gomoku's and TwixT's boards turned half a circle, their coordinates with them.
    pub flip: bool,
    /// The game has ended beside its rules (on time, by resignation, by agreement):
    /// no point is offered for a click, as when the rules end it.
    pub ended: bool,
}

/// What a drawing shows beside the pieces.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Marks<'a> {
    /// The last move, marked where it started and ended.
    pub(crate) last: Option<&'a MoveDetail>,
    /// Whether the game is over: no point is offered for a click.
    pub(crate) over: bool,
    pub(crate) view: View,
}
