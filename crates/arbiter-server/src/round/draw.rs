//! Draw offers: made, accepted or declined by the seats. Offering when the other seat
//! offers is agreeing; an offer lapses when its receiver moves (see `play`). An engine
//! never takes a draw: it declines at once.

use arbiter::{Outcome, Side, Termination};

use super::change::{apply, ongoing};
use super::error::{Act, RoundError};
use crate::app::AppState;
use crate::live::LiveGame;

/// `seat` offers a draw, or agrees to the other seat's offer.
pub async fn offer(app: &AppState, live: &mut LiveGame, seat: Side, now: i64) -> Result<(), RoundError> {
    ongoing(live, Act::DrawOffer)?;
    let mut change = live.state().change(now);
    if live.state().draw_offer() == Some(seat.opponent()) {
        change.end(Outcome::draw(Termination::Agreement));
    } else {
        change.draw_offer = Some(seat);
    }
    apply(app, live, change).await?;
    if let Some(engine) = live.state().engine_seat() {
        decline(app, live, engine, now).await?;
    }
    Ok(())
}

/// `seat` accepts the other seat's offer.
pub async fn accept(app: &AppState, live: &mut LiveGame, seat: Side, now: i64) -> Result<(), RoundError> {
    ongoing(live, Act::Draw)?;
    if live.state().draw_offer() != Some(seat.opponent()) {
        return Err(RoundError::NoOfferToAccept);
    }
    let mut change = live.state().change(now);
    change.end(Outcome::draw(Termination::Agreement));
    apply(app, live, change).await
}

/// `seat` declines the other seat's offer.
pub async fn decline(app: &AppState, live: &mut LiveGame, seat: Side, now: i64) -> Result<(), RoundError> {
    ongoing(live, Act::DrawOffer)?;
    if live.state().draw_offer() != Some(seat.opponent()) {
        return Err(RoundError::NoOfferToDecline);
    }
    let mut change = live.state().change(now);
    change.draw_offer = None;
    apply(app, live, change).await
}
