//! `arbiter.Move`: a move as the game describes it. A legal move is kept in its game's
//! own type and written out only when asked, since listing the legal moves is what
//! bots and playouts do most, and writing every move's texts was most of its cost; a
//! move played or taken back is kept as the registry describes it.

use arbiter::{MoveDetail, draughts, gomoku, twixt, xiangqi};
use pyo3::prelude::*;

use crate::actions::LegalMoves;

/// A move in its game's own type.
#[derive(Clone, Copy, Debug)]
enum Typed {
    Xiangqi(xiangqi::Move),
    Draughts(draughts::Move),
    Gomoku(gomoku::Move),
    Twixt(twixt::Move),
}

#[derive(Clone, Debug)]
enum Repr {
    Typed(Typed),
    Detail(Box<MoveDetail>),
}

/// A move as the game describes it: its text in the game's standard notation, where
/// it starts and ends, and for draughts its path and the pieces it takes.
#[pyclass(module = "arbiter", frozen)]
#[derive(Clone, Debug)]
pub struct Move {
    repr: Repr,
}

impl From<&MoveDetail> for Move {
    fn from(detail: &MoveDetail) -> Move {
        Move { repr: Repr::Detail(Box::new(detail.clone())) }
    }
}

impl Move {
    /// The legal moves as `Move`s, in the order the game lists them.
    pub(crate) fn all(legal: &LegalMoves) -> Vec<Move> {
        let typed = |t| Move { repr: Repr::Typed(t) };
        match legal {
            LegalMoves::Xiangqi(moves) => moves.iter().map(|&m| typed(Typed::Xiangqi(m))).collect(),
            LegalMoves::Draughts(moves) => moves.iter().map(|&m| typed(Typed::Draughts(m))).collect(),
            LegalMoves::Gomoku(moves) => moves.iter().map(|&m| typed(Typed::Gomoku(m))).collect(),
            LegalMoves::Twixt(moves) => moves.iter().map(|&m| typed(Typed::Twixt(m))).collect(),
        }
    }

    pub(crate) fn text(&self) -> String {
        match &self.repr {
            Repr::Typed(Typed::Xiangqi(m)) => m.to_string(),
            Repr::Typed(Typed::Draughts(m)) => m.to_string(),
            Repr::Typed(Typed::Gomoku(m)) => m.to_string(),
            Repr::Typed(Typed::Twixt(m)) => m.to_string(),
            Repr::Detail(detail) => detail.text.clone(),
        }
    }

    /// Everything the move says, for equality and hashing: the same whichever way the
    /// move is kept.
    fn key(&self) -> (String, Option<String>, Option<String>, Vec<String>, Vec<String>) {
        (self.text(), self.origin(), self.to_square(), self.path(), self.captured())
    }
}

#[pymethods]
impl Move {
    /// The move in the game's standard notation (`h2e2`, `32-28`, `h8`, `d5`), as
    /// `Game.play` reads it back.
    #[getter(text)]
    fn py_text(&self) -> String {
        self.text()
    }

    /// The point the moving piece starts from; `None` for a placed stone or peg and for
    /// TwixT's swap.
    #[getter]
    #[pyo3(name = "from_square")]
    fn origin(&self) -> Option<String> {
        match &self.repr {
            Repr::Typed(Typed::Xiangqi(m)) => Some(m.from.to_string()),
            Repr::Typed(Typed::Draughts(m)) => Some(m.from().to_string()),
            Repr::Typed(Typed::Gomoku(_) | Typed::Twixt(_)) => None,
            Repr::Detail(detail) => detail.from.clone(),
        }
    }

    /// The point the piece ends on, or where the stone or peg is placed (or the point
    /// a Gomoku opening's offer or choice names); `None` for TwixT's swap and the
    /// pointless moves of Gomoku's opening rules (`swap`, `+2`, `declare:N`).
    #[getter]
    fn to_square(&self) -> Option<String> {
        match &self.repr {
            Repr::Typed(Typed::Xiangqi(m)) => Some(m.to.to_string()),
            Repr::Typed(Typed::Draughts(m)) => Some(m.to().to_string()),
            Repr::Typed(Typed::Gomoku(m)) => m.point().map(|p| p.to_string()),
            Repr::Typed(Typed::Twixt(twixt::Move::Place(peg))) => Some(peg.to_string()),
            Repr::Typed(Typed::Twixt(twixt::Move::Swap)) => None,
            Repr::Detail(detail) => detail.to.clone(),
        }
    }

    /// The landing squares before `to_square`, in order (draughts captures of more than
    /// one piece); empty otherwise.
    #[getter]
    fn path(&self) -> Vec<String> {
        match &self.repr {
            Repr::Typed(Typed::Draughts(m)) => {
                let mut landings: Vec<String> = m.landings().map(|s| s.to_string()).collect();
                landings.pop();
                landings
            }
            Repr::Typed(_) => Vec::new(),
            Repr::Detail(detail) => detail.path.clone(),
        }
    }

    /// The squares of the pieces taken (draughts); empty otherwise.
    #[getter]
    fn captured(&self) -> Vec<String> {
        match &self.repr {
            Repr::Typed(Typed::Draughts(m)) => m.captured().map(|s| s.to_string()).collect(),
            Repr::Typed(_) => Vec::new(),
            Repr::Detail(detail) => detail.captured.clone(),
        }
    }

    /// The move's text.
    fn __str__(&self) -> String {
        self.text()
    }

    /// `Move('h2e2')`.
    fn __repr__(&self) -> String {
        format!("Move('{}')", self.text())
    }

    /// Moves are equal when they say the same: text, squares, path and pieces taken.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Move>().is_ok_and(|other| self.key() == other.get().key())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.key().hash(&mut hasher);
        hasher.finish()
    }
}
