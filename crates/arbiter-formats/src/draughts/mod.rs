//! International draughts' records (PDN, with its results and `GameType` tag, loosely
//! written moves matched to the legal moves they fit) and its contest problem (the
//! legal operations under the majority-capture rule on the 100-cell board).

mod grid;
mod judge;
mod record;

use std::io::{BufRead, Write};

use arbiter::draughts::Draughts;

use crate::games::GameFormats;
use crate::judge::JudgeError;
use crate::record::format::RecordFormat;

impl GameFormats for Draughts {
    const FORMATS: &'static [RecordFormat] = record::FORMATS;

    fn judge(input: impl BufRead, output: impl Write, warnings: impl Write) -> Result<(), JudgeError> {
        judge::run(input, output, warnings)
    }
}
