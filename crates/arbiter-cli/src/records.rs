//! Record files read into games, in the format the game's records come in told from
//! the text (see [`GameKind::read_records`]), and the options the records do not
//! carry.

use std::path::Path;

use arbiter::record::RecordedGame;
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
    kind.read_records(&text).map_err(|e| Failure::bad_input(format!("{name}: {e}")))
}

/// The options a record's own tags do not give.
pub fn base_options(args: &RecordArgs) -> OptionsInput {
    OptionsInput {
        rules: args.rules.clone(),
        move_limit: args.move_limit,
        chase_rules: args.chase_rules.clone(),
        ..OptionsInput::default()
    }
}

/// The players' names a record gives, the first side's first (`?` for a name not given).
pub fn players(kind: GameKind, game: &RecordedGame) -> [String; 2] {
    [arbiter::Side::First, arbiter::Side::Second].map(|side| {
        let word = kind.side_name(side);
        let tag: String = word[..1].to_uppercase() + &word[1..];
        game.tag(&tag).filter(|n| !n.is_empty()).unwrap_or("?").to_owned()
    })
}

/// `a, b or c`, for messages that list the choices.
pub fn one_of(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => (*last).to_owned(),
        None => String::new(),
    }
}
