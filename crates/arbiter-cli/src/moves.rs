//! `arbiter moves GAME [--fen FEN]`: the legal moves, one a line, then the status.

use std::io::Write;

use arbiter::{Game, draughts};

use crate::args::{GameName, MovesArgs};
use crate::fail::Failure;

pub fn run(args: &MovesArgs) -> Result<(), Failure> {
    match args.game {
        GameName::Xiangqi => {
            let position = crate::perft::xiangqi_position(args.fen.as_deref())?;
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            print_moves(&moves, position.status().name())
        }
        GameName::Draughts => {
            let position = crate::perft::draughts_position(args.fen.as_deref())?;
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            let status = match position.outcome() {
                Some(outcome) => crate::replay::describe::<draughts::Position>(
                    Some(outcome),
                    position.side_to_move(),
                ),
                None if moves.first().is_some_and(|m| m.is_capture()) => {
                    "capture compulsory".to_owned()
                }
                None => "normal".to_owned(),
            };
            print_moves(&moves, &status)
        }
    }
}

fn print_moves<M: std::fmt::Display>(moves: &[M], status: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    let mut write = || -> std::io::Result<()> {
        for mv in moves {
            writeln!(out, "{mv}")?;
        }
        writeln!(out, "status: {status}")
    };
    write().map_err(Failure::environment)
}
