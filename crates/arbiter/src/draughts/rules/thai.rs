//! Thai draughts (Mak-hot, หมากฮอส): 8x8, eight men a side on the two rows nearest
//! each player, White moves first, men step and capture forward only, kings move any
//! distance along a diagonal but capture by landing on the square right behind each
//! piece they take, pieces come off one by one as they are taken (a king may cross a
//! square again and turn back), any capture may be chosen (no majority) but is made to
//! its end; a man that reaches the far row is crowned and the move ends there.

use super::book::{RuleBook, Rules};
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Thai;

impl RuleBook for Thai {
    const SET: Rules = Rules::Thai;
    const NAME: &'static str = "thai";
    const TITLE: &'static str = "Thai draughts";
    const GAME_TYPE: u32 = 31;
    const GEOMETRY: Geometry = Geometry::EIGHT;
    type Bits = u64;
    const FIRST: Color = Color::White;
    const MAJORITY: bool = false;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = false;
    const CROWN_IN_PASSING: bool = false;
    const ALGEBRAIC: bool = false;
    const KINGS_LAND_RIGHT_BEHIND: bool = true;
    const REMOVED_AS_TAKEN: bool = true;
    const MEN_A_SIDE: usize = 8;
}
