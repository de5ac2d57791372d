//! American pool checkers (the American Pool Checker Association's rules): 8x8, Black
//! moves first, men step forward and capture both ways, kings fly, any capture may be
//! chosen (no majority) but is made to its end, and a man that reaches the king row
//! during a capture and can jump on (backwards, as a man) must, and is crowned only
//! where its move ends. Squares are numbered 1-32, as in checkers.

use super::book::{RuleBook, Rules};
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Pool;

impl RuleBook for Pool {
    const SET: Rules = Rules::Pool;
    const NAME: &'static str = "pool";
    const TITLE: &'static str = "American pool checkers";
    const GAME_TYPE: u32 = 23;
    const GEOMETRY: Geometry = Geometry::EIGHT;
    type Bits = u64;
    const FIRST: Color = Color::Black;
    const MAJORITY: bool = false;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = true;
    const CROWN_IN_PASSING: bool = false;
    const ALGEBRAIC: bool = false;
}
