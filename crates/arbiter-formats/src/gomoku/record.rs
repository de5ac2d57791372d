//! Gomoku's records: Piskvork's `.psq` files (Gomocup), a header `Piskvorky 20x20,
//! 7:7, 0` with the board's size, one `x,y,time` line per stone (x from the left, y
//! from the top, both from 1; time in milliseconds), then the players' names; or a
//! PGN-like record with the rules, the size and any start board in its tags.

use arbiter::gomoku::Point;
use arbiter::quote::excerpt;
use arbiter::Side;

use crate::record::format::{PGN, RecordFormat, size_of};
use crate::record::game_record::Record;
use crate::record::read::{ReadError, RecordedGame, RecordedMove};

/// Gomocup's `.psq`.
const PSQ: RecordFormat = RecordFormat {
    name: "psq",
    extension: "psq",
    many_games: false,
    recognizes: is_psq,
    read: read_psq,
    write: write_psq,
};

/// Gomoku's record formats: written as `.psq`, read as `.psq` or PGN.
pub(super) const FORMATS: &[RecordFormat] = &[PSQ, PGN];

fn is_psq(text: &str) -> bool {
    text.trim_start().starts_with("Piskvork")
}

/// Reads a `.psq` file: one game.
pub fn read_psq(text: &str) -> Result<Vec<RecordedGame>, ReadError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let fail = |line: usize, message: String| ReadError { line, message };
    let (first, header) = lines.next().ok_or_else(|| fail(1, "an empty file".into()))?;
    let size = header
        .split_whitespace()
        .nth(1)
        .map(|s| s.trim_end_matches(','))
        .ok_or_else(|| fail(first, format!("{:?}: expected `Piskvorky COLUMNSxROWS, ...`", excerpt(header))))?;
    let (columns, rows) = size
        .split_once('x')
        .and_then(|(c, r)| Some((c.parse::<u16>().ok()?, r.parse::<u16>().ok()?)))
        .filter(|&(c, r)| c > 0 && r > 0)
        .ok_or_else(|| fail(first, format!("{:?}: expected the board's size, COLUMNSxROWS", excerpt(size))))?;
    let mut game = RecordedGame { line: first, ..RecordedGame::default() };
    game.tags.push(("Size".into(), if columns == rows { columns.to_string() } else { format!("{columns}x{rows}") }));
    let mut names = Vec::new();
    for (line, text) in lines {
        let fields: Vec<&str> = text.split(',').map(str::trim).collect();
        let numbers: Option<Vec<u16>> = fields.iter().map(|f| f.parse().ok()).collect();
        match numbers {
            Some(numbers) if names.is_empty() && numbers.len() >= 2 && fields.len() <= 3 => {
                let (x, y) = (numbers[0], numbers[1]);
                if x == 0 || y == 0 || x > columns || y > rows {
                    return Err(fail(line, format!("{:?}: {x},{y} is off the {columns}x{rows} board", excerpt(text))));
                }
                let point = Point { column: x - 1, row: rows - y };
                game.moves.push(RecordedMove { text: point.to_string(), line });
            }
            _ if !text.is_empty() && fields.len() == 1 && text.parse::<i64>().is_err() => names.push(text.to_owned()),
            _ => {}
        }
    }
    for (tag, name) in ["Black", "White"].into_iter().zip(names) {
        game.tags.push((tag.into(), name));
    }
    Ok(vec![game])
}

/// Writes a Gomoku record as a `.psq` file: its size, a line per stone (no times are
/// kept: 0), and the players' names; `None` for a record without its size, or of a
/// game with an opening rule, whose swaps, declarations and offers a `.psq` file
/// cannot carry (it is written as PGN).
#[must_use]
pub fn write_psq(record: &Record) -> Option<String> {
    if record.tag("Opening").is_some() || record.moves.iter().any(|m| Point::parse(m).is_none()) {
        return None;
    }
    let (columns, rows) = size_of(record)?;
    let mut text = format!("Piskvorky {columns}x{rows}, 11:11, 0\n");
    for played in &record.moves {
        if let Some(point) = Point::parse(played) {
            text.push_str(&format!("{},{},0\n", point.column + 1, rows - u32::from(point.row)));
        }
    }
    for side in [Side::First, Side::Second] {
        text.push_str(record.player(side).unwrap_or("?"));
        text.push('\n');
    }
    text.push_str("0\n");
    Some(text)
}

#[cfg(test)]
mod tests {
    use arbiter::OptionsInput;

    use super::*;

    #[test]
    fn stones_count_from_the_top_left_from_one() {
        let games = read_psq("Piskvorky 15x15, 11:11, 0\n8,8,100\n1,1,50\n15,15,0\npisq7.exe\nbrain.exe\n0\n").unwrap();
        let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["h8", "a15", "o1"]);
        assert_eq!(games[0].tag("Size"), Some("15"));
        assert_eq!(games[0].tag("Black"), Some("pisq7.exe"));
        assert_eq!(games[0].moves[1].line, 3);
        assert!(read_psq("Piskvorky 15x15, 0\n16,1,0\n").is_err());
        let options = arbiter::GameOptions::new(arbiter::GameKind::Gomoku, &OptionsInput::default()).unwrap();
        let mut game = arbiter::AnyGame::new(&options);
        for text in ["h8", "a15", "o1"] {
            game.play_text(text).unwrap();
        }
        let mut record = Record::of(&game, None);
        record.set_player(Side::First, "pisq7.exe");
        record.set_player(Side::Second, "brain.exe");
        let written = write_psq(&record).unwrap();
        let (file, format) = record.write();
        assert_eq!((file.as_str(), format.extension), (written.as_str(), "psq"));
        assert_eq!(written, "Piskvorky 15x15, 11:11, 0\n8,8,0\n1,1,0\n15,15,0\npisq7.exe\nbrain.exe\n0\n");
        let again = read_psq(&written).unwrap();
        assert_eq!(
            again[0].moves,
            games[0].moves.iter().map(|m| RecordedMove { line: m.line, ..m.clone() }).collect::<Vec<_>>()
        );
        assert!(read_psq("hello\n").is_err());
    }

    #[test]
    fn a_refusal_quotes_a_short_excerpt_of_a_long_or_strange_token() {
        let long = format!("Piskvorky 20x4{}\n", "\u{e3a8}".repeat(5_000));
        let refused = read_psq(&long).unwrap_err();
        assert!(refused.message.len() < 120 && refused.message.contains("..."), "{}", refused.message);
        let size = format!("Piskvorky 15x{}, 0\n", "1".repeat(100_000));
        assert!(read_psq(&size).unwrap_err().message.len() < 120);
    }

    #[test]
    fn gomoku_records_give_the_rules_and_size_and_finished_games_their_result() {
        let moves = ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"];
        let input = OptionsInput::new().with("rules", "renju");
        let record = Record::of(&played(input, &moves), None);
        assert_eq!(record.tag("Rules"), Some("renju"));
        assert_eq!(record.tag("Size"), Some("15"));
        assert_eq!(record.tag("Result"), Some("1-0"));
        assert!(record.to_string().contains("[Black \"?\"]\n[White \"?\"]"));
    }

    #[test]
    fn a_game_with_an_opening_rule_is_written_as_pgn_and_replays() {
        let moves = [
            "h8", "i9", "j8", "swap", "f10", "declare:2", "swap", "offer:g7", "offer:k9", "choose:g7", "a1", "g8", "a2",
            "g9", "a3", "g10", "a4", "g11",
        ];
        let input = OptionsInput::new().with("rules", "renju").with("opening", "soosorv-8");
        let game = played(input, &moves);
        assert_eq!(game.outcome().and_then(|o| o.winner()), Some(Side::First));
        let mut record = Record::of(&game, None);
        record.set_player(Side::First, "opener");
        assert_eq!(record.tag("Opening"), Some("soosorv-8"));
        let (text, format) = record.write();
        assert_eq!(format.extension, "pgn");
        assert!(text.contains("[Opening \"soosorv-8\"]"), "{text}");
        assert!(text.contains("2. j8 swap 3. f10 declare:2 4. swap offer:g7 5. offer:k9 choose:g7"), "{text}");
        let read = crate::record::read_records(arbiter::GameKind::Gomoku, &text).unwrap();
        let base = OptionsInput::new().with("rules", "renju");
        let replayed = crate::record::replay::replay(arbiter::GameKind::Gomoku, &read[0], &base, None);
        assert!(replayed.refusal.is_none(), "{:?}", replayed.refusal);
        assert_eq!(replayed.game.moves().len(), moves.len());
        assert_eq!(replayed.verdict.and_then(|o| o.winner()), Some(Side::First));
        assert_eq!(replayed.game.side_name(Side::First), "black");
    }

    fn played(input: OptionsInput, moves: &[&str]) -> arbiter::AnyGame {
        let mut game = arbiter::AnyGame::new(&arbiter::GameOptions::new(arbiter::GameKind::Gomoku, &input).unwrap());
        for text in moves {
            game.play_text(text).unwrap();
        }
        game
    }
}
