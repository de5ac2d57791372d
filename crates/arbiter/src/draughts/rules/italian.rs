//! Italian draughts (the Italian draughts federation's rules, dama italiana): 8x8 on
//! the turned board, White moves first, men step and capture forward only and never
//! take a king, kings move and capture one square at a time; the capture of the most
//! pieces is compulsory, then the one made with a king, then the one that takes the
//! most kings, then the one that meets a king first; a man that reaches the far row is
//! crowned and the move ends there.

use super::book::{RuleBook, Rules};
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Italian;

impl RuleBook for Italian {
    const SET: Rules = Rules::Italian;
    const NAME: &'static str = "italian";
    const TITLE: &'static str = "Italian draughts";
    const GAME_TYPE: u32 = 22;
    const GEOMETRY: Geometry = Geometry::EIGHT_TURNED;
    type Bits = u64;
    const FIRST: Color = Color::White;
    const MAJORITY: bool = true;
    const FLYING_KINGS: bool = false;
    const MEN_CAPTURE_BACKWARD: bool = false;
    const CROWN_IN_PASSING: bool = false;
    const ALGEBRAIC: bool = false;
    const KINGS_BREAK_TIES: bool = true;
    const MEN_TAKE_KINGS: bool = false;
    const KING_THEN_ORDER: bool = true;
}
