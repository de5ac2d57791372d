//! Xiangqi's records: PGN with the tags Xiangqi readers need (`Game`, `Variant`, `FEN`,
//! and `Format` for the notation), its moves in ICCS (`H2-E2`, the standard notation),
//! WXF or Chinese notation.

use super::{Color, Move, Notation, Position};
use crate::record::format::{GameRecords, StartTags};
use crate::record::notations::MoveNotations;
use crate::registry::options::GameOptions;

/// Every notation's name, ICCS (the standard one) first: the names of
/// [`Notation::ALL`].
const NOTATIONS: [&str; Notation::ALL.len()] = {
    let mut names = [""; Notation::ALL.len()];
    let mut index = 0;
    while index < names.len() {
        names[index] = Notation::ALL[index].name();
        index += 1;
    }
    names
};

/// Xiangqi's records, for the registry.
pub(crate) const RECORDS: GameRecords = GameRecords {
    notations: &NOTATIONS,
    start_tags,
    notation_tag,
    record_text: iccs,
    restart,
    ..GameRecords::PGN_LIKE
};

impl MoveNotations for Position {
    fn write_in(&self, mv: Move, notation: &str) -> Option<String> {
        Some(self.move_text(mv, Notation::from_name(notation)?))
    }
}

fn start_tags(options: &GameOptions) -> StartTags {
    let mut start = StartTags { game: Some("Chinese Chess"), ..StartTags::default() };
    start.tags.push(StartTags::tag("Variant", "xiangqi"));
    if let GameOptions::Xiangqi(options) = options
        && let Ok(position) = Position::from_fen(&options.fen)
    {
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
pub fn iccs(text: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Side;
    use crate::record::tests::{played, replay_first};
    use crate::record::{GameResult, Record, Replayed};
    use crate::registry::{AnyGame, GameKind, OptionsInput};

    const KIND: GameKind = GameKind::Xiangqi;

    fn game(input: OptionsInput, moves: &[&str]) -> AnyGame {
        played(KIND, input, moves)
    }

    fn one(text: &str) -> Replayed {
        replay_first(KIND, text)
    }

    #[test]
    fn xiangqi_records_carry_the_variant_and_the_start() {
        let game = game(OptionsInput::default(), &["h2e2", "h9g7"]);
        let mut record = Record::of(&game, None);
        record.set_player(Side::First, "Engine \"A\"");
        record.set_comment(0, "+0.20/8 0.1s");
        let text = record.to_string();
        assert!(text.starts_with("[Game \"Chinese Chess\"]\n[Event \"?\"]"), "{text}");
        assert!(text.contains("[Red \"Engine \\\"A\\\"\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"xiangqi\"]\n"));
        assert!(text.contains(&format!("[FEN \"{}\"]\n[Format \"ICCS\"]", super::super::START_FEN)));
        assert!(text.ends_with("\n\n1. H2-E2 {+0.20/8 0.1s} H9-G7 *\n"), "{text}");
        let chinese = Record::of(&game, Some("chinese")).to_string();
        assert!(chinese.contains("1. 炮二平五 马８进７ *"), "{chinese}");
    }

    #[test]
    fn long_games_wrap_their_lines() {
        let mut game = AnyGame::new(&GameOptions::new(KIND, &OptionsInput::default()).unwrap());
        for _ in 0..10 {
            for text in ["h2e2", "h9g7", "e2h2", "g7h9"] {
                game.play_text(text).ok();
            }
        }
        let text = Record::of(&game, None).to_string();
        assert!(text.lines().all(|line| line.chars().count() <= 79 || line.starts_with('[')), "{text}");
    }

    #[test]
    fn a_legal_game_keeps_its_recorded_result() {
        let replayed = one("[Result \"1-0\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 车9平8 1-0\n");
        assert_eq!(replayed.played, 4);
        assert!(replayed.refusal.is_none());
        assert_eq!(replayed.recorded, GameResult::Won(Side::First));
        assert_eq!(replayed.verdict, None, "resigned: the rules did not decide it");
    }

    #[test]
    fn the_first_illegal_move_is_named_with_its_number_and_line() {
        let replayed = one("1. h2e2 h9g7\n2. e2e9 *\n");
        let refusal = replayed.refusal.unwrap();
        assert_eq!((refusal.number.as_str(), refusal.text.as_str(), refusal.line), ("2", "e2e9", 2));
        assert!(refusal.reason.contains("illegal move e2e9"), "{}", refusal.reason);
    }
}
