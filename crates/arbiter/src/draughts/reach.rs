//! How far kings slide: an occluded fill over the empty squares, a few shifts for all
//! the kings of a side at once instead of a walk square by square for each.
//!
//! Pieces block a king, its own side's kings included, so in one direction no empty
//! square is reached by two kings: the squares filled from every king at once are as
//! many as the slides of all of them, and a popcount counts their moves.

use super::rules::RuleBook;

/// `board` shifted `by` bits (towards higher bits when positive), nothing kept off the
/// 64 bits. Unlike [`super::board::step`] it does not mask ghosts: the fill masks with
/// empty squares, where no ghost is.
#[inline(always)]
const fn shift(board: u64, by: i32) -> u64 {
    if by > 0 { board << by } else { board >> -by }
}

/// The squares that the pieces on `from` reach sliding `direction` over `empty`
/// squares, `from` itself left out: Kogge-Stone doubling, as a ray of the board is at
/// most 9 steps long on 10x10 (1 + 2 + 4 + 8 steps cover it), 7 on 8x8.
#[inline(always)]
pub(crate) const fn slides<R: RuleBook>(from: u64, empty: u64, direction: i32) -> u64 {
    let mut reached = from;
    let mut open = empty & R::PLAYABLE;
    reached |= open & shift(reached, direction);
    open &= shift(open, direction);
    reached |= open & shift(reached, 2 * direction);
    open &= shift(open, 2 * direction);
    reached |= open & shift(reached, 4 * direction);
    open &= shift(open, 4 * direction);
    reached |= open & shift(reached, 8 * direction);
    reached & !from
}

#[cfg(test)]
mod tests {
    use super::super::rules::{Brazilian, International};
    use super::*;

    /// The same squares as a walk square by square, on boards from a fixed seed.
    fn slides_walk<R: RuleBook>() {
        let mut random = crate::random::SplitMix64::new(7);
        for _ in 0..2000 {
            let empty = random.next() & R::PLAYABLE;
            let from_bit = (random.next() % 64) as usize;
            if R::PLAYABLE & (1 << from_bit) == 0 {
                continue;
            }
            for direction in R::DIRECTIONS {
                let mut walked = 0;
                let mut at = from_bit;
                while let Some(next) = R::GEOMETRY.neighbour(at, direction) {
                    if empty & (1 << next) == 0 {
                        break;
                    }
                    walked |= 1 << next;
                    at = next;
                }
                assert_eq!(slides::<R>(1 << from_bit, empty & !(1 << from_bit), direction), walked);
            }
        }
    }

    #[test]
    fn slides_are_the_squares_a_walk_reaches() {
        slides_walk::<International>();
        slides_walk::<Brazilian>();
    }
}
