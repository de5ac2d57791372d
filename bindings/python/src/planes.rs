//! Positions as planes of 0s and 1s, for learning agents (`arbiter.envs`): an array of
//! `rows x columns x planes` bytes (channels last, as PettingZoo's board games have
//! them), seen by one side: its own pieces are in the first planes, the opponent's in
//! the next, whichever colour it plays. Rows go from the top of the board as it is
//! drawn (the first side at the bottom), columns from the left. Each game's planes are
//! listed in its own file of `games/` and in `docs/python.md`; the last two planes of
//! every game say whether the observer is to move and whether it plays first.
//!
//! The planes are written over bytes the caller owns (a row of a vector
//! environment's observation array, or a fresh vector), so that an environment step
//! allocates nothing for them.

/// The planes, filled by point, over the caller's bytes.
pub(crate) struct Planes<'a> {
    bytes: &'a mut [u8],
    columns: usize,
    planes: usize,
}

impl<'a> Planes<'a> {
    /// All zeros over `bytes`, which hold exactly `rows x columns x planes` bytes.
    pub(crate) fn over(bytes: &'a mut [u8], (rows, columns, planes): (usize, usize, usize)) -> Planes<'a> {
        debug_assert_eq!(bytes.len(), rows * columns * planes);
        bytes.fill(0);
        Planes { bytes, columns, planes }
    }

    /// Over `bytes` as they are: planes already written, to be changed in place.
    pub(crate) fn kept(bytes: &'a mut [u8], (rows, columns, planes): (usize, usize, usize)) -> Planes<'a> {
        debug_assert_eq!(bytes.len(), rows * columns * planes);
        Planes { bytes, columns, planes }
    }

    /// Marks `plane` at `row` and `column`.
    pub(crate) fn set(&mut self, row: usize, column: usize, plane: usize) {
        self.bytes[(row * self.columns + column) * self.planes + plane] = 1;
    }

    /// Clears `plane` at `row` and `column`.
    pub(crate) fn unset(&mut self, row: usize, column: usize, plane: usize) {
        self.bytes[(row * self.columns + column) * self.planes + plane] = 0;
    }

    /// Marks `plane` at every point.
    pub(crate) fn fill(&mut self, plane: usize) {
        self.fill_with(plane, 1);
    }

    /// Clears `plane` at every point.
    pub(crate) fn clear(&mut self, plane: usize) {
        self.fill_with(plane, 0);
    }

    fn fill_with(&mut self, plane: usize, value: u8) {
        for point in self.bytes.chunks_exact_mut(self.planes) {
            point[plane] = value;
        }
    }
}
