//! Record files read into games: the format told from the game and the text (PGN and
//! PDN; Gomocup's `.psq` or a PGN-like record for Gomoku; Little Golem's `tsgf` or
//! T1j text for TwixT), and the options the records do not carry.

use std::path::Path;

use arbiter::record::{RecordedGame, read_games, read_psq, read_t1, read_tsgf};
use arbiter::{GameKind, OptionsInput};

use crate::args::RecordArgs;
use crate::fail::Failure;
use crate::text;

/// The games of one file, read from its text.
pub fn read_file(path: &Path, kind: GameKind, args: &RecordArgs) -> Result<Vec<RecordedGame>, Failure> {
    let name = path.display().to_string();
    let encoding = args.encoding.as_deref().map(text::encoding_named).transpose()?;
    let bytes = text::read_bytes(path)?;
    let text = text::decode(&bytes, encoding, &name)?;
    let read = match kind {
        GameKind::Gomoku if text.trim_start().starts_with("Piskvork") => read_psq(&text),
        GameKind::Twixt if text.trim_start().starts_with("(;") => read_tsgf(&text),
        GameKind::Twixt => read_t1(&text),
        _ => read_games(&text),
    };
    read.map_err(|e| Failure::bad_input(format!("{name}: {e}")))
}

/// The options a record's own tags do not give.
pub fn base_options(args: &RecordArgs) -> OptionsInput {
    OptionsInput { rules: args.rules.clone(), move_limit: args.move_limit, ..OptionsInput::default() }
}

/// The players' names a record gives, the first side's first (`?` for a name not given).
pub fn players(kind: GameKind, game: &RecordedGame) -> [String; 2] {
    [arbiter::Side::First, arbiter::Side::Second].map(|side| {
        let word = kind.side_name(side);
        let tag: String = word[..1].to_uppercase() + &word[1..];
        game.tag(&tag).filter(|n| !n.is_empty()).unwrap_or("?").to_owned()
    })
}
