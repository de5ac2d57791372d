//! What every request for a game as one of its seats starts with, as one extractor:
//! the server's state, the game's id from the path, whether the answer lists the legal
//! moves (`?legal=`), and the headers that say which seat the request holds (a seat's
//! token, or the account that plays it).

use std::sync::Arc;

use arbiter::Side;
use axum::extract::{FromRequestParts, Path};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use axum::response::Response;
use tokio::sync::OwnedMutexGuard;

use super::errors::ApiError;
use super::http::{game_id, json_text};
use super::identity;
use super::requests;
use crate::app::AppState;
use crate::live::LiveGame;
use crate::round;
use crate::rows::GameRow;

/// A request for the game of its path, as whichever seat its headers hold.
pub struct SeatRequest {
    /// The server's state.
    pub app: Arc<AppState>,
    /// The game's id.
    pub id: String,
    /// Whether the answer's state lists the legal moves.
    pub legal: bool,
    headers: HeaderMap,
}

impl FromRequestParts<Arc<AppState>> for SeatRequest {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<AppState>) -> Result<SeatRequest, ApiError> {
        let id = game_id(Path::<String>::from_request_parts(parts, app).await)?;
        let legal = requests::listing(&parts.uri)?;
        Ok(SeatRequest { app: Arc::clone(app), id, legal, headers: parts.headers.clone() })
    }
}

impl SeatRequest {
    /// The game, locked and up to date with what other servers stored, and the seat
    /// the request holds in it (`401` for a request that names nobody).
    pub async fn open(&self) -> Result<(OwnedMutexGuard<LiveGame>, Side), ApiError> {
        let live = round::current(&self.app, &self.id).await?;
        let seat = self.seat(&live.row).await?;
        Ok((live, seat))
    }

    /// The seat the request holds in the game of `row` (`401` for none).
    pub async fn seat(&self, row: &GameRow) -> Result<Side, ApiError> {
        identity::seat(&self.app, &self.headers, row).await
    }

    /// The seat the request holds in the game of `row`, if any: `None` for a
    /// spectator.
    pub async fn seat_if_any(&self, row: &GameRow) -> Result<Option<Side>, ApiError> {
        identity::seat_of(&self.app, &self.headers, row).await
    }

    /// The answer: the game's state as JSON text, with the legal moves if asked.
    pub fn state(&self, live: &LiveGame) -> Response {
        json_text(live.state_text(self.legal))
    }
}
