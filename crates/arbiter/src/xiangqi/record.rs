//! Xiangqi's records as the game states them: PGN with the tags Xiangqi readers need
//! (`Game`, `Variant`, `FEN`, and `Format` for the notation), its moves in ICCS
//! (`H2-E2`, the standard notation), WXF or Chinese notation.

use super::board::{Color, Position};
use super::notation::Notation;
use super::spec::{Options, Xiangqi};
use crate::records::{GameRecords, StartTags};

impl GameRecords for Xiangqi {
    fn start_tags(options: &Options) -> StartTags {
        start_tags(options)
    }

    fn notation_tag(notation: Option<&str>) -> Option<(&'static str, &'static str)> {
        notation_tag(notation)
    }

    fn record_text(text: &str) -> String {
        iccs(text)
    }

    fn restart(position: String) -> String {
        restart(position)
    }
}

/// The tags a record of a game started with `options` begins with: the game, the
/// variant and the start position.
fn start_tags(options: &Options) -> StartTags {
    let mut start = StartTags { game: Some("Chinese Chess"), ..StartTags::default() };
    start.tags.push(StartTags::tag("Variant", "xiangqi"));
    if let Ok(position) = Position::from_fen(&options.fen) {
        start.second_moves_first = position.turn() == Color::Black;
        start.tags.push(StartTags::tag("FEN", position.to_fen()));
    }
    start
}

/// The `Format` tag of a notation.
fn notation_tag(notation: Option<&str>) -> Option<(&'static str, &'static str)> {
    let value = match notation.and_then(Notation::from_name) {
        Some(Notation::Wxf) => "WXF",
        Some(Notation::Chinese | Notation::ChineseTraditional) => "Chinese",
        Some(Notation::Iccs) | None => "ICCS",
    };
    Some(("Format", value))
}

/// `h2e2` as PGN records write ICCS: `H2-E2`.
#[must_use]
fn iccs(text: &str) -> String {
    let upper = text.to_uppercase();
    match upper.char_indices().skip(1).find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((split, _)) => format!("{}-{}", &upper[..split], &upper[split..]),
        None => upper,
    }
}

/// The FEN of a game's position as the start of a new one: the count of moves
/// without a capture starts again with the play that went on.
fn restart(fen: String) -> String {
    let mut fields: Vec<&str> = fen.split(' ').collect();
    if fields.len() < 5 {
        return fen;
    }
    fields[4] = "0";
    fields.join(" ")
}
