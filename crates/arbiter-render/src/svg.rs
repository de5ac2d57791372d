//! Writing SVG: the few elements the boards are drawn with, and their colours.

use std::fmt::Write as _;

/// An SVG document being written.
pub(crate) struct Svg {
    out: String,
}

impl Svg {
    pub(crate) fn new(game: &str, width: u32, height: u32) -> Svg {
        let mut out = String::with_capacity(16 * 1024);
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="board board-{game}" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif">"#
        );
        Svg { out }
    }

    pub(crate) fn raw(&mut self, text: &str) {
        self.out.push_str(text);
    }

    pub(crate) fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), class: &str) {
        let _ = write!(self.out, r#"<line class="{class}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#);
    }

    pub(crate) fn circle(&mut self, (cx, cy): (f64, f64), r: f64, class: &str, point: Option<&str>) {
        let _ = write!(self.out, r#"<circle class="{class}" cx="{cx}" cy="{cy}" r="{r}""#);
        if let Some(point) = point {
            let _ = write!(self.out, r#" data-point="{point}""#);
        }
        self.out.push_str("/>");
    }

    pub(crate) fn rect(&mut self, (x, y): (f64, f64), (w, h): (f64, f64), class: &str, point: Option<&str>) {
        let _ = write!(self.out, r#"<rect class="{class}" x="{x}" y="{y}" width="{w}" height="{h}""#);
        if let Some(point) = point {
            let _ = write!(self.out, r#" data-point="{point}""#);
        }
        self.out.push_str("/>");
    }

    pub(crate) fn text(&mut self, (x, y): (f64, f64), size: f64, class: &str, text: &str) {
        let _ = write!(
            self.out,
            r#"<text class="{class}" x="{x}" y="{y}" font-size="{size}" text-anchor="middle" dominant-baseline="central">{text}</text>"#
        );
    }

    pub(crate) fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// The colours of the drawing, inline so that a saved SVG looks the same anywhere.
/// Each rule is scoped to the board's own `<svg class="board">`: a drawing inlined in a page
/// styles nothing of the page around it (the page's move numbers are `.number` too).
pub(crate) const STYLE: &str = "<style>\
svg.board .grid{stroke:#5b3a1a;stroke-width:1.5}svg.board .mark{stroke:#5b3a1a;stroke-width:1.5}svg.board .star{fill:#5b3a1a}svg.board .edge{stroke:#5b3a1a;stroke-width:3}\
svg.board .spot{fill:transparent;cursor:pointer}svg.board .spot.legal{fill:rgba(40,160,60,.35)}svg.board .spot.selected{fill:rgba(40,90,200,.35)}\
svg.board .last{fill:none;stroke:#e0a000;stroke-width:3}\
svg.board .check{fill:none;stroke:#e01010;stroke-width:5}svg.board .win{fill:none;stroke:#1e90ff;stroke-width:5;stroke-linecap:round;opacity:.85}\
svg.board .label{fill:#5b3a1a}svg.board .river{fill:#5b3a1a;opacity:.6}\
svg.board .piece-red{fill:#fff3dc;stroke:#b01818;stroke-width:2.5}svg.board .piece-black{fill:#fff3dc;stroke:#222;stroke-width:2.5}\
svg.board .glyph-red{fill:#b01818;font-weight:bold}svg.board .glyph-black{fill:#222;font-weight:bold}\
svg.board .light{fill:#f0dcb4}svg.board .dark{fill:#a0703c}svg.board .number{fill:#f0dcb4;opacity:.8}\
svg.board .man-white,svg.board .king-white{fill:#fafafa;stroke:#333;stroke-width:2}svg.board .man-black,svg.board .king-black{fill:#222;stroke:#000;stroke-width:2}\
svg.board .crown{fill:#d4a017;stroke:none}\
svg.board .route{fill:none;stroke:#e0a000;stroke-width:4;stroke-linecap:round;stroke-linejoin:round;opacity:.85}svg.board .landing{fill:#e0a000}\
svg.board .captured{stroke:#d01818;stroke-width:4;stroke-linecap:round}\
svg.board .stone-black{fill:#111}svg.board .stone-white{fill:#fafafa;stroke:#333;stroke-width:1.5}\
svg.board .hole{fill:#7a6a50}svg.board .band-black{fill:#222;opacity:.1}svg.board .band-white{fill:#c03030;opacity:.1}svg.board .zone-black{stroke:#222;stroke-width:3}svg.board .zone-white{stroke:#c03030;stroke-width:3}\
svg.board .peg-black{fill:#222}svg.board .peg-white{fill:#f4f4f4;stroke:#c03030;stroke-width:2}\
svg.board .link-black{stroke:#222;stroke-width:4;stroke-linecap:round}svg.board .link-white{stroke:#c03030;stroke-width:4;stroke-linecap:round}\
svg.board .link-gap{stroke:#f0dcb4;stroke-width:10}\
</style>";

#[cfg(test)]
mod tests {
    use super::STYLE;

    /// A board inlined in a page must not restyle the page: every selector of its
    /// style names the board's own `<svg class="board">` first.
    #[test]
    fn every_rule_of_the_style_is_scoped_to_the_board() {
        let rules = STYLE.trim_start_matches("<style>").trim_end_matches("</style>");
        let mut selectors = 0;
        for rule in rules.split('}').filter(|rule| !rule.trim().is_empty()) {
            let (selector, _) = rule.split_once('{').expect("a rule has a body");
            for one in selector.split(',') {
                assert!(one.starts_with("svg.board "), "unscoped selector {one:?}");
                selectors += 1;
            }
        }
        assert!(selectors > 30, "only {selectors} selectors read");
    }
}
