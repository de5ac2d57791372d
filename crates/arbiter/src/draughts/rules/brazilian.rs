//! Brazilian draughts (CBD; FMJD's rules for draughts-64): the international rules
//! on the 8x8 board, written as Brazilian players write them (`c3-d4`, `c3:e5`).

use super::book::{RuleBook, Rules};
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Brazilian;

impl RuleBook for Brazilian {
    const SET: Rules = Rules::Brazilian;
    const NAME: &'static str = "brazilian";
    const TITLE: &'static str = "Brazilian draughts";
    const GAME_TYPE: u32 = 26;
    const GEOMETRY: Geometry = Geometry::EIGHT;
    type Bits = u64;
    const FIRST: Color = Color::White;
    const MAJORITY: bool = true;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = true;
    const CROWN_IN_PASSING: bool = false;
    const ALGEBRAIC: bool = true;
}
