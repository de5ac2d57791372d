//! Tournaments over HTTP: making one, the lists, one tournament (its standings and
//! rounds), joining and withdrawing, a WebSocket that sends it again after every
//! change, and the records of all its games in one file.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::errors::ApiError;
use super::http::{body_bytes, game_id};
use super::identity;
use super::requests;
use crate::app::AppState;
use crate::events::{self, EventError, NewTournament};
use crate::live::now_millis;
use crate::store::{Account, CREATED, ENDED, RUNNING};

impl From<EventError> for ApiError {
    fn from(error: EventError) -> ApiError {
        let status = match error {
            EventError::Options(refused) => return refused.into(),
            EventError::Store(store) => return store.into(),
            EventError::Game(failed) => return ApiError::internal(failed),
            EventError::SignInNeeded => StatusCode::UNAUTHORIZED,
            EventError::NoSuchTournament => StatusCode::NOT_FOUND,
            EventError::Over => StatusCode::GONE,
            EventError::NotIn | EventError::TooMany | EventError::Full | EventError::Pairing(_) => StatusCode::CONFLICT,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::coded(status, error.to_string(), error.code())
    }
}

async fn signed_in(app: &AppState, headers: &HeaderMap) -> Result<Account, ApiError> {
    identity::account(app, headers).await?.ok_or_else(|| EventError::SignInNeeded.into())
}

/// `POST /api/tournaments`: makes a tournament, `201` with it.
pub async fn create(
    State(app): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let new: NewTournament = requests::json(&body_bytes(body)?)?;
    let creator = signed_in(&app, &headers).await?;
    let t = events::create(&app, &creator, new, now_millis()).await?;
    let body = events::tournament_json(&app, &t).await?;
    Ok((StatusCode::CREATED, [(header::LOCATION, format!("/api/tournaments/{}", t.id))], Json(body)).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    status: Option<String>,
    limit: Option<i64>,
    offset: Option<i64>,
}

/// `GET /api/tournaments?status=upcoming|running|finished&limit=50&offset=0`.
pub async fn list(State(app): State<Arc<AppState>>, uri: Uri) -> Result<Json<Value>, ApiError> {
    let query: ListQuery = requests::query(&uri)?;
    let status = match query.status.as_deref().unwrap_or("upcoming") {
        "upcoming" => CREATED,
        "running" => RUNNING,
        "finished" => ENDED,
        _ => return Err(super::errors::bad_request("status is upcoming, running or finished")),
    };
    let (limit, offset) = (query.limit.unwrap_or(50), query.offset.unwrap_or(0));
    if !(1..=200).contains(&limit) || offset < 0 {
        return Err(super::errors::bad_request("limit is 1 to 200 and offset at least 0"));
    }
    let (rows, total) = app.store.tournaments(status, limit, offset).await?;
    let list: Vec<Value> = rows.iter().map(events::summary).collect();
    Ok(Json(json!({ "tournaments": list, "total": total, "limit": limit, "offset": offset })))
}

async fn whole(app: &AppState, id: &str, you: Option<&Account>) -> Result<Value, ApiError> {
    let t = app.store.tournament(id).await?.ok_or(EventError::NoSuchTournament)?;
    let mut value = events::tournament_json(app, &t).await?;
    if let Some(account) = you {
        // The standings hold every player by its account's name (unique), withdrawn or not.
        let lines = value["standings"].as_array().map(Vec::as_slice).unwrap_or_default();
        let joined = lines.iter().any(|l| l["name"] == account.name.as_str() && l["withdrawn"] == false);
        value["you"] = json!({ "joined": joined, "name": account.name });
    }
    Ok(value)
}

/// `GET /api/tournaments/{id}`: the tournament, its standings and rounds; for a
/// signed-in player, `you` says whether it plays there.
pub async fn one(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(path)?;
    let you = identity::account(&app, &headers).await?;
    Ok(Json(whole(&app, &id, you.as_ref()).await?))
}

/// `POST /api/tournaments/{id}/join`.
pub async fn join(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(path)?;
    let account = signed_in(&app, &headers).await?;
    events::enter(&app, &id, &account, now_millis()).await?;
    Ok(Json(whole(&app, &id, Some(&account)).await?))
}

/// `POST /api/tournaments/{id}/withdraw`.
pub async fn withdraw(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(path)?;
    let account = signed_in(&app, &headers).await?;
    events::leave(&app, &id, &account).await?;
    Ok(Json(whole(&app, &id, Some(&account)).await?))
}

/// `GET /api/tournaments/{id}/ws`: a WebSocket that gets `{"type": "tournament",
/// "tournament": ...}` now and after every change (a join, a withdrawal, a pairing, a
/// game made or ended), until the watcher leaves; it closes after the tournament has ended.
pub async fn watch(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let upgrade = upgrade.map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    app.store.tournament(&id).await?.ok_or(EventError::NoSuchTournament)?;
    Ok(upgrade.on_upgrade(move |socket| follow(app, id, socket)))
}

async fn follow(app: Arc<AppState>, id: String, mut socket: WebSocket) {
    let mut feed = events::follow(&app, &id);
    let deadline = app.limits.ws_send_timeout;
    loop {
        let latest = feed.borrow_and_update().clone();
        if let Some((text, over)) = latest {
            match tokio::time::timeout(deadline, socket.send(Message::Text(text.to_string().into()))).await {
                Ok(Ok(())) => {}
                _ => return,
            }
            if over {
                let _ = socket.send(Message::Close(None)).await;
                return;
            }
        }
        tokio::select! {
            changed = feed.changed() => if changed.is_err() {
                // The feed stopped without a last text (the tournament is gone).
                return;
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
        }
    }
}

/// `GET /api/tournaments/{id}/records`: every game's record in one file, by round and
/// board, each with the tournament's name as `Event` and its round as `Round`.
pub async fn records(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let t = app.store.tournament(&id).await?.ok_or(EventError::NoSuchTournament)?;
    let pairings = app.store.pairings(&id).await?;
    let mut text = String::new();
    let mut extension = "pgn";
    for p in pairings.iter().filter(|p| p.second.is_some()) {
        let Some(game) = p.game_id.as_deref() else { continue };
        let Ok(live) = crate::round::current(&app, game).await else { continue };
        let mut record = super::record::record_of(&live);
        record.set_tag("Event", t.name.clone());
        record.set_tag("Round", format!("{}.{}", p.round, p.board));
        let (one, format) = super::record::as_many(&record);
        extension = format;
        text.push_str(&one);
        text.push('\n');
    }
    let disposition = format!("attachment; filename=\"arbiter-tournament-{id}.{extension}\"");
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()), (header::CONTENT_DISPOSITION, disposition)],
        text,
    )
        .into_response())
}
