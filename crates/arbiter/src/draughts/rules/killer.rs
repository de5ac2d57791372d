//! Killer draughts (Christian Freeling's rule, played at killerdraughts.org): the
//! international rules on 10x10 with one change, the Killer rule: a king whose
//! capture takes a king as its last piece stops on the square right behind that king.
//! A king that takes a man last lands where the international rules let it.

use super::book::{RuleBook, Rules};
use crate::draughts::geometry::{Color, Geometry};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Killer;

impl RuleBook for Killer {
    const SET: Rules = Rules::Killer;
    const NAME: &'static str = "killer";
    const TITLE: &'static str = "Killer draughts";
    // PDN has no number of its own for Killer draughts: its records say 20, the
    // international game, whose moves include every Killer move (docs/rules.md).
    const GAME_TYPE: u32 = 20;
    const GEOMETRY: Geometry = Geometry::TEN;
    type Bits = u64;
    const FIRST: Color = Color::White;
    const MAJORITY: bool = true;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = true;
    const CROWN_IN_PASSING: bool = false;
    const ALGEBRAIC: bool = false;
    const HALT_BEHIND_LAST_KING: bool = true;
}
