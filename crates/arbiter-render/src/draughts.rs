//! The draughts board: 10x10 squares, the dark ones numbered 1-50, White at the
//! bottom, men as discs and kings with a crown.

use arbiter::draughts::{Draughts, Color, Kind, Position, Square};

use crate::Draw;
use crate::marks::Marks;
use crate::svg::{STYLE, Svg};

const CELL: f64 = 56.0;

/// The top left corner of `square`'s cell: White at the bottom, or Black when turned.
fn corner(square: Square, flip: bool) -> (f64, f64) {
    let (column, row) = if flip { (9 - square.column(), 9 - square.row()) } else { (square.column(), square.row()) };
    (f64::from(column) * CELL, f64::from(row) * CELL)
}

fn centre(square: Square, flip: bool) -> (f64, f64) {
    let (x, y) = corner(square, flip);
    (x + CELL / 2.0, y + CELL / 2.0)
}

impl Draw for Draughts {
    /// The board with White at the bottom, or Black when turned.
    fn draw(position: &Position, marks: Marks<'_>) -> String {
        let flip = marks.view.flip;
        let corner = |square| corner(square, flip);
        let centre = |square| centre(square, flip);
        let size = 10.0 * CELL;
        let mut svg = Svg::new("draughts", size as u32, size as u32);
        svg.raw(STYLE);
        svg.rect((0.0, 0.0), (size, size), "light", None);
        for number in 1..=50 {
            let square = Square::new(number).expect("1-50");
            let (x, y) = corner(square);
            svg.rect((x, y), (CELL, CELL), "dark", None);
            svg.raw(&format!(r#"<text class="number" x="{}" y="{}" font-size="11">{number}</text>"#, x + 3.0, y + 12.0));
        }
        let marked = marks.last.into_iter().flat_map(|m| [&m.from, &m.to]).flatten();
        for square in marked.filter_map(|s| s.parse().ok()).filter_map(Square::new) {
            let (x, y) = corner(square);
            svg.rect((x + 2.0, y + 2.0), (CELL - 4.0, CELL - 4.0), "last", None);
        }
        for (square, piece) in position.pieces() {
            let color = if piece.color == Color::White { "white" } else { "black" };
            let kind = if piece.kind == Kind::King { "king" } else { "man" };
            svg.raw(&format!(r#"<g class="piece {kind}">"#));
            svg.circle(centre(square), 21.0, &format!("{kind}-{color}"), None);
            if piece.kind == Kind::King {
                let (x, y) = centre(square);
                svg.raw(&format!(r#"<path class="crown" d="M{} {} l4 -12 l6 8 l6 -8 l4 12 z"/>"#, x - 10.0, y + 6.0));
            }
            svg.raw("</g>");
        }
        for number in 1..=50 {
            let square = Square::new(number).expect("1-50");
            svg.rect(corner(square), (CELL, CELL), "spot", Some(&number.to_string()));
        }
        svg.finish()
    }
}
