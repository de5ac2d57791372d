//! What each game's record files and contest problem look like, said by the game's
//! own folder in this crate ([`GameFormats`], implemented for the game's
//! [`GameSpec`](arbiter::GameSpec) type) and reached from a [`GameKind`] through the
//! dispatch made from the one list of games. Nothing else in this crate names a game;
//! what a game's records say of it (tags, results, loosely written moves) the game
//! states itself, in the rules library (`arbiter::records`).

use std::io::{BufRead, Write};

use arbiter::{GameKind, GameSpec};

use crate::judge::JudgeError;
use crate::record::format::RecordFormat;

/// A game's record files and contest problem.
pub(crate) trait GameFormats: GameSpec {
    /// The formats its record files come in: read in the first that recognizes a text,
    /// written in the first that can write a record (else PGN).
    const FORMATS: &'static [RecordFormat];

    /// Answers the game's contest problem (see `docs/judges/`): reads `input`, writes
    /// the answers to `output`, and warnings (input the format tolerates but that is
    /// probably a mistake) to `warnings`.
    fn judge(input: impl BufRead, output: impl Write, warnings: impl Write) -> Result<(), JudgeError>;
}

/// Declares each game's folder of this crate (at the crate's root, where it is invoked).
macro_rules! declare_games {
    ($($variant:ident $module:ident $spec:path),* $(,)?) => {
        $(mod $module;)*
    };
}

pub(crate) use declare_games;

/// The dispatch from a kind to the game's [`GameFormats`].
macro_rules! dispatch {
    ($($variant:ident $module:ident $spec:path),* $(,)?) => {
        /// The formats `kind`'s record files come in, the one its records are written
        /// in first (PGN; PDN; `.psq` then PGN; `tsgf` then T1j).
        #[must_use]
        pub fn formats(kind: GameKind) -> &'static [RecordFormat] {
            match kind { $( GameKind::$variant => <$spec as GameFormats>::FORMATS, )* }
        }

        /// Answers the contest problem of `kind` (see `docs/judges/`): reads `input`,
        /// writes the answers to `output`, and warnings (input the format tolerates but
        /// that is probably a mistake) to `warnings`.
        pub fn judge(
            kind: GameKind,
            input: impl BufRead,
            output: impl Write,
            warnings: impl Write,
        ) -> Result<(), JudgeError> {
            match kind { $( GameKind::$variant => <$spec as GameFormats>::judge(input, output, warnings), )* }
        }
    };
}

arbiter::for_each_game!(dispatch);
