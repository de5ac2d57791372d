//! `arbiter judge GAME [FILE]`: the contest formats, streamed from a file or stdin.

use std::fs::File;
use std::io::{self, BufReader, BufWriter};

use crate::args::JudgeArgs;
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
            let input = BufReader::with_capacity(1 << 16, progress.wrap_read(file));
            let result = arbiter_formats::judge(args.game, input, output, io::stderr());
            progress.finish_and_clear();
            Ok(result?)
        }
        None => Ok(arbiter_formats::judge(args.game, io::stdin().lock(), output, io::stderr())?),
    }
}
