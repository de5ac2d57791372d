//! The engine in a seat: when it is its turn, a task asks it for a move on a copy of
//! the game (the game's lock is not held while it thinks), then plays the move the
//! way a person's is played. An engine that gives no legal move resigns. Whatever
//! looks at a game (a move, a state, a watcher) sets its engine thinking if it should
//! be and is not, so a game whose server restarted goes on.

use std::sync::Arc;

use arbiter::Side;
use tokio::sync::Mutex;

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
    // An engine may be to move again after its move: a turn of several moves (the
    // stones of a Gomoku opening, a choice of offer and the stone after it).
    while think_once(&app, &game, &id).await {}
}

/// Asks the engine for one move and plays it; whether it is the engine's move again.
async fn think_once(app: &Arc<AppState>, game: &Mutex<LiveGame>, id: &str) -> bool {
    let (copy, ply, takebacks, seat, engine, ms) = {
        let live = game.lock().await;
        let Some(seat) = engine_to_move(&live) else { return false };
        let Some(opponent) = live.state().setup().opponent.clone() else { return false };
        let mut ms = opponent.movetime_ms();
        if let Some(left) = live.state().remaining_ms(seat, now_millis()) {
            // Never more than a tenth of what is left on its clock.
            ms = ms.min((left / 10).max(MIN_MOVETIME_MS));
        }
        (live.state().game().clone(), live.state().ply(), live.row.takebacks, seat, opponent.engine, ms)
    };
    let chosen = match app.computers.find(engine.as_deref(), copy.kind()) {
        Ok(computer) => computer.choose(&copy, ms, seed(id, ply)).await.map_err(|why| why.to_string()),
        Err(why) => Err(why.to_string()),
    };
    let mut live = game.lock().await;
    if live.state().ply() != ply || live.row.takebacks != takebacks || engine_to_move(&live).is_none() {
        // The game went on without it (another server's engine, a resignation), or
        // moves were taken back while it thought: its move may not fit any more.
        return false;
    }
    let now = now_millis();
    let why = match chosen {
        Ok(text) => match play(app, &mut live, seat, ply, Move::Text(text), now).await {
            Err(RoundError::IllegalMove(error)) => error.to_string(),
            Ok(()) => return engine_to_move(&live).is_some(),
            // The game ended on time, or changed on another server.
            Err(_) => return false,
        },
        Err(why) => {
            // Its clock may have run out while it thought: the game then ends on time.
            if due(app, &mut live, now).await.is_err() || live.state().outcome().is_some() {
                return false;
            }
            why
        }
    };
    eprintln!("arbiter: game {id}: the engine gave no legal move ({why}); it resigns");
    let _ = resign(app, &mut live, seat, now).await;
    false
}

/// A seed that differs from game to game and move to move.
fn seed(id: &str, ply: i64) -> u64 {
    id.bytes().fold(ply as u64 ^ 0x9e37_79b9_7f4a_7c15, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}
