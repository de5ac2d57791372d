//! Links between pegs a knight's move apart, and which links cross which.
//!
//! A link is stored once, at its left end (the peg with the smaller x), as one of
//! four directions. Whether two links cross depends only on their directions and
//! the offset between their left ends, so the crossing links of each direction are
//! a fixed list of 9 (offset, direction) pairs, computed once from exact integer
//! segment intersection. Checking a new link reads those 9 places and nothing else.

/// The four link directions from a link's left end: (dx, dy).
pub(crate) const LINK_DIRECTIONS: [(i32, i32); 4] = [(1, 2), (2, 1), (2, -1), (1, -2)];

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
        let mut ox = -3;
        while ox <= 3 {
            let mut oy = -3;
            while oy <= 3 {
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
