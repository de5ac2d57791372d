//! TwixT's records (Little Golem's `tsgf` and T1j's text files) and its contest
//! problem (POJ 2706, does the last peg connect).

mod judge;
mod record;

use std::io::{BufRead, Write};

use arbiter::twixt::Twixt;

use crate::games::GameFormats;
use crate::judge::JudgeError;
use crate::record::format::RecordFormat;

impl GameFormats for Twixt {
    const FORMATS: &'static [RecordFormat] = record::FORMATS;

    fn judge(input: impl BufRead, output: impl Write, _warnings: impl Write) -> Result<(), JudgeError> {
        judge::run(input, output)
    }
}
