//! `arbiter render GAME [--fen FEN | --moves FILE] -o board.svg`: the position drawn
//! by the same code that draws the browser's boards.

use std::io::Write;

use arbiter::Game;
use arbiter_server::render::Render;

use crate::args::RenderArgs;
use crate::fail::Failure;
use crate::position::{OnGame, dispatch};
use crate::replay::{play_text, read_input};

pub fn run(args: &RenderArgs) -> Result<(), Failure> {
    let moves = match &args.moves {
        Some(path) => read_input(Some(path))?,
        None => String::new(),
    };
    dispatch(args.game, &args.position, true, Draw { args, moves: &moves })
}

struct Draw<'a> {
    args: &'a RenderArgs,
    moves: &'a str,
}

impl OnGame for Draw<'_> {
    fn run<G: Game + Render + Send + Sync + 'static>(self, mut game: G) -> Result<(), Failure> {
        let (_, last) = play_text(&mut game, self.moves)?;
        let svg = game.svg(last.as_deref());
        match self.args.output.as_deref() {
            None => std::io::stdout().write_all(svg.as_bytes()).map_err(Failure::environment),
            Some(path) if path.as_os_str() == "-" => {
                std::io::stdout().write_all(svg.as_bytes()).map_err(Failure::environment)
            }
            Some(path) => std::fs::write(path, svg)
                .map_err(|e| Failure::environment(format!("cannot write {}: {e}", path.display()))),
        }
    }
}
