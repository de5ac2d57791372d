//! How a position's board is laid out for the people and programs that look at it:
//! its size, which point of the grid each playable square is, and the name players
//! write for it. Front ends (pictures, engines' evaluations, learning planes) place
//! squares through a [`Layout`], never through a fixed 10x10 grid, so that a rule set
//! on another board is drawn and encoded right without a change to them.

use super::geometry::{Color, Geometry, Square};
use super::rules::Rules;

/// The board of a position as it is drawn: `size` rows and columns, White's side at
/// the bottom (row `size - 1`), the dark squares playable, numbered from the top row
/// left to right as PDN numbers them; named by number, or algebraically (`a1` the
/// lower left as White sees it) in the rule sets whose players write so. On the
/// turned board (Spanish and Italian draughts) the playable corner is on each
/// player's right, and square 1 is the top row's first dark square, a8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    size: u8,
    algebraic: bool,
    turned: bool,
}

impl Layout {
    /// The international 10x10 board: squares 1-50, square 1 at the top, second from the left.
    pub const INTERNATIONAL: Layout = Layout { size: 10, algebraic: false, turned: false };

    /// The board of rule set `rules`.
    #[must_use]
    pub const fn of(rules: Rules) -> Layout {
        let geometry = rules.geometry();
        Layout { size: geometry.size(), algebraic: rules.algebraic(), turned: geometry.turned() }
    }

    const fn geometry(self) -> Geometry {
        if self.size == 12 {
            Geometry::TWELVE
        } else if self.size == 10 {
            Geometry::TEN
        } else if self.turned {
            Geometry::EIGHT_TURNED
        } else {
            Geometry::EIGHT
        }
    }

    /// Rows, which are as many as columns.
    #[must_use]
    pub const fn size(self) -> u8 {
        self.size
    }

    /// The number of playable squares, numbered 1 to this.
    #[must_use]
    pub const fn squares(self) -> usize {
        self.geometry().squares()
    }

    /// Every playable square, in number order.
    pub fn all(self) -> impl Iterator<Item = Square> {
        (1..=self.squares() as u8).map(Square::numbered)
    }

    /// The square numbered `number`, if this board has it.
    #[must_use]
    pub const fn square(self, number: u8) -> Option<Square> {
        self.geometry().square(number)
    }

    /// `square`'s row (0 at the top, Black's side) and column (0 at the left, as White sees the board).
    #[must_use]
    pub const fn coordinates(self, square: Square) -> (u8, u8) {
        (self.geometry().row(square), self.geometry().column(square))
    }

    /// Whether the board is turned, its playable corner on each player's right
    /// (Spanish and Italian draughts), square 1 in the top left corner (a8).
    #[must_use]
    pub const fn turned(self) -> bool {
        self.turned
    }

    /// The playable square at `row` and `column`, if that point of the grid is one.
    #[must_use]
    pub const fn square_at(self, row: u8, column: u8) -> Option<Square> {
        self.geometry().at(row, column)
    }

    /// Whether squares are named algebraically (`c3`) rather than by number.
    #[must_use]
    pub const fn algebraic(self) -> bool {
        self.algebraic
    }

    /// The name players write for `square`: its number, or its algebraic name (`c3`:
    /// column letter from White's left, row number from White's side).
    #[must_use]
    pub fn name(self, square: Square) -> String {
        if self.algebraic { self.algebraic_name(square) } else { square.number().to_string() }
    }

    /// `square`'s algebraic name on this board, whatever the rule set writes.
    #[must_use]
    pub fn algebraic_name(self, square: Square) -> String {
        let (row, column) = self.coordinates(square);
        format!("{}{}", char::from(b'a' + column), self.size - row)
    }

    /// The square an algebraic name (`c3`, any case) names, if it is a playable one;
    /// `None` for numbers and other text.
    #[must_use]
    pub fn square_named(self, name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let rank: u8 = chars.as_str().parse().ok()?;
        let column = letter as u8 - b'a';
        if rank == 0 || rank > self.size {
            return None;
        }
        self.square_at(self.size - rank, column)
    }

    /// The row where `color`'s men are crowned: the top for White, the bottom for Black.
    #[must_use]
    pub const fn crowning_row(self, color: Color) -> u8 {
        match color {
            Color::White => 0,
            Color::Black => self.size - 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_international_board_places_every_square_once_on_a_dark_point() {
        let layout = Layout::INTERNATIONAL;
        let mut seen = std::collections::HashSet::new();
        for square in layout.all() {
            let (row, column) = layout.coordinates(square);
            assert!(row < 10 && column < 10 && (row + column) % 2 == 1, "{square} at {row},{column}");
            assert_eq!(layout.square_at(row, column), Some(square));
            assert!(seen.insert((row, column)));
        }
        assert_eq!(seen.len(), 50);
        let at = |n| layout.coordinates(Square::new(n).unwrap());
        assert_eq!((at(1), at(5), at(46), at(50)), ((0, 1), (0, 9), (9, 0), (9, 8)));
        assert_eq!(layout.name(Square::new(32).unwrap()), "32");
        assert_eq!((layout.crowning_row(Color::White), layout.crowning_row(Color::Black)), (0, 9));
    }
}

#[cfg(test)]
mod eight {
    use super::*;

    /// The 8x8 board as checkers and Russian diagrams draw it: square 1 at the top,
    /// second from the left; 29 in White's lower left corner, which is a1.
    #[test]
    fn the_eight_by_eight_board_numbers_and_names_its_squares() {
        for rules in [Rules::Brazilian, Rules::Russian, Rules::English, Rules::Pool, Rules::Czech, Rules::Thai] {
            let layout = Layout::of(rules);
            assert_eq!((layout.size(), layout.squares()), (8, 32));
            let mut seen = std::collections::HashSet::new();
            for square in layout.all() {
                let (row, column) = layout.coordinates(square);
                assert!(row < 8 && column < 8 && (row + column) % 2 == 1);
                assert_eq!(layout.square_at(row, column), Some(square));
                assert_eq!(layout.square_named(&layout.algebraic_name(square)), Some(square));
                assert!(seen.insert((row, column)));
            }
            let at = |n| layout.coordinates(Square::new(n).unwrap());
            assert_eq!((at(1), at(4), at(29), at(32)), ((0, 1), (0, 7), (7, 0), (7, 6)));
            assert_eq!(layout.square(33), None);
        }
        let russian = Layout::of(Rules::Russian);
        let name = |n| russian.name(Square::new(n).unwrap());
        assert_eq!((name(29), name(32), name(1), name(4), name(22)), ("a1".into(), "g1".into(), "b8".into(), "h8".into(), "c3".into()));
        assert_eq!(Layout::of(Rules::English).name(Square::new(22).unwrap()), "22");
        assert_eq!((russian.square_named("c2"), russian.square_named("i1"), russian.square_named("a9")), (None, None, None));
        assert_eq!(russian.square_named("c3"), Square::new(22));
    }
}
