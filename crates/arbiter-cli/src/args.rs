//! The command line, as clap reads it.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    about = "A referee for Xiangqi, draughts, Gomoku and TwixT"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Answer a contest problem's input (see the README for the four formats).
    Judge(JudgeArgs),
    /// Count the leaf nodes of the legal-move tree to a depth.
    Perft(PerftArgs),
    /// List the legal moves of a position and its status.
    Moves(MovesArgs),
    /// Play a game's moves and print the outcome, or the first illegal move and why.
    Replay(ReplayArgs),
}

/// The games arbiter referees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    Xiangqi,
    Draughts,
}

#[derive(Args)]
pub struct JudgeArgs {
    /// Which contest format to read.
    pub game: GameName,
    /// The input file; standard input when left out.
    pub file: Option<PathBuf>,
}

#[derive(Args)]
pub struct PerftArgs {
    pub game: GameName,
    /// Plies to search.
    #[arg(long, short)]
    pub depth: u32,
    /// The position; the start position when left out.
    #[arg(long)]
    pub fen: Option<String>,
    /// Print the count below each legal move first.
    #[arg(long)]
    pub divide: bool,
    /// Worker threads (root moves are shared out among them).
    #[arg(long, short, default_value_t = 1)]
    pub threads: usize,
}

#[derive(Args)]
pub struct MovesArgs {
    pub game: GameName,
    /// The position; the start position when left out.
    #[arg(long)]
    pub fen: Option<String>,
}

#[derive(Args)]
pub struct ReplayArgs {
    pub game: GameName,
    /// The moves, separated by blanks or line ends; standard input when left out.
    pub file: Option<PathBuf>,
    /// The position to start from; the start position when left out.
    #[arg(long)]
    pub fen: Option<String>,
}
