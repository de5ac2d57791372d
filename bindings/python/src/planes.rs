//! Positions as planes of 0s and 1s, for learning agents (`arbiter.envs`): an array of
//! `rows x columns x planes` bytes (channels last, as PettingZoo's board games have
//! them) or `planes x rows x columns` (planes first, as PyTorch's convolutions take
//! them), seen by one side: its own pieces are in the first planes, the opponent's in
//! the next, whichever colour it plays. Rows go from the top of the board as it is
//! drawn (the first side at the bottom), columns from the left. Each game's planes are
//! listed in its own file of `games/` and in `docs/python.md`; two planes of every
//! game (the last two, but for TwixT's swap plane after them) say whether the
//! observer is to move and whether it plays first.
//!
//! The planes are written over bytes the caller owns (a row of a vector
//! environment's observation array, or a fresh vector), so that an environment step
//! allocates nothing for them.

/// An observation's size and the order of its axes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Frame {
    pub(crate) rows: usize,
    pub(crate) columns: usize,
    pub(crate) planes: usize,
    /// `planes x rows x columns` rather than `rows x columns x planes`: a plane is
    /// then a run of bytes, filled or cleared at once.
    pub(crate) planes_first: bool,
}

impl Frame {
    /// A game's `(rows, columns, planes)`, in the order `planes_first` says.
    pub(crate) fn new((rows, columns, planes): (usize, usize, usize), planes_first: bool) -> Frame {
        Frame { rows, columns, planes, planes_first }
    }

    /// The bytes of one observation.
    pub(crate) fn len(self) -> usize {
        self.rows * self.columns * self.planes
    }

    /// The observation array's axes, in its order.
    pub(crate) fn dims(self) -> (usize, usize, usize) {
        if self.planes_first { (self.planes, self.rows, self.columns) } else { (self.rows, self.columns, self.planes) }
    }

    fn index(self, row: usize, column: usize, plane: usize) -> usize {
        if self.planes_first {
            (plane * self.rows + row) * self.columns + column
        } else {
            (row * self.columns + column) * self.planes + plane
        }
    }
}

/// The planes, filled by point, over the caller's bytes.
pub(crate) struct Planes<'a> {
    bytes: &'a mut [u8],
    frame: Frame,
}

impl<'a> Planes<'a> {
    /// All zeros over `bytes`, which hold exactly `frame.len()` bytes.
    pub(crate) fn over(bytes: &'a mut [u8], frame: Frame) -> Planes<'a> {
        debug_assert_eq!(bytes.len(), frame.len());
        bytes.fill(0);
        Planes { bytes, frame }
    }

    /// Over `bytes` as they are: planes already written, to be changed in place.
    pub(crate) fn kept(bytes: &'a mut [u8], frame: Frame) -> Planes<'a> {
        debug_assert_eq!(bytes.len(), frame.len());
        Planes { bytes, frame }
    }

    /// Marks `plane` at `row` and `column`.
    pub(crate) fn set(&mut self, row: usize, column: usize, plane: usize) {
        self.bytes[self.frame.index(row, column, plane)] = 1;
    }

    /// Clears `plane` at `row` and `column`.
    pub(crate) fn unset(&mut self, row: usize, column: usize, plane: usize) {
        self.bytes[self.frame.index(row, column, plane)] = 0;
    }

    /// Marks `plane` at every point.
    pub(crate) fn fill(&mut self, plane: usize) {
        self.fill_with(plane, 1);
    }

    /// Clears `plane` at every point.
    pub(crate) fn clear(&mut self, plane: usize) {
        self.fill_with(plane, 0);
    }

    /// Marks `plane` at every point if `on`, else clears it.
    pub(crate) fn fill_if(&mut self, plane: usize, on: bool) {
        self.fill_with(plane, u8::from(on));
    }

    fn fill_with(&mut self, plane: usize, value: u8) {
        let Frame { rows, columns, planes, planes_first } = self.frame;
        if planes_first {
            let size = rows * columns;
            self.bytes[plane * size..(plane + 1) * size].fill(value);
        } else {
            for point in self.bytes.chunks_exact_mut(planes) {
                point[plane] = value;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every point of every plane lands on the byte its order says, and a plane filled
    /// planes first is the same plane filled channels last, transposed.
    #[test]
    fn both_orders_hold_the_same_planes() {
        let (rows, columns, planes) = (3, 5, 4);
        let mut last = vec![0; rows * columns * planes];
        let mut first = last.clone();
        let frames = [Frame::new((rows, columns, planes), false), Frame::new((rows, columns, planes), true)];
        for (bytes, frame) in [(&mut last, frames[0]), (&mut first, frames[1])] {
            let mut p = Planes::over(bytes, frame);
            p.set(2, 4, 0);
            p.set(0, 1, 3);
            p.fill(2);
            p.unset(1, 1, 2);
        }
        for row in 0..rows {
            for column in 0..columns {
                for plane in 0..planes {
                    let at_last = last[(row * columns + column) * planes + plane];
                    let at_first = first[(plane * rows + row) * columns + column];
                    assert_eq!(at_last, at_first, "row {row} column {column} plane {plane}");
                }
            }
        }
        assert_eq!(last.iter().filter(|&&b| b == 1).count(), 2 + rows * columns - 1);
        assert_eq!(frames[1].dims(), (planes, rows, columns));
        assert_eq!(frames[0].dims(), (rows, columns, planes));
    }
}
