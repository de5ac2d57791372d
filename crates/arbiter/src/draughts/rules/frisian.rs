//! Frisian draughts, the rules of the Frisian draughts federation (Dambûn Frysk Spul,
//! 2011): 10x10, men step diagonally forward, men and kings capture along the rows
//! and columns as well as the diagonals, kings fly (their simple moves along the
//! diagonals only), the capture of the highest value is compulsory (a king worth less
//! than two men and more than one), and of equal values a king's; a man is crowned
//! only where a move ends. The limit on a king's simple moves and the draws look back
//! over the game (`history.rs`).

use super::book::{RuleBook, Rules};
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Frisian;

impl RuleBook for Frisian {
    const SET: Rules = Rules::Frisian;
    const NAME: &'static str = "frisian";
    const TITLE: &'static str = "Frisian draughts";
    const GAME_TYPE: u32 = 40;
    const GEOMETRY: Geometry = Geometry::TEN;
    type Bits = u64;
    const FIRST: Color = Color::White;
    const MAJORITY: bool = true;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = true;
    const CROWN_IN_PASSING: bool = false;
    const ALGEBRAIC: bool = false;
    const ORTHOGONAL_CAPTURES: bool = true;
    const VALUE_RANK: bool = true;
    const SAME_KING_SIMPLE_MOVES: u8 = 3;
    const ONE_KING_EACH_DRAWS: bool = true;
}
