//! Challenges to a named player over HTTP: `POST /api/challenges` (a person or a bot
//! challenges an account by name), `GET /api/challenges` (one's own, incoming and
//! outgoing), and `POST /api/challenges/{id}/accept`, `/decline` and `/cancel`.
//! Accepting makes a game with both accounts in their seats (`round::create_between`);
//! each opens its seat with its session or API token. The limits on challenges a
//! minute and on a bot's games at once are answered as `429` with `Retry-After`.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::accounts::required;
use super::errors::ApiError;
use super::http::{body_bytes, game_id};
use super::requests::json;
use crate::accounts::names::name_key;
use crate::app::AppState;
use crate::live::now_millis;
use crate::round;
use crate::store::{ACCEPTED, Account, CANCELED, Challenge, DECLINED, PENDING};

/// How long a challenge waits for its addressee: five minutes.
pub const CHALLENGE_MS: i64 = 5 * 60_000;

/// The most challenges an account may make in a minute.
pub const CHALLENGES_PER_MINUTE: i64 = 20;

/// The most games a bot may play at once: challenges that would make one more are
/// refused, to the challenger and to the bot accepting alike.
pub const BOT_GAMES_AT_ONCE: usize = 8;

/// The longest reason for declining, in characters.
const MAX_REASON: usize = 200;

/// A challenge as its players see it.
pub fn challenge_json(c: &Challenge, now: i64) -> Value {
    json!({
        "id": c.id,
        "from": c.challenger_name,
        "to": c.addressee_name,
        "game": c.game,
        "options": serde_json::from_str::<Value>(&c.options).unwrap_or(Value::Null),
        "rated": c.rated,
        "colour": c.colour,
        "status": c.status_at(now),
        "reason": c.reason,
        "game_id": c.game_id,
        "created_at": c.created_at,
        "expires_at": c.expires_at,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewChallenge {
    to: String,
    game: String,
    #[serde(default)]
    options: Value,
    #[serde(default)]
    rated: bool,
    colour: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Decline {
    reason: Option<String>,
}

fn no_such_challenge() -> ApiError {
    ApiError::coded(StatusCode::NOT_FOUND, "no such challenge", "no_such_challenge")
}

/// `429` `too_many_games` for a bot that plays as many games as it may.
async fn room_for_a_game(app: &AppState, account: i64, name: &str) -> Result<(), ApiError> {
    if app.store.is_bot(account).await? && app.store.ongoing_games_of(account).await?.len() >= BOT_GAMES_AT_ONCE {
        return Err(ApiError::too_many(
            format!("{name} is a bot playing {BOT_GAMES_AT_ONCE} games, the most at once"),
            "too_many_games",
            60,
        ));
    }
    Ok(())
}

/// `POST /api/challenges` with `{"to": NAME, "game", "options", "rated", "colour":
/// "first"|"second"|"random"}`: `201` `{"challenge": CHALLENGE}`.
pub async fn create(
    State(app): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let account = required(&app, &headers).await?;
    let asked: NewChallenge = json(&body_bytes(body)?)?;
    let colour = asked.colour.unwrap_or_else(|| "random".to_owned());
    if !matches!(colour.as_str(), "first" | "second" | "random") {
        return Err(ApiError::coded(StatusCode::BAD_REQUEST, "colour is first, second or random", "bad_colour"));
    }
    let found = if asked.to.chars().count() <= crate::accounts::names::MAX_NAME_CHARS {
        app.store.account_by_key(&name_key(&asked.to)).await?
    } else {
        None
    };
    let Some((addressee, _)) = found else {
        return Err(ApiError::coded(StatusCode::NOT_FOUND, "no player has that name", "no_such_player"));
    };
    if addressee.id == account.id {
        return Err(ApiError::coded(StatusCode::CONFLICT, "nobody challenges themselves", "own_challenge"));
    }
    // The game is checked now, so that a challenge accepted always makes a game.
    let setup = round::setup(&app, &asked.game, &asked.options).map_err(ApiError::from)?;
    if setup.opponent.is_some() {
        return Err(ApiError::coded(
            StatusCode::BAD_REQUEST,
            "a challenge is between two players: it names no computer opponent",
            "challenge_with_computer",
        ));
    }
    let now = now_millis();
    let (made, first) = app.store.challenges_made(account.id, now - 60_000).await?;
    if made >= CHALLENGES_PER_MINUTE {
        let wait = first.map_or(60_000, |at| at + 60_000 - now).max(1000);
        return Err(ApiError::too_many(
            format!("at most {CHALLENGES_PER_MINUTE} challenges a minute"),
            "too_many_challenges",
            u32::try_from((wait + 999) / 1000).unwrap_or(60),
        ));
    }
    room_for_a_game(&app, addressee.id, &addressee.name).await?;
    room_for_a_game(&app, account.id, &account.name).await?;
    let challenge = Challenge {
        id: crate::tokens::game_id().map_err(ApiError::internal)?,
        challenger: account.id,
        challenger_name: account.name.clone(),
        addressee: addressee.id,
        addressee_name: addressee.name.clone(),
        game: setup.options.kind().name().to_owned(),
        options: setup.to_value().to_string(),
        rated: asked.rated,
        colour,
        status: PENDING.to_owned(),
        reason: None,
        game_id: None,
        created_at: now,
        expires_at: now + CHALLENGE_MS,
        updated_at: now,
    };
    app.store.create_challenge(&challenge).await?;
    let body = json!({ "challenge": challenge_json(&challenge, now) });
    Ok((StatusCode::CREATED, [(header::CACHE_CONTROL, "no-store")], Json(body)).into_response())
}

/// `GET /api/challenges`: `{"incoming": [CHALLENGE], "outgoing": [CHALLENGE]}`, the
/// account's pending challenges, oldest first.
pub async fn list(State(app): State<Arc<AppState>>, headers: HeaderMap) -> Result<Response, ApiError> {
    let account = required(&app, &headers).await?;
    let now = now_millis();
    let pending = app.store.pending_challenges(account.id, now).await?;
    let (incoming, outgoing): (Vec<_>, Vec<_>) = pending.iter().partition(|c| c.addressee == account.id);
    let body = json!({
        "incoming": incoming.iter().map(|c| challenge_json(c, now)).collect::<Vec<_>>(),
        "outgoing": outgoing.iter().map(|c| challenge_json(c, now)).collect::<Vec<_>>(),
    });
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response())
}

/// `GET /api/challenges/{id}`: `200` `{"challenge": CHALLENGE}` whatever its status,
/// to its challenger or its addressee (`404` `no_such_challenge` to anyone else), so
/// that a challenger sees what became of a challenge no longer pending.
pub async fn show(
    State(app): State<Arc<AppState>>,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let account = required(&app, &headers).await?;
    let challenge = party_to(&app, &challenge_id(path)?, &account).await?;
    let body = json!({ "challenge": challenge_json(&challenge, now_millis()) });
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response())
}

/// The challenge `id`, if `account` is its challenger or its addressee: to anyone
/// else it is `404`, as one that does not exist.
async fn party_to(app: &AppState, id: &str, account: &Account) -> Result<Challenge, ApiError> {
    let challenge = app.store.challenge(id).await?.ok_or_else(no_such_challenge)?;
    if challenge.addressee != account.id && challenge.challenger != account.id {
        return Err(no_such_challenge());
    }
    Ok(challenge)
}

/// The challenge `id`, which `account` must be the addressee of (`addressee`) or the
/// challenger of, and which must be pending: `404`, `403` `not_your_challenge` or
/// `409` `challenge_not_pending` otherwise.
async fn pending_for(
    app: &AppState,
    id: &str,
    account: &Account,
    addressee: bool,
    now: i64,
) -> Result<Challenge, ApiError> {
    let challenge = party_to(app, id, account).await?;
    let whose = if addressee { challenge.addressee } else { challenge.challenger };
    if whose != account.id {
        let who = if addressee { "its addressee" } else { "its challenger" };
        return Err(ApiError::coded(StatusCode::FORBIDDEN, format!("only {who} may do that"), "not_your_challenge"));
    }
    let status = challenge.status_at(now);
    if status != PENDING {
        return Err(ApiError::coded(
            StatusCode::CONFLICT,
            format!("the challenge is {status}, no longer pending"),
            "challenge_not_pending",
        ));
    }
    Ok(challenge)
}

fn challenge_id(path: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    game_id(path)
}

/// `POST /api/challenges/{id}/accept`: `200` `{"challenge": CHALLENGE, "game": {"id",
/// "seat", "state"}}`, the game made with both accounts in their seats.
pub async fn accept(
    State(app): State<Arc<AppState>>,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let account = required(&app, &headers).await?;
    let id = challenge_id(path)?;
    let now = now_millis();
    let challenge = pending_for(&app, &id, &account, true, now).await?;
    room_for_a_game(&app, account.id, &account.name).await?;
    room_for_a_game(&app, challenge.challenger, &challenge.challenger_name).await?;
    // Claimed first, by one conditional UPDATE: of an accept and a cancel at once,
    // one wins, and no game is made for a challenge called off.
    if !app.store.settle_challenge(&id, ACCEPTED, None, None, now).await? {
        return Err(ApiError::coded(
            StatusCode::CONFLICT,
            "the challenge is no longer pending",
            "challenge_not_pending",
        ));
    }
    let challenger = Account { id: challenge.challenger, name: challenge.challenger_name.clone(), created_at: 0 };
    let challenger_first = match challenge.colour.as_str() {
        "first" => true,
        "second" => false,
        _ => {
            let mut byte = [0u8; 1];
            getrandom::fill(&mut byte).map_err(ApiError::internal)?;
            byte[0] & 1 == 0
        }
    };
    let bots = [app.store.is_bot(challenger.id).await?, app.store.is_bot(account.id).await?];
    let (seats, bots) =
        if challenger_first { ([&challenger, &account], bots) } else { ([&account, &challenger], [bots[1], bots[0]]) };
    let options: Value = serde_json::from_str(&challenge.options).unwrap_or(Value::Null);
    let between = round::Between {
        seats: seats.map(|a| (a.id, a.name.clone())),
        bots,
        rated: challenge.rated,
        id: None,
        tournament: None,
    };
    let made = round::create_between(&app, &challenge.game, &options, between, now).await;
    let created = match made {
        Ok(created) => created,
        Err(error) => {
            app.store.challenge_game(&id, None, "the game could not be made", now_millis()).await?;
            return Err(error.into());
        }
    };
    app.store.challenge_game(&id, Some(&created.id), "", now_millis()).await?;
    let seat = if challenger_first { "second" } else { "first" };
    let mut state = created.state;
    state["your_seat"] = json!(seat);
    let challenge = app.store.challenge(&id).await?.ok_or_else(no_such_challenge)?;
    let body = json!({
        "challenge": challenge_json(&challenge, now),
        "game": { "id": created.id, "seat": seat, "state": state },
    });
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response())
}

/// `POST /api/challenges/{id}/decline` with `{"reason": TEXT}` (optional, at most 200
/// characters): `200` `{"challenge": CHALLENGE}`.
pub async fn decline(
    State(app): State<Arc<AppState>>,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let account = required(&app, &headers).await?;
    let id = challenge_id(path)?;
    let bytes = body_bytes(body)?;
    let asked: Decline = if bytes.iter().all(u8::is_ascii_whitespace) { Decline::default() } else { json(&bytes)? };
    let reason = asked.reason.map(|r| r.trim().chars().take(MAX_REASON).collect::<String>());
    let reason = reason.filter(|r| !r.is_empty()).unwrap_or_else(|| "declined".to_owned());
    settle(&app, &id, &account, true, DECLINED, Some(&reason)).await
}

/// `POST /api/challenges/{id}/cancel`: the challenger calls it off; `200`
/// `{"challenge": CHALLENGE}`.
pub async fn cancel(
    State(app): State<Arc<AppState>>,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let account = required(&app, &headers).await?;
    let id = challenge_id(path)?;
    settle(&app, &id, &account, false, CANCELED, None).await
}

async fn settle(
    app: &AppState,
    id: &str,
    account: &Account,
    addressee: bool,
    status: &str,
    reason: Option<&str>,
) -> Result<Response, ApiError> {
    let now = now_millis();
    pending_for(app, id, account, addressee, now).await?;
    if !app.store.settle_challenge(id, status, reason, None, now).await? {
        return Err(ApiError::coded(
            StatusCode::CONFLICT,
            "the challenge is no longer pending",
            "challenge_not_pending",
        ));
    }
    let challenge = app.store.challenge(id).await?.ok_or_else(no_such_challenge)?;
    Ok(Json(json!({ "challenge": challenge_json(&challenge, now) })).into_response())
}
