//! `arbiter judge GAME [FILE]`: the contest formats, streamed from a file or stdin.

use std::fs::File;
use std::io::{self, BufReader, BufWriter};

use arbiter::{draughts, gomoku, twixt, xiangqi};

use crate::args::{GameName, JudgeArgs};
use crate::fail::Failure;

pub fn run(args: &JudgeArgs) -> Result<(), Failure> {
    let stdout = io::stdout();
    let output = BufWriter::with_capacity(1 << 16, stdout.lock());
    match &args.file {
        Some(path) => {
            let file =
                File::open(path).map_err(|e| Failure::environment(format!("cannot read {}: {e}", path.display())))?;
            let length = file.metadata().map(|m| m.len()).unwrap_or(0);
            let progress = crate::progress::bytes(length);
            let result = judge(args.game, BufReader::with_capacity(1 << 16, progress.wrap_read(file)), output);
            progress.finish_and_clear();
            result
        }
        None => judge(args.game, io::stdin().lock(), output),
    }
}

fn judge(game: GameName, input: impl io::BufRead, output: impl io::Write) -> Result<(), Failure> {
    match game {
        GameName::Xiangqi => xiangqi::judge::run(input, output)?,
        GameName::Draughts => draughts::judge::run(input, output, io::stderr())?,
        GameName::Gomoku => gomoku::judge::run(input, output)?,
        GameName::Twixt => twixt::judge::run(input, output)?,
    }
    Ok(())
}
