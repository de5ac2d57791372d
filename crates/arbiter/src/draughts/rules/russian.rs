//! Russian draughts (shashki), the rules of the Russian draughts federation (FShR):
//! 8x8, men capture backwards, flying kings, any capture may be chosen (no majority)
//! but a capture is made to its end, and a man that reaches the far row during a
//! capture is crowned there and goes on capturing as a king.

use super::book::{RuleBook, Rules};
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Russian;

impl RuleBook for Russian {
    const SET: Rules = Rules::Russian;
    const NAME: &'static str = "russian";
    const TITLE: &'static str = "Russian draughts";
    const GAME_TYPE: u32 = 25;
    const GEOMETRY: Geometry = Geometry::EIGHT;
    type Bits = u64;
    const FIRST: Color = Color::White;
    const MAJORITY: bool = false;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = true;
    const CROWN_IN_PASSING: bool = true;
    const ALGEBRAIC: bool = true;
}
