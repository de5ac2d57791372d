//! Canadian draughts: the international rules on the 12x12 board, thirty men a side
//! (men capture backwards, flying kings, the capture of the most pieces compulsory,
//! crowning only where a move ends).

use super::book::{RuleBook, Rules};
use super::international::International;
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Canadian;

impl RuleBook for Canadian {
    const SET: Rules = Rules::Canadian;
    const NAME: &'static str = "canadian";
    const TITLE: &'static str = "Canadian draughts";
    const GAME_TYPE: u32 = 27;
    const GEOMETRY: Geometry = Geometry::TWELVE;
    type Bits = u128;
    // Every rule the international rules' (the Quebec federation: "les règles du jeu
    // canadien et international sont les mêmes").
    const FIRST: Color = International::FIRST;
    const MAJORITY: bool = International::MAJORITY;
    const FLYING_KINGS: bool = International::FLYING_KINGS;
    const MEN_CAPTURE_BACKWARD: bool = International::MEN_CAPTURE_BACKWARD;
    const CROWN_IN_PASSING: bool = International::CROWN_IN_PASSING;
    const ALGEBRAIC: bool = International::ALGEBRAIC;
}
