//! Creating a game: its options read and checked under the server's limits (an
//! engine opponent must be one this server has for the game), its seats' tokens
//! made, the game stored, held in memory, and its engine set thinking if it moves
//! first.

use std::sync::Arc;

use arbiter::{GameKind, Side};
use serde_json::Value;

use super::engine::play_if_due;
use super::error::RoundError;
use super::lookup::make_room;
use crate::app::AppState;
use crate::live::LiveGame;
use crate::rows::GameRow;
use crate::setup::Setup;
use crate::tokens;

/// The largest board side the server accepts. The library takes far larger boards,
/// but every state sent lists the legal moves, and a client should not be able to
/// make the server build megabytes of them per move.
pub const MAX_SERVED_SIDE: u32 = 128;

/// A game just made.
pub struct Created {
    /// Its id.
    pub id: String,
    /// The seats' tokens, each given once; the engine's seat has a token like any
    /// other, which nobody is given.
    pub tokens: Vec<(Side, String)>,
    /// Its state.
    pub state: Value,
}

/// Reads a new game's kind and options, the rules' through the registry, under the
/// server's limits; an engine opponent is one this server has for the game.
pub fn setup(app: &AppState, game: &str, options: &Value) -> Result<Setup, RoundError> {
    let kind: GameKind = game.parse().map_err(RoundError::UnknownKind)?;
    let mut setup = Setup::read(kind, options)?;
    if let Some(opponent) = &mut setup.opponent {
        let computer = app.computers.find(opponent.engine.as_deref(), kind)?;
        opponent.engine = Some(computer.name.clone());
    }
    let side = setup.options.largest_side();
    if side > MAX_SERVED_SIDE {
        return Err(RoundError::BoardTooLarge { side, max: MAX_SERVED_SIDE });
    }
    Ok(setup)
}

/// Makes a game of `game` with `options` at `now`; its state lists the legal moves
/// if `legal`.
pub async fn create(
    app: &Arc<AppState>,
    game: &str,
    options: &Value,
    now: i64,
    legal: bool,
) -> Result<Created, RoundError> {
    let setup = setup(app, game, options)?;
    let (first, second) = (tokens::generate()?, tokens::generate()?);
    let id = tokens::game_id()?;
    let row = GameRow::new(&setup, id.clone(), tokens::hash(&first), tokens::hash(&second), now);
    let engine_seat = setup.opponent.as_ref().map(|o| o.side);
    let state = open(app, row, setup, legal).await?;
    let tokens = [(Side::First, first), (Side::Second, second)]
        .into_iter()
        .filter(|(side, _)| Some(*side) != engine_seat)
        .collect();
    Ok(Created { id, tokens, state })
}

/// Stores a new game's row and puts the game in memory, its engine thinking if it
/// is to move; returns its state, with the legal moves if `legal`.
pub async fn open(app: &Arc<AppState>, row: GameRow, setup: Setup, legal: bool) -> Result<Value, RoundError> {
    app.store.create_game(&row).await?;
    let live = LiveGame::new(row, setup);
    let state = live.state(legal);
    play_if_due(app, &live);
    app.games.insert(live);
    make_room(app);
    Ok(state)
}
