//! `arbiter replay GAME [FILE]`: plays a game's moves from a file or stdin and tells
//! how it stands, or names the first move that cannot be played and why.
//!
//! Moves are separated by blanks or line ends. PDN (and PGN-style) movetext can be
//! pasted in: tag lines (`[Event "..."]`), comments in braces, variations in
//! parentheses, move numbers (`12.`, `12...`), annotations (`!`, `?`, `$3`) and results
//! (`2-0`, `1-1`, `0-2`, `1-0`, `0-1`, `1/2-1/2`, `*`) are skipped.

use std::fs;
use std::io::{Read, Write};

use arbiter::AnyGame;

use crate::args::ReplayArgs;
use crate::fail::Failure;

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
    let mut game = crate::position::game(args.game, &args.position)?;
    play_text(&mut game, &text)?;
    report(&game)
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

/// Plays every move of `text` on `game`, or fails at the first move that cannot be
/// played, naming its line and number.
pub fn play_text(game: &mut AnyGame, text: &str) -> Result<(), Failure> {
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
            let ply = game.moves().len() + 1;
            game.play_text(token).map_err(|e| Failure::bad_input(format!("line {}: move {ply}: {e}", index + 1)))?;
        }
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
