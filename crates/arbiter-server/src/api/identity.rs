//! Who a request is: a seat's token or a personal API token in `Authorization: Bearer`,
//! or else the session of the `arbiter_session` cookie; the client's address (for the
//! limits on failed sign-ins); whether it came over HTTPS (for the cookie's `Secure`);
//! and the server's own origin, which a write from a page must come from. Behind a
//! proxy (`serve --behind-proxy`) the proxy's `X-Forwarded-For`, `X-Forwarded-Proto`
//! and `X-Forwarded-Host` say these; otherwise they are ignored.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use arbiter::Side;
use axum::http::{HeaderMap, StatusCode, header};

use super::errors::ApiError;
use crate::accounts::{self, sessions};
use crate::app::AppState;
use crate::live::now_millis;
use crate::round;
use crate::rows::GameRow;
use crate::store::Account;

/// The address a connection came from, put on each of its requests by `listen`.
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub SocketAddr);

/// The `Bearer` token of a request, if it has an `Authorization` header; a header of
/// another form is refused.
pub fn bearer(headers: &HeaderMap) -> Result<Option<&str>, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else { return Ok(None) };
    value
        .to_str()
        .ok()
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(Some)
        .ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, "the Authorization header must be `Bearer <token>`"))
}

/// The session token of the request's cookie, if any.
pub fn session_cookie(headers: &HeaderMap) -> Option<&str> {
    sessions::session_of(headers.get_all(header::COOKIE).iter().filter_map(|v| v.to_str().ok()))
}

fn failed(error: accounts::AccountError) -> ApiError {
    ApiError::from(error)
}

/// The account the request is: by its API token (a token that opens no account is
/// `401`), else by its session cookie when it carries no `Authorization` (a session
/// that has ended is nobody). A seat's token is no account.
pub async fn account(app: &AppState, headers: &HeaderMap) -> Result<Option<Account>, ApiError> {
    let now = now_millis();
    match bearer(headers)? {
        Some(token) if sessions::is_api_token(token) => match accounts::token_account(app, token, now).await {
            Ok(Some(account)) => Ok(Some(account)),
            Ok(None) => Err(ApiError::coded(StatusCode::UNAUTHORIZED, "unknown API token", "bad_token")),
            Err(e) => Err(failed(e)),
        },
        Some(_) => Ok(None),
        None => match session_cookie(headers) {
            Some(token) => accounts::session_account(app, token, now).await.map_err(failed),
            None => Ok(None),
        },
    }
}

/// The seat the request holds in the game of `row`: by a seat's token, or by the
/// account (API token or session) that plays a seat there; `None` for a request that
/// names nobody (a spectator). A token that opens no seat is `401`.
pub async fn seat_of(app: &AppState, headers: &HeaderMap, row: &GameRow) -> Result<Option<Side>, ApiError> {
    if let Some(token) = bearer(headers)?
        && !sessions::is_api_token(token)
    {
        return Ok(Some(round::seat(row, token)?));
    }
    let Some(account) = account(app, headers).await? else { return Ok(None) };
    match round::account_seat(row, account.id) {
        Some(seat) => Ok(Some(seat)),
        None if bearer(headers)?.is_some() => Err(round::RoundError::NotASeat.into()),
        None => Ok(None),
    }
}

/// The seat the request holds, which an action needs: `401` for a request that names
/// nobody.
pub async fn seat(app: &AppState, headers: &HeaderMap, row: &GameRow) -> Result<Side, ApiError> {
    seat_of(app, headers, row).await?.ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "missing Authorization: Bearer token (or sign in as this game's player)",
        )
    })
}

/// The client's address: the connection's, or behind a proxy the last address the
/// proxy put in `X-Forwarded-For`.
pub fn client_address(app: &AppState, headers: &HeaderMap, peer: Option<Peer>) -> IpAddr {
    let direct = peer.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |Peer(addr)| addr.ip());
    if !app.access.behind_proxy {
        return direct;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|a| a.trim().parse::<IpAddr>().ok())
        .next_back()
        .unwrap_or(direct)
}

/// Whether the request came over HTTPS, so the cookie is `Secure`: always with
/// `--secure-cookies`, and behind a proxy when its `X-Forwarded-Proto` says `https`.
pub fn over_https(app: &AppState, headers: &HeaderMap) -> bool {
    app.access.secure_cookies
        || (app.access.behind_proxy
            && headers
                .get("x-forwarded-proto")
                .and_then(|v| v.to_str().ok())
                .is_some_and(|p| p.split(',').next_back().is_some_and(|p| p.trim().eq_ignore_ascii_case("https"))))
}

/// The host (and port) the client addressed: `Host`, or behind a proxy
/// `X-Forwarded-Host` when it sets one.
pub fn own_host<'a>(app: &AppState, headers: &'a HeaderMap) -> Option<&'a str> {
    let forwarded = app.access.behind_proxy.then(|| headers.get("x-forwarded-host")).flatten();
    forwarded
        .or_else(|| headers.get(header::HOST))
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .map(str::trim)
}

/// Whether the request's `Origin` is the server's own: its host and port those the
/// client addressed (every `Origin` it sends, if it sends several). `None` when it
/// sends no `Origin`.
pub fn same_origin(app: &AppState, headers: &HeaderMap) -> Option<bool> {
    let mut origins = headers.get_all(header::ORIGIN).iter().peekable();
    origins.peek()?;
    let Some(host) = own_host(app, headers) else { return Some(false) };
    Some(origins.all(|origin| {
        let origin = origin.to_str().unwrap_or("");
        let authority = origin.strip_prefix("https://").or_else(|| origin.strip_prefix("http://"));
        authority.is_some_and(|a| a.eq_ignore_ascii_case(host))
    }))
}
