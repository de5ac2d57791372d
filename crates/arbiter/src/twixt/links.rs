//! Links between pegs a knight's move apart, which links cross which, and the rule
//! sets that say which crossing links block a new one.
//!
//! A link is stored once, at its left end (the peg with the smaller x), as one of
//! four directions, in its colour's half of the point's byte: bits 0 to 3 for the
//! first colour's links, 4 to 7 for the second's. Whether two links cross depends
//! only on their directions and the offset between their left ends, so the crossing
//! links of each direction are a fixed list of 9 (offset, direction) pairs, computed
//! once from exact integer segment intersection. Checking a new link reads those 9
//! bytes, each against the one mask its rule set gives, and nothing else.

use std::fmt;
use std::str::FromStr;

/// The four link directions from a link's left end: (dx, dy).
pub(crate) const LINK_DIRECTIONS: [(i32, i32); 4] = [(1, 2), (2, 1), (2, -1), (1, -2)];

/// The bit of a link in direction `direction` of the colour with index `color` (0
/// for the first colour).
#[inline]
pub(crate) const fn link_bit(direction: usize, color: usize) -> u8 {
    1 << (direction + 4 * color)
}

/// The direction of a link bit: its place in its colour's half.
#[inline]
pub(crate) const fn bit_direction(bit: usize) -> usize {
    bit % 4
}

/// Which links may cross: the rule sets TwixT is played by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rules {
    /// Links are made automatically and cross nothing: a new link is blocked by any
    /// link it would cross, of either colour (the board game's rule, without removing
    /// links).
    #[default]
    Auto,
    /// TwixT PP as Little Golem plays it: links are made automatically and never
    /// removed; a new link is blocked only by the opponent's links, so one's own links
    /// may cross each other (crossed links are not joined where they cross).
    Pp,
}

impl Rules {
    /// Every rule set, one for each name that parsing accepts, the default first.
    pub const ALL: [Rules; 2] = [Rules::Auto, Rules::Pp];

    /// The rule set's name in lower case, as [`FromStr`] reads it and `Display` writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rules::Auto => "auto",
            Rules::Pp => "pp",
        }
    }

    /// The link bits, shifted to direction 0, that block a new link of the colour with
    /// index `mover`: both colours' halves, or only the opponent's.
    #[inline]
    pub(crate) const fn blockers(self, mover: usize) -> u8 {
        match self {
            Rules::Auto => link_bit(0, 0) | link_bit(0, 1),
            Rules::Pp => link_bit(0, 1 - mover),
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no TwixT rule set's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules {:?}: expected auto or pp", crate::quote::excerpt(.0))]
pub struct UnknownRules(pub String);

impl FromStr for Rules {
    type Err = UnknownRules;

    fn from_str(text: &str) -> Result<Rules, UnknownRules> {
        Rules::ALL.into_iter().find(|rules| rules.name() == text).ok_or_else(|| UnknownRules(text.to_owned()))
    }
}

/// The cross product sign of (b - a) x (c - a).
const fn orientation(a: (i32, i32), b: (i32, i32), c: (i32, i32)) -> i32 {
    let cross = (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
    if cross > 0 {
        1
    } else if cross < 0 {
        -1
    } else {
        0
    }
}

/// Whether segments ab and cd cross at a point inside both. Knight links hold no
/// lattice point inside, so they can only touch at shared pegs, which is no crossing.
pub(crate) const fn segments_cross(a: (i32, i32), b: (i32, i32), c: (i32, i32), d: (i32, i32)) -> bool {
    orientation(a, b, c) * orientation(a, b, d) < 0 && orientation(c, d, a) * orientation(c, d, b) < 0
}

/// How far, in x and in y, the left end of a link that crosses another may lie from
/// the other's left end.
pub(crate) const REACH: i64 = 3;

/// Links that cross one link: the other link's left end, relative to this one's,
/// and its direction.
#[derive(Clone, Copy)]
pub(crate) struct Crossers {
    pub(crate) offsets: [(i8, i8, u8); 9],
}

const fn build_crossers() -> [Crossers; 4] {
    let mut table = [Crossers { offsets: [(0, 0, 0); 9] }; 4];
    let mut t = 0;
    while t < 4 {
        let (dx, dy) = LINK_DIRECTIONS[t];
        let mut found = 0;
        let mut ox = -(REACH as i32);
        while ox <= REACH as i32 {
            let mut oy = -(REACH as i32);
            while oy <= REACH as i32 {
                let mut u = 0;
                while u < 4 {
                    let (ex, ey) = LINK_DIRECTIONS[u];
                    if segments_cross((0, 0), (dx, dy), (ox, oy), (ox + ex, oy + ey)) {
                        table[t].offsets[found] = (ox as i8, oy as i8, u as u8);
                        found += 1;
                    }
                    u += 1;
                }
                oy += 1;
            }
            ox += 1;
        }
        // Every knight link is crossed by exactly nine others.
        assert!(found == 9);
        t += 1;
    }
    table
}

pub(crate) static CROSSERS: [Crossers; 4] = build_crossers();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_link_is_crossed_by_nine_and_crossing_is_symmetric() {
        for (t, crossers) in CROSSERS.iter().enumerate() {
            for &(ox, oy, u) in &crossers.offsets {
                // If u at (ox, oy) crosses t at the origin, t at (-ox, -oy) crosses u.
                let back =
                    CROSSERS[u as usize].offsets.iter().any(|&(bx, by, bt)| (bx, by, bt as usize) == (-ox, -oy, t));
                assert!(back, "direction {t} offset ({ox},{oy}) direction {u}");
            }
        }
    }

    #[test]
    fn links_sharing_a_peg_or_parallel_do_not_cross() {
        // Sharing an end, collinear or at an angle.
        assert!(!segments_cross((0, 1), (2, 2), (2, 2), (4, 3)));
        assert!(!segments_cross((0, 1), (2, 2), (2, 2), (4, 1)));
        // Parallel neighbours.
        assert!(!segments_cross((0, 0), (1, 2), (1, 0), (2, 2)));
        // A real crossing: (4,4)-(5,6) and (4,5)-(5,3)... and (3,4)-(5,5).
        assert!(segments_cross((4, 4), (5, 6), (3, 4), (5, 5)));
        assert!(segments_cross((4, 4), (5, 6), (4, 5), (6, 4)));
    }
}
