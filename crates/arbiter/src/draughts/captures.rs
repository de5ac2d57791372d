//! How captures that differ only in the order their pieces are taken are counted
//! ([`Captures`], the `captures` option): as one move, the convention of published
//! perft figures and of the rule books' notation, or apart.

use std::fmt;
use std::str::FromStr;

/// Whether two captures with the same start, end and captured pieces, which take
/// them in a different order, are one legal move or two. Both leave the same
/// position; they differ only in how many moves there are (perft) and in the text
/// that names each one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Captures {
    /// One move per start, end and captured set (and crowning on the way): the
    /// count of Scan, DCTL's default and every published perft. The default.
    #[default]
    Merged,
    /// One move per order in which the pieces are taken: DCTL's perft with its
    /// duplicates kept. Two such moves share their ends and are written with every
    /// landing square (`43x34x23x32x43`).
    Apart,
}

impl Captures {
    /// Both countings, in the order of [`Captures::NAMES`].
    pub const ALL: &'static [Captures] = &[Captures::Merged, Captures::Apart];

    /// The names the `captures` option takes.
    pub const NAMES: &'static [&'static str] = &["merged", "apart"];

    /// The counting's name, as the `captures` option reads and writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Captures::Merged => "merged",
            Captures::Apart => "apart",
        }
    }
}

impl fmt::Display for Captures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no counting of captures.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown captures {:?}: expected one of {}", crate::quote::excerpt(.0), Captures::NAMES.join(", "))]
pub struct UnknownCaptures(pub String);

impl FromStr for Captures {
    type Err = UnknownCaptures;

    fn from_str(text: &str) -> Result<Captures, UnknownCaptures> {
        Captures::ALL.iter().copied().find(|c| c.name() == text).ok_or_else(|| UnknownCaptures(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::Captures;

    #[test]
    fn each_counting_reads_back_its_name_and_others_are_refused() {
        for &captures in Captures::ALL {
            assert_eq!(captures.name().parse::<Captures>(), Ok(captures));
        }
        let error = "kept".parse::<Captures>().unwrap_err().to_string();
        assert_eq!(error, "unknown captures \"kept\": expected one of merged, apart");
    }
}
