//! Scanning a ray by bits: the first piece along a line from a point is one bit scan
//! of the ray's points that are taken, instead of a walk point by point (a branch a
//! point, mispredicted wherever the line ends).

use super::tables::{EAST, NORTH, POINTS, RAY_BITS};

/// The last point of the board: nothing lies north or east of it, so it ends a scan
/// north or east that finds no piece, as point 0 ends one south or west.
const LAST: usize = POINTS - 1;

/// The nearest of the points `taken` along ray `direction` (all of them on one ray).
#[inline(always)]
pub(crate) fn nearest(taken: u128, direction: usize) -> usize {
    if direction == NORTH || direction == EAST {
        taken.trailing_zeros() as usize
    } else {
        127 - taken.leading_zeros() as usize
    }
}

/// The first taken point along ray `direction` from `from`, or, when there is none,
/// the end point whose own ray that way is empty (so [`up_to`] it is the whole ray).
/// The end point may hold a piece off this ray: read the board there only through
/// [`first_piece`].
#[inline(always)]
pub(crate) fn first_taken(from: usize, direction: usize, occupied: u128) -> usize {
    let taken = RAY_BITS[from][direction] & occupied;
    let end = if direction == NORTH || direction == EAST { 1 << LAST } else { 1 };
    nearest(taken | end, direction)
}

/// The first piece along ray `direction` from `from`, if any.
#[inline(always)]
pub(crate) fn first_piece(from: usize, direction: usize, occupied: u128) -> Option<usize> {
    let taken = RAY_BITS[from][direction] & occupied;
    (taken != 0).then(|| nearest(taken, direction))
}

/// The points of the ray from `from` to `to`, `to` included and `from` not.
#[inline(always)]
pub(crate) fn up_to(from: usize, to: usize, direction: usize) -> u128 {
    RAY_BITS[from][direction] ^ RAY_BITS[to][direction]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::tables::{RAYS, SOUTH, WEST};

    /// Every scan against the walk along the points, on random boards.
    #[test]
    fn scans_find_what_a_walk_finds() {
        let mut random = crate::random::SplitMix64::new(5);
        for _ in 0..2000 {
            let occupied = (u128::from(random.next()) << 64 | u128::from(random.next()))
                & (u128::from(random.next()) << 64 | u128::from(random.next()))
                & ((1 << POINTS) - 1);
            for (from, rays) in RAYS.iter().enumerate() {
                for direction in [NORTH, SOUTH, EAST, WEST] {
                    let walked = rays[direction].iter().find(|&p| occupied & 1 << p != 0);
                    assert_eq!(first_piece(from, direction, occupied), walked);
                    // The points walked up to and including the first piece.
                    let walked_up_to: u128 = rays[direction]
                        .iter()
                        .scan(false, |done, p| {
                            if *done {
                                return None;
                            }
                            *done = occupied & 1 << p != 0;
                            Some(p)
                        })
                        .fold(0, |bits, p| bits | 1 << p);
                    assert_eq!(up_to(from, first_taken(from, direction, occupied), direction), walked_up_to);
                }
            }
        }
    }
}
