//! The Xiangqi board: nine files and ten ranks of points, the river, the palaces'
//! diagonals, the marks at the cannons' and soldiers' start points, pieces as discs
//! with their Chinese characters, Red at the bottom.

use arbiter::xiangqi::{Xiangqi, Color, Kind, Position, Square};

use crate::Draw;
use crate::marks::Marks;
use crate::svg::{STYLE, Svg};

const STEP: f64 = 60.0;
const MARGIN: f64 = 56.0;

/// Where point (`file`, `rank`) is drawn: Red at the bottom, or Black when turned.
fn place(flip: bool) -> impl Fn(u8, u8) -> (f64, f64) {
    move |file, rank| {
        let (column, row) = if flip { (8 - file, rank) } else { (file, 9 - rank) };
        (MARGIN + f64::from(column) * STEP, MARGIN + f64::from(row) * STEP)
    }
}

/// The cannons' and soldiers' start points, which printed boards mark with small
/// corners.
const MARKED_POINTS: [(u8, u8); 14] =
    [(1, 2), (7, 2), (1, 7), (7, 7), (0, 3), (2, 3), (4, 3), (6, 3), (8, 3), (0, 6), (2, 6), (4, 6), (6, 6), (8, 6)];

/// The four small corners around a marked point, less the halves that would stand
/// beyond the board's edge files.
fn point_marks(svg: &mut Svg, (x, y): (f64, f64)) {
    const GAP: f64 = 5.0;
    const ARM: f64 = 11.0;
    let (left, right) = (MARGIN, MARGIN + 8.0 * STEP);
    for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let end = x + dx * (GAP + ARM);
        if end < left || end > right {
            continue;
        }
        let corner = (x + dx * GAP, y + dy * GAP);
        svg.line(corner, (end, corner.1), "mark");
        svg.line(corner, (corner.0, corner.1 + dy * ARM), "mark");
    }
}

/// The characters players read: Red's and Black's differ for five kinds.
fn glyph(color: Color, kind: Kind) -> &'static str {
    match (color, kind) {
        (Color::Red, Kind::General) => "帥",
        (Color::Black, Kind::General) => "將",
        (Color::Red, Kind::Advisor) => "仕",
        (Color::Black, Kind::Advisor) => "士",
        (Color::Red, Kind::Elephant) => "相",
        (Color::Black, Kind::Elephant) => "象",
        (Color::Red, Kind::Horse) => "傌",
        (Color::Black, Kind::Horse) => "馬",
        (Color::Red, Kind::Chariot) => "俥",
        (Color::Black, Kind::Chariot) => "車",
        (Color::Red, Kind::Cannon) => "炮",
        (Color::Black, Kind::Cannon) => "砲",
        (Color::Red, Kind::Soldier) => "兵",
        (Color::Black, Kind::Soldier) => "卒",
    }
}

impl Draw for Xiangqi {
    /// The board with Red at the bottom, or Black when turned.
    fn draw(position: &Position, marks: Marks<'_>) -> String {
        let flip = marks.view.flip;
        let at = place(flip);
        let mut svg = Svg::new("xiangqi", (2.0 * MARGIN + 8.0 * STEP) as u32, (2.0 * MARGIN + 9.0 * STEP) as u32);
        svg.raw(STYLE);
        svg.rect((0.0, 0.0), (2.0 * MARGIN + 8.0 * STEP, 2.0 * MARGIN + 9.0 * STEP), "light", None);
        for rank in 0..10 {
            svg.line(at(0, rank), at(8, rank), if rank == 0 || rank == 9 { "edge" } else { "grid" });
        }
        for file in 0..9 {
            if file == 0 || file == 8 {
                svg.line(at(file, 0), at(file, 9), "edge");
            } else {
                // Inner files stop at the river.
                svg.line(at(file, 0), at(file, 4), "grid");
                svg.line(at(file, 5), at(file, 9), "grid");
            }
        }
        for (low, high) in [(0, 2), (7, 9)] {
            svg.line(at(3, low), at(5, high), "grid");
            svg.line(at(5, low), at(3, high), "grid");
        }
        for (file, rank) in MARKED_POINTS {
            point_marks(&mut svg, at(file, rank));
        }
        // The river's words stay upright and in their place whichever side is below.
        let river_y = MARGIN + 4.5 * STEP;
        svg.text((MARGIN + 2.0 * STEP, river_y), 30.0, "river", "楚 河");
        svg.text((MARGIN + 6.0 * STEP, river_y), 30.0, "river", "漢 界");
        let bottom = 2.0 * MARGIN + 9.0 * STEP - 12.0;
        for file in 0..9u8 {
            svg.text((at(file, 0).0, bottom), 13.0, "label", &char::from(b'a' + file).to_string());
        }
        for rank in 0..10u8 {
            svg.text((12.0, at(0, rank).1), 13.0, "label", &rank.to_string());
        }
        let marked = marks.last.into_iter().flat_map(|m| [&m.from, &m.to]).flatten().filter_map(|s| Square::parse(s));
        for square in marked {
            let (x, y) = at(square.file(), square.rank());
            svg.rect((x - 29.0, y - 29.0), (58.0, 58.0), "last", None);
        }
        if position.in_check() {
            let general = position.general(position.turn());
            svg.circle(at(general.file(), general.rank()), 30.0, "check", None);
        }
        for (square, piece) in position.pieces() {
            let centre = at(square.file(), square.rank());
            let color = if piece.color == Color::Red { "red" } else { "black" };
            svg.raw(&format!(r#"<g class="piece piece-{color}-{}">"#, piece.kind.name()));
            svg.circle(centre, 26.0, &format!("piece-{color}"), None);
            svg.text(centre, 30.0, &format!("glyph-{color}"), glyph(piece.color, piece.kind));
            svg.raw("</g>");
        }
        for rank in 0..10 {
            for file in 0..9 {
                let square = Square::new(file, rank).expect("on the board");
                svg.circle(at(file, rank), 29.0, "spot", Some(&square.to_string()));
            }
        }
        svg.finish()
    }
}
