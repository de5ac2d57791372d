//! `arbiter judge GAME [FILE]`: the contest formats, streamed from a file or stdin.

use std::fs::File;
use std::io::{self, BufReader, BufWriter};

use arbiter::{GameKind, GameOptions, OptionsInput};

use crate::args::JudgeArgs;
use crate::fail::Failure;

pub fn run(args: &JudgeArgs) -> Result<(), Failure> {
    if let Some(rules) = &args.rules {
        contest_rules(args.game, rules)?;
    }
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

/// The contest formats are read under the game's default rules (draughts' judge reads
/// 10x10 boards under the international rules): `--rules` naming them is accepted,
/// any other rule set refused, before any input is read.
fn contest_rules(game: GameKind, rules: &str) -> Result<(), Failure> {
    let given = GameOptions::new(game, &OptionsInput::new().with("rules", rules))
        .map_err(|e| Failure::bad_input(format!("judge {}: {e}", game.name())))?;
    let contest = GameOptions::new(game, &OptionsInput::new()).map_err(Failure::bad_input)?;
    if given != contest {
        return Err(Failure::bad_input(format!(
            "judge {}: the contest's boards are read under the default rules only; --rules {rules} cannot apply",
            game.name()
        )));
    }
    Ok(())
}
