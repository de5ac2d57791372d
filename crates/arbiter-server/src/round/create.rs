//! Creating a game: its options read and checked under the server's limits (an
//! engine opponent must be one this server has for the game), its seats' tokens
//! made, the game stored, held in memory, and its engine set thinking if it moves
//! first.

use std::sync::Arc;

use arbiter::{AnyGame, GameKind, Side};
use serde_json::Value;

use super::engine::play_if_due;
use super::error::RoundError;
use super::lookup::make_room;
use crate::app::AppState;
use crate::live::LiveGame;
use crate::rows::{GameRow, SEAT_FREE};
use crate::setup::Setup;
use crate::store::Account;
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

/// Reads a new game's kind and options as a client sends them, every option checked
/// (the rules' through the registry); nothing of this server's is asked yet.
pub fn read_setup(game: &str, options: &Value) -> Result<Setup, RoundError> {
    let kind: GameKind = game.parse().map_err(RoundError::UnknownKind)?;
    Ok(Setup::read(kind, options)?)
}

/// Reads a new game's kind and options, the rules' through the registry, under the
/// server's limits; an engine opponent is one this server has for the game.
pub fn setup(app: &AppState, game: &str, options: &Value) -> Result<Setup, RoundError> {
    let mut setup = read_setup(game, options)?;
    let side = setup.options.largest_side();
    if side > MAX_SERVED_SIDE {
        return Err(RoundError::BoardTooLarge { side, max: MAX_SERVED_SIDE });
    }
    if let Some(opponent) = &mut setup.opponent {
        let computer = app.computers.find(opponent.engine.as_deref(), setup.options.kind())?;
        computer.carries(&AnyGame::new(&setup.options))?;
        opponent.engine = Some(computer.name.clone());
    }
    Ok(setup)
}

/// Who a new game is made for: its creator's name or account, whether its second
/// seat is an open challenge's, for the first to join, and whether it is rated.
#[derive(Clone, Debug, Default)]
pub struct Creator {
    /// The creator's name, checked.
    pub name: Option<String>,
    /// The creator's account, if signed in: its name is the seat's.
    pub account: Option<Account>,
    /// An open challenge: the creator takes the first seat, the second is free.
    pub open: bool,
    /// A rated game: an open challenge between accounts.
    pub rated: bool,
}

/// Makes a game of `game` with `options` at `now`, for nobody named; its state lists
/// the legal moves if `legal`.
#[cfg(test)]
pub async fn create(
    app: &Arc<AppState>,
    game: &str,
    options: &Value,
    now: i64,
    legal: bool,
) -> Result<Created, RoundError> {
    create_for(app, game, options, &Creator::default(), now, legal).await
}

/// Makes a game of `game` with `options` for `creator` at `now`: the creator's seat
/// named, the engine's seat by the engine's name; the second seat's token kept for
/// the creator until that seat is used (see `invite`), or, for an open challenge,
/// given to nobody until someone joins.
pub async fn create_for(
    app: &Arc<AppState>,
    game: &str,
    options: &Value,
    creator: &Creator,
    now: i64,
    legal: bool,
) -> Result<Created, RoundError> {
    let setup = setup(app, game, options)?;
    let engine = setup.opponent.as_ref().map(|o| (o.side, o.engine.clone()));
    if creator.rated && engine.is_some() {
        return Err(RoundError::RatedWithComputer);
    }
    if creator.rated && creator.account.is_none() {
        return Err(RoundError::SignInNeeded);
    }
    // A rated game is an open challenge, joined by another account.
    let open = creator.open || creator.rated;
    if open && engine.is_some() {
        return Err(RoundError::OpenWithComputer);
    }
    let name = creator.account.as_ref().map(|a| a.name.clone()).or_else(|| creator.name.clone());
    let (first, second) = (tokens::generate()?, tokens::generate()?);
    let id = tokens::game_id()?;
    let mut row = GameRow::new(&setup, id.clone(), tokens::hash(&first), tokens::hash(&second), now);
    let engine_seat = engine.as_ref().map(|(side, _)| *side);
    // The creator plays the first seat, or the seat the engine leaves.
    let creator_seat = engine.as_ref().map_or(Side::First, |(side, _)| side.opponent());
    let (mut names, mut accounts) = ([None, None], [None, None]);
    names[creator_seat.index()] = name;
    accounts[creator_seat.index()] = creator.account.as_ref().map(|a| a.id);
    if let Some((side, engine_name)) = engine {
        names[side.index()] = engine_name;
    }
    [row.first_name, row.second_name] = names;
    [row.first_account, row.second_account] = accounts;
    if creator.rated {
        row.rated = crate::store::RATED;
    }
    if open {
        row.seat_open = SEAT_FREE;
    } else if engine_seat.is_none() {
        row.invite_token = Some(second.clone());
    }
    let state = store_new(app, row, setup, legal).await?;
    let given = |side: Side| Some(side) != engine_seat && !(open && side == Side::Second);
    let tokens = [(Side::First, first), (Side::Second, second)].into_iter().filter(|(side, _)| given(*side)).collect();
    Ok(Created { id, tokens, state })
}

/// Stores a new game's row and puts the game in memory, its engine thinking if it
/// is to move; returns its state, with the legal moves if `legal`.
pub async fn store_new(app: &Arc<AppState>, row: GameRow, setup: Setup, legal: bool) -> Result<Value, RoundError> {
    let mut live = LiveGame::new(row, setup, app.games.times());
    // Its first deadline: a first move, or an opponent to join.
    live.row.deadline = live.state().deadline();
    app.store.create_game(&live.row).await?;
    let state = live.state_json(legal);
    play_if_due(app, &live);
    app.games.insert(live);
    make_room(app);
    Ok(state)
}

/// A game between two accounts: who sits where, and what it belongs to.
pub struct Between {
    /// The accounts' ids and names, the first seat's first.
    pub seats: [(i64, String); 2],
    /// Whether each seat's account is a bot.
    pub bots: [bool; 2],
    /// Whether the game is rated.
    pub rated: bool,
    /// The game's id, if it has one already (a tournament's pairing names its game).
    pub id: Option<String>,
    /// The tournament it is played in.
    pub tournament: Option<String>,
}

/// Makes a game between two accounts at `now` (a challenge to a named player,
/// accepted; a tournament's pairing): both seats belong to their accounts, which open
/// them with a session or an API token, so the seats' tokens are given to nobody and
/// no invite is kept. No engine sits in it.
pub async fn create_between(
    app: &Arc<AppState>,
    game: &str,
    options: &Value,
    between: Between,
    now: i64,
) -> Result<Created, RoundError> {
    let setup = setup(app, game, options)?;
    if setup.opponent.is_some() {
        return Err(RoundError::OpenWithComputer);
    }
    let (first, second) = (tokens::generate()?, tokens::generate()?);
    let id = match between.id {
        Some(id) => id,
        None => tokens::game_id()?,
    };
    let mut row = GameRow::new(&setup, id.clone(), tokens::hash(&first), tokens::hash(&second), now);
    let [(first_account, first_name), (second_account, second_name)] = between.seats;
    (row.first_name, row.second_name) = (Some(first_name), Some(second_name));
    (row.first_account, row.second_account) = (Some(first_account), Some(second_account));
    row.bots = between.bots;
    if between.rated {
        row.rated = crate::store::RATED;
    }
    row.tournament_id = between.tournament;
    let state = store_new(app, row, setup, false).await?;
    Ok(Created { id, tokens: Vec::new(), state })
}
