//! Reading records as archives write them: many games a file, each with its tags
//! (`[Name "value"]`), then its moves among move numbers, `{comments}`, `; comments`,
//! `(variations)`, NAGs (`$1`) and annotation marks (`!?`), and a result. Moves are
//! only collected here, with the line each stands on; [`super::replay`](mod@super::replay) plays them.
//!
//! Old files split a move at its padded square (`1- 6`, `28x 9`): the halves are
//! joined. A game ends at its result (`1-0`, `0-1`, `1/2-1/2`, `2-0`, `0-2`, `1-1`,
//! `*`, or whatever its `Result` tag says, such as a match score `4-6`) or where the
//! next game's tags begin.

use std::fmt;

use arbiter::{GameKind, Side};

/// A game as recorded: tags, moves, and the result written after them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordedGame {
    /// The tags as (name, value) in the order read, names as spelled in the file and
    /// values with their quotes and escapes taken off; [`RecordedGame::tag`] finds one.
    pub tags: Vec<(String, String)>,
    /// The moves in the order played, move numbers, comments, variations, NAGs and
    /// annotation marks left out; not yet checked against any rules.
    pub moves: Vec<RecordedMove>,
    /// The token that ended the move text, if the game had one.
    pub terminator: Option<String>,
    /// The line the game starts on, from 1.
    pub line: usize,
}

/// A move as written, and the line it stands on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    /// The move as the record writes it (`H2-E2`, `32-28`, `h8`); from `.psq` and TwixT
    /// files, already in arbiter's notation.
    pub text: String,
    /// The line of the file it stands on, from 1.
    pub line: usize,
}

/// A game's start is read from its record's tags (names compare without case).
impl arbiter::records::Tags for RecordedGame {
    fn tag(&self, name: &str) -> Option<&str> {
        RecordedGame::tag(self, name)
    }
}

impl RecordedGame {
    /// The value of tag `name` (names compare without case).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The players the record names in a game of `kind`, the first side's first: the
    /// tag named by each side's word (`Red`, `Black`; `White`, `Black`), `?` for a
    /// name not given or empty.
    #[must_use]
    pub fn players(&self, kind: GameKind) -> [&str; 2] {
        [Side::First, Side::Second].map(|side| {
            let word = kind.side_name(side);
            let mut tag = word[..1].to_ascii_uppercase();
            tag.push_str(&word[1..]);
            self.tag(&tag).filter(|name| !name.is_empty()).unwrap_or("?")
        })
    }
}

/// A fault in a record's text that stops it being read: the line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ReadError {
    /// The line of the file at fault, from 1.
    pub line: usize,
    /// What is wrong, in English, without the line number.
    pub message: String,
}

/// The results a move text may end with, besides what a game's `Result` tag says.
const RESULTS: [&str; 9] = ["1-0", "0-1", "1/2-1/2", "½-½", "2-0", "0-2", "1-1", "0-0", "*"];

/// Reads every game of `text`. A text with no game at all gives an empty list.
pub fn read_games(text: &str) -> Result<Vec<RecordedGame>, ReadError> {
    let mut reader = Reader { chars: text.char_indices().peekable(), text, line: 1 };
    let mut games = Vec::new();
    let mut game = RecordedGame::default();
    let mut started = false;
    // A word that ended in `-` or `x` waiting for its padded square.
    let mut pending: Option<RecordedMove> = None;
    while let Some(token) = reader.next_token()? {
        match token {
            Token::Tag(name, value, line) => {
                // A game's tags end where its moves begin, or where a tag comes again
                // (a game recorded with no moves at all).
                let again = game.tags.iter().any(|(n, _)| n.eq_ignore_ascii_case(&name));
                if started && (!game.moves.is_empty() || game.terminator.is_some() || again) {
                    flush(&mut pending, &mut game);
                    games.push(std::mem::take(&mut game));
                    started = false;
                }
                if !started {
                    game.line = line;
                    started = true;
                }
                game.tags.push((name, value));
            }
            Token::Word(word, line) => {
                if !started {
                    game.line = line;
                    started = true;
                }
                if game.terminator.is_some() {
                    // Moves after a result, with no tags between: a new game.
                    flush(&mut pending, &mut game);
                    games.push(std::mem::take(&mut game));
                    game.line = line;
                }
                if let Some(mut half) = pending.take() {
                    if word.starts_with(|c: char| c.is_ascii_digit()) {
                        half.text.push_str(&word);
                        game.moves.push(half);
                        continue;
                    }
                    game.moves.push(half);
                }
                if is_result(&word, &game) {
                    game.terminator = Some(word);
                    continue;
                }
                let Some(text) = move_text(&word) else { continue };
                let recorded = RecordedMove { text: text.to_owned(), line };
                if recorded.text.ends_with(['-', 'x']) && recorded.text.len() > 1 {
                    pending = Some(recorded);
                } else {
                    game.moves.push(recorded);
                }
            }
        }
    }
    flush(&mut pending, &mut game);
    if started {
        games.push(game);
    }
    Ok(games)
}

fn flush(pending: &mut Option<RecordedMove>, game: &mut RecordedGame) {
    if let Some(half) = pending.take() {
        game.moves.push(half);
    }
}

/// Whether `word` ends the game: a result, or the game's own `Result` tag's value.
fn is_result(word: &str, game: &RecordedGame) -> bool {
    RESULTS.contains(&word) || game.tag("Result").is_some_and(|result| result == word && !result.is_empty())
}

/// The move in a word, without its move number (`12.`, `12...`, `12.32-28`) and
/// annotation marks (`!`, `?`); `None` for a word that is only a move number.
fn move_text(word: &str) -> Option<&str> {
    let digits = word.find(|c: char| !c.is_ascii_digit()).unwrap_or(word.len());
    let rest = &word[digits..];
    // `...` alone holds the place of a move not played.
    let text = if rest.starts_with('.') { rest.trim_start_matches('.') } else { word };
    let text = text.trim_end_matches(['!', '?']);
    (!text.is_empty()).then_some(text)
}

enum Token {
    Tag(String, String, usize),
    Word(String, usize),
}

struct Reader<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    text: &'a str,
    line: usize,
}

impl Reader<'_> {
    fn bump(&mut self) -> Option<char> {
        let (_, c) = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| c)
    }

    fn fail<T>(&self, line: usize, message: impl fmt::Display) -> Result<T, ReadError> {
        Err(ReadError { line, message: message.to_string() })
    }

    /// The next tag or word, skipping what carries no move.
    fn next_token(&mut self) -> Result<Option<Token>, ReadError> {
        loop {
            let Some(c) = self.peek() else { return Ok(None) };
            let line = self.line;
            match c {
                c if c.is_whitespace() || c == '\u{feff}' => {
                    self.bump();
                }
                '[' => return self.tag(line).map(Some),
                '{' => self.skip_comment(line)?,
                ';' => self.skip_line(),
                '%' if self.at_line_start() => self.skip_line(),
                '(' => self.skip_variation(line)?,
                ')' => return self.fail(line, "a `)` closes no variation"),
                '$' => {
                    self.bump();
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.bump();
                    }
                }
                _ => return Ok(Some(self.word(line))),
            }
        }
    }

    fn at_line_start(&mut self) -> bool {
        let Some(&(at, _)) = self.chars.peek() else { return false };
        at == 0 || self.text[..at].ends_with('\n')
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    fn skip_comment(&mut self, line: usize) -> Result<(), ReadError> {
        self.bump();
        while let Some(c) = self.bump() {
            if c == '}' {
                return Ok(());
            }
        }
        self.fail(line, "a `{` comment is never closed")
    }

    fn skip_variation(&mut self, line: usize) -> Result<(), ReadError> {
        self.bump();
        let mut depth = 1;
        while let Some(c) = self.peek() {
            match c {
                '{' => self.skip_comment(self.line)?,
                ';' => self.skip_line(),
                '(' => {
                    depth += 1;
                    self.bump();
                }
                ')' => {
                    depth -= 1;
                    self.bump();
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ => {
                    self.bump();
                }
            }
        }
        self.fail(line, "a `(` variation is never closed")
    }

    /// `[Name "value"]`, the value's `\"` and `\\` unescaped.
    fn tag(&mut self, line: usize) -> Result<Token, ReadError> {
        self.bump();
        let mut name = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == '"' || c == ']' {
                break;
            }
            name.push(c);
            self.bump();
        }
        while self.peek().is_some_and(|c| c.is_whitespace() && c != '\n') {
            self.bump();
        }
        let mut value = String::new();
        if self.peek() == Some('"') {
            self.bump();
            loop {
                match self.bump() {
                    Some('\\') => {
                        if let Some(c) = self.bump() {
                            value.push(c);
                        }
                    }
                    Some('"') => break,
                    Some('\n') | None => {
                        return self.fail(line, format!("tag {name}: its value's quote is never closed"));
                    }
                    Some(c) => value.push(c),
                }
            }
        }
        loop {
            match self.bump() {
                Some(']') => break,
                Some('\n') | None => return self.fail(line, format!("tag {name}: no closing `]`")),
                Some(_) => {}
            }
        }
        if name.is_empty() {
            return self.fail(line, "a tag without a name");
        }
        Ok(Token::Tag(name, value, line))
    }

    fn word(&mut self, line: usize) -> Token {
        let mut word = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || matches!(c, '{' | '(' | ')' | '[' | ';' | '$') {
                break;
            }
            word.push(c);
            self.bump();
        }
        Token::Word(word, line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(game: &RecordedGame) -> Vec<&str> {
        game.moves.iter().map(|m| m.text.as_str()).collect()
    }

    #[test]
    fn games_split_at_tags_and_results() {
        let text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2.h0g2 1-0\n\n[Event \"b\"]\n1. c3c4 *\n";
        let games = read_games(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(texts(&games[0]), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(games[0].terminator.as_deref(), Some("1-0"));
        assert_eq!(games[0].line, 1);
        assert_eq!(games[1].tag("event"), Some("b"));
        assert_eq!(games[1].line, 6);
        assert_eq!(games[1].moves[0].line, 7);
    }

    #[test]
    fn a_game_without_moves_is_a_game() {
        let text = "[Event \"empty\"]\n[Result \"*\"]\n\n[Event \"next\"]\n1. h2e2 *\n";
        let games = read_games(text).unwrap();
        assert_eq!(games.len(), 2);
        assert!(games[0].moves.is_empty());
        assert_eq!(games[1].tag("Event"), Some("next"));
        assert_eq!(games[1].line, 4);
    }

    #[test]
    fn comments_variations_nags_and_marks_carry_no_move() {
        let text = "1. 32-28 {good\nmove} 19-23!? $14 (2. 33-29 (2... 1-7) 14-19) ; a comment\n2. 28x19 14x23 2-0";
        let games = read_games(text).unwrap();
        assert_eq!(texts(&games[0]), ["32-28", "19-23", "28x19", "14x23"]);
        assert_eq!(games[0].terminator.as_deref(), Some("2-0"));
        assert_eq!(games[0].moves[2].line, 3);
    }

    #[test]
    fn padded_squares_are_joined() {
        let games = read_games("  1.33-28 18-22  2.38-33 12-18 3. 1- 6 28x 9 4. 40-34  1-7  *").unwrap();
        assert_eq!(texts(&games[0]), ["33-28", "18-22", "38-33", "12-18", "1-6", "28x9", "40-34", "1-7"]);
    }

    #[test]
    fn a_result_tag_names_an_odd_score() {
        let games = read_games("[Result \"4-6\"]\n1. 32-28 19-23 4-6\n").unwrap();
        assert_eq!(texts(&games[0]), ["32-28", "19-23"]);
        assert_eq!(games[0].terminator.as_deref(), Some("4-6"));
    }

    #[test]
    fn chinese_moves_read_as_words() {
        let text = "[Game \"Chinese Chess\"]\n1. 炮二平五 馬８進７\n2. 馬二進三 車９平８\n1/2-1/2\n";
        let games = read_games(text).unwrap();
        assert_eq!(texts(&games[0]), ["炮二平五", "馬８進７", "馬二進三", "車９平８"]);
    }

    #[test]
    fn broken_text_names_its_line() {
        assert_eq!(read_games("1. h2e2 {never closed").unwrap_err().line, 1);
        assert_eq!(read_games("\n[Event \"x\n").unwrap_err().line, 2);
        assert_eq!(read_games("1. a (b (c)").unwrap_err().message, "a `(` variation is never closed");
        assert!(read_games("").unwrap().is_empty());
    }
}
