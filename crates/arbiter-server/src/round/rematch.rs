//! Rematches: once the game is over each seat may ask; once both did, a new game with
//! the same options and the seats swapped, each player keeping their token, which now
//! opens the other seat. An engine always takes a rematch: it asks at once.

use std::sync::Arc;

use arbiter::Side;

use super::change::apply;
use super::create::store_new;
use super::error::RoundError;
use crate::app::AppState;
use crate::live::LiveGame;
use crate::rows::GameRow;
use crate::tokens;

/// `seat` asks for a rematch; the engine in the other seat asks too, and the new
/// game is made once both asked.
pub async fn ask(app: &Arc<AppState>, live: &mut LiveGame, seat: Side, now: i64) -> Result<(), RoundError> {
    request(app, live, seat, now).await?;
    if let Some(engine) = live.state().engine_seat() {
        request(app, live, engine, now).await?;
    }
    if live.state().rematch().ready() {
        make(app, live, now).await?;
    }
    Ok(())
}

/// Records that `seat` asks for a rematch.
async fn request(app: &AppState, live: &mut LiveGame, seat: Side, now: i64) -> Result<(), RoundError> {
    if live.state().outcome().is_none() {
        return Err(RoundError::RematchTooSoon);
    }
    if live.row.tournament_id.is_some() {
        return Err(RoundError::InTournament);
    }
    if live.state().rematch().game.is_some() {
        return Err(RoundError::RematchMade);
    }
    let mut change = live.state().change(now);
    change.rematch.ask(seat);
    apply(app, live, change).await
}

/// Makes the new game, the seats swapped, and records it in the old one.
async fn make(app: &Arc<AppState>, live: &mut LiveGame, now: i64) -> Result<(), RoundError> {
    let id = tokens::game_id()?;
    let mut setup = live.state().setup().clone();
    if let Some(opponent) = &mut setup.opponent {
        opponent.side = opponent.side.opponent();
    }
    let mut row = GameRow::new(&setup, id.clone(), live.row.second_token.clone(), live.row.first_token.clone(), now);
    // Each player keeps their name and account in the seat they now take; a rated
    // game's rematch is rated.
    (row.first_name, row.second_name) = (live.row.second_name.clone(), live.row.first_name.clone());
    (row.first_account, row.second_account) = (live.row.second_account, live.row.first_account);
    if live.row.is_rated() {
        row.rated = crate::store::RATED;
    }
    store_new(app, row, setup, false).await?;
    let mut change = live.state().change(now);
    change.rematch.game = Some(id);
    apply(app, live, change).await
}
