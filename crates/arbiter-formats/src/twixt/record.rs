//! TwixT's records as programs write them: Little Golem's `tsgf` (`(;FF[4]PB[..]PW[..]
//! SZ[24];b[dd];r[th];...)`, two letters for column and row, `swap`, `resign`, a draw
//! offer after `|`, the first player's moves `b`, PB), and T1j's text files (two comment
//! lines and 11 header lines, then a move a line, `I9`). A resignation ends the game
//! with the other player's win; a `tsgf` game's `RE[...]` (SGF's result: `B` for PB,
//! the first player, `W` for PW, `0` for a draw) is its `Result`.
//!
//! Both put the first player on the top and bottom rows; arbiter's first player (Black)
//! joins left and right. A record's points are turned a quarter to match: its row
//! becomes arbiter's column, its column arbiter's row.
//!
//! Each says what it knows of the rules as tags, which the game reads as its start:
//! a `tsgf` game is Little Golem's, TwixT PP with the swap (`Rules "pp"`, `Swap
//! "true"`), unless its `RU[...]` names other rules (arbiter writes `RU[auto]` for a
//! game whose links cross nothing); a T1j file names no rules, and is played by the
//! default, whose links cross nothing as in T1j, and gives its pie rule as `Swap`.

use arbiter::quote::excerpt;
use arbiter::twixt::Peg;
use arbiter::Side;

use crate::record::GameResult;

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

/// TwixT's record formats: written as `tsgf`, read as `tsgf` or T1j text.
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

/// The rules of a `tsgf` game that does not name its own: Little Golem's TwixT PP.
const LITTLE_GOLEM_RULES: &str = "pp";

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
        let mut rules = None;
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
                    "RE" => {
                        if let Some(result) = sgf_result(value) {
                            game.tags.push(("Result".into(), result.token(arbiter::GameKind::Twixt).to_owned()));
                        }
                    }
                    "SO" => game.tags.push(("Site".into(), value.to_owned())),
                    "RU" => rules = Some(value.trim().to_owned()),
                    "b" | "r" => {
                        // A draw offer follows the move (`r[jo|draw]`); `|` alone is a
                        // coordinate on boards past 27 points (`r[x|]`).
                        let value = value.strip_suffix("|draw").unwrap_or(value);
                        if value == "resign" {
                            let winner = if key == "b" { Side::Second } else { Side::First };
                            game.terminator = Some(GameResult::Won(winner).token(arbiter::GameKind::Twixt).to_owned());
                        }
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
        // Little Golem offers the swap in every game; a game that does not play it is
        // the same game without the rule.
        game.tags.push(("Rules".into(), rules.unwrap_or_else(|| LITTLE_GOLEM_RULES.to_owned())));
        game.tags.push(("Swap".into(), "true".into()));
        games.push(game);
        line += rest[start..=end].matches('\n').count();
        rest = &rest[end + 1..];
    }
    Ok(games)
}

/// An SGF result, `RE[B+R]`: who won by the players' tags (`B` is PB, the first
/// player), or a draw; `None` for anything else (`?`, `Void`).
fn sgf_result(value: &str) -> Option<GameResult> {
    let value = value.trim();
    match value.as_bytes().first() {
        Some(b'B' | b'b') => Some(GameResult::Won(Side::First)),
        Some(b'W' | b'w') => Some(GameResult::Won(Side::Second)),
        _ if value == "0" || value.eq_ignore_ascii_case("draw") => Some(GameResult::Drawn),
        _ => None,
    }
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

/// `cu`: column then row, `a` the first. Little Golem goes on past `z` on its larger
/// boards with the characters that follow (`{`, `|`, `}`, `~`, U+007F, U+0080 ...).
fn letters(value: &str, size: u16, line: usize) -> Result<String, ReadError> {
    let index =
        |c: char| u32::from(c).checked_sub(u32::from('a')).and_then(|i| u16::try_from(i).ok()).filter(|&i| i < size);
    // Quoted escaped: a value may hold a line end or any other byte.
    let quoted = || excerpt(&value.escape_debug().to_string());
    let mut chars = value.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some(c), Some(r), None) => match (index(c), index(r)) {
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

/// The comment lines a T1j file starts with (`# File created by T1j`, ...).
const T1_COMMENTS: usize = 2;

/// Reads a T1j text file: one game, or none when it holds only blanks and comments.
/// The file starts with up to two comment lines (`#`), then the header's eleven
/// lines, each a value before its `#` (a line of only a comment is an empty value, as
/// programs write a name not given), then a move a line, where lines starting with
/// `#` are comments again.
pub fn read_t1(text: &str) -> Result<Vec<RecordedGame>, ReadError> {
    let mut game = RecordedGame { line: 1, ..RecordedGame::default() };
    let mut header = Vec::new();
    let mut comments = 0;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        if raw.starts_with('#') && header.is_empty() && comments < T1_COMMENTS {
            comments += 1;
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
        if lower == "resign" {
            // The player to move resigns.
            let winner = if game.moves.len().is_multiple_of(2) { Side::Second } else { Side::First };
            game.terminator = Some(GameResult::Won(winner).token(arbiter::GameKind::Twixt).to_owned());
        }
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
    // The pie rule: `Y` or `N`; left empty, the game's own swap says it was on.
    let swap = match field(9) {
        "" => game.moves.iter().any(|m| m.text == "swap"),
        pie => pie.eq_ignore_ascii_case("y"),
    };
    game.tags.push(("Swap".into(), swap.to_string()));
    Ok(vec![game])
}

/// The largest board a `tsgf` record can write: one character a coordinate, `a` and
/// those after it, past `z` as Little Golem writes them (every board arbiter plays).
pub const TSGF_MAX_SIZE: u32 = arbiter::twixt::MAX_SIZE;

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
    // Little Golem's own games name no rules: theirs are TwixT PP.
    if let Some(rules) = record.tag("Rules").filter(|rules| *rules != LITTLE_GOLEM_RULES) {
        text.push_str(&format!("RU[{}]", rules.replace([']', '['], "")));
    }
    match record.result {
        GameResult::Won(Side::First) => text.push_str("RE[B]"),
        GameResult::Won(Side::Second) => text.push_str("RE[W]"),
        GameResult::Drawn => text.push_str("RE[0]"),
        GameResult::Unfinished => {}
    }
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

/// The coordinate `index` (from 0): `a` and the characters after it, as [`letters`]
/// reads them.
fn letter(index: u16) -> char {
    char::from_u32(u32::from('a') + u32::from(index)).unwrap_or('?')
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
        assert_eq!(written, "(;FF[4]EV[x]PB[a]PW[b]SZ[24]RU[auto];b[dd];r[swap];b[th])\n");
        let again: Vec<String> = read_tsgf(&written).unwrap()[0].moves.iter().map(|m| m.text.clone()).collect();
        assert_eq!(again, ["d4", "swap", "h20"]);
    }

    #[test]
    fn tsgf_games_are_little_golems_twixt_pp_with_the_swap_unless_they_name_other_rules() {
        let games = read_tsgf("(;FF[4]SZ[24]SO[https://www.littlegolem.net];b[dd])(;SZ[24]RU[auto];b[dd])").unwrap();
        assert_eq!(games[0].tag("Rules"), Some("pp"));
        assert_eq!(games[0].tag("Swap"), Some("true"));
        assert_eq!(games[0].tag("Site"), Some("https://www.littlegolem.net"));
        assert_eq!(games[1].tag("Rules"), Some("auto"));
        // The tags start the game: PP, with the swap.
        let mut input = OptionsInput::new();
        arbiter::GameKind::Twixt.read_start(&games[0], &mut input).unwrap();
        let options = arbiter::GameOptions::new(arbiter::GameKind::Twixt, &input).unwrap().to_input();
        assert_eq!((options.text("rules"), options.flag("swap")), (Ok(Some("pp")), Ok(Some(true))));
        // A PP game is written as Little Golem writes it, without RU, and read back as PP.
        let pp = arbiter::GameOptions::new(arbiter::GameKind::Twixt, &OptionsInput::new().with("rules", "pp")).unwrap();
        let mut game = arbiter::AnyGame::new(&pp);
        game.play_text("d4").unwrap();
        let written = write_tsgf(&Record::of(&game, None)).unwrap();
        assert_eq!(written, "(;FF[4]EV[?]PB[?]PW[?]SZ[24];b[dd])\n");
        assert_eq!(read_tsgf(&written).unwrap()[0].tag("Rules"), Some("pp"));
    }

    #[test]
    fn a_resignation_or_an_sgf_result_is_the_games_result() {
        let games = read_tsgf("(;SZ[24];b[dd];r[resign])(;SZ[24];b[dd];r[th];b[resign])(;SZ[24]RE[W+R];b[dd])").unwrap();
        let results: Vec<GameResult> = games.iter().map(crate::record::recorded_result).collect();
        assert_eq!(results, [GameResult::Won(Side::First), GameResult::Won(Side::Second), GameResult::Won(Side::Second)]);
        assert_eq!(games[0].moves.len(), 1);
        let header = "# T1j\n# file\n1\na\nb\n24\n24\nH\nH\n1\nV\nN\nN\n";
        let t1 = read_t1(&format!("{header}c3\nresign\n")).unwrap();
        assert_eq!(crate::record::recorded_result(&t1[0]), GameResult::Won(Side::First));
        // Written back: the result as RE.
        let options = arbiter::GameOptions::new(arbiter::GameKind::Twixt, &OptionsInput::new()).unwrap();
        let mut record = Record::of(&arbiter::AnyGame::new(&options), None);
        record.set_result(GameResult::Won(Side::Second));
        assert_eq!(write_tsgf(&record).unwrap(), "(;FF[4]EV[?]PB[?]PW[?]SZ[24]RU[auto]RE[W])\n");
    }

    #[test]
    fn a_t1j_header_line_of_only_a_comment_is_an_empty_field() {
        // As twixtbot-ui's scl-issue.T1: two comment lines, then eleven header lines of
        // which most hold only a comment, then the moves.
        let text = "#\n#\n#\nP1 #\nP2 #\n#\n#\n# a note\n#\n#\n#\n#\n#\nq23\nswap\nc21\n";
        let games = read_t1(text).unwrap();
        let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["w17", "swap", "u3"]);
        assert_eq!((games[0].tag("Black"), games[0].tag("White")), (Some("P1"), Some("P2")));
        // No pie rule given: the game's own swap says it was on.
        assert_eq!(games[0].tag("Swap"), Some("true"));
        assert_eq!(games[0].tag("Rules"), None);
        let header = "# T1j\n# file\n1\na\nb\n24\n24\nH\nH\n1\nV\nN\nN\n";
        assert_eq!(read_t1(&format!("{header}c3\n")).unwrap()[0].tag("Swap"), Some("false"));
    }

    #[test]
    fn little_golems_larger_boards_go_on_past_z_with_the_characters_after_it() {
        // Little Golem's game 2298348 (48 points a side) opens b[\u{8d}n] and offers a
        // draw with r[\u{80}\u{80}|draw]; `|` alone is column 28.
        let games = read_tsgf("(;SZ[48];b[\u{8d}n];r[\u{80}\u{80}|draw];b[x|];r[{~];b[resign])").unwrap();
        let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        // Turned a quarter: the record's column is arbiter's row, from 1.
        assert_eq!(moves, ["n45", "af32", "ab24", "ad27"]);
        assert!(read_tsgf("(;SZ[30];b[\u{7f}a])").is_err(), "column 31 is off a 30-point board");
        // Written back the same way.
        let options = arbiter::GameOptions::new(arbiter::GameKind::Twixt, &OptionsInput::new().with("size", 48)).unwrap();
        let mut game = arbiter::AnyGame::new(&options);
        for text in &moves {
            game.play_text(text).unwrap();
        }
        let written = write_tsgf(&Record::of(&game, None)).unwrap();
        assert_eq!(written, "(;FF[4]EV[?]PB[?]PW[?]SZ[48]RU[auto];b[\u{8d}n];r[\u{80}\u{80}];b[x|];r[{~])\n");
        let again: Vec<String> = read_tsgf(&written).unwrap()[0].moves.iter().map(|m| m.text.clone()).collect();
        assert_eq!(again, moves);
    }

    #[test]
    fn a_point_off_the_board_is_quoted_escaped_on_one_line() {
        let refused = read_tsgf("(;SZ[24];b[i\n])").unwrap_err();
        assert_eq!(refused.message, r"[i\n] is off a 24-point board");
    }
}
