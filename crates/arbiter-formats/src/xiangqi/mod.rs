//! Xiangqi's records (PGN with the tags Xiangqi readers need, its moves in ICCS, WXF or
//! Chinese notation) and its contest problem (UVA 1589, is Black checkmated).

mod judge;
mod record;

use std::io::{BufRead, Write};

use arbiter::xiangqi::Xiangqi;

use crate::games::GameFormats;
use crate::judge::JudgeError;
use crate::record::format::{PGN, RecordFormat};

impl GameFormats for Xiangqi {
    const FORMATS: &'static [RecordFormat] = &[PGN];

    fn judge(input: impl BufRead, output: impl Write, _warnings: impl Write) -> Result<(), JudgeError> {
        judge::run(input, output)
    }
}
