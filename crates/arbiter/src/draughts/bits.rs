//! The integers a board's squares are bits of: `u64` for the boards up to 10x10 (55
//! bits), `u128` for 12x12 (77 bits). Each rule set names its own
//! ([`RuleBook::Bits`](super::rules::RuleBook::Bits)), so that the generators of the
//! smaller boards keep 64-bit arithmetic; a [`Position`](super::Position) keeps the
//! widest, and the generators read it narrowed to their rule set's width.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

pub(crate) use super::geometry::Wide;
use super::geometry::Geometry;

/// A bitboard's integer: the bit operations the generators use, each an inlined
/// machine operation on `u64`.
pub(crate) trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + 'static
{
    /// No square.
    const ZERO: Self;
    /// The number of bits.
    const BITS: u32;

    /// The board of bit `index` alone.
    fn bit(index: usize) -> Self;
    /// The bits set.
    fn count_ones(self) -> u32;
    /// The index of the lowest bit set (`BITS` if none).
    fn trailing_zeros(self) -> u32;
    /// The bits above the highest set (`BITS` if none).
    fn leading_zeros(self) -> u32;
    /// The board without its lowest bit.
    fn without_lowest(self) -> Self;
    /// `self` shifted `by` bits, towards the higher bits when positive; bits that
    /// leave the integer are dropped.
    fn shift(self, by: i32) -> Self;
    /// The board read from the widest, its bits past this width dropped (there are
    /// none on a board this width holds).
    fn narrow(wide: Wide) -> Self;
    /// The board as the widest holds it.
    fn widen(self) -> Wide;
    /// For each of the four diagonal directions, the squares beyond bit `at` up to the
    /// edge of `geometry`'s board: tables of each width's boards.
    fn ray(geometry: Geometry, direction: usize, at: usize) -> Self;

    /// Whether no bit is set.
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }

    /// The index of the highest bit set (the board not empty).
    #[inline(always)]
    fn highest(self) -> u32 {
        Self::BITS - 1 - self.leading_zeros()
    }

    /// Whether exactly one bit is set.
    #[inline(always)]
    fn is_single(self) -> bool {
        !self.is_empty() && self.without_lowest().is_empty()
    }
}

static RAYS_TEN: [[u64; 64]; 4] = narrow_rays(Geometry::TEN.ray_table());
static RAYS_EIGHT: [[u64; 64]; 4] = narrow_rays(Geometry::EIGHT.ray_table());
static RAYS_TWELVE: [[u128; 128]; 4] = Geometry::TWELVE.ray_table();

/// The ray table of a board whose bits fit 64.
const fn narrow_rays(wide: [[u128; 128]; 4]) -> [[u64; 64]; 4] {
    let mut table = [[0u64; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut bit = 0;
        while bit < 64 {
            table[d][bit] = wide[d][bit] as u64;
            bit += 1;
        }
        d += 1;
    }
    table
}

macro_rules! bits_ops {
    ($int:ty) => {
        const ZERO: Self = 0;
        const BITS: u32 = <$int>::BITS;

        #[inline(always)]
        fn bit(index: usize) -> Self {
            1 << index
        }

        #[inline(always)]
        fn count_ones(self) -> u32 {
            <$int>::count_ones(self)
        }

        #[inline(always)]
        fn trailing_zeros(self) -> u32 {
            <$int>::trailing_zeros(self)
        }

        #[inline(always)]
        fn leading_zeros(self) -> u32 {
            <$int>::leading_zeros(self)
        }

        #[inline(always)]
        fn without_lowest(self) -> Self {
            self & self.wrapping_sub(1)
        }

        #[inline(always)]
        fn shift(self, by: i32) -> Self {
            if by > 0 { self << by } else { self >> -by }
        }
    };
}

impl Bits for u64 {
    bits_ops!(u64);

    #[inline(always)]
    fn narrow(wide: Wide) -> Self {
        wide as u64
    }

    #[inline(always)]
    fn widen(self) -> Wide {
        Wide::from(self)
    }

    #[inline(always)]
    fn ray(geometry: Geometry, direction: usize, at: usize) -> Self {
        // The turned 8x8 board's bits are the usual board's mirror image, whose rays
        // are the same bits.
        if geometry.size() == 10 { RAYS_TEN[direction][at] } else { RAYS_EIGHT[direction][at] }
    }
}

impl Bits for u128 {
    bits_ops!(u128);

    #[inline(always)]
    fn narrow(wide: Wide) -> Self {
        wide
    }

    #[inline(always)]
    fn widen(self) -> Wide {
        self
    }

    #[inline(always)]
    fn ray(_: Geometry, direction: usize, at: usize) -> Self {
        RAYS_TWELVE[direction][at]
    }
}
