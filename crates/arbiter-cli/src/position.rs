//! Building each game's starting position from the command line, and running a
//! command on it through the `Game` trait whatever the game.

use arbiter::gomoku::{Gomoku, Rules};
use arbiter::twixt::Twixt;
use arbiter::{Game, WithHistory, draughts, xiangqi};
use arbiter_server::render::Render;

use crate::args::{GameName, PositionArgs};
use crate::fail::Failure;

/// A command that works on any game.
pub trait OnGame {
    fn run<G: Game + Render + Send + Sync + 'static>(self, game: G) -> Result<(), Failure>;
}

fn only_for(game: GameName, options: &PositionArgs, allowed: &[&str]) -> Result<(), Failure> {
    let given = [
        ("--rules", options.rules.is_some()),
        ("--size", options.size.is_some()),
        ("--rows", options.rows.is_some()),
        ("--cols", options.cols.is_some()),
        ("--swap", options.swap),
    ];
    match given.iter().find(|(name, set)| *set && !allowed.contains(name)) {
        Some((name, _)) => Err(Failure::bad_input(format!("{name} does not apply to {game:?}").to_lowercase())),
        None => Ok(()),
    }
}

pub fn xiangqi(options: &PositionArgs) -> Result<xiangqi::Position, Failure> {
    only_for(GameName::Xiangqi, options, &[])?;
    match &options.fen {
        None => Ok(xiangqi::Position::start()),
        Some(text) => xiangqi::Position::from_fen(text).map_err(Failure::bad_input),
    }
}

pub fn draughts(options: &PositionArgs) -> Result<draughts::Position, Failure> {
    only_for(GameName::Draughts, options, &[])?;
    match &options.fen {
        None => Ok(draughts::Position::start()),
        Some(text) => draughts::Position::from_fen(text).map_err(Failure::bad_input),
    }
}

pub fn gomoku(options: &PositionArgs) -> Result<Gomoku, Failure> {
    only_for(GameName::Gomoku, options, &["--rules", "--size", "--rows", "--cols"])?;
    let rules: Rules = options.rules.as_deref().unwrap_or("standard").parse().map_err(Failure::bad_input)?;
    if let Some(text) = &options.fen {
        if options.size.is_some() || options.rows.is_some() || options.cols.is_some() {
            return Err(Failure::bad_input("--board gives the size: leave out --size, --rows and --cols"));
        }
        return Gomoku::from_text(rules, text).map_err(Failure::bad_input);
    }
    let (columns, rows) = match (options.size, options.rows, options.cols) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            return Err(Failure::bad_input("give --size or --rows and --cols, not both"));
        }
        (Some(n), None, None) => (n, n),
        (None, rows, cols) => (cols.unwrap_or(15), rows.unwrap_or(15)),
    };
    Gomoku::new(rules, columns, rows).map_err(Failure::bad_input)
}

pub fn twixt(options: &PositionArgs) -> Result<Twixt, Failure> {
    only_for(GameName::Twixt, options, &["--size", "--swap"])?;
    if options.fen.is_some() {
        return Err(Failure::bad_input("a TwixT position is given by its moves: use `arbiter replay twixt`"));
    }
    let size = options.size.unwrap_or(24);
    Twixt::new(size, options.swap).ok_or_else(|| {
        Failure::bad_input(format!("a TwixT board is 3 to {} points a side, not {size}", arbiter::twixt::MAX_SIZE))
    })
}

/// Runs `command` on the position the options describe. Games with rules that look
/// back (draughts' threefold repetition) carry their history when `history` is set.
pub fn dispatch(game: GameName, options: &PositionArgs, history: bool, command: impl OnGame) -> Result<(), Failure> {
    match game {
        GameName::Xiangqi => command.run(xiangqi(options)?),
        GameName::Draughts if history => command.run(WithHistory::new(draughts(options)?)),
        GameName::Draughts => command.run(draughts(options)?),
        GameName::Gomoku => command.run(gomoku(options)?),
        GameName::Twixt => command.run(twixt(options)?),
    }
}
