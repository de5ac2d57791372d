//! Openings a match starts its games from, one per line of a file: a position (FEN,
//! or a `[FEN "..."]` tag; a Gomoku board as rows joined by `/`), a line of moves
//! from the start (`h2e2 h9g7`, `1. 32-28 19-23`, Renju's stones `h8 h9 j10`), or a
//! position followed by `moves` and moves from it. Every move is checked by the rules
//! when the file is read, so a game never starts from a broken opening.

use arbiter::{AnyGame, GameKind, GameOptions, MoveError, OptionsError, OptionsInput};

/// One opening: the game's options with its start position, and moves from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The line it was read from, to name it in records.
    pub label: String,
    /// The game's options, its start position among them.
    pub options: GameOptions,
    /// The opening's moves from the start, in arbiter's notation.
    pub moves: Vec<String>,
}

impl Opening {
    /// The game's standard start, with the options of the match.
    #[must_use]
    pub fn standard(options: &GameOptions) -> Opening {
        Opening { label: String::new(), options: options.clone(), moves: Vec::new() }
    }

    /// The game at the end of the opening.
    #[must_use]
    pub fn start_game(&self) -> AnyGame {
        let mut game = AnyGame::new(&self.options);
        for text in &self.moves {
            game.play_text(text).expect("opening moves are checked when read");
        }
        game
    }
}

/// Why an openings file was refused: the line and the fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {fault}")]
pub struct OpeningError {
    /// The line of the file, from 1; 0 for the file as a whole.
    pub line: usize,
    /// What is wrong with it.
    pub fault: OpeningFault,
}

/// What is wrong with a line of an openings file, or with the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningFault {
    /// The position, or the options with it, cannot start a game.
    #[error("{}", spelled(.0))]
    Options(OptionsError),
    /// A move after the game has ended.
    #[error("move {0}: the game is already over")]
    AfterTheEnd(String),
    /// A move the rules refuse.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The opening's last move ends the game.
    #[error("the opening ends the game")]
    EndsTheGame,
    /// Not a line gives an opening.
    #[error("the file has no opening")]
    Empty,
}

/// Options named as the file names them, without a front end's spelling.
fn spelled(error: &OptionsError) -> String {
    error.describe(str::to_owned)
}

/// Reads every opening of `text` for a game of `kind` played with `base` options
/// (rules, size, move limit; each line gives the start position).
pub fn read_openings(text: &str, kind: GameKind, base: &OptionsInput) -> Result<Vec<Opening>, OpeningError> {
    let mut openings = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim().trim_start_matches('\u{feff}');
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        let fail = |fault| OpeningError { line: index + 1, fault };
        let opening = read_line(line, kind, base).map_err(fail)?;
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(OpeningError { line: 0, fault: OpeningFault::Empty });
    }
    Ok(openings)
}

fn read_line(line: &str, kind: GameKind, base: &OptionsInput) -> Result<Opening, OpeningFault> {
    let (position, moves) = split_position(line, kind, base);
    let mut input = base.clone();
    if let Some(position) = position {
        kind.set_position(&mut input, position).map_err(OpeningFault::Options)?;
    }
    let options = GameOptions::new(kind, &input).map_err(OpeningFault::Options)?;
    let mut game = AnyGame::new(&options);
    let mut played = Vec::new();
    for word in moves.split_whitespace() {
        if is_move_number(word) {
            continue;
        }
        // `1.32-28`: a move number stuck to its move.
        let word = word
            .split_once('.')
            .map_or(word, |(number, mv)| if is_move_number(&format!("{number}.")) { mv } else { word });
        if game.outcome().is_some() {
            return Err(OpeningFault::AfterTheEnd(word.to_owned()));
        }
        let detail = game.play_text(word)?;
        played.push(detail.text.clone());
    }
    if game.outcome().is_some() {
        return Err(OpeningFault::EndsTheGame);
    }
    Ok(Opening { label: line.to_owned(), options, moves: played })
}

/// A line's position (if it gives one) and the moves after it.
fn split_position<'a>(line: &'a str, kind: GameKind, base: &OptionsInput) -> (Option<String>, &'a str) {
    if let Some(rest) = line.strip_prefix("[FEN \"")
        && let Some((fen, after)) = rest.split_once("\"]")
    {
        let after = after.trim();
        return (Some(fen.to_owned()), after.strip_prefix("moves").unwrap_or(after));
    }
    if let Some((position, moves)) = line.split_once(" moves") {
        return (Some(position.trim().to_owned()), moves);
    }
    // A whole line that is a position, or else moves from the start.
    let mut input = base.clone();
    let read = kind.set_position(&mut input, line.to_owned()).and_then(|()| GameOptions::new(kind, &input));
    if read.is_ok() { (Some(line.to_owned()), "") } else { (None, line) }
}

/// `1.`, `12...`: a move number, not a move.
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    word.ends_with('.') && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(kind: GameKind, text: &str) -> Result<Vec<Opening>, OpeningError> {
        read_openings(text, kind, &OptionsInput::default())
    }

    #[test]
    fn xiangqi_openings_are_positions_or_moves() {
        let openings = read(
            GameKind::Xiangqi,
            "# central cannon\nh2e2 h9g7\n\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\n\
             [FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"] moves c3c4\n",
        )
        .unwrap();
        assert_eq!(openings.len(), 3);
        assert_eq!(openings[0].moves, ["h2e2", "h9g7"]);
        assert!(openings[1].moves.is_empty());
        assert_eq!(openings[2].moves, ["c3c4"]);
        assert_eq!(openings[0].start_game().moves().len(), 2);
    }

    #[test]
    fn draughts_openings_take_move_numbers() {
        let openings = read(GameKind::Draughts, "1. 32-28 19-23 2.28x19 14x23\nW:W31-50:B1-20\n").unwrap();
        assert_eq!(openings[0].moves, ["32-28", "19-23", "28x19", "14x23"]);
        assert!(openings[1].moves.is_empty());
    }

    #[test]
    fn renju_openings_are_stones() {
        let base = OptionsInput::new().with("rules", "renju");
        let openings = read_openings("h8 h9 j10\n", GameKind::Gomoku, &base).unwrap();
        assert_eq!(openings[0].moves, ["h8", "h9", "j10"]);
    }

    #[test]
    fn a_broken_line_is_named() {
        let error = read(GameKind::Xiangqi, "h2e2\nh2e2 h9g7 a0a5\n").unwrap_err();
        assert_eq!(error.line, 2);
        assert!(error.fault.to_string().contains("a0a5"), "{error}");
        assert_eq!(read(GameKind::Xiangqi, "# nothing\n").unwrap_err().line, 0);
        let ended = read(GameKind::Gomoku, "h8 a1 i8 a2 j8 a3 k8 a4 l8\n").unwrap_err();
        assert!(ended.fault.to_string().contains("ends the game"), "{ended}");
    }
}
