//! Players over HTTP: `GET /api/players/{name}` (ratings by game, with their history
//! for a chart), `GET /api/players/{name}/games` (newest first, a page at a time, with
//! the result, the opponent and the rating change of each, and whose turn it is in the
//! games going on) and `GET /api/leaderboard/{game}`.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::Json;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{StatusCode, Uri};
use serde::Deserialize;
use serde_json::{Value, json};

use arbiter::{GameKind, Side};

use super::errors::ApiError;
use super::requests::query;
use crate::accounts::names::name_key;
use crate::app::AppState;
use crate::live::now_millis;
use crate::ratings::glicko::PROVISIONAL_RD;
use crate::ratings::rating_at;
use crate::rows::{GameRow, ONGOING, seat_of};
use crate::store::Account;

/// The most points of a game's rating history a player's answer holds.
const HISTORY: i64 = 500;
/// The most players of a leaderboard.
const MAX_LEADERS: i64 = 200;

fn round(value: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (value * scale).round() / scale
}

fn path_text(path: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    let Path(text) = path.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    Ok(text)
}

/// The account named `name` (in any case), or `404` `no_such_player`.
async fn player(app: &AppState, name: &str) -> Result<Account, ApiError> {
    let found = if name.chars().count() <= crate::accounts::names::MAX_NAME_CHARS {
        app.store.account_by_key(&name_key(name)).await?
    } else {
        None
    };
    found
        .map(|(account, _)| account)
        .ok_or_else(|| ApiError::coded(StatusCode::NOT_FOUND, "no player has that name", "no_such_player"))
}

/// An account's ratings by game at `now`: `{GAME: {"rating", "rd", "volatility",
/// "games", "provisional"}}`, each RD grown for the time since its last rated game.
pub async fn ratings_json(app: &AppState, account: i64, now: i64) -> Result<Value, ApiError> {
    let mut ratings = serde_json::Map::new();
    for (game, standing) in app.store.standings(account).await? {
        let rating = rating_at(&standing, now);
        ratings.insert(
            game,
            json!({
                "rating": round(rating.rating, 2),
                "rd": round(rating.rd, 2),
                "volatility": round(rating.volatility, 6),
                "games": standing.games,
                "provisional": rating.provisional(),
            }),
        );
    }
    Ok(Value::Object(ratings))
}

/// `GET /api/players/{name}`: `{"name", "created_at", "bot", "ratings", "history"}`;
/// `history` holds, by game, the rating after each rated game (`{"at", "rating",
/// "rd", "game"}`), oldest first, the last 500.
pub async fn profile(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<Value>, ApiError> {
    let account = player(&app, &path_text(path)?).await?;
    let ratings = ratings_json(&app, account.id, now_millis()).await?;
    let mut history: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for (game, change) in app.store.rating_history(account.id, HISTORY).await? {
        history.entry(game).or_default().push(json!({
            "at": change.at,
            "rating": round(change.after, 2),
            "rd": round(change.rd, 2),
        }));
    }
    Ok(Json(json!({
        "name": account.name,
        "created_at": account.created_at,
        "bot": app.store.is_bot(account.id).await?,
        "ratings": ratings,
        "history": history,
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GamesQuery {
    status: Option<String>,
    limit: Option<i64>,
    offset: Option<i64>,
}

/// One of a player's games, as seen from their seat.
pub(super) fn player_game(row: &GameRow, seat: Side) -> Value {
    let options = serde_json::from_str::<Value>(&row.options).unwrap_or(Value::Null);
    let other = seat.opponent();
    let opponent_account = row.accounts()[other.index()];
    let opponent_name = row.names()[other.index()];
    let outcome = row.outcome_value();
    let result = (!outcome.is_null()).then(|| {
        match (outcome["result"].as_str(), outcome["winner_seat"].as_str().and_then(seat_of)) {
            (Some("aborted"), _) => "aborted",
            (_, Some(winner)) if winner == seat => "win",
            (_, Some(_)) => "loss",
            _ => "draw",
        }
    });
    let ongoing = row.status == ONGOING;
    let to_move = row.to_move.as_deref().filter(|_| ongoing && !row.waiting());
    let side = row.game.parse::<GameKind>().map(|k| k.side_name(seat)).ok();
    json!({
        "id": row.id,
        "game": row.game,
        "options": options,
        "time_control": options.get("clock").cloned().unwrap_or(Value::Null),
        "rated": row.is_rated(),
        "seat": seat.name(),
        "side": side,
        "opponent": { "name": opponent_name, "account": opponent_account.is_some(), "bot": row.bots[other.index()] },
        "status": row.status,
        "open": ongoing && row.waiting(),
        "ply": row.ply,
        "seat_to_move": to_move,
        "your_turn": to_move.map(|m| m == seat.name()),
        "result": result,
        "outcome": outcome,
        "rating": Value::Null,
        "created_at": row.created_at,
        "ended_at": row.ended_at,
    })
}

/// `GET /api/players/{name}/games?status=playing|finished|all&limit=50&offset=0`: the
/// player's games, newest first, a page at a time: `{"games", "total", "limit",
/// "offset"}`.
pub async fn games(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
) -> Result<Json<Value>, ApiError> {
    let account = player(&app, &path_text(path)?).await?;
    let asked: GamesQuery = query(&uri)?;
    let ongoing = match asked.status.as_deref().unwrap_or("all") {
        "all" => None,
        "playing" | "ongoing" => Some(true),
        "finished" => Some(false),
        _ => return Err(super::errors::bad_request("status is playing, finished or all")),
    };
    let (limit, offset) = (asked.limit.unwrap_or(50), asked.offset.unwrap_or(0));
    if !(1..=200).contains(&limit) || offset < 0 {
        return Err(super::errors::bad_request("limit is 1 to 200 and offset at least 0"));
    }
    let (rows, total) = app.store.player_games(account.id, ongoing, limit, offset).await?;
    let rated: Vec<String> = rows.iter().filter(|r| r.is_rated()).map(|r| r.id.clone()).collect();
    let changes: BTreeMap<String, _> = app.store.rating_changes(account.id, &rated).await?.into_iter().collect();
    let games: Vec<Value> = rows
        .iter()
        .filter_map(|row| {
            let seat = crate::round::account_seat(row, account.id)?;
            let mut game = player_game(row, seat);
            if let Some(change) = changes.get(&row.id) {
                game["rating"] = json!({
                    "before": round(change.before, 2),
                    "after": round(change.after, 2),
                    "change": round(change.after - change.before, 2),
                });
            }
            Some(game)
        })
        .collect();
    Ok(Json(json!({ "games": games, "total": total, "limit": limit, "offset": offset })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LeadersQuery {
    limit: Option<i64>,
}

/// `GET /api/leaderboard/{game}?limit=50`: the best-rated players of a game, best
/// first, `{"game", "players": [{"name", "rating", "rd", "games"}]}`; only players
/// whose rating is not provisional (RD at most 110, grown for their time away).
pub async fn leaderboard(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
) -> Result<Json<Value>, ApiError> {
    let name = path_text(path)?;
    let kind: GameKind =
        name.parse().map_err(|_| ApiError::coded(StatusCode::NOT_FOUND, "no such game", "no_such_game"))?;
    let asked: LeadersQuery = query(&uri)?;
    let limit = asked.limit.unwrap_or(50);
    if !(1..=MAX_LEADERS).contains(&limit) {
        return Err(super::errors::bad_request("limit is 1 to 200"));
    }
    let now = now_millis();
    // Stored RDs at most the bound, then grown for the time away: some fall out.
    let candidates = app.store.leaders(kind.name(), PROVISIONAL_RD, limit * 4).await?;
    let players: Vec<Value> = candidates
        .into_iter()
        .filter_map(|(name, standing)| {
            let rating = rating_at(&standing, now);
            (!rating.provisional()).then(|| {
                json!({ "name": name, "rating": round(rating.rating, 2), "rd": round(rating.rd, 2), "games": standing.games })
            })
        })
        .take(limit as usize)
        .collect();
    Ok(Json(json!({ "game": kind.name(), "players": players })))
}
