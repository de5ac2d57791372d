//! `arbiter`: a referee for board games on the command line.

mod args;
mod fail;
mod judge;
mod moves;
mod perft;
mod position;
mod progress;
mod render;
mod replay;
mod serve;

use std::process::ExitCode;

/// The server builds and frees many small strings a move (each state's legal moves);
/// mimalloc does that faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::Parser;

use args::{Cli, Command};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Judge(args) => judge::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Moves(args) => moves::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Render(args) => render::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
