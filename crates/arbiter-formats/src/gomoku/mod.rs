//! Gomoku's records (Piskvork's `.psq` files, or PGN with the rules, the size and any
//! start board in its tags) and its contest problem (who first made exactly five).

mod judge;
mod record;

use std::io::{BufRead, Write};

use arbiter::gomoku::Gomoku;

use crate::games::GameFormats;
use crate::judge::JudgeError;
use crate::record::format::RecordFormat;

impl GameFormats for Gomoku {
    const FORMATS: &'static [RecordFormat] = record::FORMATS;

    fn judge(input: impl BufRead, output: impl Write, _warnings: impl Write) -> Result<(), JudgeError> {
        judge::run(input, output)
    }
}
