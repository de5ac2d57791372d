//! Why a move is refused, whatever the game. Each game states its own reasons as an
//! enum that implements [`Refusal`] (`xiangqi::Illegal`, `draughts::Illegal`, ...);
//! [`Illegal`] carries any of them, so that [`crate::MoveError`] is one type for every
//! game and this layer names none.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A game's reason for refusing a move: the sentence a player is told (`Display`) and a
/// stable name for programs ([`Refusal::code`]).
pub trait Refusal: std::error::Error + Send + Sync + 'static {
    /// A stable snake_case name of the rule: `not_your_piece`, `capture_compulsory`,
    /// `forbidden`.
    fn code(&self) -> &'static str;
}

/// What [`Illegal`] asks of the reason it carries beyond [`Refusal`]: to be seen in its
/// own type and compared with another reason.
trait Carried: Refusal {
    fn as_any(&self) -> &dyn Any;
    fn same_as(&self, other: &dyn Carried) -> bool;
}

impl<R: Refusal + PartialEq> Carried for R {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same_as(&self, other: &dyn Carried) -> bool {
        other.as_any().downcast_ref::<R>() == Some(self)
    }
}

/// The rule that refuses a move, as its game states it. Its `Display` is the sentence a
/// player is told; [`Illegal::code`] is a stable name for programs; the game's own
/// reason, with its fields, is [`Illegal::reason`]:
///
/// ```
/// use arbiter::{Game, MoveError, xiangqi};
///
/// let position = xiangqi::Position::start();
/// let Err(MoveError::Illegal { reason, .. }) = position.parse_move("a0a5") else { panic!() };
/// assert_eq!(reason.code(), "cannot_move_there");
/// assert!(matches!(reason.reason::<xiangqi::Illegal>(), Some(xiangqi::Illegal::CannotMoveThere { .. })));
/// ```
#[derive(Clone)]
pub struct Illegal(Arc<dyn Carried>);

impl Illegal {
    /// Carries `reason`, a game's own refusal.
    pub fn new<R: Refusal + PartialEq>(reason: R) -> Illegal {
        Illegal(Arc::new(reason))
    }

    /// The rule's stable snake_case name: `no_piece`, `not_your_piece`,
    /// `leaves_general_in_check`, `capture_compulsory`, `forbidden`, `occupied`, ...
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.0.code()
    }

    /// The game's own reason, if it is of type `R` (the game's `Illegal` enum).
    #[must_use]
    pub fn reason<R: Refusal>(&self) -> Option<&R> {
        self.0.as_any().downcast_ref()
    }
}

impl<R: Refusal + PartialEq> From<R> for Illegal {
    fn from(reason: R) -> Illegal {
        Illegal::new(reason)
    }
}

impl PartialEq for Illegal {
    fn eq(&self, other: &Illegal) -> bool {
        self.0.same_as(&*other.0)
    }
}

impl Eq for Illegal {}

impl fmt::Debug for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl std::error::Error for Illegal {}
