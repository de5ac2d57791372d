//! `arbiter.Move`: a move as the game describes it. A legal move is kept in its game's
//! own type and written out only when asked, since listing the legal moves is what
//! bots and playouts do most, and writing every move's texts was most of its cost; a
//! move played or taken back is kept as the registry describes it.

use arbiter::{AnyHistory, MoveDetail};
use pyo3::prelude::*;

use crate::games::{LegalMoves, Typed};

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
    /// The legal moves of `game`'s position as `Move`s, in the order the game lists them.
    pub(crate) fn all(legal: &LegalMoves, game: &AnyHistory) -> Vec<Move> {
        legal.typed(game).into_iter().map(|typed| Move { repr: Repr::Typed(typed) }).collect()
    }

    /// The move described, worked out from its own type when it is kept so.
    fn detail(&self) -> std::borrow::Cow<'_, MoveDetail> {
        match &self.repr {
            Repr::Typed(typed) => std::borrow::Cow::Owned(typed.detail()),
            Repr::Detail(detail) => std::borrow::Cow::Borrowed(detail),
        }
    }

    pub(crate) fn text(&self) -> String {
        self.detail().text.clone()
    }

    /// Everything the move says, for equality and hashing: the same whichever way the
    /// move is kept.
    fn key(&self) -> MoveDetail {
        self.detail().into_owned()
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
        self.detail().from.clone()
    }

    /// The point the piece ends on, or where the stone or peg is placed; `None` only for
    /// TwixT's swap.
    #[getter]
    fn to_square(&self) -> Option<String> {
        self.detail().to.clone()
    }

    /// The landing squares before `to_square`, in order (draughts captures of more than
    /// one piece); empty otherwise.
    #[getter]
    fn path(&self) -> Vec<String> {
        self.detail().path.clone()
    }

    /// The squares of the pieces taken (draughts); empty otherwise.
    #[getter]
    fn captured(&self) -> Vec<String> {
        self.detail().captured.clone()
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
