//! The engine in a seat: when it is its turn, a task asks it for a move on a copy of
//! the game (the game's lock is not held while it thinks), then plays the move the
//! way a person's is played. An engine that gives no legal move resigns. Whatever
//! looks at a game (a move, a state, a watcher) sets its engine thinking if it should
//! be and is not, so a game whose server restarted goes on.

use std::sync::Arc;

use arbiter::Side;

use super::error::RoundError;
use super::finish::resign;
use super::leave::due;
use super::lookup::find;
use super::play::{Move, play};
use crate::app::AppState;
use crate::live::{LiveGame, now_millis};

/// The shortest time an engine is given for a move when its clock runs low.
const MIN_MOVETIME_MS: u64 = 20;

/// The engine's seat, if `live` has an engine and it is to move.
fn engine_to_move(live: &LiveGame) -> Option<Side> {
    let opponent = live.state().setup().opponent.as_ref()?;
    (live.state().outcome().is_none() && live.state().game().side_to_move() == opponent.side).then_some(opponent.side)
}

/// Sets the game's engine thinking if it is to move and is not thinking already.
pub fn play_if_due(app: &Arc<AppState>, live: &LiveGame) {
    if engine_to_move(live).is_none() {
        return;
    }
    let id = live.row.id.clone();
    let Ok(mut thinking) = app.thinking.lock() else { return };
    if !thinking.insert(id.clone()) {
        return;
    }
    drop(thinking);
    tokio::spawn(think_and_move(Arc::clone(app), id));
}

/// Takes the game out of the thinking set however the task ends.
struct Thinking {
    app: Arc<AppState>,
    id: String,
}

impl Drop for Thinking {
    fn drop(&mut self) {
        if let Ok(mut thinking) = self.app.thinking.lock() {
            thinking.remove(&self.id);
        }
    }
}

async fn think_and_move(app: Arc<AppState>, id: String) {
    let _thinking = Thinking { app: Arc::clone(&app), id: id.clone() };
    let Ok(game) = find(&app, &id).await else { return };
    let (copy, ply, takebacks, seat, engine, ms) = {
        let live = game.lock().await;
        let Some(seat) = engine_to_move(&live) else { return };
        let Some(opponent) = live.state().setup().opponent.clone() else { return };
        let mut ms = opponent.movetime_ms();
        if let Some(left) = live.state().remaining_ms(seat, now_millis()) {
            // Never more than a tenth of what is left on its clock.
            ms = ms.min((left / 10).max(MIN_MOVETIME_MS));
        }
        (live.state().game().clone(), live.state().ply(), live.row.takebacks, seat, opponent.engine, ms)
    };
    let chosen = match app.computers.find(engine.as_deref(), copy.kind()) {
        Ok(computer) => computer.choose(&copy, ms, seed(&id, ply)).await.map_err(|why| why.to_string()),
        Err(why) => Err(why.to_string()),
    };
    let mut live = game.lock().await;
    if live.state().ply() != ply || live.row.takebacks != takebacks || engine_to_move(&live).is_none() {
        // The game went on without it (another server's engine, a resignation), or
        // moves were taken back while it thought: its move may not fit any more.
        return;
    }
    let now = now_millis();
    let why = match chosen {
        Ok(text) => match play(&app, &mut live, seat, ply, Move::Text(text), now).await {
            Err(RoundError::IllegalMove(error)) => error.to_string(),
            // Played; or the game ended on time, or changed on another server.
            _ => return,
        },
        Err(why) => {
            // Its clock may have run out while it thought: the game then ends on time.
            if due(&app, &mut live, now).await.is_err() || live.state().outcome().is_some() {
                return;
            }
            why
        }
    };
    eprintln!("arbiter: game {id}: the engine gave no legal move ({why}); it resigns");
    let _ = resign(&app, &mut live, seat, now).await;
}

/// A seed that differs from game to game and move to move.
fn seed(id: &str, ply: i64) -> u64 {
    id.bytes().fold(ply as u64 ^ 0x9e37_79b9_7f4a_7c15, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}
