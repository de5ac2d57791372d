//! The Gomoku board: a grid of lines with star points and stones on the crossings,
//! columns lettered along the bottom and rows numbered from 1 at the bottom (at the
//! top when turned). In an opening rule's steps, the square the next stone must go in
//! is outlined (class `zone`) and the fifth moves offered are drawn as numbered pale
//! black stones (class `offer`), which stay points to click.

use arbiter::gomoku::{Gomoku, Point, Position, Step, Stone, Zone};

use crate::Draw;
use crate::marks::Marks;
use crate::svg::{STYLE, Svg};

const STEP: f64 = 32.0;
const MARGIN: f64 = 36.0;

/// The star points of a line of `n` points: the fourth from each end on boards of 13
/// and more (the third on smaller ones), the middle of an odd line, and on lines of 19
/// and more the middle of each side too (which [`stars`] pairs up).
fn star_lines(n: u16) -> Vec<u16> {
    let from_edge = match n {
        13.. => 3,
        9.. => 2,
        _ => return Vec::new(),
    };
    let mut lines = vec![from_edge, n - 1 - from_edge];
    if n % 2 == 1 {
        lines.push(n / 2);
    }
    lines
}

/// The star points: the corners' and the centre's, and the sides' on big boards.
fn stars(columns: u16, rows: u16) -> Vec<Point> {
    let (xs, ys) = (star_lines(columns), star_lines(rows));
    let middle = |lines: &[u16], n: u16| lines.len() == 3 && lines[2] == n / 2;
    let mut points = Vec::new();
    for (i, &column) in xs.iter().enumerate() {
        for (j, &row) in ys.iter().enumerate() {
            let centre_column = i == 2 && middle(&xs, columns);
            let centre_row = j == 2 && middle(&ys, rows);
            // The sides' middles only on boards of 19 and more; the centre always.
            let side = centre_column != centre_row;
            if !side || columns.min(rows) >= 19 {
                points.push(Point { column, row });
            }
        }
    }
    points
}

/// The opening's marks: the square of the next stone, and the offers. A style in an SVG
/// drawn inside a page applies to the whole page, so its rules name the drawing's class.
const OPENING_STYLE: &str = "<style>.board-gomoku .zone{fill:none;stroke:#1e6fd9;stroke-width:2;stroke-dasharray:6 4}\
.board-gomoku .offer{fill:#111;opacity:.45}.board-gomoku .offer-label{fill:#fff;font-weight:bold}</style>";

fn draw_opening(svg: &mut Svg, position: &Position, at: &impl Fn(Point) -> (f64, f64)) {
    let Some(step) = position.opening_step() else { return };
    let board = position.board();
    svg.raw(OPENING_STYLE);
    if let Step::Place { stone, zone, .. } = step {
        let side = match zone {
            Zone::Anywhere => None,
            Zone::Opening => Some(2 * u16::from(stone) - 1),
            Zone::Square(side) => Some(u16::from(side)),
        };
        if let Some(side) = side {
            let centre = arbiter::gomoku::centre(board);
            let reach = side / 2;
            let corners = [
                Point { column: centre.column.saturating_sub(reach), row: centre.row.saturating_sub(reach) },
                Point { column: centre.column + reach, row: centre.row + reach },
            ];
            let ((x1, y1), (x2, y2)) = (at(corners[0]), at(corners[1]));
            let pad = STEP * 0.5;
            let (left, top) = (x1.min(x2) - pad, y1.min(y2) - pad);
            let (width, height) = ((x1 - x2).abs() + 2.0 * pad, (y1 - y2).abs() + 2.0 * pad);
            svg.rect((left, top), (width, height), "zone", None);
        }
    }
    for (index, &offer) in position.offers().iter().enumerate() {
        svg.circle(at(offer), STEP * 0.45, "offer", None);
        svg.text(at(offer), 13.0, "offer-label", &(index + 1).to_string());
    }
}

impl Draw for Gomoku {
    /// The board, row 1 at the bottom, or turned round.
    fn draw(position: &Position, marks: Marks<'_>) -> String {
        let board = position.board();
        let (columns, rows) = (board.columns(), board.rows());
        let flip = marks.view.flip;
        let at = |p: Point| {
            let (column, row) = if flip { (columns - 1 - p.column, p.row) } else { (p.column, rows - 1 - p.row) };
            (MARGIN + f64::from(column) * STEP, MARGIN + f64::from(row) * STEP)
        };
        let width = 2.0 * MARGIN + f64::from(columns - 1) * STEP;
        let height = 2.0 * MARGIN + f64::from(rows - 1) * STEP;
        let mut svg = Svg::new("gomoku", width as u32, height as u32);
        svg.raw(STYLE);
        svg.rect((0.0, 0.0), (width, height), "light", None);
        for column in 0..columns {
            let top = at(Point { column, row: rows - 1 });
            let bottom = at(Point { column, row: 0 });
            svg.line(top, bottom, "grid");
            let label = Point { column, row: 0 }.to_string();
            let letters = label.trim_end_matches('1');
            svg.text((bottom.0, height - MARGIN / 2.5), 12.0, "label", letters);
        }
        for row in 0..rows {
            svg.line(at(Point { column: 0, row }), at(Point { column: columns - 1, row }), "grid");
            svg.text((MARGIN / 2.5, at(Point { column: 0, row }).1), 12.0, "label", &(row + 1).to_string());
        }
        for star in stars(columns, rows) {
            svg.circle(at(star), 3.5, "star", None);
        }
        let last = marks.last.and_then(|m| m.to.as_deref()).and_then(Point::parse);
        for column in 0..columns {
            for row in 0..rows {
                let point = Point { column, row };
                if let Some(stone) = board.stone_at(point) {
                    let color = if stone == Stone::Black { "black" } else { "white" };
                    svg.circle(at(point), STEP * 0.45, &format!("stone stone-{color}"), None);
                    if Some(point) == last {
                        svg.circle(at(point), STEP * 0.2, "last", None);
                    }
                }
            }
        }
        draw_opening(&mut svg, position, &at);
        let line = position.winning_line();
        if let (Some(&first), Some(&last)) = (line.first(), line.last()) {
            svg.line(at(first), at(last), "win");
        }
        // Every point is clickable while the game goes on, taken or not, so that a
        // refused click is answered with the reason.
        if !marks.over {
            for column in 0..columns {
                for row in 0..rows {
                    let point = Point { column, row };
                    let class = if board.stone_at(point).is_some() { "spot taken" } else { "spot" };
                    svg.circle(at(point), STEP * 0.48, class, Some(&point.to_string()));
                }
            }
        }
        svg.finish()
    }
}
