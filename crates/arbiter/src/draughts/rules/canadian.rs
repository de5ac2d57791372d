//! Canadian draughts: the international rules on the 12x12 board, thirty men a side
//! (men capture backwards, flying kings, the capture of the most pieces compulsory,
//! crowning only where a move ends).

use super::book::{RuleBook, Rules};
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Canadian;

impl RuleBook for Canadian {
    const SET: Rules = Rules::Canadian;
    const NAME: &'static str = "canadian";
    const TITLE: &'static str = "Canadian draughts";
    const GAME_TYPE: u32 = 27;
    const GEOMETRY: Geometry = Geometry::TWELVE;
    type Bits = u128;
    const FIRST: Color = Color::White;
    const MAJORITY: bool = true;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = true;
    const CROWN_IN_PASSING: bool = false;
    const ALGEBRAIC: bool = false;
}
