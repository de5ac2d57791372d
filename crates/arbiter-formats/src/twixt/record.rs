//! TwixT's records as programs write them: Little Golem's `tsgf` (`(;FF[4]PB[..]PW[..]
//! SZ[24];b[dd];r[th];...)`, two letters for column and row, `swap`, `resign`, a draw
//! offer after `|`), and T1j's text files (13 header lines, then a move a line, `I9`).
//!
//! Both put the first player on the top and bottom rows; arbiter's first player (Black)
//! joins left and right. A record's points are turned a quarter to match: its row
//! becomes arbiter's column, its column arbiter's row.

use arbiter::quote::excerpt;
use arbiter::twixt::Peg;
use arbiter::Side;

use crate::record::format::{RecordFormat, size_of};
use crate::record::game_record::Record;
use crate::record::read::{ReadError, RecordedGame, RecordedMove};

/// Little Golem's `tsgf`.
const TSGF: RecordFormat = RecordFormat {
    name: "tsgf",
    extension: "tsgf",
    many_games: false,
    recognizes: is_tsgf,
    read: read_tsgf,
    write: write_tsgf,
};

/// T1j's text files, only read.
const T1: RecordFormat =
    RecordFormat { name: "t1", extension: "T1", many_games: false, recognizes: is_t1, read: read_t1, write: no_t1 };

/// TwixT's record formats: written as `tsgf` (PGN-like for boards larger than its
/// letters reach), read as `tsgf` or T1j text.
pub(super) const FORMATS: &[RecordFormat] = &[TSGF, T1];

fn is_tsgf(text: &str) -> bool {
    text.trim_start().starts_with("(;")
}

fn is_t1(_: &str) -> bool {
    true
}

fn no_t1(_: &Record) -> Option<String> {
    None
}

/// The peg at a record's column `column` and row `row`, both from 0.
fn turned(column: u16, row: u16) -> String {
    Peg { x: row, y: column }.to_string()
}

/// A move's end words: resignation and draw offers are no moves.
const NOT_MOVES: [&str; 2] = ["resign", "draw"];

/// Reads a Little Golem `tsgf` file: one game per `(;...)`.
pub fn read_tsgf(text: &str) -> Result<Vec<RecordedGame>, ReadError> {
    let mut games = Vec::new();
    let mut line = 1;
    let mut rest = text;
    while let Some(start) = rest.find("(;") {
        line += rest[..start].matches('\n').count();
        let body_start = start + 2;
        let end = rest[body_start..]
            .find(')')
            .map(|e| body_start + e)
            .ok_or(ReadError { line, message: "a game `(;` is never closed".into() })?;
        let body = &rest[body_start..end];
        let mut game = RecordedGame { line, ..RecordedGame::default() };
        let mut size = 24u16;
        let mut node_line = line;
        for node in body.split(';') {
            for (key, value) in properties(node) {
                match key {
                    "SZ" => {
                        size = value
                            .parse()
                            .map_err(|_| ReadError { line: node_line, message: format!("SZ[{value}]") })?;
                        game.tags.push(("Size".into(), value.to_owned()));
                    }
                    "PB" => game.tags.push(("Black".into(), value.to_owned())),
                    "PW" => game.tags.push(("White".into(), value.to_owned())),
                    "EV" => game.tags.push(("Event".into(), value.to_owned())),
                    "b" | "r" => {
                        let value = value.split('|').next().unwrap_or("");
                        if NOT_MOVES.contains(&value) {
                            continue;
                        }
                        let text = if value == "swap" { "swap".to_owned() } else { letters(value, size, node_line)? };
                        game.moves.push(RecordedMove { text, line: node_line });
                    }
                    _ => {}
                }
            }
            node_line += node.matches('\n').count();
        }
        games.push(game);
        line += rest[start..=end].matches('\n').count();
        rest = &rest[end + 1..];
    }
    Ok(games)
}

/// `key[value]` pairs of one node.
fn properties(node: &str) -> Vec<(&str, &str)> {
    let mut found = Vec::new();
    let mut rest = node;
    while let Some(open) = rest.find('[') {
        let key = rest[..open].trim();
        let Some(close) = rest[open..].find(']') else { break };
        found.push((key, &rest[open + 1..open + close]));
        rest = &rest[open + close + 1..];
    }
    found
}

/// `cu`: column then row, `a` the first.
fn letters(value: &str, size: u16, line: usize) -> Result<String, ReadError> {
    let bytes = value.as_bytes();
    let index = |b: u8| (b.is_ascii_lowercase() && u16::from(b - b'a') < size).then(|| u16::from(b - b'a'));
    // Quoted escaped: a value may hold a line end or any other byte.
    let quoted = || excerpt(&value.escape_debug().to_string());
    match bytes {
        [c, r] => match (index(*c), index(*r)) {
            (Some(column), Some(row)) => Ok(turned(column, row)),
            _ => Err(ReadError { line, message: format!("[{}] is off a {size}-point board", quoted()) }),
        },
        _ => Err(ReadError { line, message: format!("[{}]: expected two letters, swap or resign", quoted()) }),
    }
}

/// The header lines of a T1j file after its comments: version, two names, y-size,
/// x-size, two kinds of player, starting player, letters' direction, pie rule, game
/// over.
const T1_HEADER: usize = 11;

/// Reads a T1j text file: one game, or none when it holds only blanks and comments.
/// Lines starting with `#` are comments; the header's lines hold a value before their
/// `#`.
pub fn read_t1(text: &str) -> Result<Vec<RecordedGame>, ReadError> {
    let mut game = RecordedGame { line: 1, ..RecordedGame::default() };
    let mut header = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        if raw.starts_with('#') {
            continue;
        }
        let value = raw.split('#').next().unwrap_or("").trim();
        if header.len() < T1_HEADER {
            header.push(value.to_owned());
            continue;
        }
        if value.is_empty() {
            continue;
        }
        let lower = value.to_ascii_lowercase();
        if NOT_MOVES.contains(&lower.as_str()) {
            continue;
        }
        if lower == "swap" {
            game.moves.push(RecordedMove { text: "swap".into(), line });
            continue;
        }
        let bad = || ReadError {
            line,
            message: format!("{:?}: expected a move like I9, swap or resign", excerpt(value)),
        };
        let (column, row) = lower.split_at(lower.find(|c: char| c.is_ascii_digit()).ok_or_else(bad)?);
        let column = match column.as_bytes() {
            [c] if c.is_ascii_lowercase() => u16::from(c - b'a'),
            _ => return Err(bad()),
        };
        let row: u16 = row.parse().ok().filter(|&r| r > 0).ok_or_else(bad)?;
        game.moves.push(RecordedMove { text: turned(column, row - 1), line });
    }
    if game.moves.is_empty() && header.iter().all(String::is_empty) {
        // Nothing but blanks and comments: no game, as in an empty file of any
        // other format.
        return Ok(Vec::new());
    }
    let field = |i: usize| header.get(i).map(String::as_str).unwrap_or("");
    for (tag, index) in [("Black", 1), ("White", 2)] {
        if !field(index).is_empty() {
            game.tags.push((tag.into(), field(index).to_owned()));
        }
    }
    if let Ok(size) = field(3).parse::<u16>() {
        game.tags.push(("Size".into(), size.to_string()));
    }
    game.tags.push(("Swap".into(), field(9).eq_ignore_ascii_case("y").to_string()));
    Ok(vec![game])
}

/// The largest board a `tsgf` record can write: one letter a coordinate.
pub const TSGF_MAX_SIZE: u32 = 26;

/// Writes a TwixT record as a Little Golem `tsgf` file: its event, players, size and
/// moves; `None` for a record without its size or a board larger than its letters
/// reach.
#[must_use]
pub fn write_tsgf(record: &Record) -> Option<String> {
    let (size, _) = size_of(record)?;
    if size > TSGF_MAX_SIZE {
        return None;
    }
    let clean = |text: Option<&str>| text.unwrap_or("?").replace([']', '['], "");
    let (event, black, white) =
        (clean(record.tag("Event")), clean(record.player(Side::First)), clean(record.player(Side::Second)));
    let mut text = format!("(;FF[4]EV[{event}]PB[{black}]PW[{white}]SZ[{size}]");
    for (index, played) in record.moves.iter().enumerate() {
        let player = if index % 2 == 0 { 'b' } else { 'r' };
        let value = match Peg::parse(played) {
            // Turned back: arbiter's column is the record's row.
            Some(peg) => format!("{}{}", letter(peg.y), letter(peg.x)),
            None => played.clone(),
        };
        text.push_str(&format!(";{player}[{value}]"));
    }
    text.push_str(")\n");
    Some(text)
}

fn letter(index: u16) -> char {
    char::from(b'a' + u8::try_from(index).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use arbiter::OptionsInput;

    use super::*;

    #[test]
    fn a_t1j_file_of_blanks_and_comments_holds_no_game() {
        for text in ["", "\n\n  \n", "# T1j file\n#\n"] {
            assert_eq!(read_t1(text).unwrap().len(), 0, "{text:?}");
        }
        // A header alone is a game not yet begun.
        assert_eq!(read_t1("1\nred\nblue\n24\n24\n0\n0\n1\n1\nY\nN\n").unwrap().len(), 1);
    }

    #[test]
    fn tsgf_games_read_column_then_row() {
        let games = read_tsgf("(;FF[4]PB[a]PW[b]SZ[24];b[dd];r[th];b[swap];r[resign])(;SZ[12];b[ab])").unwrap();
        assert_eq!(games.len(), 2);
        let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["d4", "h20", "swap"]);
        assert_eq!(games[0].tag("Black"), Some("a"));
        assert_eq!(games[1].moves[0].text, "b1");
        assert!(read_tsgf("(;SZ[24];b[zz])").is_err());
        assert!(read_tsgf("(;SZ[24];b[dd]").is_err());
        let options =
            arbiter::GameOptions::new(arbiter::GameKind::Twixt, &OptionsInput::new().with("swap", true)).unwrap();
        let mut game = arbiter::AnyGame::new(&options);
        for text in ["d4", "swap", "h20"] {
            game.play_text(text).unwrap();
        }
        let mut record = Record::of(&game, None);
        record.set_tag("Event", "x");
        record.set_player(Side::First, "a");
        record.set_player(Side::Second, "b");
        let written = write_tsgf(&record).unwrap();
        let (file, format) = record.write();
        assert_eq!((file.as_str(), format.extension), (written.as_str(), "tsgf"));
        assert_eq!(written, "(;FF[4]EV[x]PB[a]PW[b]SZ[24];b[dd];r[swap];b[th])\n");
        let again: Vec<String> = read_tsgf(&written).unwrap()[0].moves.iter().map(|m| m.text.clone()).collect();
        assert_eq!(again, ["d4", "swap", "h20"]);
    }

    #[test]
    fn a_point_off_the_board_is_quoted_escaped_on_one_line() {
        let refused = read_tsgf("(;SZ[24];b[i\n])").unwrap_err();
        assert_eq!(refused.message, r"[i\n] is off a 24-point board");
    }
}
