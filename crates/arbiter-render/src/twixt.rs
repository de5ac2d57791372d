//! The TwixT board: a square of holes, the end lines that set each player's edge
//! rows apart (black for Black's left and right, red for White's bottom and top), the
//! edge rows beyond them tinted in their owner's colour whoever is to move, pegs and
//! the links between them. Where one's own links cross (TwixT PP), one passes over the
//! other with a gap, as a drawn bridge does: crossed links are not joined.

use arbiter::Game;
use arbiter::twixt::{Twixt, Color, Peg, Position};

use crate::Draw;
use crate::marks::Marks;
use crate::svg::{STYLE, Svg};

const STEP: f64 = 24.0;
const MARGIN: f64 = 30.0;
/// Half the length of the stretch of a link drawn over another it crosses.
const BRIDGE: f64 = 8.0;

/// Where segments `(a, b)` and `(c, d)` cross, if they do.
fn crossing_point((a, b): ((f64, f64), (f64, f64)), (c, d): ((f64, f64), (f64, f64))) -> Option<(f64, f64)> {
    let (rx, ry) = (b.0 - a.0, b.1 - a.1);
    let (sx, sy) = (d.0 - c.0, d.1 - c.1);
    let denominator = rx * sy - ry * sx;
    if denominator.abs() < f64::EPSILON {
        return None;
    }
    let t = ((c.0 - a.0) * sy - (c.1 - a.1) * sx) / denominator;
    (0.0..=1.0).contains(&t).then_some((a.0 + t * rx, a.1 + t * ry))
}

impl Draw for Twixt {
    /// The board, row 1 at the bottom, or turned round.
    fn draw(position: &Position, marks: Marks<'_>) -> String {
        let board = position.board();
        let size = board.size() as u16;
        let flip = marks.view.flip;
        let at = |p: Peg| {
            let (column, row) = if flip { (size - 1 - p.x, p.y) } else { (p.x, size - 1 - p.y) };
            (MARGIN + f64::from(column) * STEP, MARGIN + f64::from(row) * STEP)
        };
        let extent = 2.0 * MARGIN + f64::from(size - 1) * STEP;
        let mut svg = Svg::new("twixt", extent as u32, extent as u32);
        svg.raw(STYLE);
        svg.rect((0.0, 0.0), (extent, extent), "light", None);
        // End lines run between an edge row and the next, stopping short of the corners.
        let near = MARGIN + 0.5 * STEP;
        let far = MARGIN + (f64::from(size) - 1.5) * STEP;
        // Each side's own edge rows, beyond its end lines, in its colour: the same on
        // every move, and the same turned (the drawing is symmetric).
        let band = STEP;
        for x in [near - band, far] {
            svg.rect((x, near), (band, far - near), "band-black", None);
        }
        for y in [near - band, far] {
            svg.rect((near, y), (far - near, band), "band-white", None);
        }
        svg.line((near, near), (near, far), "zone-black");
        svg.line((far, near), (far, far), "zone-black");
        svg.line((near, near), (far, near), "zone-white");
        svg.line((near, far), (far, far), "zone-white");
        for x in 0..size {
            for y in 0..size {
                let corner = (x == 0 || x == size - 1) && (y == 0 || y == size - 1);
                if !corner {
                    svg.circle(at(Peg { x, y }), 2.5, "hole", None);
                }
            }
        }
        let link_class = |a: Peg| {
            let color = if board.peg_at(a) == Some(Color::Black) { "black" } else { "white" };
            format!("link link-{color}")
        };
        for (a, b) in board.links() {
            svg.line(at(a), at(b), &link_class(a));
        }
        for (under, (a, b)) in board.crossings() {
            let (p, q) = (at(a), at(b));
            let Some(cross) = crossing_point((at(under.0), at(under.1)), (p, q)) else { continue };
            let length = (q.0 - p.0).hypot(q.1 - p.1);
            let (ux, uy) = ((q.0 - p.0) / length * BRIDGE, (q.1 - p.1) / length * BRIDGE);
            let (from, to) = ((cross.0 - ux, cross.1 - uy), (cross.0 + ux, cross.1 + uy));
            svg.line(from, to, "link-gap");
            svg.line(from, to, &link_class(a));
        }
        // A peg's point is marked; a swap has none.
        let last = marks.last.and_then(|m| m.to.as_deref()).and_then(Peg::parse);
        for (peg, color) in board.pegs() {
            let color = if color == Color::Black { "black" } else { "white" };
            svg.circle(at(peg), 7.0, &format!("peg peg-{color}"), None);
            if Some(peg) == last {
                svg.circle(at(peg), 11.0, "last", None);
            }
        }
        for i in 0..size {
            let (x, _) = at(Peg { x: i, y: 0 });
            let letters = Peg { x: i, y: 0 }.to_string();
            svg.text((x, extent - 8.0), 10.0, "label", letters.trim_end_matches('1'));
            let (_, y) = at(Peg { x: 0, y: i });
            svg.text((10.0, y), 10.0, "label", &(i + 1).to_string());
        }
        if let Some(winner) = Game::outcome(position).and_then(|o| o.winner()) {
            for peg in board.winning_chain(Color::from_side(winner)) {
                svg.circle(at(peg), 10.0, "win", None);
            }
        }
        // Every empty point but the corners is clickable while the game goes on, the
        // other side's edge lines too, so that a refused click is answered with the reason.
        if !marks.over {
            for x in 0..size {
                for y in 0..size {
                    let peg = Peg { x, y };
                    let corner = (x == 0 || x == size - 1) && (y == 0 || y == size - 1);
                    if !corner && board.peg_at(peg).is_none() {
                        svg.circle(at(peg), STEP * 0.45, "spot", Some(&peg.to_string()));
                    }
                }
            }
        }
        svg.finish()
    }
}
