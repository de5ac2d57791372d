//! Accounts over HTTP: `POST /api/accounts` (sign up), `POST /api/session` (sign
//! in), `DELETE /api/session` (sign out), `GET /api/me`, and the personal API tokens
//! (`/api/tokens`). The session goes to the browser as the `arbiter_session` cookie;
//! nothing here writes a password or a token to the log.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::errors::ApiError;
use super::http::body_bytes;
use super::identity::{self, Peer};
use super::players::ratings_json;
use super::requests::json;
use crate::accounts::{self, AccountError, sessions};
use crate::app::AppState;
use crate::live::now_millis;
use crate::store::Account;

/// A name and a password, as sign-up and sign-in send them. Its `Debug` shows no
/// password.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Credentials").field("name", &self.name).finish_non_exhaustive()
    }
}

fn signed_in(app: &AppState, headers: &HeaderMap, status: StatusCode, account: &Account, token: &str) -> Response {
    let cookie = sessions::set_cookie(token, sessions::SESSION_MS, identity::over_https(app, headers));
    let mut response =
        (status, Json(json!({ "name": account.name, "created_at": account.created_at }))).into_response();
    if let Ok(value) = HeaderValue::from_str(&cookie) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// `POST /api/accounts` with `{"name", "password"}`: `201` and the session's cookie.
pub async fn sign_up(
    State(app): State<Arc<AppState>>,
    peer: Option<axum::Extension<Peer>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: Credentials = json(&body_bytes(body)?)?;
    let address = identity::client_address(&app, &headers, peer.map(|p| p.0));
    let (account, token) = accounts::sign_up(&app, &request.name, &request.password, address, now_millis())
        .await
        .map_err(ApiError::from)?;
    Ok(signed_in(&app, &headers, StatusCode::CREATED, &account, &token))
}

/// `POST /api/session` with `{"name", "password"}`: `200` and the session's cookie;
/// `401` `bad_credentials` for a wrong name or password alike; `429`
/// `too_many_attempts` with `Retry-After` past the limits.
pub async fn sign_in(
    State(app): State<Arc<AppState>>,
    peer: Option<axum::Extension<Peer>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: Credentials = json(&body_bytes(body)?)?;
    let address = identity::client_address(&app, &headers, peer.map(|p| p.0));
    let (account, token) = accounts::sign_in(&app, &request.name, &request.password, address, now_millis())
        .await
        .map_err(ApiError::from)?;
    Ok(signed_in(&app, &headers, StatusCode::OK, &account, &token))
}

/// `DELETE /api/session`: the session ends, and the cookie is cleared.
pub async fn sign_out(State(app): State<Arc<AppState>>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(token) = identity::session_cookie(&headers) {
        accounts::sign_out(&app, token).await.map_err(ApiError::from)?;
    }
    let cookie = sessions::clear_cookie(identity::over_https(&app, &headers));
    let mut response = StatusCode::NO_CONTENT.into_response();
    if let Ok(value) = HeaderValue::from_str(&cookie) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    Ok(response)
}

/// The account of the request, or `401` `not_signed_in`.
pub async fn required(app: &AppState, headers: &HeaderMap) -> Result<Account, ApiError> {
    identity::account(app, headers).await?.ok_or_else(|| ApiError::from(AccountError::NotSignedIn))
}

/// `GET /api/me`: `{"name", "created_at", "bot", "ratings"}` of the request's account.
pub async fn me(State(app): State<Arc<AppState>>, headers: HeaderMap) -> Result<Response, ApiError> {
    let account = required(&app, &headers).await?;
    let ratings = ratings_json(&app, account.id, now_millis()).await?;
    let bot = app.store.is_bot(account.id).await?;
    let body = json!({ "name": account.name, "created_at": account.created_at, "bot": bot, "ratings": ratings });
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewToken {
    label: String,
}

/// A session, which managing API tokens needs: an API token cannot make or revoke
/// others.
async fn by_session(app: &AppState, headers: &HeaderMap) -> Result<Account, ApiError> {
    if headers.contains_key(header::AUTHORIZATION) {
        return Err(ApiError::coded(
            StatusCode::FORBIDDEN,
            "API tokens are managed from a signed-in session, not with a token",
            "session_needed",
        ));
    }
    required(app, headers).await
}

/// `POST /api/tokens` with `{"label"}`: `201` `{"id", "label", "token"}`, the token
/// given only here.
pub async fn create_token(
    State(app): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let account = by_session(&app, &headers).await?;
    let request: NewToken = json(&body_bytes(body)?)?;
    let (id, token) =
        accounts::new_api_token(&app, &account, &request.label, now_millis()).await.map_err(ApiError::from)?;
    let body = json!({ "id": id, "label": request.label.trim(), "token": token });
    Ok((StatusCode::CREATED, [(header::CACHE_CONTROL, "no-store")], Json(body)).into_response())
}

/// `GET /api/tokens`: the account's API tokens, never the tokens themselves.
pub async fn list_tokens(State(app): State<Arc<AppState>>, headers: HeaderMap) -> Result<Json<Value>, ApiError> {
    let account = by_session(&app, &headers).await?;
    Ok(Json(json!({ "tokens": app.store.api_tokens(account.id).await? })))
}

/// `DELETE /api/tokens/{id}`: revokes one of the account's API tokens.
pub async fn revoke_token(
    State(app): State<Arc<AppState>>,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let account = by_session(&app, &headers).await?;
    let Path(id) = path.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    if !app.store.delete_api_token(account.id, &id).await? {
        return Err(ApiError::coded(StatusCode::NOT_FOUND, "no such token", "no_such_token"));
    }
    Ok(StatusCode::NO_CONTENT.into_response())
}
