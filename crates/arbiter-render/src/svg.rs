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
pub(crate) const STYLE: &str = "<style>\
.grid{stroke:#5b3a1a;stroke-width:1.5}.mark{stroke:#5b3a1a;stroke-width:1.5}.star{fill:#5b3a1a}.edge{stroke:#5b3a1a;stroke-width:3}\
.spot{fill:transparent;cursor:pointer}.spot.legal{fill:rgba(40,160,60,.35)}.spot.selected{fill:rgba(40,90,200,.35)}\
.last{fill:none;stroke:#e0a000;stroke-width:3}\
.check{fill:none;stroke:#e01010;stroke-width:5}.win{fill:none;stroke:#1e90ff;stroke-width:5;stroke-linecap:round;opacity:.85}\
.label{fill:#5b3a1a}.river{fill:#5b3a1a;opacity:.6}\
.piece-red{fill:#fff3dc;stroke:#b01818;stroke-width:2.5}.piece-black{fill:#fff3dc;stroke:#222;stroke-width:2.5}\
.glyph-red{fill:#b01818;font-weight:bold}.glyph-black{fill:#222;font-weight:bold}\
.light{fill:#f0dcb4}.dark{fill:#a0703c}.number{fill:#f0dcb4;opacity:.8}\
.man-white,.king-white{fill:#fafafa;stroke:#333;stroke-width:2}.man-black,.king-black{fill:#222;stroke:#000;stroke-width:2}\
.crown{fill:#d4a017;stroke:none}\
.route{fill:none;stroke:#e0a000;stroke-width:4;stroke-linecap:round;stroke-linejoin:round;opacity:.85}.landing{fill:#e0a000}\
.captured{stroke:#d01818;stroke-width:4;stroke-linecap:round}\
.stone-black{fill:#111}.stone-white{fill:#fafafa;stroke:#333;stroke-width:1.5}\
.hole{fill:#7a6a50}.band-black{fill:#222;opacity:.1}.band-white{fill:#c03030;opacity:.1}.zone-black{stroke:#222;stroke-width:3}.zone-white{stroke:#c03030;stroke-width:3}\
.peg-black{fill:#222}.peg-white{fill:#f4f4f4;stroke:#c03030;stroke-width:2}\
.link-black{stroke:#222;stroke-width:4;stroke-linecap:round}.link-white{stroke:#c03030;stroke-width:4;stroke-linecap:round}\
.link-gap{stroke:#f0dcb4;stroke-width:10}\
</style>";
