//! One small seeded random generator for everything that needs repeatable numbers:
//! the Zobrist keys (made at compile time, so hashes are the same on every machine),
//! the tests' random games and the benchmarks' inputs.

/// SplitMix64: a 64-bit state stepped by a constant and mixed. Fast, `const`, and
/// good enough for hashing keys and random playouts; not for anything secret.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator that always yields the same numbers for the same seed.
    #[must_use]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)] // `const`, which Iterator::next cannot be
    pub const fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number from 0 to `n - 1` (`n` must not be 0). The slight bias of a modulo
    /// does not matter for playouts and test inputs.
    pub const fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// An index into a slice of `len` items (`len` must not be 0).
    pub const fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers_and_in_range() {
        let (mut a, mut b) = (SplitMix64::new(7), SplitMix64::new(7));
        for _ in 0..100 {
            assert_eq!(a.next(), b.next());
        }
        let mut c = SplitMix64::new(8);
        let mut seen = [false; 10];
        for _ in 0..1000 {
            seen[c.index(10)] = true;
        }
        assert!(seen.iter().all(|&s| s), "every value below 10 comes up");
        // The published first output of SplitMix64 seeded with 0.
        assert_eq!(SplitMix64::new(0).next(), 0xe220_a839_7b1d_cdaf);
    }
}
