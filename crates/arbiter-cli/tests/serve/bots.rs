//! Bots, on SQLite and PostgreSQL alike: marking an account a bot (refused after a
//! game), challenges to a named player accepted, declined and called off, the bot's
//! event stream and its game stream, the limit on challenges a minute, and the
//! `arbiter bot` process playing a whole game against a person over HTTP, also when it
//! is killed mid-game and started again.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::accounts::{Answer, Client};
use crate::harness::{BotProcess, Server};

/// The `serve` options of these tests: each test is its own client address.
pub const OPTIONS: [&str; 1] = ["--behind-proxy"];

/// An account with an API token.
struct Player {
    client: Client,
    token: String,
}

impl Player {
    async fn sign_up(server: &Server, prefix: &str) -> Player {
        let client = Client::sign_up(server, prefix).await;
        let made = client.post("/api/tokens", json!({ "label": "bot" })).await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
        let token = made.body["token"].as_str().unwrap().to_owned();
        Player { client, token }
    }

    /// A bot: signed up and marked one with its token.
    async fn bot(server: &Server, prefix: &str) -> Player {
        let player = Player::sign_up(server, prefix).await;
        let marked = player.with_token("POST", "/api/me/bot", None).await;
        assert_eq!(marked.status, StatusCode::OK, "{}", marked.body);
        assert_eq!(marked.body, json!({ "name": player.client.name, "bot": true }));
        player
    }

    fn name(&self) -> &str {
        &self.client.name
    }

    /// A request with the API token (the session's cookie goes too, and the token wins).
    async fn with_token(&self, method: &str, path: &str, body: Option<Value>) -> Answer {
        let auth = format!("Bearer {}", self.token);
        self.client.send(method, path, body, &[("Authorization", &auth)]).await
    }

    /// Challenges `to` to `game`, the challenger in the first seat.
    async fn challenge(&self, to: &str, game: &str, options: Value) -> Answer {
        let body = json!({ "to": to, "game": game, "options": options, "colour": "first" });
        self.client.post("/api/challenges", body).await
    }
}

/// An NDJSON stream, read a line at a time.
pub struct Stream {
    response: reqwest::Response,
    buffer: Vec<u8>,
}

impl Stream {
    async fn open(server: &Server, path: &str, token: &str) -> Stream {
        let response = reqwest::Client::new().get(server.url(path)).bearer_auth(token).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["content-type"], "application/x-ndjson");
        Stream { response, buffer: Vec::new() }
    }

    /// The next object, within ten seconds; `None` when the stream ended.
    async fn next(&mut self) -> Option<Value> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                let text = String::from_utf8(line).unwrap();
                if text.trim().is_empty() {
                    continue;
                }
                return Some(serde_json::from_str(&text).unwrap());
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let chunk = tokio::time::timeout(left, self.response.chunk()).await.expect("a line within 10 s").unwrap();
            self.buffer.extend_from_slice(&chunk?);
        }
    }

    /// The next object of type `kind`, the others skipped.
    async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let event = self.next().await.unwrap_or_else(|| panic!("the stream ended before a {kind}"));
            if event["type"] == kind {
                return event;
            }
        }
    }
}

/// Marking a bot: shown on `/api/me` and the player's page; refused with
/// `has_played` for an account that has played.
pub async fn marking(server: &Server) {
    let bot = Player::bot(server, "Bot").await;
    assert_eq!(bot.with_token("GET", "/api/me", None).await.body["bot"], true);
    assert_eq!(bot.client.get(&format!("/api/players/{}", bot.name())).await.body["bot"], true);
    // Marking again is no error.
    assert_eq!(bot.with_token("POST", "/api/me/bot", None).await.status, StatusCode::OK);
    let listed = bot.client.get("/api/bots").await;
    let entry = listed.body["bots"].as_array().unwrap().iter().find(|b| b["name"] == bot.name()).cloned();
    assert_eq!(entry.unwrap()["online"], false, "{}", listed.body);

    let person = Client::sign_up(server, "Person").await;
    assert_eq!(person.get("/api/me").await.body["bot"], false);
    let made = person.post("/api/games", json!({ "game": "gomoku", "options": {} })).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    person.post("/api/me/bot", json!({})).await.refused(StatusCode::CONFLICT, "has_played");
    assert_eq!(person.get("/api/me").await.body["bot"], false);
    // A person's stream is refused.
    let token = person.post("/api/tokens", json!({ "label": "x" })).await.body["token"].as_str().unwrap().to_owned();
    let auth = format!("Bearer {token}");
    let refused = person.send("GET", "/api/bot/stream", None, &[("Authorization", &auth)]).await;
    refused.refused(StatusCode::FORBIDDEN, "not_a_bot");
}

/// A person challenges a bot, which is told on its event stream and accepts with its
/// token; the game is told as started, its stream gives the state and then every
/// move, and both play over HTTP, each with its own credentials.
pub async fn challenge_accepted_and_played(server: &Server) {
    let bot = Player::bot(server, "Bot").await;
    let person = Player::sign_up(server, "Ada").await;
    let mut events = Stream::open(server, "/api/bot/stream", &bot.token).await;
    let asked = person.challenge(bot.name(), "xiangqi", json!({})).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let challenge = &asked.body["challenge"];
    assert_eq!((challenge["from"].as_str(), challenge["to"].as_str()), (Some(person.name()), Some(bot.name())));
    assert_eq!(challenge["status"], "pending");
    let id = challenge["id"].as_str().unwrap().to_owned();

    let told = events.next_of("challenge").await;
    assert_eq!(told["challenge"]["id"], id.as_str());
    let listed = bot.with_token("GET", "/api/challenges", None).await;
    assert_eq!(listed.body["incoming"][0]["id"], id.as_str(), "{}", listed.body);
    assert_eq!(person.client.get("/api/challenges").await.body["outgoing"][0]["id"], id.as_str());
    // Only its addressee accepts it.
    person
        .client
        .post(&format!("/api/challenges/{id}/accept"), json!({}))
        .await
        .refused(StatusCode::FORBIDDEN, "not_your_challenge");
    let accepted = bot.with_token("POST", &format!("/api/challenges/{id}/accept"), None).await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    assert_eq!(accepted.body["game"]["seat"], "second");
    let game = accepted.body["game"]["id"].as_str().unwrap().to_owned();
    bot.with_token("POST", &format!("/api/challenges/{id}/accept"), None)
        .await
        .refused(StatusCode::CONFLICT, "challenge_not_pending");

    let started = events.next_of("game_start").await;
    assert_eq!((started["game"]["id"].as_str(), started["game"]["seat"].as_str()), (Some(&game[..]), Some("second")));
    assert_eq!(started["game"]["game"], "xiangqi");

    let mut moves = Stream::open(server, &format!("/api/bot/game/{game}/stream"), &bot.token).await;
    let first = moves.next().await.unwrap();
    assert_eq!(first["type"], "state", "{first}");
    assert_eq!(first["state"]["your_seat"], "second");
    assert_eq!(first["state"]["bots"], json!({ "first": false, "second": true }));
    assert_eq!(first["state"]["players"], json!({ "first": person.name(), "second": bot.name() }));
    // The person moves with the session, the bot with its token.
    let moved = person.client.post(&format!("/api/games/{game}/moves"), json!({ "move": "h2e2", "ply": 0 })).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    let update = moves.next_of("update").await;
    assert_eq!((update["ply"].clone(), update["moves"][0]["text"].clone()), (json!(1), json!("h2e2")));
    let path = format!("/api/games/{game}/moves");
    let replied = bot.with_token("POST", &path, Some(json!({ "move": "h9g7", "ply": 1 }))).await;
    assert_eq!(replied.status, StatusCode::OK, "{}", replied.body);
    assert_eq!(moves.next_of("update").await["ply"], 2);
    let listed = person.client.get("/api/games?status=playing&limit=200").await;
    let row = listed.body["games"].as_array().unwrap().iter().find(|g| g["id"] == game.as_str()).cloned().unwrap();
    assert_eq!(row["bots"], json!({ "first": false, "second": true }));
    // The game ends: the stream says so and ends; the event stream tells the finish.
    let resigned = person.client.post(&format!("/api/games/{game}/resign"), json!({})).await;
    assert_eq!(resigned.status, StatusCode::OK, "{}", resigned.body);
    let last = moves.next_of("update").await;
    assert_eq!(last["outcome"]["termination"], "resignation");
    assert!(moves.next().await.is_none(), "the game's stream ends with the game");
    let finished = events.next_of("game_finish").await;
    assert_eq!((finished["game"]["id"].as_str(), finished["game"]["result"].as_str()), (Some(&game[..]), Some("win")));
}

/// Declined and called off: the bot's stream tells of a challenge called off; a bot
/// challenging a bot makes a game that the challenger, which accepted nothing, is told
/// of as started.
pub async fn declined_canceled_and_bot_against_bot(server: &Server) {
    let bot = Player::bot(server, "Bot").await;
    let other = Player::bot(server, "Rival").await;
    let person = Player::sign_up(server, "Bo").await;
    let mut events = Stream::open(server, "/api/bot/stream", &bot.token).await;

    let asked = person.challenge(bot.name(), "gomoku", json!({})).await;
    let id = asked.body["challenge"]["id"].as_str().unwrap().to_owned();
    events.next_of("challenge").await;
    let cancel = person.client.post(&format!("/api/challenges/{id}/cancel"), json!({})).await;
    assert_eq!(cancel.body["challenge"]["status"], "canceled", "{}", cancel.body);
    assert_eq!(events.next_of("challenge_canceled").await["challenge"]["id"], id.as_str());

    let asked = person.challenge(bot.name(), "gomoku", json!({})).await;
    let id = asked.body["challenge"]["id"].as_str().unwrap().to_owned();
    events.next_of("challenge").await;
    let declined =
        bot.with_token("POST", &format!("/api/challenges/{id}/decline"), Some(json!({ "reason": "no Gomoku" }))).await;
    assert_eq!(declined.body["challenge"]["status"], "declined", "{}", declined.body);
    assert_eq!(declined.body["challenge"]["reason"], "no Gomoku");
    assert_eq!(person.client.get("/api/challenges").await.body["outgoing"], json!([]));

    // Bad challenges: nobody, oneself, a colour, the computer.
    person.challenge("nobody-here-at-all", "gomoku", json!({})).await.refused(StatusCode::NOT_FOUND, "no_such_player");
    person.challenge(person.name(), "gomoku", json!({})).await.refused(StatusCode::CONFLICT, "own_challenge");
    let colour = json!({ "to": bot.name(), "game": "gomoku", "colour": "blue" });
    person.client.post("/api/challenges", colour).await.refused(StatusCode::BAD_REQUEST, "bad_colour");
    let computer = json!({ "engine": "arbiter", "side": "second" });
    person
        .challenge(bot.name(), "gomoku", json!({ "opponent": computer }))
        .await
        .refused(StatusCode::BAD_REQUEST, "challenge_with_computer");

    // Bot against bot: the other accepts; this one is told of the game it made.
    let body = json!({ "to": other.name(), "game": "draughts", "options": {}, "colour": "second" });
    let asked = bot.with_token("POST", "/api/challenges", Some(body)).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let id = asked.body["challenge"]["id"].as_str().unwrap();
    let accepted = other.with_token("POST", &format!("/api/challenges/{id}/accept"), None).await;
    assert_eq!(accepted.body["game"]["seat"], "first", "{}", accepted.body);
    let started = events.next_of("game_start").await;
    assert_eq!(started["game"]["id"], accepted.body["game"]["id"]);
    assert_eq!(started["game"]["seat"], "second");
    let listed = person.client.get("/api/bots").await.body;
    let entry = listed["bots"].as_array().unwrap().iter().find(|b| b["name"] == bot.name()).cloned().unwrap();
    assert_eq!((entry["games"].clone(), entry["online"].clone()), (json!(["draughts"]), json!(true)));
    assert_eq!(started["game"]["opponent"], json!({ "name": other.name(), "account": true, "bot": true }));
    // A stream opened later is told of the game going on.
    let mut later = Stream::open(server, "/api/bot/stream", &other.token).await;
    assert_eq!(later.next_of("game_start").await["game"]["id"], accepted.body["game"]["id"]);
}

/// Twenty challenges a minute, then `429` `too_many_challenges` with `Retry-After`.
pub async fn challenges_limited(server: &Server) {
    let bot = Player::bot(server, "Bot").await;
    let person = Player::sign_up(server, "Cy").await;
    for _ in 0..20 {
        let asked = person.challenge(bot.name(), "gomoku", json!({})).await;
        assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    }
    let refused = person.challenge(bot.name(), "gomoku", json!({})).await;
    refused.refused(StatusCode::TOO_MANY_REQUESTS, "too_many_challenges");
    let wait: u64 = refused.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");

    // A bot plays eight games at once at most: a ninth challenge is refused.
    let busy = Player::bot(server, "Busy").await;
    let other = Player::sign_up(server, "Di").await;
    for _ in 0..8 {
        let asked = other.challenge(busy.name(), "gomoku", json!({})).await;
        let id = asked.body["challenge"]["id"].as_str().unwrap().to_owned();
        let accepted = busy.with_token("POST", &format!("/api/challenges/{id}/accept"), None).await;
        assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    }
    let refused = other.challenge(busy.name(), "gomoku", json!({})).await;
    refused.refused(StatusCode::TOO_MANY_REQUESTS, "too_many_games");
    assert_eq!(refused.headers["retry-after"], "60");
}

/// Puts a game between the accounts `first` and `second` in the games table of
/// `database` directly, as code other than a challenge's (a tournament's pairing)
/// makes one; returns its id.
async fn insert_game(database: &str, first: &str, second: &str) -> String {
    let id = crate::accounts::unique("made").to_lowercase();
    let account = "SELECT id FROM accounts WHERE name = $1";
    let insert = "INSERT INTO games (id, game, options, first_token, second_token, created_at, first_name, \
                  second_name, first_account, second_account, to_move) \
                  VALUES ($1, 'gomoku', '{}', 'x', 'y', $2, $3, $4, $5, $6, 'first')";
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    macro_rules! run {
        ($pool:expr) => {{
            let pool = $pool;
            let a: i64 = sqlx::query_scalar(account).bind(first).fetch_one(&pool).await.unwrap();
            let b: i64 = sqlx::query_scalar(account).bind(second).fetch_one(&pool).await.unwrap();
            let query = sqlx::query(insert).bind(&id).bind(now).bind(first).bind(second).bind(a).bind(b);
            query.execute(&pool).await.unwrap();
            pool.close().await;
        }};
    }
    if database.starts_with("sqlite") {
        run!(sqlx::sqlite::SqlitePool::connect(database).await.unwrap());
    } else {
        run!(sqlx::postgres::PgPool::connect(database).await.unwrap());
    }
    id
}

/// A game made by other code than a challenge, found from the games table: the bot's
/// event stream tells it as started, its game stream serves it, and the bot moves in
/// it with its token.
pub async fn game_made_elsewhere(server: &Server, database: &str) {
    let bot = Player::bot(server, "Bot").await;
    let person = Player::sign_up(server, "Gil").await;
    let mut events = Stream::open(server, "/api/bot/stream", &bot.token).await;
    let id = insert_game(database, person.name(), bot.name()).await;
    let started = events.next_of("game_start").await;
    assert_eq!((started["game"]["id"].as_str(), started["game"]["seat"].as_str()), (Some(&id[..]), Some("second")));
    let mut moves = Stream::open(server, &format!("/api/bot/game/{id}/stream"), &bot.token).await;
    assert_eq!(moves.next().await.unwrap()["state"]["bots"], json!({ "first": false, "second": true }));
    let moved = person.client.post(&format!("/api/games/{id}/moves"), json!({ "move": "h8", "ply": 0 })).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    assert_eq!(moves.next_of("update").await["ply"], 1);
    let path = format!("/api/games/{id}/moves");
    let replied = bot.with_token("POST", &path, Some(json!({ "move": "h9", "ply": 1 }))).await;
    assert_eq!(replied.status, StatusCode::OK, "{}", replied.body);
    let aborted = person.client.post(&format!("/api/games/{id}/resign"), json!({})).await;
    assert_eq!(aborted.status, StatusCode::OK, "{}", aborted.body);
    assert_eq!(events.next_of("game_finish").await["game"]["id"], id.as_str());
}

/// Two servers sharing PostgreSQL: the bot's event stream on `a` is told of a
/// challenge made and accepted through `b`, and its game stream on `a` of a move made
/// through `b`.
pub async fn across_servers(a: &Server, b: &Server) {
    let bot = Player::bot(a, "Bot").await;
    let person = Player::sign_up(b, "Hal").await;
    let mut events = Stream::open(a, "/api/bot/stream", &bot.token).await;
    let asked = person.challenge(bot.name(), "gomoku", json!({})).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let id = asked.body["challenge"]["id"].as_str().unwrap().to_owned();
    assert_eq!(events.next_of("challenge").await["challenge"]["id"], id.as_str());
    let http = reqwest::Client::new();
    let accepted = http.post(b.url(&format!("/api/challenges/{id}/accept"))).bearer_auth(&bot.token).send().await;
    let accepted: Value = accepted.unwrap().json().await.unwrap();
    let game = accepted["game"]["id"].as_str().unwrap().to_owned();
    assert_eq!(events.next_of("game_start").await["game"]["id"], game.as_str());
    let mut moves = Stream::open(a, &format!("/api/bot/game/{game}/stream"), &bot.token).await;
    assert_eq!(moves.next().await.unwrap()["type"], "state");
    let moved = person.client.post(&format!("/api/games/{game}/moves"), json!({ "move": "h8", "ply": 0 })).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    assert_eq!(moves.next_of("update").await["ply"], 1);
}

/// Every scenario but the bot process's.
pub async fn all(server: &Server, database: &str) {
    marking(server).await;
    challenge_accepted_and_played(server).await;
    declined_canceled_and_bot_against_bot(server).await;
    challenges_limited(server).await;
    game_made_elsewhere(server, database).await;
}

/// The person's side of a game: its first legal move whenever it is to move, until
/// the game ends or `until` plies are played; the state at the end.
async fn person_plays(person: &Player, game: &str, until: u64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(180);
    loop {
        assert!(Instant::now() < deadline, "the game took over 180 s");
        let state = person.client.get(&format!("/api/games/{game}?legal=1")).await.body;
        if !state["outcome"].is_null() || state["ply"].as_u64().unwrap() >= until {
            return state;
        }
        if state["seat_to_move"] == state["your_seat"] {
            let ply = state["ply"].clone();
            let text = state["legal_moves"][0].clone();
            let moved =
                person.client.post(&format!("/api/games/{game}/moves"), json!({ "move": text, "ply": ply })).await;
            assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `arbiter bot` takes a person's challenge and plays the game to its end; killed
/// (SIGKILL) mid-game and started again, it resumes the game and finishes it.
pub async fn bot_process_plays_and_resumes(server: &Server) {
    let bot = Player::bot(server, "Engine").await;
    let person = Player::sign_up(server, "Dee").await;
    let process = BotProcess::start(server, &bot.token);
    let asked = person.challenge(bot.name(), "gomoku", json!({})).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let game = accepted_game(&person).await;
    // Four plies, two of them the bot's; then the bot dies and comes back.
    let state = person_plays(&person, &game, 4).await;
    assert!(state["outcome"].is_null(), "{state}");
    drop(process);
    let state = person_plays(&person, &game, 5).await;
    assert_eq!(state["ply"], 5);
    let mut again = BotProcess::start(server, &bot.token);
    let end = person_plays(&person, &game, u64::MAX).await;
    assert!(!end["outcome"].is_null(), "{end}");
    assert_eq!(end["bots"], json!({ "first": false, "second": true }));
    let games = person.client.get(&format!("/api/players/{}/games?status=finished", person.name())).await.body;
    assert_eq!(games["games"][0]["id"], game.as_str());
    // Ctrl-C (SIGINT) ends it cleanly, at once.
    // SAFETY: kill(2) on the pid of a child this test started and has not reaped.
    unsafe { libc::kill(again.0.id() as libc::pid_t, libc::SIGINT) };
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = again.0.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "arbiter bot stopped within 10 s of SIGINT");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "{status:?}");
}

/// The game the person's challenge made, once the bot has accepted it.
async fn accepted_game(person: &Player) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let games = person.client.get(&format!("/api/players/{}/games?status=playing", person.name())).await.body;
        if let Some(game) = games["games"][0]["id"].as_str() {
            return game.to_owned();
        }
        assert!(Instant::now() < deadline, "the bot took the challenge within 30 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// `arbiter bot` whose one engine is arbiter's own as a Hub process (draughts only)
/// declines a Gomoku challenge with its reason, and plays a draughts game through the
/// engine's protocol.
pub async fn bot_process_declines_and_plays_through_a_protocol(server: &Server) {
    let bot = Player::bot(server, "Hub").await;
    let person = Player::sign_up(server, "Eve").await;
    let _process = BotProcess::with_engine(server, &bot.token, &["name=own", "cmd=builtin", "proto=hub"]);
    let asked = person.challenge(bot.name(), "gomoku", json!({})).await;
    let id = asked.body["challenge"]["id"].as_str().unwrap().to_owned();
    let deadline = Instant::now() + Duration::from_secs(30);
    let declined = loop {
        let found = person.with_token("GET", "/api/challenges", None).await.body;
        if found["outgoing"].as_array().unwrap().iter().all(|c| c["id"] != id.as_str()) {
            break found;
        }
        assert!(Instant::now() < deadline, "the bot answered the challenge within 30 s: {found}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(declined["incoming"], json!([]));
    // No longer pending, it is still there for its challenger and its addressee, with
    // the bot's reason; for anyone else there is no such challenge.
    for who in [&person, &bot] {
        let settled = who.with_token("GET", &format!("/api/challenges/{id}"), None).await;
        assert_eq!(settled.status, StatusCode::OK, "{}", settled.body);
        assert_eq!(settled.body["challenge"]["status"], "declined", "{}", settled.body);
        assert!(!settled.body["challenge"]["reason"].as_str().unwrap().is_empty(), "{}", settled.body);
    }
    let other = Player::sign_up(server, "Nosy").await;
    let hidden = other.with_token("GET", &format!("/api/challenges/{id}"), None).await;
    assert_eq!(hidden.status, StatusCode::NOT_FOUND, "{}", hidden.body);
    assert_eq!(hidden.body["code"], "no_such_challenge");
    let asked = person.challenge(bot.name(), "draughts", json!({})).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let game = accepted_game(&person).await;
    let state = person_plays(&person, &game, 6).await;
    assert_eq!(state["ply"], 6, "{state}");
    assert!(state["moves"].as_array().unwrap().len() == 6);
}

/// `arbiter bot --challenge NAME:GAME` challenges a person as it starts, and plays
/// the game the person accepts to its end.
pub async fn bot_process_challenges_a_person(server: &Server) {
    let bot = Player::bot(server, "Asker").await;
    let person = Player::sign_up(server, "Ida").await;
    let challenge = format!("{}:gomoku", person.name());
    let _process = BotProcess::with_args(server, &bot.token, &["--engine", "arbiter", "--challenge", &challenge]);
    let deadline = Instant::now() + Duration::from_secs(30);
    let id = loop {
        let found = person.client.get("/api/challenges").await.body;
        if let Some(id) = found["incoming"][0]["id"].as_str() {
            assert_eq!(found["incoming"][0]["from"], bot.name());
            break id.to_owned();
        }
        assert!(Instant::now() < deadline, "the bot challenged within 30 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let accepted = person.client.post(&format!("/api/challenges/{id}/accept"), json!({})).await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    let game = accepted.body["game"]["id"].as_str().unwrap().to_owned();
    let end = person_plays(&person, &game, u64::MAX).await;
    assert!(!end["outcome"].is_null(), "{end}");
}

#[tokio::test]
async fn sqlite_bot_process_challenges_a_person() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&format!("sqlite://{}", dir.path().join("arbiter.db").display()), &OPTIONS);
    bot_process_challenges_a_person(&server).await;
}

#[tokio::test]
async fn sqlite_bot_process_declines_and_plays_through_a_protocol() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&format!("sqlite://{}", dir.path().join("arbiter.db").display()), &OPTIONS);
    bot_process_declines_and_plays_through_a_protocol(&server).await;
}

/// `arbiter bot` over Scan (Hub) plays a whole draughts game against a person. Scan
/// is not part of arbiter: `ARBITER_SCAN` names its binary, in a folder with its
/// `scan.ini` and `data/` (docs/matches.md); `scripts/test` runs this test with Scan's
/// others when it is built, and leaves it out of the server's ignored tests otherwise.
#[tokio::test]
#[ignore = "needs Scan 3.1: ARBITER_SCAN names its binary (docs/matches.md)"]
async fn scan_bot_plays_a_draughts_game_to_its_end() {
    let scan = std::env::var("ARBITER_SCAN").expect("ARBITER_SCAN names Scan's binary");
    let folder = std::path::Path::new(&scan).parent().expect("Scan's folder").display().to_string();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&format!("sqlite://{}", dir.path().join("arbiter.db").display()), &OPTIONS);
    let bot = Player::bot(&server, "Scan").await;
    let person = Player::sign_up(&server, "Fay").await;
    let (cmd, dir_word) = (format!("cmd={scan}"), format!("dir={folder}"));
    let words = ["name=scan", &cmd, "args=hub", &dir_word, "proto=hub"];
    let _process = BotProcess::with_engine(&server, &bot.token, &words);
    // A rated game with a clock, as a person would ask for one.
    let body = json!({
        "to": bot.name(), "game": "draughts", "options": { "clock": { "base": 120, "increment": 1 } },
        "rated": true, "colour": "first",
    });
    let asked = person.client.post("/api/challenges", body).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let game = accepted_game(&person).await;
    let end = person_plays(&person, &game, u64::MAX).await;
    assert!(!end["outcome"].is_null(), "{end}");
    assert_eq!(end["rated"], true, "{end}");
    let rated = Instant::now() + Duration::from_secs(10);
    loop {
        let page = person.client.get(&format!("/api/players/{}", person.name())).await.body;
        if page["ratings"]["draughts"]["games"] == 1 {
            break;
        }
        assert!(Instant::now() < rated, "the person's rating did not change: {page}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    eprintln!("Scan's game: {} after {} plies", end["outcome"]["reason"], end["ply"]);
}

#[tokio::test]
async fn sqlite_serves_bots() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("arbiter.db").display());
    let server = Server::start_with(&database, &OPTIONS);
    all(&server, &database).await;
}

#[tokio::test]
async fn sqlite_bot_process_plays_a_game_and_survives_a_kill() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&format!("sqlite://{}", dir.path().join("arbiter.db").display()), &OPTIONS);
    bot_process_plays_and_resumes(&server).await;
}

/// A Swiss of `arbiter bot` processes: each joins with `--join`, and plays the games
/// the tournament pairs it, to the tournament's end. `engines` are the `--engine`
/// words of each bot (arbiter's own where empty).
async fn bots_play_a_swiss(server: &Server, game: &str, options: Value, engines: &[&[&str]]) -> Value {
    let organiser = Player::sign_up(server, "org").await;
    let request = json!({
        "name": "Bots' Swiss", "system": "swiss", "game": game, "options": options, "rounds": 2, "starts_in": 3,
    });
    let made = organiser.client.post("/api/tournaments", request).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let id = made.body["id"].as_str().unwrap().to_owned();
    let mut processes = Vec::new();
    for words in engines {
        let bot = Player::bot(server, "tb").await;
        let engine: Vec<&str> =
            if words.is_empty() { vec!["--engine", "arbiter"] } else { [&["--engine"], *words].concat() };
        processes.push(BotProcess::with_args(server, &bot.token, &[&engine[..], &["--join", &id]].concat()));
    }
    let started = std::time::Instant::now();
    loop {
        let t = organiser.client.get(&format!("/api/tournaments/{id}")).await.body;
        if t["status"] == "finished" {
            return t;
        }
        assert!(started.elapsed() < Duration::from_secs(240), "the bots' Swiss did not end: {t}");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Three bots of arbiter's own engine play a two-round Swiss of Gomoku through `arbiter
/// bot --join`: every game is played over the board (no forfeit), and each bot plays
/// both rounds but the one with a bye.
pub async fn bot_processes_play_a_swiss(server: &Server) {
    let options = json!({ "size": 9, "clock": { "base": 120, "increment": 1 } });
    let t = bots_play_a_swiss(server, "gomoku", options, &[&[], &[], &[]]).await;
    let standings = t["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 3, "{t}");
    for line in standings {
        assert_eq!(line["forfeits"], 0, "{t}");
        let games = ["wins", "draws", "losses", "unplayed_wins"].iter().map(|k| line[k].as_i64().unwrap()).sum::<i64>();
        assert_eq!(games, 2, "{t}");
    }
    let games: Vec<&Value> =
        t["pairings"].as_array().unwrap().iter().flat_map(|r| r["games"].as_array().unwrap()).collect();
    assert!(games.iter().all(|g| ["1-0", "0-1", "½-½", "bye"].contains(&g["result"].as_str().unwrap())), "{t}");
}

#[tokio::test]
async fn sqlite_bot_processes_play_a_swiss() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&format!("sqlite://{}", dir.path().join("arbiter.db").display()), &OPTIONS);
    bot_processes_play_a_swiss(&server).await;
}

/// Scan, through `arbiter bot` over Hub, plays a two-round Swiss of draughts against two
/// bots of arbiter's own engine.
#[tokio::test]
#[ignore = "needs Scan 3.1: ARBITER_SCAN names its binary (docs/matches.md)"]
async fn scan_bot_plays_a_swiss() {
    let scan = std::env::var("ARBITER_SCAN").expect("ARBITER_SCAN names Scan's binary");
    let folder = std::path::Path::new(&scan).parent().expect("Scan's folder").display().to_string();
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&format!("sqlite://{}", dir.path().join("arbiter.db").display()), &OPTIONS);
    let (cmd, dir_word) = (format!("cmd={scan}"), format!("dir={folder}"));
    let scan_words = ["name=scan", cmd.as_str(), "args=hub", dir_word.as_str(), "proto=hub"];
    let options = json!({ "clock": { "base": 120, "increment": 1 } });
    let t = bots_play_a_swiss(&server, "draughts", options, &[&scan_words, &[], &[]]).await;
    let standings = t["standings"].as_array().unwrap();
    assert!(standings.iter().all(|l| l["forfeits"] == 0), "{t}");
    eprintln!("the bots' Swiss: {}", serde_json::to_string(&t["standings"]).unwrap());
}
