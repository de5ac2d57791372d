//! Moves: a seat's move, checked by the rules library on a copy of the game, its
//! time charged to the seat's clock, stored, then taken by the game and sent on.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;

use arbiter::AnyGame;

use super::actions::apply;
use super::errors::{ApiError, bad_request};
use super::opponent;
use super::{find, game_id, json_body, json_text, seat};
use crate::AppState;
use crate::live::{Change, LiveGame, PreparedMove, now_millis};
use crate::memory::Games;
use crate::store::StoreError;

/// A move as its text, or as the points a piece goes from and to (a click on two
/// points, legal or not: the refusal then says why).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    text: Option<String>,
    from: Option<String>,
    to: Option<String>,
    ply: i64,
}

impl MoveRequest {
    fn text(&self, game: &AnyGame) -> Result<String, ApiError> {
        match (&self.text, &self.from, &self.to) {
            (Some(text), None, None) => Ok(text.clone()),
            (None, Some(from), Some(to)) => game
                .text_between(from, to)
                .ok_or_else(|| bad_request(format!("nothing moves from a point in {}: send the move", game.kind()))),
            _ => Err(bad_request("give the move, or its from and to points")),
        }
    }
}

pub async fn make_move(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let started = std::time::Instant::now();
    let id = game_id(path)?;
    let game = find(&app, &id).await?;
    let mut live = game.lock().await;
    let seat = seat(&headers, &live.row)?;
    let request: MoveRequest = json_body(body)?;
    if request.ply > live.ply() {
        // The client has seen moves this process has not: another server made them.
        Games::refresh(&app.store, &mut live).await?;
    }
    let now = now_millis();
    if live.flagged(now).is_some() {
        // The clock ran out before this move came: the game ends on time here.
        apply(&app, &mut live, &Change::Flag, now).await?;
    }
    if let Some(outcome) = live.outcome() {
        let how = outcome.headline(|side| live.game().side_name(side));
        return Err(ApiError::new(StatusCode::GONE, format!("the game is over: {how}")));
    }
    if seat != live.game().side_to_move() {
        return Err(ApiError::new(StatusCode::CONFLICT, "it is not your turn"));
    }
    if request.ply != live.ply() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("ply {} is not the next ply ({})", request.ply, live.ply()),
        ));
    }
    // Tried on a copy: the game changes only once the move is stored.
    let text = request.text(live.game())?;
    let prepared = live.prepare_move(seat, request.ply, &text, now).map_err(|e| bad_request(e.to_string()))?;
    let state = store_move(&app, &mut live, prepared).await?;
    opponent::play_if_due(&app, &live);
    drop(live);
    app.metrics.move_latency.observe(started.elapsed().as_secs_f64());
    Ok(json_text(state))
}

/// Stores a checked move, then lets the game take it and sends the new state on.
pub(super) async fn store_move(
    app: &AppState,
    live: &mut LiveGame,
    prepared: PreparedMove,
) -> Result<Arc<str>, ApiError> {
    match app.store.record_move(prepared.record.clone()).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => {
            // Another server stored this ply first: catch up and say so.
            Games::refresh(&app.store, live).await?;
            return Err(ApiError::new(StatusCode::CONFLICT, "that ply has already been played"));
        }
        Err(e) => return Err(e.into()),
    }
    live.commit_move(prepared);
    let state = live.state_text();
    let id = &live.row.id;
    // Published under the game's lock, so watchers get states in move order.
    app.hub.publish(id, &state);
    app.games.resized(id, live.approx_bytes());
    app.announce(id);
    app.metrics.moves_stored.inc();
    Ok(state)
}
