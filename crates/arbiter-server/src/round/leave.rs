//! Players who leave, as the round's rules: a game is aborted when a side makes no
//! first move in time, an open challenge nobody joins in time is called off (and so is
//! one whose creator has left), a seat whose player has had no connection for a while
//! is declared gone, and its opponent may then, after a countdown, claim the win or a
//! draw. A correspondence game (days per move) waits longer for its first moves and
//! its challenges, and declares nobody gone: its players come and go, and its clock
//! says when a move is late.
//!
//! What a player's connection is: a WebSocket of the game that names its seat (see
//! `api::watch`), counted by each server for itself (`AppState::enter`), and written
//! to the database every [`HEARTBEAT`] as the time the seat was last seen, so that
//! every server sharing the database, and a server that restarts, sees the same.
//! Every deadline (a first move, a challenge) is stored as the game's `deadline`
//! beside its clock's, so the clock watcher ends such games on any server, also after
//! a restart; any request that touches the game ends it first too.

use std::sync::Arc;
use std::time::Duration;

use arbiter::{Outcome, Side, Termination};

use super::change::{apply, ongoing};
use super::error::{Act, RoundError};
use super::flag::flag_if_fallen;
use super::lookup::find;
use crate::app::AppState;
use crate::live::{LiveGame, now_millis};
use crate::store::Presence;

/// How often each server writes down which seats' players are connected to it, and
/// looks for seats whose players have gone: every 5 seconds, or a third of the time a
/// seat may be without a connection if that is shorter.
pub const HEARTBEAT: Duration = Duration::from_secs(5);

/// How often the sweeps run, in heartbeats: failed sign-ins and sessions that are
/// over, rated games left unrated by a server that stopped.
const SWEEP_EVERY: u32 = 12;

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX / 4)
}

/// Ends the game if something is due at `now`: its running clock ran out (the game is
/// lost on time), or a deadline of the rules for leaving passed (it is aborted: the
/// side to move made no first move in time, or nobody joined the open challenge).
pub async fn due(app: &AppState, live: &mut LiveGame, now: i64) -> Result<(), RoundError> {
    flag_if_fallen(app, live, now).await?;
    let state = live.state();
    if let Some(at) = state.abort_at()
        && at <= now
    {
        let game = state.game();
        let detail = if state.waiting() {
            "nobody joined the challenge in time".to_owned()
        } else if state.invited() {
            "the invited player did not come in time".to_owned()
        } else {
            format!("{} made no first move in time", game.side_name(game.side_to_move()))
        };
        let mut change = state.change(now);
        change.end(Outcome::draw(Termination::Aborted).with_detail(detail));
        apply(app, live, change).await?;
    }
    Ok(())
}

/// `seat`'s player is here (a request or a connection of the seat): a seat declared
/// gone is gone no longer.
pub async fn here(app: &AppState, live: &mut LiveGame, seat: Side, now: i64) -> Result<(), RoundError> {
    if live.state().outcome().is_some() || live.state().gone()[seat.index()].is_none() {
        return Ok(());
    }
    let mut change = live.state().change(now);
    change.gone[seat.index()] = None;
    apply(app, live, change).await
}

/// `seat` claims the game, the win (or a draw if `draw`), its opponent having been
/// declared gone and the countdown having run out.
pub async fn claim(app: &AppState, live: &mut LiveGame, seat: Side, draw: bool, now: i64) -> Result<(), RoundError> {
    ongoing(live, Act::Claim)?;
    let other = seat.opponent();
    let Some(at) = live.state().gone()[other.index()] else { return Err(RoundError::OpponentHere) };
    if now < at {
        return Err(RoundError::ClaimTooSoon { seconds: (at - now + 999) / 1000 });
    }
    let game = live.state().game();
    let detail = format!("{} left the game", game.side_name(other));
    let outcome =
        if draw { Outcome::draw(Termination::Adjudication) } else { Outcome::win(seat, Termination::Adjudication) };
    let mut change = live.state().change(now);
    change.end(outcome.with_detail(detail));
    apply(app, live, change).await
}

/// Declares gone the seats of `seen` whose players have had no connection since before
/// `cut`: their opponents may claim the game once `claim_after` more has passed. An
/// open challenge whose creator has gone is called off.
pub(super) async fn declare_gone(
    app: &AppState,
    live: &mut LiveGame,
    seen: &Presence,
    cut: i64,
    now: i64,
) -> Result<(), RoundError> {
    let state = live.state();
    if state.outcome().is_some() || state.correspondence() {
        return Ok(());
    }
    let engine = state.engine_seat();
    let mut change = state.change(now);
    let mut changed = false;
    for seat in Side::BOTH {
        let i = seat.index();
        let absent = seen.seen[i].is_some_and(|at| at < cut) && state.gone()[i].is_none();
        if !absent || Some(seat) == engine || app.is_present(&live.row.id, seat) {
            continue;
        }
        if state.waiting() {
            change.end(Outcome::draw(Termination::Aborted).with_detail("the challenger left"));
            return apply(app, live, change).await;
        }
        change.gone[i] = Some(now + millis(app.leaving.claim_after));
        changed = true;
    }
    if changed { apply(app, live, change).await } else { Ok(()) }
}

/// Writes down, every [`HEARTBEAT`], which seats' players are connected to this
/// server, declares gone the seats whose players have had no connection for the
/// server's `gone_after`, and every little while sweeps what is over (failed sign-ins,
/// sessions) and rates the rated games a stopped server left unrated.
pub async fn watch_players(app: Arc<AppState>) {
    let mut beats = 0u32;
    let every = HEARTBEAT.min(app.leaving.gone_after / 3).max(Duration::from_millis(100));
    loop {
        tokio::time::sleep(every).await;
        let now = now_millis();
        if let Err(e) = app.store.seen(&app.present_seats(), now).await {
            eprintln!("arbiter: cannot record who is connected: {e}");
        }
        let cut = now - millis(app.leaving.gone_after);
        if let Ok(absent) = app.store.absent(cut).await {
            for seen in absent {
                let Ok(game) = find(&app, &seen.id).await else { continue };
                let mut live = game.lock().await;
                // Another server may declare it first; its change wins.
                let _ = declare_gone(&app, &mut live, &seen, cut, now).await;
            }
        }
        beats += 1;
        if beats.is_multiple_of(SWEEP_EVERY) {
            crate::ratings::rate_left(&app).await;
            if let Err(e) = crate::accounts::sweep(&app, now).await {
                eprintln!("arbiter: cannot sweep sessions and failed sign-ins: {e}");
            }
        }
    }
}
