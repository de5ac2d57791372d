//! How far kings slide: an occluded fill over the empty squares, a few shifts for all
//! the kings of a side at once instead of a walk square by square for each.
//!
//! Pieces block a king, its own side's kings included, so in one direction no empty
//! square is reached by two kings: the squares filled from every king at once are as
//! many as the slides of all of them, and a popcount counts their moves.

use super::bits::Bits;
use super::rules::RuleBook;

/// `board` shifted `by` bits (towards higher bits when positive), nothing kept off the
/// integer. Unlike [`super::board::step`] it does not mask ghosts: the fill masks with
/// empty squares, where no ghost is.
#[inline(always)]
fn shift<B: Bits>(board: B, by: i32) -> B {
    board.shift(by)
}

/// The squares that the pieces on `from` reach sliding `direction` over `empty`
/// squares, `from` itself left out: Kogge-Stone doubling, as a ray of the board is at
/// most 11 steps long on 12x12, 9 on 10x10 (1 + 2 + 4 + 8 steps cover it), 7 on 8x8.
#[inline(always)]
pub(crate) fn slides<R: RuleBook>(from: R::Bits, empty: R::Bits, direction: i32) -> R::Bits {
    let mut reached = from;
    let mut open = empty & R::playable();
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
    use super::super::rules::{Brazilian, Canadian, International};
    use super::*;

    /// The same squares as a walk square by square, on boards from a fixed seed.
    fn slides_walk<R: RuleBook>() {
        let mut random = crate::random::SplitMix64::new(7);
        for _ in 0..2000 {
            let empty = R::Bits::narrow((u128::from(random.next()) << 64 | u128::from(random.next())) & R::PLAYABLE_WIDE);
            let from_bit = (random.next() % u64::from(R::Bits::BITS)) as usize;
            if (R::playable() & R::Bits::bit(from_bit)).is_empty() {
                continue;
            }
            for direction in R::DIRECTIONS {
                let mut walked = R::Bits::ZERO;
                let mut at = from_bit;
                while let Some(next) = R::GEOMETRY.neighbour(at, direction) {
                    if (empty & R::Bits::bit(next)).is_empty() {
                        break;
                    }
                    walked |= R::Bits::bit(next);
                    at = next;
                }
                assert_eq!(slides::<R>(R::Bits::bit(from_bit), empty & !R::Bits::bit(from_bit), direction), walked);
            }
        }
    }

    #[test]
    fn slides_are_the_squares_a_walk_reaches() {
        slides_walk::<International>();
        slides_walk::<Brazilian>();
        slides_walk::<Canadian>();
    }
}
