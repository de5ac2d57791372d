//! Positions as planes of 0s and 1s, for learning agents (`arbiter.envs`): an array of
//! `rows x columns x planes` bytes (channels last, as PettingZoo's board games have
//! them), seen by one side: its own pieces are in the first planes, the opponent's in
//! the next, whichever colour it plays. Rows go from the top of the board as it is
//! drawn (the first side at the bottom), columns from the left. Each game's planes are
//! listed in its own file of `games/` and in `docs/python.md`; the last two planes of
//! every game say whether the observer is to move and whether it plays first.

/// The planes, filled by point.
pub(crate) struct Planes {
    bytes: Vec<u8>,
    columns: usize,
    planes: usize,
}

impl Planes {
    /// All zeros, of the given rows, columns and planes.
    pub(crate) fn new((rows, columns, planes): (usize, usize, usize)) -> Planes {
        Planes { bytes: vec![0; rows * columns * planes], columns, planes }
    }

    /// Marks `plane` at `row` and `column`.
    pub(crate) fn set(&mut self, row: usize, column: usize, plane: usize) {
        self.bytes[(row * self.columns + column) * self.planes + plane] = 1;
    }

    /// Marks `plane` at every point.
    pub(crate) fn fill(&mut self, plane: usize) {
        for point in self.bytes.chunks_exact_mut(self.planes) {
            point[plane] = 1;
        }
    }

    /// The bytes, rows then columns then planes.
    pub(crate) fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}
