//! The draughts board as the position's [`Layout`] lays it out: its size (8x8, 10x10,
//! 12x12), the dark squares named as players write them, White at the bottom, men as
//! discs and kings with a crown; the last move marked, and a capture's route through
//! its landing squares drawn with the pieces it took crossed out.

use arbiter::MoveDetail;
use arbiter::draughts::{Color, Draughts, Kind, Layout, Position, Square};

use crate::Draw;
use crate::marks::Marks;
use crate::svg::{STYLE, Svg};

const CELL: f64 = 56.0;

/// Where the board's squares are drawn: the layout, turned when Black is at the bottom.
struct Grid {
    layout: Layout,
    flip: bool,
}

impl Grid {
    /// The top left corner of `square`'s cell: White at the bottom, or Black when turned.
    fn corner(&self, square: Square) -> (f64, f64) {
        let (row, column) = self.layout.coordinates(square);
        let last = self.layout.size() - 1;
        let (row, column) = if self.flip { (last - row, last - column) } else { (row, column) };
        (f64::from(column) * CELL, f64::from(row) * CELL)
    }

    fn centre(&self, square: Square) -> (f64, f64) {
        let (x, y) = self.corner(square);
        (x + CELL / 2.0, y + CELL / 2.0)
    }

    /// The square a move's text names (`32`, or `c3` where players write squares so).
    fn square(&self, name: &str) -> Option<Square> {
        self.layout.all().find(|&square| self.layout.name(square) == name)
    }
}

impl Draw for Draughts {
    /// The board with White at the bottom, or Black when turned.
    fn draw(position: &Position, marks: Marks<'_>) -> String {
        let grid = Grid { layout: position.layout(), flip: marks.view.flip };
        let size = f64::from(grid.layout.size()) * CELL;
        let mut svg = Svg::new("draughts", size as u32, size as u32);
        svg.raw(STYLE);
        svg.rect((0.0, 0.0), (size, size), "light", None);
        for square in grid.layout.all() {
            let (x, y) = grid.corner(square);
            svg.rect((x, y), (CELL, CELL), "dark", None);
            let name = grid.layout.name(square);
            svg.raw(&format!(r#"<text class="number" x="{}" y="{}" font-size="11">{name}</text>"#, x + 3.0, y + 12.0));
        }
        if let Some(last) = marks.last {
            last_move(&mut svg, &grid, last);
        }
        for (square, piece) in position.pieces() {
            let color = if piece.color == Color::White { "white" } else { "black" };
            let kind = if piece.kind == Kind::King { "king" } else { "man" };
            svg.raw(&format!(r#"<g class="piece {kind}">"#));
            svg.circle(grid.centre(square), 21.0, &format!("{kind}-{color}"), None);
            if piece.kind == Kind::King {
                let (x, y) = grid.centre(square);
                svg.raw(&format!(r#"<path class="crown" d="M{} {} l4 -12 l6 8 l6 -8 l4 12 z"/>"#, x - 10.0, y + 6.0));
            }
            svg.raw("</g>");
        }
        if let Some(last) = marks.last {
            taken(&mut svg, &grid, last);
        }
        for square in grid.layout.all() {
            svg.rect(grid.corner(square), (CELL, CELL), "spot", Some(&grid.layout.name(square)));
        }
        svg.finish()
    }
}

/// The last move's start and end squares framed; a capture's route, from its start
/// through each landing square to its end, drawn beneath the pieces, so that a capture
/// that comes back to its start square (`43x43`) shows where it went.
fn last_move(svg: &mut Svg, grid: &Grid, last: &MoveDetail) {
    let named = |name: &Option<String>| name.as_deref().and_then(|name| grid.square(name));
    let (from, to) = (named(&last.from), named(&last.to));
    for square in [from, to].into_iter().flatten() {
        let (x, y) = grid.corner(square);
        svg.rect((x + 2.0, y + 2.0), (CELL - 4.0, CELL - 4.0), "last", None);
    }
    if last.captured.is_empty() {
        return;
    }
    let landings: Vec<Square> = last.path.iter().filter_map(|name| grid.square(name)).collect();
    let route: Vec<Square> = from.into_iter().chain(landings.iter().copied()).chain(to).collect();
    let points: Vec<String> = route.iter().map(|&square| grid.centre(square)).map(|(x, y)| format!("{x},{y}")).collect();
    svg.raw(&format!(r#"<polyline class="route" points="{}"/>"#, points.join(" ")));
    for &square in &landings {
        svg.circle(grid.centre(square), 6.0, "landing", None);
    }
}

/// The squares of the pieces the last move took, crossed out: the pieces are gone
/// from the position drawn, so the cross says where they stood.
fn taken(svg: &mut Svg, grid: &Grid, last: &MoveDetail) {
    for square in last.captured.iter().filter_map(|name| grid.square(name)) {
        let (x, y) = grid.centre(square);
        let arm = CELL / 4.0;
        svg.raw(&format!(
            r#"<path class="captured" d="M{} {} L{} {} M{} {} L{} {}"/>"#,
            x - arm,
            y - arm,
            x + arm,
            y + arm,
            x - arm,
            y + arm,
            x + arm,
            y - arm
        ));
    }
}
