//! Playing a move, the one way for people and engines alike: the clock flagged if it
//! fell, the turn and the ply checked, the move tried by the rules on a copy of the
//! game with its time charged to the mover's clock, stored, then taken by the game
//! and published.

use arbiter::Side;

use super::error::RoundError;
use super::leave::due;
use super::publish::publish;
use crate::app::AppState;
use crate::live::LiveGame;
use crate::memory::Games;
use crate::rows::MoveRecord;
use crate::store::StoreError;

/// A move as a request names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// The move in arbiter's notation.
    Text(String),
    /// The points a piece goes from and to (a click on two points, legal or not: the
    /// refusal then says why).
    Between {
        /// The point it starts from.
        from: String,
        /// The point it goes to.
        to: String,
    },
    /// Neither, or both.
    Unnamed,
}

/// Plays `mv` as `seat`'s move at `ply`, made at `now`.
pub async fn play(
    app: &AppState,
    live: &mut LiveGame,
    seat: Side,
    ply: i64,
    mv: Move,
    now: i64,
) -> Result<(), RoundError> {
    if ply > live.state().ply() {
        // The mover has seen moves this process has not: another server made them.
        Games::refresh(&app.store, live).await?;
    }
    // The clock ran out before this move came (the game ends on time here), or the
    // first move came too late (the game was aborted).
    due(app, live, now).await?;
    if let Some(outcome) = live.state().outcome() {
        return Err(RoundError::GameOver(outcome.headline(|side| live.state().game().side_name(side))));
    }
    if live.state().waiting() {
        return Err(RoundError::WaitingForOpponent);
    }
    if seat != live.state().game().side_to_move() {
        return Err(RoundError::NotYourTurn);
    }
    if ply != live.state().ply() {
        return Err(RoundError::WrongPly { given: ply, next: live.state().ply() });
    }
    let text = match mv {
        Move::Text(text) => text,
        Move::Between { from, to } => live
            .state()
            .game()
            .text_between(&from, &to)
            .ok_or_else(|| RoundError::NoMoveBetween(live.state().game().kind()))?,
        Move::Unnamed => return Err(RoundError::NoMoveNamed),
    };
    // Tried on a copy: the game changes only once the move is stored.
    let moved = live.state().play(seat, &text, now).map_err(RoundError::IllegalMove)?;
    match app.store.record_move(MoveRecord::of(&live.row.id, &moved, moved.after.deadline())).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => {
            // Another server stored this ply first: catch up and say so.
            Games::refresh(&app.store, live).await?;
            return Err(RoundError::PlyTaken);
        }
        Err(e) => return Err(e.into()),
    }
    live.take_move(moved);
    publish(app, live);
    app.metrics.moves_stored.inc();
    crate::ratings::rate_if_over(app, live).await;
    Ok(())
}
