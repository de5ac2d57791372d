//! `arbiter moves GAME`: the legal moves of one position, one a line, then the
//! status; with `--forbidden`, the points the rules forbid (Renju's forbidden points
//! for Black) on one line.

use std::io::Write;

use crate::args::MovesArgs;
use crate::fail::Failure;
use crate::position;

pub fn run(args: &MovesArgs) -> Result<(), Failure> {
    let position = position::position(args.game, &args.position)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut write = |lines: &mut dyn Iterator<Item = String>| -> std::io::Result<()> {
        for line in lines {
            writeln!(out, "{line}")?;
        }
        out.flush()
    };
    if args.forbidden {
        let points = position
            .forbidden_points()
            .ok_or_else(|| Failure::bad_input(format!("--forbidden: {} has no forbidden points", args.game)))?;
        return write(&mut std::iter::once(points.join(" "))).map_err(Failure::environment);
    }
    let moves = position.legal_moves().into_iter().map(|m| m.text);
    let status = format!("status: {}", position.status_line());
    write(&mut moves.chain(std::iter::once(status))).map_err(Failure::environment)
}
