//! What a seat's holder does: a move, which the engine in the other seat then
//! answers, and the actions besides (resign, draws, takebacks, abort, rematch, claims), each
//! of which first ends the game if something is due (a clock run out, a first move too
//! late) and says the seat's player is here.

use std::sync::Arc;

use arbiter::Side;

use super::draw;
use super::engine::play_if_due;
use super::error::RoundError;
use super::finish;
use super::invite::used;
use super::leave::{claim, due, here};
use super::play::{Move, play};
use super::rematch;
use super::takeback;
use crate::app::AppState;
use crate::live::LiveGame;

/// What a seat may do besides moving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Resign.
    Resign,
    /// Offer a draw (accepting one the other seat offers).
    OfferDraw,
    /// Accept the other seat's draw offer.
    AcceptDraw,
    /// Decline the other seat's draw offer.
    DeclineDraw,
    /// Abort, before both sides have moved.
    Abort,
    /// Ask for a rematch, once the game is over.
    Rematch,
    /// Offer to take back one's last move.
    OfferTakeback,
    /// Accept the other seat's takeback offer.
    AcceptTakeback,
    /// Decline the other seat's takeback offer.
    DeclineTakeback,
    /// Claim the win, the opponent having gone.
    ClaimWin,
    /// Claim a draw, the opponent having gone.
    ClaimDraw,
}

/// `seat` plays `mv` at `ply`, at `now`; the engine in the other seat then thinks.
pub async fn move_by(
    app: &Arc<AppState>,
    live: &mut LiveGame,
    seat: Side,
    ply: i64,
    mv: Move,
    now: i64,
) -> Result<(), RoundError> {
    used(app, live, seat, now).await?;
    here(app, live, seat, now).await?;
    play(app, live, seat, ply, mv, now).await?;
    play_if_due(app, live);
    Ok(())
}

/// `seat` does `action` at `now`.
pub async fn act(
    app: &Arc<AppState>,
    live: &mut LiveGame,
    seat: Side,
    action: Action,
    now: i64,
) -> Result<(), RoundError> {
    used(app, live, seat, now).await?;
    due(app, live, now).await?;
    here(app, live, seat, now).await?;
    if live.state().waiting() && action != Action::Abort {
        // An open challenge with nobody in its second seat can only be called off.
        return Err(RoundError::WaitingForOpponent);
    }
    match action {
        Action::Resign => finish::resign(app, live, seat, now).await,
        Action::Abort => finish::abort(app, live, now).await,
        Action::OfferDraw => draw::offer(app, live, seat, now).await,
        Action::AcceptDraw => draw::accept(app, live, seat, now).await,
        Action::DeclineDraw => draw::decline(app, live, seat, now).await,
        Action::Rematch => rematch::ask(app, live, seat, now).await,
        Action::OfferTakeback => takeback::offer(app, live, seat, now).await,
        Action::AcceptTakeback => takeback::accept(app, live, seat, now).await,
        Action::DeclineTakeback => takeback::decline(app, live, seat, now).await,
        Action::ClaimWin => claim(app, live, seat, false, now).await,
        Action::ClaimDraw => claim(app, live, seat, true, now).await,
    }
}
