//! Spanish draughts (the Spanish draughts federation's rules, damas españolas): 8x8
//! played on the turned board (the double corner on each player's left), White moves
//! first, men step and capture forward only, kings fly, the capture of the most pieces
//! is compulsory and of those taking as many, the one that takes the most kings; a man
//! that reaches the far row is crowned and the move ends there.

use super::book::{RuleBook, Rules};
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Spanish;

impl RuleBook for Spanish {
    const SET: Rules = Rules::Spanish;
    const NAME: &'static str = "spanish";
    const TITLE: &'static str = "Spanish draughts";
    const GAME_TYPE: u32 = 24;
    const GEOMETRY: Geometry = Geometry::EIGHT_TURNED;
    type Bits = u64;
    const FIRST: Color = Color::White;
    const MAJORITY: bool = true;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = false;
    const CROWN_IN_PASSING: bool = false;
    const ALGEBRAIC: bool = false;
    const KINGS_BREAK_TIES: bool = true;
}
