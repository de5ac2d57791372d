//! `arbiter replay GAME [FILE]`: plays a game's moves from a file or stdin and tells
//! how it stands, or names the first move that cannot be played and why.
//!
//! Moves are separated by blanks or line ends. PDN (and PGN-style) movetext can be
//! pasted in: tag lines (`[Event "..."]`), comments in braces, variations in
//! parentheses, move numbers (`12.`, `12...`), annotations (`!`, `?`, `$3`) and results
//! (`2-0`, `1-1`, `0-2`, `1-0`, `0-1`, `1/2-1/2`, `*`) are skipped. The tags before the
//! first move say where the game starts, as `arbiter check` reads them: `[FEN]` (unless
//! `--fen` is given) and what else a game's records tag of their start (draughts'
//! `[GameType]`, the rule set; Gomoku's board), a record of another game or rule set
//! than the flags ask for refused.

use std::fs;
use std::io::{BufRead, BufReader, Write};

use arbiter::quote::excerpt;
use arbiter::records::Tags;
use arbiter::{AnyGame, GameOptions};
use arbiter_formats::lines::{LineError, LineReader};

use crate::args::{PositionArgs, ReplayArgs};
use crate::fail::Failure;

/// The longest move text read, in bytes: more than any move of any notation (a
/// draughts capture with every square of its path written out is under 64).
const MAX_MOVE: usize = 96;

pub fn run(args: &ReplayArgs) -> Result<(), Failure> {
    let mut game = crate::position::game(args.game, &args.position)?;
    play_input(&mut game, &args.position, args.file.as_deref())?;
    report(&game)?;
    if args.explain {
        explain(&game)?;
    }
    Ok(())
}

/// Prints why the game's last repetition is judged as it is, or that none is.
fn explain(game: &AnyGame) -> Result<(), Failure> {
    let text = match game.explain() {
        Some(explanation) => explanation.describe(|side| game.side_name(side)),
        None => String::from("no position has stood twice since the last capture"),
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "explanation:").and_then(|()| writeln!(out, "{text}")).map_err(Failure::environment)
}

/// Plays the moves of `file`, or of standard input when there is none, reading it a
/// line at a time (so a bad line is refused after its first bytes); an input with
/// nothing but blanks is refused. Tags before the first move start the game anew from
/// what they say, with the flags of `start`.
pub fn play_input(game: &mut AnyGame, start: &PositionArgs, file: Option<&std::path::Path>) -> Result<(), Failure> {
    let mut movetext = Movetext { start, tags: Vec::new(), moved: false, braces: 0, parens: 0, line: String::new() };
    let blank = match file {
        Some(path) => {
            let opened = fs::File::open(path)
                .map_err(|e| Failure::environment(format!("cannot read {}: {e}", path.display())))?;
            movetext.play(game, BufReader::new(opened))?
        }
        None => movetext.play(game, std::io::stdin().lock())?,
    };
    if blank {
        return Err(Failure::bad_input("the input is empty: expected moves separated by blanks or line ends"));
    }
    Ok(())
}

/// What is open across lines of PDN movetext: `{comments}` and `(variations)`, and
/// the tags read before the first move.
struct Movetext<'a> {
    start: &'a PositionArgs,
    tags: Vec<(String, String)>,
    /// Movetext has begun: later tag lines (another game's) are skipped.
    moved: bool,
    braces: usize,
    parens: usize,
    line: String,
}

/// The most tags kept from before the first move: a record has a few dozen at most.
const MAX_TAGS: usize = 256;

/// `[Name "Value"]`: the name and the value, its `\"` and `\\` unescaped.
fn tag_line(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let quoted = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        value.push(if c == '\\' { chars.next()? } else { c });
    }
    Some((name.to_owned(), value))
}

impl Tags for Movetext<'_> {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

impl Movetext<'_> {
    /// The game the tags read so far start (with the flags), in place of `game`.
    fn start_from_tags(&self, game: &mut AnyGame) -> Result<(), Failure> {
        let kind = game.kind();
        let mut input = crate::position::input(self.start);
        match (&self.start.fen, self.tag("FEN").filter(|f| !f.trim().is_empty())) {
            (Some(fen), _) => kind.set_position(&mut input, fen.clone())?,
            (None, Some(fen)) => kind.set_position(&mut input, fen.to_owned())?,
            (None, None) => {}
        }
        kind.read_start(self, &mut input).map_err(|e| Failure::bad_input(e.to_string()))?;
        *game = AnyGame::try_new(&GameOptions::new(kind, &input)?)?;
        Ok(())
    }
}

impl Movetext<'_> {
    /// Plays every line of `input`; `true` if it held nothing but blanks.
    fn play(&mut self, game: &mut AnyGame, input: impl BufRead) -> Result<bool, Failure> {
        let mut lines = LineReader::new(input);
        let mut blank = true;
        loop {
            let line = match lines.next_line() {
                Ok(Some(line)) => line,
                Ok(None) => return Ok(blank),
                Err(LineError::Io(e)) => return Err(Failure::environment(e)),
                Err(e) => return Err(Failure::bad_input(e)),
            };
            blank &= line.trim().is_empty();
            self.strip(line);
            if !self.moved && !self.line.trim().is_empty() {
                self.moved = true;
                if !self.tags.is_empty() {
                    self.start_from_tags(game)?;
                }
            }
            play_line(game, &self.line, lines.number())?;
        }
    }

    /// `line` with a tag line, `{comments}` and `(variations)` blanked out, into `self.line`.
    fn strip(&mut self, line: &str) {
        self.line.clear();
        if self.braces == 0 && self.parens == 0 && line.trim_start().starts_with('[') {
            if !self.moved
                && self.tags.len() < MAX_TAGS
                && let Some(tag) = tag_line(line)
            {
                self.tags.push(tag);
            }
            return;
        }
        for ch in line.chars() {
            match ch {
                '{' => self.braces += 1,
                '}' if self.braces > 0 => self.braces -= 1,
                '(' if self.braces == 0 => self.parens += 1,
                ')' if self.braces == 0 && self.parens > 0 => self.parens -= 1,
                _ if self.braces == 0 && self.parens == 0 => {
                    self.line.push(ch);
                    continue;
                }
                _ => {}
            }
            self.line.push(' ');
        }
    }
}

fn is_skipped(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "2-0" | "0-2" | "1-1" | "*")
        || (token.ends_with('.') && token.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit()))
        || (token.starts_with('$') && token[1..].bytes().all(|b| b.is_ascii_digit()))
}

/// Plays every move of one line of stripped movetext, or fails at the first move that
/// cannot be played, naming its line and number.
fn play_line(game: &mut AnyGame, line: &str, number: usize) -> Result<(), Failure> {
    // `12.32-28` writes the number and the move as one token; `32-28!` annotates it.
    let tokens = line.split_ascii_whitespace().map(|t| {
        let t = t.trim_end_matches(['!', '?']);
        match t.split_once('.') {
            Some((number, rest)) if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) => {
                rest.trim_start_matches('.')
            }
            _ => t,
        }
    });
    for token in tokens.filter(|t| !t.is_empty() && !is_skipped(t)) {
        let ply = game.moves().len() + 1;
        if token.len() > MAX_MOVE {
            return Err(Failure::bad_input(format!(
                "line {number}: move {ply}: {} bytes, longer than any move (it begins {:?})",
                token.len(),
                excerpt(token)
            )));
        }
        game.play_text(token).map_err(|e| Failure::bad_input(format!("line {number}: move {ply}: {e}")))?;
    }
    Ok(())
}

/// Prints the final position, the plies played and the outcome.
fn report(game: &AnyGame) -> Result<(), Failure> {
    let plies = game.moves().len();
    let outcome = match game.outcome() {
        None => game.describe(),
        Some(outcome) => {
            let mut text = outcome.headline(|side| game.side_name(side));
            if plies > 0 {
                text.push_str(&format!(" on move {plies}"));
            }
            if let Some(detail) = outcome.detail() {
                text.push_str(&format!(": {detail}"));
            }
            text
        }
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "position: {}", game.position_text())
        .and_then(|()| writeln!(out, "plies: {plies}"))
        .and_then(|()| writeln!(out, "outcome: {outcome}"))
        .map_err(Failure::environment)
}
