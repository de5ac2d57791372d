//! What a client sends, read and checked before any game is touched: each request
//! body and each query string by a plain function, which the handlers call and the
//! fuzz target `server` feeds arbitrary bytes. A refusal is the answer the client
//! gets, a `400` with one short line.

use axum::extract::Query;
use axum::http::StatusCode;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::errors::{ApiError, bad_request};
pub use crate::round::Action;
use crate::round::{self, Creator, Move};
use crate::store::Listed;
/// A request's address, whose query string the functions here read.
pub use axum::http::Uri;

/// A parser's message as one short line: serde quotes a field's name or a value
/// whole, and a name may hold a line end.
fn parser_message(message: &str) -> String {
    arbiter::quote::one_line(message, arbiter::quote::MAX_MESSAGE)
}

/// A JSON body read as `T`; a body that is not JSON or not of its shape is refused.
pub fn json<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body)
        .map_err(|e| bad_request(format!("bad request body: {}", parser_message(&e.to_string()))))
}

/// The query string of `uri` read as `T`; one that is not of its shape is refused.
pub fn query<T: DeserializeOwned>(uri: &Uri) -> Result<T, ApiError> {
    let Query(value) = Query::try_from_uri(uri).map_err(|e| bad_request(parser_message(&e.body_text())))?;
    Ok(value)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGameBody {
    game: String,
    #[serde(default)]
    options: Value,
    /// The creator's name.
    name: Option<String>,
    /// An open challenge: the second seat free for the first to join.
    #[serde(default)]
    open: bool,
    /// A rated game (an open challenge between accounts).
    #[serde(default)]
    rated: bool,
}

/// A new game as its body asks: the game's name and options (read when the game is
/// set up, see [`round::read_setup`]) and who makes it.
pub struct NewGame {
    /// The game's name.
    pub game: String,
    /// Its options, as sent.
    pub options: Value,
    /// Its creator, the name checked.
    pub creator: Creator,
}

/// The body of `POST /api/games`: `{"game": NAME, "options": {...}, "name": NAME,
/// "open": BOOL, "rated": BOOL}`.
pub fn new_game(body: &[u8]) -> Result<NewGame, ApiError> {
    let request: NewGameBody = json(body)?;
    let name = round::player_name(request.name.as_deref()).map_err(round::RoundError::from)?;
    let creator = Creator { name, account: None, open: request.open, rated: request.rated };
    Ok(NewGame { game: request.game, options: request.options, creator })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    name: Option<String>,
}

/// The body of `POST /api/games/{id}/join`: `{"name": NAME}`, the name checked.
pub fn join(body: &[u8]) -> Result<Option<String>, ApiError> {
    let request: JoinBody = json(body)?;
    Ok(round::player_name(request.name.as_deref()).map_err(round::RoundError::from)?)
}

/// A move as its text, or as the points a piece goes from and to (a click on two
/// points, legal or not: the refusal then says why).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    text: Option<String>,
    from: Option<String>,
    to: Option<String>,
    ply: i64,
}

/// The body of `POST /api/games/{id}/moves`: `{"move": TEXT, "ply": N}` or
/// `{"from": POINT, "to": POINT, "ply": N}`; the ply the move is made at, and the move.
pub fn move_request(body: &[u8]) -> Result<(i64, Move), ApiError> {
    let request: MoveBody = json(body)?;
    let played = match (request.text, request.from, request.to) {
        (Some(text), None, None) => Move::Text(text),
        (None, Some(from), Some(to)) => Move::Between { from, to },
        _ => Move::Unnamed,
    };
    Ok((request.ply, played))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "lowercase")]
enum ClaimResult {
    Win,
    Draw,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimBody {
    result: ClaimResult,
}

/// The body of `POST /api/games/{id}/claim`: `{"result": "win" | "draw"}`.
pub fn claim(body: &[u8]) -> Result<Action, ApiError> {
    let request: ClaimBody = json(body)?;
    Ok(match request.result {
        ClaimResult::Win => Action::ClaimWin,
        ClaimResult::Draw => Action::ClaimDraw,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "lowercase")]
enum OfferAction {
    Offer,
    Accept,
    Decline,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferBody {
    action: OfferAction,
}

/// The body of `POST /api/games/{id}/draw` and `/takeback`: `{"action": "offer" |
/// "accept" | "decline"}`, as `[offer, accept, decline]` name the actions.
pub fn offer(body: &[u8], actions: [Action; 3]) -> Result<Action, ApiError> {
    let request: OfferBody = json(body)?;
    let [offer, accept, decline] = actions;
    Ok(match request.action {
        OfferAction::Offer => offer,
        OfferAction::Accept => accept,
        OfferAction::Decline => decline,
    })
}

/// Whether the state answered lists the legal moves: `?legal=1` lists them; without
/// it, or with `?legal=0`, they are left out, since the page works them out itself
/// (with the rules in WebAssembly).
#[derive(Deserialize)]
struct Listing {
    legal: Option<u8>,
}

/// The `legal` flag of a request's query: `true` only if it is `1`.
pub fn listing(uri: &Uri) -> Result<bool, ApiError> {
    legal_flag(query::<Listing>(uri)?.legal)
}

/// The value of a `legal` flag: `1` lists the legal moves, `0` or none does not; a
/// value other than 0 or 1 is refused.
pub fn legal_flag(value: Option<u8>) -> Result<bool, ApiError> {
    match value {
        Some(1) => Ok(true),
        None | Some(0) => Ok(false),
        Some(other) => Err(bad_request(format!("legal must be 0 or 1, not {other}"))),
    }
}

/// How to draw a board.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct BoardQuery {
    /// `1` to turn the board, the second side at the bottom.
    #[serde(default)]
    flip: u8,
}

/// The query of `GET /api/games/{id}/board.svg`: whether `?flip=1` turns the board.
pub fn board(uri: &Uri) -> Result<bool, ApiError> {
    Ok(query::<BoardQuery>(uri)?.flip == 1)
}

/// Which games the lobby lists.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LobbyQuery {
    status: Option<String>,
    limit: Option<i64>,
    offset: Option<i64>,
}

/// The most games of one page of the lobby's list.
const MAX_PAGE: i64 = 200;

/// One page of the lobby's list.
pub struct LobbyPage {
    /// Which games.
    pub list: Listed,
    /// How many at most.
    pub limit: i64,
    /// How many of the newest to skip.
    pub offset: i64,
}

/// The query of `GET /api/games?status=ongoing|playing|open|finished&limit=&offset=`.
pub fn lobby(uri: &Uri) -> Result<LobbyPage, ApiError> {
    let lobby: LobbyQuery = query(uri)?;
    let status = lobby.status.as_deref().unwrap_or("ongoing");
    let list = Listed::named(status).ok_or_else(|| bad_request("status is ongoing, playing, open or finished"))?;
    let limit = lobby.limit.unwrap_or(50);
    let offset = lobby.offset.unwrap_or(0);
    if !(1..=MAX_PAGE).contains(&limit) || offset < 0 {
        return Err(bad_request("limit is 1 to 200 and offset at least 0"));
    }
    Ok(LobbyPage { list, limit, offset })
}

/// What a watcher's address may ask.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WatchQuery {
    /// `1` to have the legal moves in the state sent first.
    legal: Option<u8>,
    /// The ply the watcher last saw: it gets the moves from there instead of the state.
    since: Option<i64>,
    /// The game's `takebacks` the watcher last saw (0 if not given): if the game has
    /// had another since, the moves it saw do not all stand, and it gets the state.
    takebacks: Option<i64>,
}

/// What a watcher asks for.
pub struct Watching {
    /// The legal moves in the state sent first.
    pub legal: bool,
    /// The ply to send the moves from, instead of the state.
    pub since: Option<usize>,
    /// The game's takebacks the watcher last saw.
    pub takebacks: i64,
}

/// The query of `GET /api/games/{id}/ws?legal=1&since=PLY&takebacks=N`.
pub fn watching(uri: &Uri) -> Result<Watching, ApiError> {
    let query: WatchQuery = query(uri)?;
    let legal = legal_flag(query.legal)?;
    let since = match query.since {
        None => None,
        Some(ply) => Some(usize::try_from(ply).map_err(|_| bad_request("since is a ply, 0 or more"))?),
    };
    Ok(Watching { legal, since, takebacks: query.takebacks.unwrap_or(0) })
}

/// Which game's record `?pair=N&game=G` asks for; every game's without.
#[derive(Deserialize)]
struct OneGameQuery {
    pair: Option<i32>,
    game: Option<i16>,
}

/// The query of `GET /api/runs/{id}/pgn`: one game's pair and number, or every game.
pub fn run_records(uri: &Uri) -> Result<Option<(i32, i16)>, ApiError> {
    let which: OneGameQuery = query(uri)?;
    match (which.pair, which.game) {
        (Some(pair), Some(game)) => Ok(Some((pair, game))),
        (None, None) => Ok(None),
        _ => Err(ApiError::new(StatusCode::BAD_REQUEST, "give both pair= and game=, or neither")),
    }
}

/// A new game's kind and options read and checked, as creating it reads them first
/// (the engine and the board's size are then checked against this server).
pub fn setup(game: &str, options: &Value) -> Result<crate::setup::Setup, ApiError> {
    Ok(round::read_setup(game, options)?)
}
