//! Breakthrough, as lidraughts plays it: the moves of international draughts (10x10,
//! men capture backwards, flying kings, the capture of the most pieces compulsory),
//! and the first side to make a king, a man that ends its move on the far row, wins.
//! A side that cannot move loses, as in international draughts; nothing is drawn.

use super::book::{RuleBook, Rules};
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Breakthrough;

impl RuleBook for Breakthrough {
    const SET: Rules = Rules::Breakthrough;
    const NAME: &'static str = "breakthrough";
    const TITLE: &'static str = "Breakthrough draughts";
    // Not a PDN number: lidraughts' own for its breakthrough games.
    const GAME_TYPE: u32 = 96;
    const GEOMETRY: Geometry = Geometry::TEN;
    type Bits = u64;
    const FIRST: Color = Color::White;
    const MAJORITY: bool = true;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = true;
    const CROWN_IN_PASSING: bool = false;
    const ALGEBRAIC: bool = false;
    const FIRST_KING_WINS: bool = true;
}
