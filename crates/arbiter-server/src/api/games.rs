//! Games: creating one, its state, its board, the lobby's list.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::errors::ApiError;
use super::http::{body_bytes, game_id, json_text};
use super::identity;
use super::requests;
use super::seat_request::SeatRequest;
use crate::app::AppState;
use crate::live::now_millis;
use crate::round;
use crate::rows::GameRow;

/// `POST /api/games` with `{"game": NAME, "options": {...}, "name": NAME, "open":
/// BOOL}`: `201` with the game's id, its seats' tokens (given only here; for an open
/// challenge the first seat's only) and its state.
pub async fn create_game(
    State(app): State<Arc<AppState>>,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let legal = requests::listing(&uri)?;
    let mut request = requests::new_game(&body_bytes(body)?)?;
    request.creator.account = identity::account(&app, &headers).await?;
    let round::Created { id, tokens, state } =
        round::create_for(&app, &request.game, &request.options, &request.creator, now_millis(), legal).await?;
    let tokens: serde_json::Map<String, Value> =
        tokens.into_iter().map(|(side, token)| (side.name().to_owned(), Value::String(token))).collect();
    let body = json!({ "id": id, "tokens": tokens, "state": state });
    Ok((StatusCode::CREATED, [(header::LOCATION, format!("/api/games/{id}"))], Json(body)).into_response())
}

/// `GET /api/games/{id}`: the game's state. With a seat's token, or as the account
/// that plays a seat, it is that seat's state, with `"your_seat"`: for the creator,
/// with the invite for the second seat while that seat has not been used; for the
/// second seat, the request uses the seat.
pub async fn game_state(request: SeatRequest) -> Result<Response, ApiError> {
    let app = &request.app;
    let mut live = round::current(app, &request.id).await?;
    round::play_if_due(app, &live);
    if let Some(seat) = request.seat_if_any(&live.row).await? {
        round::used(app, &mut live, seat, now_millis()).await?;
        round::here(app, &mut live, seat, now_millis()).await?;
        let mut state = live.state_json(request.legal);
        state["your_seat"] = json!(seat.name());
        if let Some(invite) = round::invite(app, &mut live, seat).await? {
            state["invite"] = invite;
        }
        return Ok(Json(state).into_response());
    }
    Ok(request.state(&live))
}

/// `POST /api/games/{id}/join` with `{"name": NAME}`: the free second seat of an open
/// challenge, once: `200` with its token and the state; `409` for every later join.
pub async fn join(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let legal = requests::listing(&uri)?;
    let name = requests::join(&body_bytes(body)?)?;
    let account = identity::account(&app, &headers).await?;
    let token = identity::bearer(&headers)?.map(str::to_owned);
    let joiner = round::JoinRequest { name, account, token };
    let round::Joined { seat, token, state } = round::join(&app, &id, joiner, now_millis(), legal).await?;
    let state: Value = serde_json::from_str(&state).unwrap_or(Value::Null);
    let link = format!("/games/{id}#seat={}&token={token}", seat.name());
    let body = json!({
        "id": id,
        "seat": seat.name(),
        "token": token,
        "tokens": { seat.name(): token },
        "link": link,
        "state": state,
    });
    Ok(Json(body).into_response())
}

/// `GET /api/games/{id}/board.svg`: the board as SVG.
pub async fn board_svg(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let flip = requests::board(&uri)?;
    let (copy, ended) = {
        let live = round::current(&app, &id).await?;
        (live.state().game().clone(), live.state().outcome().is_some())
    };
    // Drawn from a copy, so that a big board does not hold the game's lock.
    let svg = arbiter_render::svg(&copy, arbiter_render::View { flip, ended });
    Ok(([(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"), (header::CACHE_CONTROL, "no-store")], svg)
        .into_response())
}

/// `GET /api/games/{id}/explain`: why the game's last repetition is judged as it is
/// (`AnyGame::explain`): `{"explanation": {...}}`, or `{"explanation": null}` when no
/// position has stood twice or the game's rules weigh no repetition. Worked out once a
/// move, whoever asks and however often (`round::explanation`).
pub async fn explain(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    Ok(json_text(round::explanation(&app, &id).await?))
}

/// `GET /api/games?status=ongoing|playing|open|finished&limit=&offset=`: the lobby's
/// list, newest first, a page at a time.
pub async fn list_games(State(app): State<Arc<AppState>>, uri: Uri) -> Result<Json<Value>, ApiError> {
    let requests::LobbyPage { list, limit, offset } = requests::lobby(&uri)?;
    let (rows, total) = app.store.list_games(list, limit, offset).await?;
    let mut games: Vec<Value> = rows.iter().map(listed).collect();
    // A rated open challenge shows its challenger's rating in its game.
    let now = now_millis();
    for (game, row) in games.iter_mut().zip(&rows) {
        if let (true, Some(account)) = (row.is_rated() && row.waiting(), row.first_account) {
            let standing = app.store.standing(account, &row.game).await?;
            let rating = standing.map_or(crate::ratings::glicko::START, |s| crate::ratings::rating_at(&s, now));
            game["ratings"]["first"] = json!({ "rating": rating.rating.round(), "rd": rating.rd.round(), "provisional": rating.provisional() });
        }
    }
    Ok(Json(json!({ "games": games, "total": total, "limit": limit, "offset": offset })))
}

/// A game as the lobby lists it: no token, nothing that needs its moves replayed.
fn listed(row: &GameRow) -> Value {
    let options = serde_json::from_str::<Value>(&row.options).unwrap_or(Value::Null);
    let [first, second] = row.names();
    json!({
        "id": row.id,
        "game": row.game,
        "time_control": options.get("clock").cloned().unwrap_or(Value::Null),
        "options": options,
        "players": { "first": first, "second": second },
        "open": row.waiting() && row.status == crate::rows::ONGOING,
        "ply": row.ply,
        "status": row.status,
        "outcome": row.outcome_value(),
        "created_at": row.created_at,
        "ended_at": row.ended_at,
        "rated": row.is_rated(),
        "accounts": { "first": row.first_account.is_some(), "second": row.second_account.is_some() },
        "bots": { "first": row.bots[0], "second": row.bots[1] },
        "ratings": { "first": null, "second": null },
    })
}
