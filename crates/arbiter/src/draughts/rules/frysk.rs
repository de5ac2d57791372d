//! Frysk! (lidraughts' variant): Frisian draughts (`frisian.rs`) from a start of five
//! men each on the back row, Black on 1-5 and White on 46-50, White to move.

use super::book::{RuleBook, Rules};
use super::frisian::Frisian;
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Frysk;

impl RuleBook for Frysk {
    const SET: Rules = Rules::Frysk;
    const NAME: &'static str = "frysk";
    const TITLE: &'static str = "Frysk!";
    /// lidraughts' number for it.
    const GAME_TYPE: u32 = 97;
    const GEOMETRY: Geometry = Frisian::GEOMETRY;
    type Bits = <Frisian as RuleBook>::Bits;
    const FIRST: Color = Frisian::FIRST;
    const MAJORITY: bool = Frisian::MAJORITY;
    const FLYING_KINGS: bool = Frisian::FLYING_KINGS;
    const MEN_CAPTURE_BACKWARD: bool = Frisian::MEN_CAPTURE_BACKWARD;
    const CROWN_IN_PASSING: bool = Frisian::CROWN_IN_PASSING;
    const ALGEBRAIC: bool = Frisian::ALGEBRAIC;
    const ORTHOGONAL_CAPTURES: bool = Frisian::ORTHOGONAL_CAPTURES;
    const VALUE_RANK: bool = Frisian::VALUE_RANK;
    const SAME_KING_SIMPLE_MOVES: u8 = Frisian::SAME_KING_SIMPLE_MOVES;
    const ONE_KING_EACH_DRAWS: bool = Frisian::ONE_KING_EACH_DRAWS;
    const MEN_A_SIDE: usize = 5;
}
