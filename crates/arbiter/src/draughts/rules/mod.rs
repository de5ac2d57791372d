//! The rule sets of the draughts family, each in its own file, and the one list of
//! them ([`rule_sets!`]): the public [`Rules`] enum, its names, and the dispatch that
//! compiles the move generator once for each rule set (`with_rules!`), so that no
//! rule set's generator tests another's rules at run time.

use std::fmt;
use std::str::FromStr;

use super::geometry::{Color, Geometry};

mod antidraughts;
mod book;
mod czech;
mod brazilian;
mod canadian;
mod breakthrough;
mod english;
mod frisian;
mod frysk;
mod international;
mod killer;
mod italian;
mod pool;
mod russian;
mod spanish;
mod thai;

pub(crate) use book::RuleBook;
pub use book::Rules;

pub(crate) use antidraughts::Antidraughts;
pub(crate) use brazilian::Brazilian;
pub(crate) use canadian::Canadian;
pub(crate) use breakthrough::Breakthrough;
pub(crate) use english::English;
pub(crate) use frisian::Frisian;
pub(crate) use frysk::Frysk;
pub(crate) use international::International;
pub(crate) use killer::Killer;
pub(crate) use czech::Czech;
pub(crate) use italian::Italian;
pub(crate) use pool::Pool;
pub(crate) use russian::Russian;
pub(crate) use spanish::Spanish;
pub(crate) use thai::Thai;

/// The one list of rule sets: variant, its unit type. Each rule set is its file in
/// this folder and its line here.
macro_rules! rule_sets {
    ($callback:ident) => {
        $callback! {
            International International,
            Brazilian Brazilian,
            Canadian Canadian,
            Russian Russian,
            English English,
            Killer Killer,
            Antidraughts Antidraughts,
            Breakthrough Breakthrough,
            Pool Pool,
            Czech Czech,
            Spanish Spanish,
            Italian Italian,
            Thai Thai,
            Frisian Frisian,
            Frysk Frysk,
        }
    };
}

macro_rules! make_rules_enum {
    ($($variant:ident $book:ident,)*) => {
        impl Rules {
            /// Every rule set, in the order of the list.
            pub const ALL: &'static [Rules] = &[$(Rules::$variant),*];

            /// Every rule set's name, in the order of the list.
            pub const NAMES: &'static [&'static str] = &[$(<$book as RuleBook>::NAME),*];

            /// The rule set's name, as the `rules` option reads and writes it.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self { $(Rules::$variant => <$book as RuleBook>::NAME),* }
            }

            /// The rule set's name for people.
            #[must_use]
            pub const fn title(self) -> &'static str {
                match self { $(Rules::$variant => <$book as RuleBook>::TITLE),* }
            }

            /// Its number in PDN's `[GameType]` tag.
            #[must_use]
            pub const fn game_type(self) -> u32 {
                match self { $(Rules::$variant => <$book as RuleBook>::GAME_TYPE),* }
            }

            pub(crate) const fn geometry(self) -> Geometry {
                match self { $(Rules::$variant => <$book as RuleBook>::GEOMETRY),* }
            }

            /// The side that moves first from the standard start.
            #[must_use]
            pub const fn first_to_move(self) -> Color {
                match self { $(Rules::$variant => <$book as RuleBook>::FIRST),* }
            }

            /// Whether squares are written `c3` (algebraic) rather than by number.
            #[must_use]
            pub const fn algebraic(self) -> bool {
                match self { $(Rules::$variant => <$book as RuleBook>::ALGEBRAIC),* }
            }

            /// Whether the capture of the most pieces is compulsory (the majority rule).
            #[must_use]
            pub const fn majority(self) -> bool {
                match self { $(Rules::$variant => <$book as RuleBook>::MAJORITY),* }
            }

            /// Whether a capture with a king, where there is one, comes before any
            /// capture with a man (Czech draughts).
            #[must_use]
            pub const fn kings_capture_first(self) -> bool {
                match self { $(Rules::$variant => <$book as RuleBook>::KINGS_CAPTURE_FIRST),* }
            }

            /// Whether the board is turned, its playable corner on each player's right
            /// (Spanish and Italian draughts), square 1 in the top left corner (a8).
            #[must_use]
            pub const fn turned(self) -> bool {
                match self { $(Rules::$variant => <$book as RuleBook>::GEOMETRY.turned()),* }
            }

            /// Whether kings fly (move and capture along whole diagonals).
            #[must_use]
            pub const fn flying_kings(self) -> bool {
                match self { $(Rules::$variant => <$book as RuleBook>::FLYING_KINGS),* }
            }

            /// Whether the side to move with no legal move wins (Antidraughts) rather
            /// than loses.
            #[must_use]
            pub const fn no_move_wins(self) -> bool {
                match self { $(Rules::$variant => <$book as RuleBook>::NO_MOVE_WINS),* }
            }

            /// Whether the first side to make a king wins (Breakthrough).
            #[must_use]
            pub const fn first_king_wins(self) -> bool {
                match self { $(Rules::$variant => <$book as RuleBook>::FIRST_KING_WINS),* }
            }

            /// The men each side starts with, and the most pieces it can have.
            const fn men_a_side(self) -> usize {
                match self { $(Rules::$variant => <$book as RuleBook>::MEN_A_SIDE),* }
            }
        }

        /// Evaluates `$body` with `$R` the unit type of rule set `$rules`: the body is
        /// compiled once for each rule set.
        macro_rules! with_rules {
            ($rules:expr, $R:ident => $body:expr) => {
                match $rules {
                    $($crate::draughts::rules::Rules::$variant => {
                        type $R = $crate::draughts::rules::$book;
                        $body
                    })*
                }
            };
        }
        pub(crate) use with_rules;
    };
}

rule_sets!(make_rules_enum);

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no draughts rule set's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules {:?}: expected one of {}", crate::quote::excerpt(.0), Rules::NAMES.join(", "))]
pub struct UnknownRules(pub String);

impl Rules {
    /// The pieces each side starts with, and the most it can ever have: 20 on
    /// 10x10, 12 on 8x8, 8 in Thai draughts, 5 in Frysk!.
    #[must_use]
    pub const fn pieces_a_side(self) -> usize {
        self.men_a_side()
    }

    /// The rule set whose PDN `[GameType]` number is `number`.
    #[must_use]
    pub fn from_game_type(number: u32) -> Option<Rules> {
        Rules::ALL.iter().copied().find(|r| r.game_type() == number)
    }
}

impl FromStr for Rules {
    type Err = UnknownRules;

    fn from_str(text: &str) -> Result<Rules, UnknownRules> {
        Rules::ALL.iter().copied().find(|r| r.name() == text).ok_or_else(|| UnknownRules(text.to_owned()))
    }
}
