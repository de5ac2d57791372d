//! Czech draughts (the Czech draughts federation's rules, česká dáma): 8x8, White
//! moves first, men step and capture forward only, kings fly, any capture may be chosen
//! (no majority) but is made to its end, except that a capture with a king comes before
//! one with a man; a man that reaches the far row is crowned and the move ends there.

use super::book::{RuleBook, Rules};
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Czech;

impl RuleBook for Czech {
    const SET: Rules = Rules::Czech;
    const NAME: &'static str = "czech";
    const TITLE: &'static str = "Czech draughts";
    const GAME_TYPE: u32 = 29;
    const GEOMETRY: Geometry = Geometry::EIGHT;
    type Bits = u64;
    const FIRST: Color = Color::White;
    const MAJORITY: bool = false;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = false;
    const CROWN_IN_PASSING: bool = false;
    const ALGEBRAIC: bool = true;
    const KINGS_CAPTURE_FIRST: bool = true;
}
