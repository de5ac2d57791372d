//! What a seat may do besides moving: resign, offer, accept or decline a draw, abort
//! before both sides have moved, ask for a rematch. Each is stored, then pushed to the
//! watchers like a move. The clock's flag ends a game the same way.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;

use arbiter::Side;

use super::errors::{ApiError, refused};
use super::games::{new_row, store_new_game};
use super::{current, find, game_id, json_body, json_text, make_room, seat};
use crate::AppState;
use crate::live::{Change, LiveGame, now_millis};
use crate::memory::Games;

/// Stores `change` to `live` and sends the new state on; refused if the game does not
/// allow it, or if another server changed the game meanwhile.
pub async fn apply(app: &AppState, live: &mut LiveGame, change: &Change, now: i64) -> Result<(), ApiError> {
    let plan = live.event(change, now).map_err(refused)?;
    let outcome = live.planned_outcome(&plan);
    let rematch = serde_json::to_string(&plan.rematch).map_err(ApiError::internal)?;
    let stored = app.store.record_event(&live.stored_event(&plan, &outcome, &rematch)).await?;
    if !stored {
        Games::refresh(&app.store, live).await?;
        return Err(ApiError::new(StatusCode::CONFLICT, "the game changed meanwhile: look again and retry"));
    }
    live.commit_event(plan);
    let state = live.state_text();
    app.hub.publish(&live.row.id, &state);
    app.games.resized(&live.row.id, live.approx_bytes());
    app.announce(&live.row.id);
    Ok(())
}

/// Runs the change a seat asks for, with the seat's token.
async fn seat_change(
    app: Arc<AppState>,
    path: Result<Path<String>, PathRejection>,
    headers: &HeaderMap,
    change: impl FnOnce(Side) -> Change,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let mut live = current(&app, &id).await?;
    let seat = seat(headers, &live.row)?;
    let now = now_millis();
    if live.flagged(now).is_some() {
        apply(&app, &mut live, &Change::Flag, now).await?;
    }
    let change = change(seat);
    apply(&app, &mut live, &change, now).await?;
    if let Some(engine) = live.setup().opponent.as_ref().map(|o| o.side) {
        // The engine in the other seat answers at once: it always takes a rematch
        // and never a draw.
        match change {
            Change::AskRematch(_) => apply(&app, &mut live, &Change::AskRematch(engine), now).await?,
            Change::OfferDraw(_) => apply(&app, &mut live, &Change::DeclineDraw(engine), now).await?,
            _ => {}
        }
    }
    if live.rematch_wanted() {
        make_rematch(&app, &mut live, now).await?;
    }
    Ok(json_text(live.state_text()))
}

/// Both seats asked: a new game with the same options, the seats swapped. Each
/// player keeps their token, which now opens the other seat.
async fn make_rematch(app: &Arc<AppState>, live: &mut LiveGame, now: i64) -> Result<(), ApiError> {
    let id = crate::tokens::game_id().map_err(ApiError::internal)?;
    let mut setup = live.setup().clone();
    if let Some(opponent) = &mut setup.opponent {
        opponent.side = opponent.side.opponent();
    }
    let row = new_row(&setup, id.clone(), live.row.second_token.clone(), live.row.first_token.clone());
    let rematch = store_new_game(app, row, setup).await?;
    super::opponent::play_if_due(app, &rematch);
    app.games.insert(rematch);
    make_room(app);
    apply(app, live, &Change::RematchMade(id), now).await
}

pub async fn resign(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    seat_change(app, path, &headers, Change::Resign).await
}

pub async fn abort(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    seat_change(app, path, &headers, |_| Change::Abort).await
}

pub async fn rematch(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    seat_change(app, path, &headers, Change::AskRematch).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "lowercase")]
enum DrawAction {
    Offer,
    Accept,
    Decline,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DrawRequest {
    action: DrawAction,
}

pub async fn draw(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: DrawRequest = json_body(body)?;
    let change = match request.action {
        DrawAction::Offer => Change::OfferDraw,
        DrawAction::Accept => Change::AcceptDraw,
        DrawAction::Decline => Change::DeclineDraw,
    };
    seat_change(app, path, &headers, change).await
}

/// Ends, every little while, the games whose running clock ran out with nobody
/// moving, on this server or any other (the deadlines are stored), also after a restart.
pub async fn watch_clocks(app: Arc<AppState>) {
    loop {
        tokio::time::sleep(CLOCK_WATCH).await;
        let now = now_millis();
        let Ok(expired) = app.store.expired(now).await else { continue };
        for id in expired {
            let Ok(game) = find(&app, &id).await else { continue };
            let mut live = game.lock().await;
            if live.flagged(now).is_some() {
                // Another server may flag it first; its change wins and this one is refused.
                let _ = apply(&app, &mut live, &Change::Flag, now).await;
            }
        }
    }
}

/// How often the clocks are looked at: a flag falls at most this late.
const CLOCK_WATCH: std::time::Duration = std::time::Duration::from_millis(200);
