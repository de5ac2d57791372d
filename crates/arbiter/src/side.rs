//! The two players: [`Side`] as every front end sees them, and each game's own words
//! for them (Red and Black, White and Black), made by one macro so that the four
//! colour types are one pattern.

use std::fmt;

/// One of the two players. Each game keeps its own words for them (Red/Black in
/// Xiangqi, Black/White in Gomoku) and maps them onto these two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum Side {
    /// The side that moves first.
    First,
    /// The side that moves second.
    Second,
}

impl Side {
    /// Both sides, the first first.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first side, 1 for the second: an index into per-side tables.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    /// "first" or "second": the seat's name, whatever the game.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::First => "first",
            Side::Second => "second",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Defines a game's colour type: two variants, the first to move first, each with
/// the word players use. The type maps onto [`Side`] and back, names itself, and
/// indexes per-colour tables (the first colour is 0).
///
/// ```text
/// two_colors! {
///     /// Red moves first; Black second.
///     Color { Red = "red", Black = "black" }
/// }
/// ```
macro_rules! two_colors {
    ($(#[$meta:meta])* $name:ident { $first:ident = $first_word:literal, $second:ident = $second_word:literal }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            #[doc = concat!(
                "The colour that moves first (\"", $first_word, "\"): it plays [`Side::First`](crate::Side::First)."
            )]
            $first,
            #[doc = concat!(
                "The colour that moves second (\"", $second_word, "\"): it plays [`Side::Second`](crate::Side::Second)."
            )]
            $second,
        }

        impl $name {
            /// Both colours, the one that moves first first.
            pub const BOTH: [$name; 2] = [$name::$first, $name::$second];

            /// The other colour.
            #[must_use]
            pub const fn opponent(self) -> $name {
                match self {
                    $name::$first => $name::$second,
                    $name::$second => $name::$first,
                }
            }

            /// The side this colour plays: the first to move is [`Side::First`](crate::Side::First).
            #[must_use]
            pub const fn side(self) -> $crate::side::Side {
                match self {
                    $name::$first => $crate::side::Side::First,
                    $name::$second => $crate::side::Side::Second,
                }
            }

            /// The colour that `side` plays.
            #[must_use]
            pub const fn from_side(side: $crate::side::Side) -> $name {
                match side {
                    $crate::side::Side::First => $name::$first,
                    $crate::side::Side::Second => $name::$second,
                }
            }

            /// The word players use, in lower case.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $name::$first => $first_word,
                    $name::$second => $second_word,
                }
            }

            /// 0 for the colour that moves first, 1 for the other.
            #[must_use]
            pub const fn index(self) -> usize {
                self as usize
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

pub(crate) use two_colors;
