//! Piskvork's `.psq` records (Gomocup): a header `Piskvorky 20x20, 7:7, 0` with the
//! board's size, one `x,y,time` line per stone (x from the left, y from the top, both
//! from 1; time in milliseconds), then the players' names.

use super::read::{ReadError, RecordedGame, RecordedMove};
use crate::gomoku::Point;
use crate::registry::{AnyGame, GameOptions};

/// Reads a `.psq` file: one game.
pub fn read_psq(text: &str) -> Result<Vec<RecordedGame>, ReadError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let fail = |line: usize, message: String| ReadError { line, message };
    let (first, header) = lines.next().ok_or_else(|| fail(1, "an empty file".into()))?;
    let size = header
        .split_whitespace()
        .nth(1)
        .map(|s| s.trim_end_matches(','))
        .ok_or_else(|| fail(first, format!("{header:?}: expected `Piskvorky COLUMNSxROWS, ...`")))?;
    let (columns, rows) = size
        .split_once('x')
        .and_then(|(c, r)| Some((c.parse::<u16>().ok()?, r.parse::<u16>().ok()?)))
        .filter(|&(c, r)| c > 0 && r > 0)
        .ok_or_else(|| fail(first, format!("{size:?}: expected the board's size, COLUMNSxROWS")))?;
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
                    return Err(fail(line, format!("{text:?}: {x},{y} is off the {columns}x{rows} board")));
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

/// Writes a Gomoku game as a `.psq` record: its size, a line per stone (no times are
/// kept: 0), and the players' names.
#[must_use]
pub fn write_psq(game: &AnyGame, players: [&str; 2]) -> String {
    let (columns, rows) = match game.options() {
        GameOptions::Gomoku(options) => (options.columns, options.rows),
        _ => (0, 0),
    };
    let mut text = format!("Piskvorky {columns}x{rows}, 11:11, 0\n");
    for played in game.moves() {
        if let Some(point) = Point::parse(&played.text) {
            text.push_str(&format!("{},{},0\n", point.column + 1, rows - u32::from(point.row)));
        }
    }
    for name in players {
        text.push_str(name);
        text.push('\n');
    }
    text.push_str("0\n");
    text
}

#[cfg(test)]
mod tests {
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
        let options =
            crate::registry::GameOptions::new(crate::GameKind::Gomoku, &crate::OptionsInput::default()).unwrap();
        let mut game = AnyGame::new(&options);
        for text in ["h8", "a15", "o1"] {
            game.play_text(text).unwrap();
        }
        let written = write_psq(&game, ["pisq7.exe", "brain.exe"]);
        assert_eq!(written, "Piskvorky 15x15, 11:11, 0\n8,8,0\n1,1,0\n15,15,0\npisq7.exe\nbrain.exe\n0\n");
        let again = read_psq(&written).unwrap();
        assert_eq!(
            again[0].moves,
            games[0].moves.iter().map(|m| RecordedMove { line: m.line, ..m.clone() }).collect::<Vec<_>>()
        );
        assert!(read_psq("hello\n").is_err());
    }
}
