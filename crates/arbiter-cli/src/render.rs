//! `arbiter render GAME [--fen FEN | --moves FILE] -o board.svg`: the position drawn
//! by the same code that draws the browser's boards.

use std::io::Write;

use crate::args::RenderArgs;
use crate::fail::Failure;
use crate::replay::play_input;

pub fn run(args: &RenderArgs) -> Result<(), Failure> {
    let mut game = crate::position::game(args.game, &args.position)?;
    if let Some(path) = &args.moves {
        play_input(&mut game, &args.position, Some(path))?;
    }
    let svg = arbiter_render::svg(&game, arbiter_render::View { flip: args.flip, ended: false });
    match args.output.as_deref() {
        Some(path) if path.as_os_str() != "-" => {
            std::fs::write(path, svg).map_err(|e| Failure::environment(format!("cannot write {}: {e}", path.display())))
        }
        _ => std::io::stdout().write_all(svg.as_bytes()).map_err(Failure::environment),
    }
}
