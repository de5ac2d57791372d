//! Antidraughts, as lidraughts plays it: the moves of international draughts (10x10,
//! men capture backwards, flying kings, the capture of the most pieces compulsory),
//! and the side that cannot move, having lost every piece or with all of them
//! blocked, wins. No endgame counts; threefold repetition draws.

use super::book::{RuleBook, Rules};
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Antidraughts;

impl RuleBook for Antidraughts {
    const SET: Rules = Rules::Antidraughts;
    const NAME: &'static str = "antidraughts";
    const TITLE: &'static str = "Antidraughts";
    // Not a PDN number: lidraughts' own for its antidraughts games.
    const GAME_TYPE: u32 = 98;
    const GEOMETRY: Geometry = Geometry::TEN;
    type Bits = u64;
    const FIRST: Color = Color::White;
    const MAJORITY: bool = true;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = true;
    const CROWN_IN_PASSING: bool = false;
    const ALGEBRAIC: bool = false;
    const NO_MOVE_WINS: bool = true;
}
