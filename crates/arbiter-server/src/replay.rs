//! A game rebuilt from what a client is told of it: its kind, its options as the
//! server shows them, and its moves, replayed by the rules. `arbiter bot` rebuilds
//! each game it plays so, to give its engine the position and to check the engine's
//! move before sending it.

use arbiter::{AnyGame, GameKind};
use serde_json::Value;

use crate::setup::Setup;

/// The game of kind `game` with `options` (as a state's or a challenge's `options`:
/// the server's `clock` and `opponent` are read and set aside) after `moves`.
pub fn game_of(game: &str, options: &Value, moves: &[&str]) -> Result<AnyGame, String> {
    let kind: GameKind = game.parse().map_err(|e| format!("{e}"))?;
    let setup = Setup::read(kind, options).map_err(|e| e.to_string())?;
    let mut game = AnyGame::new(&setup.options);
    for text in moves {
        game.play_text(text).map_err(|e| format!("move {text}: {e}"))?;
    }
    Ok(game)
}

/// The game a state (`GET /api/games/{id}`) describes, after its moves.
pub fn game_of_state(state: &Value) -> Result<AnyGame, String> {
    let moves: Vec<&str> =
        state["moves"].as_array().map(|m| m.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    game_of(state["game"].as_str().unwrap_or_default(), &state["options"], &moves)
}
