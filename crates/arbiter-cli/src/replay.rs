//! `arbiter replay GAME [FILE]`: plays a game's moves from a file or stdin and tells
//! how it stands, or names the first move that cannot be played and why.
//!
//! Moves are separated by blanks or line ends. PDN (and PGN-style) movetext can be
//! pasted in: tag lines (`[Event "..."]`), comments in braces, variations in
//! parentheses, move numbers (`12.`, `12...`), annotations (`!`, `?`, `$3`) and results
//! (`2-0`, `1-1`, `0-2`, `1-0`, `0-1`, `1/2-1/2`, `*`) are skipped.

use std::fs;
use std::io::{Read, Write};

use arbiter::{Game, Outcome, Side};

use crate::args::ReplayArgs;
use crate::fail::Failure;
use crate::position::{OnGame, dispatch};

/// The text of `file`, or of standard input when there is none.
pub fn read_input(file: Option<&std::path::Path>) -> Result<String, Failure> {
    match file {
        Some(path) => {
            fs::read_to_string(path).map_err(|e| Failure::environment(format!("cannot read {}: {e}", path.display())))
        }
        None => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text).map_err(Failure::environment)?;
            Ok(text)
        }
    }
}

pub fn run(args: &ReplayArgs) -> Result<(), Failure> {
    let text = read_input(args.file.as_deref())?;
    dispatch(args.game, &args.position, true, Replay(&text))
}

struct Replay<'a>(&'a str);

impl OnGame for Replay<'_> {
    fn run<G: Game + arbiter_server::render::Render + Send + Sync + 'static>(self, game: G) -> Result<(), Failure> {
        replay(game, self.0)
    }
}

/// The text with tag lines, `{comments}` and `(variations)` blanked out, keeping
/// line breaks so that errors still name the right line.
fn strip_pdn(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut braces, mut parens) = (0usize, 0usize);
    for line in text.lines() {
        if braces == 0 && parens == 0 && line.trim_start().starts_with('[') {
            out.push('\n');
            continue;
        }
        for ch in line.chars() {
            match ch {
                '{' => braces += 1,
                '}' if braces > 0 => braces -= 1,
                '(' if braces == 0 => parens += 1,
                ')' if braces == 0 && parens > 0 => parens -= 1,
                _ if braces == 0 && parens == 0 => {
                    out.push(ch);
                    continue;
                }
                _ => {}
            }
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

fn is_skipped(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "2-0" | "0-2" | "1-1" | "*")
        || (token.ends_with('.') && token.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit()))
        || (token.starts_with('$') && token[1..].bytes().all(|b| b.is_ascii_digit()))
}

/// Plays every move of `text` on `position`; the plies played and the last move's
/// text, or the first move that cannot be played as a bad-input failure.
pub fn play_text<G: Game>(position: &mut G, text: &str) -> Result<(usize, Option<String>), Failure> {
    let mut plies = 0usize;
    let mut last = None;
    for (index, line) in strip_pdn(text).lines().enumerate() {
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
            let mv = position
                .parse_move(token)
                .map_err(|e| Failure::bad_input(format!("line {}: move {}: {e}", index + 1, plies + 1)))?;
            position.play(mv);
            plies += 1;
            last = Some(mv.to_string());
        }
    }
    Ok((plies, last))
}

/// Plays every move of `text` on `position`; prints the final position and outcome.
pub fn replay<G: Game>(mut position: G, text: &str) -> Result<(), Failure> {
    let (plies, _) = play_text(&mut position, text)?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "position: {}", position.position_text())
        .and_then(|()| writeln!(out, "plies: {plies}"))
        .and_then(|()| {
            let outcome = position.outcome();
            let when = if outcome.is_some() && plies > 0 { format!(" on move {plies}") } else { String::new() };
            writeln!(out, "outcome: {}{when}", describe::<G>(outcome, position.side_to_move()))
        })
        .map_err(Failure::environment)
}

/// `red wins by checkmate`, `draw by repetition`, or `none, black to move`.
pub fn describe<G: Game>(outcome: Option<Outcome>, to_move: Side) -> String {
    match outcome {
        Some(Outcome::Win { winner, reason }) => {
            format!("{} wins by {reason}", G::side_name(winner))
        }
        Some(Outcome::Draw { reason }) => format!("draw by {reason}"),
        None => format!("none, {} to move", G::side_name(to_move)),
    }
}
