//! Xiangqi's records: PGN with the tags Xiangqi readers need, and its moves in ICCS
//! (the standard notation), WXF or Chinese notation.

use super::{Move, Notation, Position};
use crate::record::MoveNotations;

/// Every notation's name, ICCS (the standard one) first: the names of
/// [`Notation::ALL`].
pub(crate) const NOTATIONS: [&str; Notation::ALL.len()] = {
    let mut names = [""; Notation::ALL.len()];
    let mut index = 0;
    while index < names.len() {
        names[index] = Notation::ALL[index].name();
        index += 1;
    }
    names
};

impl MoveNotations for Position {
    fn write_in(&self, mv: Move, notation: &str) -> Option<String> {
        Some(self.move_text(mv, Notation::from_name(notation)?))
    }
}
