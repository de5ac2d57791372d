//! Which rule book judges what looks back over the game (repetitions and the move
//! limit): the Asian Xiangqi Federation's, or the Chinese Xiangqi Association's
//! competition rules (docs/rules.md has both, with their sources).

use std::fmt;
use std::str::FromStr;

/// The rule book of the rules that look back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The Asian Xiangqi Federation's rule book (also the World Xiangqi Federation's):
    /// a perpetual check or chase loses, everything else that repeats draws. Where
    /// the book is disputed, [`ChaseRules`](super::ChaseRules) says which reading.
    #[default]
    Axf,
    /// The Chinese Xiangqi Association's competition rules (象棋竞赛规则): a side whose
    /// every move attacks (a check, a threat to mate, a chase, or a mixture of them,
    /// rule 24.13) must change against one that does not; a chase is a threat to win
    /// material after the whole exchange.
    Chinese,
}

impl Rules {
    /// Every rule book, the default first.
    pub const ALL: [Rules; 2] = [Rules::Axf, Rules::Chinese];

    /// The stable name: `axf`, `chinese`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rules::Axf => "axf",
            Rules::Chinese => "chinese",
        }
    }

    /// The book's name for people.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Rules::Axf => "the AXF rules",
            Rules::Chinese => "the Chinese rules",
        }
    }

    /// The book's move limit, in moves by each side without a capture: 60 in both
    /// (the Chinese rules count captures only, checks or not, and let an event set
    /// fewer; so does `move_limit`).
    #[must_use]
    pub const fn move_limit(self) -> u32 {
        match self {
            Rules::Axf | Rules::Chinese => 60,
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule book's name that is none of `axf`, `chinese`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules {0:?} (expected axf or chinese)")]
pub struct UnknownRules(pub String);

impl FromStr for Rules {
    type Err = UnknownRules;

    fn from_str(text: &str) -> Result<Rules, UnknownRules> {
        Rules::ALL.into_iter().find(|r| r.name() == text).ok_or_else(|| UnknownRules(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for rules in Rules::ALL {
            assert_eq!(rules.name().parse(), Ok(rules));
        }
        assert_eq!(Rules::default(), Rules::Axf);
        assert_eq!("asian".parse::<Rules>(), Err(UnknownRules("asian".to_owned())));
    }
}
