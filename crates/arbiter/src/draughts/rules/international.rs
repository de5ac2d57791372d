//! International draughts, FMJD rules (10x10): men capture backwards, flying kings,
//! the capture of the most pieces compulsory, crowning only where a move ends.

use super::book::{RuleBook, Rules};
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct International;

impl RuleBook for International {
    const SET: Rules = Rules::International;
    const NAME: &'static str = "international";
    const TITLE: &'static str = "International draughts";
    const GAME_TYPE: u32 = 20;
    const GEOMETRY: Geometry = Geometry::TEN;
    type Bits = u64;
    const FIRST: Color = Color::White;
    const MAJORITY: bool = true;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = true;
    const CROWN_IN_PASSING: bool = false;
    const ALGEBRAIC: bool = false;
}
