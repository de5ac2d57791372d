//! Error answers: every error is `{"error": "..."}` with the status code that says
//! what kind of error it is, and a refused move also its rule's stable `code`
//! (`{"error": "illegal move ...", "code": "not_your_piece"}`); nothing internal is
//! leaked. The round's refusals get
//! their status here, and only here.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::accounts::AccountError;
use crate::memory::LoadError;
use crate::round::RoundError;
use crate::store::StoreError;

/// An error answer.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    /// The stable name of a refused move's rule ([`arbiter::MoveError::code`]), or of
    /// another refusal ([`RoundError::code`]).
    code: Option<&'static str>,
    /// Seconds after which to try again (503).
    retry_after: Option<u32>,
}

/// Seconds a client is asked to wait when the database is busy or out of reach.
const RETRY_AFTER: u32 = 2;

impl ApiError {
    /// An answer with `status` and `message`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into(), code: None, retry_after: None }
    }

    /// An answer with `status`, `message` and a stable `code`.
    pub fn coded(status: StatusCode, message: impl Into<String>, code: &'static str) -> ApiError {
        ApiError { code: Some(code), ..ApiError::new(status, message) }
    }

    /// A `429` with `code`, to try again after `seconds`.
    pub fn too_many(message: impl Into<String>, code: &'static str, seconds: u32) -> ApiError {
        ApiError { retry_after: Some(seconds), ..ApiError::coded(StatusCode::TOO_MANY_REQUESTS, message, code) }
    }

    /// The answer's stable code, if it has one.
    pub fn code(&self) -> Option<&'static str> {
        self.code
    }

    /// A `503`, with the time to wait before trying again.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError { retry_after: Some(RETRY_AFTER), ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message) }
    }

    /// The answer's status code.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The answer's message, its `error`.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// A `500` that says nothing of `what`, which goes to the log.
    pub fn internal(what: impl std::fmt::Display) -> ApiError {
        // The details go to the operator's log, never to the client.
        eprintln!("arbiter: internal error: {what}");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = match self.code {
            Some(code) => json!({ "error": self.message, "code": code }),
            None => json!({ "error": self.message }),
        };
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        if error.is_unavailable() {
            eprintln!("arbiter: database unavailable: {error}");
            ApiError::unavailable("the database is busy or out of reach: try again shortly")
        } else {
            ApiError::internal(error)
        }
    }
}

impl From<LoadError> for ApiError {
    fn from(error: LoadError) -> ApiError {
        match error {
            LoadError::Store(store) => store.into(),
            corrupt => ApiError::internal(corrupt),
        }
    }
}

impl From<RoundError> for ApiError {
    fn from(error: RoundError) -> ApiError {
        match error {
            RoundError::Store(store) => store.into(),
            RoundError::Load(load) => load.into(),
            RoundError::Random(random) => ApiError::internal(random),
            RoundError::Task(task) => ApiError::internal(task),
            RoundError::IllegalMove(refusal) => ApiError {
                code: Some(refusal.code()),
                ..ApiError::new(StatusCode::BAD_REQUEST, RoundError::IllegalMove(refusal).to_string())
            },
            refused => ApiError { code: refused.code(), ..ApiError::new(status(&refused), refused.to_string()) },
        }
    }
}

/// The status a refusal is answered with.
fn status(error: &RoundError) -> StatusCode {
    match error {
        RoundError::NoSuchGame => StatusCode::NOT_FOUND,
        RoundError::NotASeat => StatusCode::UNAUTHORIZED,
        RoundError::GameOver(_) | RoundError::Over(_) => StatusCode::GONE,
        RoundError::NotYourTurn
        | RoundError::WrongPly { .. }
        | RoundError::PlyTaken
        | RoundError::ChangedMeanwhile
        | RoundError::NoOfferToAccept
        | RoundError::NoOfferToDecline
        | RoundError::TooLateToAbort
        | RoundError::InTournament
        | RoundError::RematchTooSoon
        | RoundError::RematchMade
        | RoundError::WaitingForOpponent
        | RoundError::NotOpen
        | RoundError::SeatTaken
        | RoundError::NoMoveToTakeBack
        | RoundError::NoTakebackOffer
        | RoundError::NoClockFallen
        | RoundError::OpponentHere
        | RoundError::ClaimTooSoon { .. }
        | RoundError::OwnChallenge
        | RoundError::SeatNamed => StatusCode::CONFLICT,
        RoundError::SignInNeeded => StatusCode::UNAUTHORIZED,
        RoundError::NoMoveNamed
        | RoundError::NoMoveBetween(_)
        | RoundError::IllegalMove(_)
        | RoundError::UnknownKind(_)
        | RoundError::Setup(_)
        | RoundError::Engine(_)
        | RoundError::OpenWithComputer
        | RoundError::BadName(_)
        | RoundError::RatedWithComputer
        | RoundError::BoardTooLarge { .. } => StatusCode::BAD_REQUEST,
        RoundError::Store(_) | RoundError::Load(_) | RoundError::Random(_) | RoundError::Task(_) => {
            StatusCode::INTERNAL_SERVER_ERROR
        }
    }
}

/// A `400` error.
pub fn bad_request(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, message)
}

/// The answer to a refused or failed account request.
impl From<AccountError> for ApiError {
    fn from(error: AccountError) -> ApiError {
        match error {
            AccountError::Credential(why) => ApiError::coded(StatusCode::BAD_REQUEST, why.to_string(), why.code()),
            AccountError::NameTaken => ApiError::coded(StatusCode::CONFLICT, error.to_string(), "name_taken"),
            AccountError::BadCredentials => {
                ApiError::coded(StatusCode::UNAUTHORIZED, error.to_string(), "bad_credentials")
            }
            AccountError::TooMany(seconds) => {
                ApiError::too_many(error.to_string(), "too_many_attempts", u32::try_from(seconds).unwrap_or(u32::MAX))
            }
            AccountError::NotSignedIn => ApiError::coded(StatusCode::UNAUTHORIZED, error.to_string(), "not_signed_in"),
            AccountError::BadLabel => ApiError::coded(StatusCode::BAD_REQUEST, error.to_string(), "bad_label"),
            AccountError::TooManyTokens => ApiError::coded(StatusCode::CONFLICT, error.to_string(), "too_many_tokens"),
            AccountError::Store(store) => store.into(),
            AccountError::Hash(hash) => ApiError::internal(hash),
            AccountError::Random(random) => ApiError::internal(random),
        }
    }
}
