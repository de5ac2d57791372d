//! A bot's event stream, `GET /api/bot/stream`: NDJSON, one JSON object a line, and an
//! empty line every five seconds to keep the connection alive. It tells the bot of
//! the challenges to it (those pending when it connects first), of challenges called
//! off, expired or declined, and of every game going on in which the account holds a
//! seat, however the game was made (an accepted challenge, a tournament's pairing),
//! when it starts and when it ends.
//!
//! The stream reads the database every 300 ms rather than listening to this process
//! alone: a challenge accepted or a game made on another server sharing PostgreSQL
//! reaches it the same way, and a bot reconnecting to any server is told of its games
//! going on.

use std::collections::{HashMap, HashSet};
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::bots::bot;
use super::challenges::challenge_json;
use super::errors::ApiError;
use super::players::player_game;
use crate::app::AppState;
use crate::live::now_millis;
use crate::round;
use crate::rows::GameRow;
use crate::store::{Account, CANCELED, Challenge, DECLINED, EXPIRED, PENDING};

/// How often the stream reads the database.
const POLL: Duration = Duration::from_millis(300);

/// How long the stream may send nothing before an empty line.
pub const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// How often the bot's connection is noted, for the list of bots' `online`.
const NOTE_SEEN: Duration = Duration::from_secs(10);

/// How far back each read of the challenges reaches before the last: a change stored
/// by another server whose clock is a little behind is not missed (events already
/// sent are not sent again).
const SLACK_MS: i64 = 5_000;

/// An NDJSON answer whose lines come from `lines`: never compressed (a compressor
/// would hold lines back until it had a block), never cached.
pub fn ndjson(lines: mpsc::Receiver<Bytes>) -> Response {
    let stream = futures_util::stream::unfold(lines, |mut lines| async move {
        lines.recv().await.map(|line| (Ok::<Bytes, Infallible>(line), lines))
    });
    let mut response = Body::from_stream(stream).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-ndjson"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("identity"));
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}

/// A line of the stream: `value` and a newline.
pub fn line(value: &Value) -> Bytes {
    let mut text = value.to_string();
    text.push('\n');
    Bytes::from(text)
}

/// `GET /api/bot/stream`: the bot's events, as NDJSON, until it disconnects.
pub async fn stream(State(app): State<Arc<AppState>>, headers: HeaderMap) -> Result<Response, ApiError> {
    let account = bot(&app, &headers).await?;
    let (sender, lines) = mpsc::channel(64);
    tokio::spawn(async move {
        // The task ends when the bot is gone (its lines have nobody to go to) or the
        // database fails; the bot reconnects and is told again of what is going on.
        let _ = Events::new(app, account, sender).run().await;
    });
    Ok(ndjson(lines))
}

/// Why the stream stopped.
enum Stop {
    /// The bot disconnected.
    Gone,
    /// The database failed.
    Store,
}

impl From<crate::store::StoreError> for Stop {
    fn from(_: crate::store::StoreError) -> Stop {
        Stop::Store
    }
}

/// What one bot's stream has told it.
struct Events {
    app: Arc<AppState>,
    account: Account,
    sender: mpsc::Sender<Bytes>,
    /// The games going on it was told of, with its seat's view of them.
    games: HashMap<String, GameRow>,
    /// The challenges' events sent, by challenge and type, with when: kept as long as
    /// a challenge may be read again (its life and the slack of the reads), then
    /// forgotten, so that a stream open for days holds no more than minutes of them.
    told: HashMap<(String, &'static str), i64>,
    /// The incoming challenges told of and still pending, with when they expire.
    pending: HashMap<String, Challenge>,
    /// When the challenges were last read.
    cursor: i64,
}

impl Events {
    fn new(app: Arc<AppState>, account: Account, sender: mpsc::Sender<Bytes>) -> Events {
        Events { app, account, sender, games: HashMap::new(), told: HashMap::new(), pending: HashMap::new(), cursor: 0 }
    }

    async fn send(&self, value: Value) -> Result<(), Stop> {
        self.sender.send(line(&value)).await.map_err(|_| Stop::Gone)
    }

    async fn run(mut self) -> Result<(), Stop> {
        let now = now_millis();
        self.app.store.bot_seen(self.account.id, now).await?;
        // First the challenges waiting for the bot, then every change from now on.
        self.cursor = now;
        for challenge in self.app.store.pending_challenges(self.account.id, now).await? {
            self.challenge(challenge, now).await?;
        }
        let mut last_sent = tokio::time::Instant::now();
        let mut last_seen = tokio::time::Instant::now();
        loop {
            let sent = self.poll().await?;
            if sent {
                last_sent = tokio::time::Instant::now();
            } else if last_sent.elapsed() >= KEEP_ALIVE {
                self.sender.send(Bytes::from_static(b"\n")).await.map_err(|_| Stop::Gone)?;
                last_sent = tokio::time::Instant::now();
            }
            if last_seen.elapsed() >= NOTE_SEEN {
                self.app.store.bot_seen(self.account.id, now_millis()).await?;
                last_seen = tokio::time::Instant::now();
            }
            tokio::select! {
                () = tokio::time::sleep(POLL) => {}
                () = self.sender.closed() => return Err(Stop::Gone),
            }
        }
    }

    /// Reads the games and challenges once; whether anything was sent.
    async fn poll(&mut self) -> Result<bool, Stop> {
        let mut sent = false;
        let now = now_millis();
        let ongoing = self.app.store.ongoing_games_of(self.account.id).await?;
        let going: HashSet<String> = ongoing.iter().map(|row| row.id.clone()).collect();
        for row in ongoing {
            if self.games.contains_key(&row.id) {
                continue;
            }
            if let Some(seat) = round::account_seat(&row, self.account.id) {
                self.send(json!({ "type": "game_start", "game": player_game(&row, seat) })).await?;
                sent = true;
            }
            self.games.insert(row.id.clone(), row);
        }
        let ended: Vec<String> = self.games.keys().filter(|id| !going.contains(*id)).cloned().collect();
        for id in ended {
            self.games.remove(&id);
            let Some(row) = self.app.store.game(&id).await? else { continue };
            if let Some(seat) = round::account_seat(&row, self.account.id) {
                self.send(json!({ "type": "game_finish", "game": player_game(&row, seat) })).await?;
                sent = true;
            }
        }
        let since = self.cursor - SLACK_MS;
        self.cursor = now;
        self.told.retain(|_, at| *at > now - super::challenges::CHALLENGE_MS - 2 * SLACK_MS);
        for challenge in self.app.store.challenges_of(self.account.id, since).await? {
            sent |= self.challenge(challenge, now).await?;
        }
        let expired: Vec<Challenge> = self.pending.values().filter(|c| c.expires_at <= now).cloned().collect();
        for challenge in expired {
            sent |= self.challenge(challenge, now).await?;
        }
        Ok(sent)
    }

    /// Tells the bot of `challenge` as it is at `now`, unless it was told already;
    /// whether anything was sent.
    async fn challenge(&mut self, challenge: Challenge, now: i64) -> Result<bool, Stop> {
        let incoming = challenge.addressee == self.account.id;
        let status = challenge.status_at(now).to_owned();
        let kind = match status.as_str() {
            PENDING if incoming => "challenge",
            CANCELED | EXPIRED if incoming && self.pending.contains_key(&challenge.id) => "challenge_canceled",
            DECLINED if !incoming => "challenge_declined",
            _ => {
                self.pending.remove(&challenge.id);
                return Ok(false);
            }
        };
        if self.told.insert((challenge.id.clone(), kind), now).is_some() {
            return Ok(false);
        }
        if kind == "challenge" {
            self.pending.insert(challenge.id.clone(), challenge.clone());
        } else {
            self.pending.remove(&challenge.id);
        }
        self.send(json!({ "type": kind, "challenge": challenge_json(&challenge, now) })).await?;
        Ok(true)
    }
}
