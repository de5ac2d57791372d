//! `arbiter replay GAME [FILE]`: plays a game's moves from a file or stdin and tells
//! how it stands, or names the first move that cannot be played and why.
//!
//! Moves are separated by blanks or line ends; PDN-style move numbers (`12.`) and
//! results (`1-0`, `0-1`, `1/2-1/2`, `*`) are skipped, so movetext can be pasted in.

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

fn is_skipped(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "2-0" | "0-2" | "1-1" | "*")
        || (token.ends_with('.') && token.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit()))
}

/// Plays every move of `text` on `position`; the plies played and the last move's
/// text, or the first move that cannot be played as a bad-input failure.
pub fn play_text<G: Game>(position: &mut G, text: &str) -> Result<(usize, Option<String>), Failure> {
    let mut plies = 0usize;
    let mut last = None;
    for (index, line) in text.lines().enumerate() {
        for token in line.split_ascii_whitespace().filter(|t| !is_skipped(t)) {
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
