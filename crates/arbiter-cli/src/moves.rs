//! `arbiter moves GAME`: the legal moves, one a line, then the status; for Gomoku
//! with `--forbidden`, Black's forbidden points on one line.

use std::io::Write;

use arbiter::Game;

use crate::args::{GameName, MovesArgs};
use crate::fail::Failure;
use crate::position;
use crate::replay::describe;

pub fn run(args: &MovesArgs) -> Result<(), Failure> {
    if args.forbidden && args.game != GameName::Gomoku {
        return Err(Failure::bad_input("--forbidden applies to gomoku only"));
    }
    match args.game {
        GameName::Xiangqi => {
            let position = position::xiangqi(&args.position)?;
            print_moves(&position, position.status().name().to_owned())
        }
        GameName::Draughts => {
            let position = position::draughts(&args.position)?;
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            let status = match Game::outcome(&position) {
                Some(outcome) => describe::<arbiter::draughts::Position>(Some(outcome), position.side_to_move()),
                None if moves.first().is_some_and(|m| m.is_capture()) => "capture compulsory".to_owned(),
                None => "normal".to_owned(),
            };
            print_moves(&position, status)
        }
        GameName::Gomoku => {
            let game = position::gomoku(&args.position)?;
            if args.forbidden {
                let points: Vec<String> = game.forbidden_points().iter().map(ToString::to_string).collect();
                return writeln!(std::io::stdout(), "{}", points.join(" ")).map_err(Failure::environment);
            }
            let status = match game.outcome() {
                Some(outcome) => describe::<arbiter::gomoku::Gomoku>(Some(outcome), game.side_to_move()),
                None => format!("{} to move", game.turn().name()),
            };
            print_moves(&game, status)
        }
        GameName::Twixt => {
            let game = position::twixt(&args.position)?;
            print_moves(&game, format!("{} to move", game.turn().name()))
        }
    }
}

fn print_moves<G: Game>(game: &G, status: String) -> Result<(), Failure> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut write = || -> std::io::Result<()> {
        for mv in &moves {
            writeln!(out, "{mv}")?;
        }
        writeln!(out, "status: {status}")?;
        out.flush()
    };
    write().map_err(Failure::environment)
}
