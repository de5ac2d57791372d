//! `arbiter`: a referee for board games on the command line.

mod args;
mod bot;
mod check;
mod convert;
mod engine;
mod engines;
mod fail;
mod game_flags;
mod judge;
mod matches;
mod moves;
mod perft;
mod position;
mod progress;
mod records;
mod render;
mod replay;
mod run_flags;
mod runs;
mod serve;
mod text;
mod worker;

use std::process::ExitCode;

/// The server builds and frees many small strings a move (each state's legal moves);
/// mimalloc does that faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::{CommandFactory, FromArgMatches};

use args::{Cli, Command};

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let mut cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(error) => error.exit(),
    };
    // clap's derive flattens a repeated flag of several values: the groups come
    // from the parsed command line.
    let groups = |sub: &clap::ArgMatches| -> Vec<Vec<String>> {
        sub.get_occurrences::<String>("engine")
            .map(|groups| groups.map(|words| words.cloned().collect()).collect())
            .unwrap_or_default()
    };
    match (&mut cli.command, matches.subcommand()) {
        (Command::Match(args), Some((_, sub))) => args.engines = groups(sub),
        (Command::Serve(args), Some((_, sub))) => args.engines = groups(sub),
        (Command::Bot(args), Some((_, sub))) => args.engines = groups(sub),
        _ => {}
    }
    let result = match cli.command {
        Command::Judge(args) => judge::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Moves(args) => moves::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Render(args) => render::run(&args),
        // A match with a database is a run, shared by workers on any machine.
        Command::Match(args) if args.database.is_some() => runs::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Engine(args) => engine::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Worker(args) => worker::run(&args),
        Command::Bot(args) => bot::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
