//! English draughts, American checkers (EDA and WCDF rules): 8x8, Black moves
//! first, men step and capture forward only, kings move and capture one square at
//! a time in all four directions, any capture may be chosen (no majority) but is
//! made to its end; a man that reaches the far row is crowned and the move ends.

use super::book::{RuleBook, Rules};
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct English;

impl RuleBook for English {
    const SET: Rules = Rules::English;
    const NAME: &'static str = "english";
    const TITLE: &'static str = "English draughts (checkers)";
    const GAME_TYPE: u32 = 21;
    const GEOMETRY: Geometry = Geometry::EIGHT;
    type Bits = u64;
    const FIRST: Color = Color::Black;
    const MAJORITY: bool = false;
    const FLYING_KINGS: bool = false;
    const MEN_CAPTURE_BACKWARD: bool = false;
    const CROWN_IN_PASSING: bool = false;
    const ALGEBRAIC: bool = false;
}
