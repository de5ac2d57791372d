//! Accounts, ratings and players who leave, on SQLite and PostgreSQL alike: sessions
//! and their cookie, the limits on failed sign-ins, the origin check, personal API
//! tokens, Glicko-2's numbers over HTTP, players' pages and leaderboards, and every
//! way of leaving (no first move, a challenge nobody joins or whose creator leaves, a
//! seat gone and the game claimed, a player coming back), also across a restart.
//!
//! The servers run with `--behind-proxy`, so that each test is its own client
//! address (`X-Forwarded-For`): a PostgreSQL database is shared by every test and
//! run, and the limits count by address. Names are made unique for the same reason.

use std::time::{Duration, Instant};

use futures_util::SinkExt;
use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::harness::{Server, next_message, watch};

/// The `serve` options of the servers of these tests: behind a proxy, and the times
/// for players who leave made short.
pub const OPTIONS: [&str; 9] = [
    "--behind-proxy",
    "--first-move-seconds",
    "2",
    "--challenge-seconds",
    "3",
    "--gone-seconds",
    "1",
    "--claim-seconds",
    "1",
];

/// A name no other test or run has taken.
pub fn unique(prefix: &str) -> String {
    let mut bytes = [0u8; 4];
    getrandom::fill(&mut bytes).unwrap();
    format!("{prefix}{}", bytes.iter().map(|b| format!("{b:02x}")).collect::<String>())
}

/// An address no other test has used, for `X-Forwarded-For`.
fn address() -> String {
    let mut bytes = [0u8; 3];
    getrandom::fill(&mut bytes).unwrap();
    format!("10.{}.{}.{}", bytes[0], bytes[1], bytes[2])
}

/// A client of the server: its address, and its session once signed in.
pub struct Client {
    http: reqwest::Client,
    base: String,
    address: String,
    pub cookie: Option<String>,
    pub name: String,
}

/// A JSON answer: its status, headers and body.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
}

impl Answer {
    /// Asserts an error with `status` and `code`.
    pub fn refused(&self, status: StatusCode, code: &str) {
        assert_eq!(self.status, status, "{}", self.body);
        assert_eq!(self.body["code"], code, "{}", self.body);
        assert!(self.body["error"].as_str().is_some_and(|e| !e.is_empty()), "{}", self.body);
    }

    fn ok(&self, status: StatusCode) -> &Value {
        assert_eq!(self.status, status, "{}", self.body);
        &self.body
    }
}

impl Client {
    pub fn new(server: &Server) -> Client {
        Client {
            http: reqwest::Client::new(),
            base: server.base.clone(),
            address: address(),
            cookie: None,
            name: String::new(),
        }
    }

    /// Sends `method` to `path` with `body`, from this client's address, with its
    /// session's cookie and the server's own `Origin`, and `extra` headers.
    pub async fn send(&self, method: &str, path: &str, body: Option<Value>, extra: &[(&str, &str)]) -> Answer {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let mut request =
            self.http.request(method, format!("{}{path}", self.base)).header("X-Forwarded-For", &self.address);
        if !extra.iter().any(|(name, _)| name.eq_ignore_ascii_case("origin")) {
            request = request.header("Origin", &self.base);
        }
        if let Some(cookie) = &self.cookie {
            request = request.header("Cookie", cookie);
        }
        for (name, value) in extra {
            request = request.header(*name, *value);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let (status, headers) = (response.status(), response.headers().clone());
        let text = response.text().await.unwrap();
        let body = if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap() };
        Answer { status, headers, body }
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.send("GET", path, None, &[]).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.send("POST", path, Some(body), &[]).await
    }

    /// Takes the session of an answer's `Set-Cookie`.
    fn keep_session(&mut self, answer: &Answer) {
        let cookie = answer.headers.get("set-cookie").unwrap().to_str().unwrap();
        self.cookie = Some(cookie.split(';').next().unwrap().to_owned());
    }

    /// Signs up as a new account named after `prefix`, and keeps its session.
    pub async fn sign_up(server: &Server, prefix: &str) -> Client {
        let mut client = Client::new(server);
        client.name = unique(prefix);
        let answer = client.post("/api/accounts", json!({ "name": client.name, "password": "correct horse" })).await;
        answer.ok(StatusCode::CREATED);
        client.keep_session(&answer);
        client
    }
}

fn cookie_of(answer: &Answer) -> String {
    answer.headers.get("set-cookie").expect("a Set-Cookie").to_str().unwrap().to_owned()
}

/// Signing up, in and out; the session's cookie and its flags; one answer for a wrong
/// password and an unknown name; names and passwords refused with their codes.
pub async fn sessions(server: &Server) {
    let mut ada = Client::new(server);
    ada.name = unique("Ada");
    let made = ada.post("/api/accounts", json!({ "name": ada.name, "password": "correct horse" })).await;
    assert_eq!(made.ok(StatusCode::CREATED)["name"], ada.name.as_str());
    let cookie = cookie_of(&made);
    assert!(cookie.starts_with("arbiter_session="), "{cookie}");
    for flag in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(cookie.contains(flag), "{flag} in {cookie}");
    }
    assert!(!cookie.contains("Secure"), "plain HTTP: no Secure: {cookie}");
    assert!(!made.body.to_string().contains("correct horse"));
    ada.keep_session(&made);
    let me = ada.get("/api/me").await;
    assert_eq!(me.ok(StatusCode::OK)["name"], ada.name.as_str());
    assert_eq!(me.body["ratings"], json!({}));

    // Another client, no session: 401.
    Client::new(server).get("/api/me").await.refused(StatusCode::UNAUTHORIZED, "not_signed_in");

    // The same name in another case is taken; bad names and passwords have codes.
    let other = Client::new(server);
    let taken =
        other.post("/api/accounts", json!({ "name": ada.name.to_uppercase(), "password": "another one" })).await;
    taken.refused(StatusCode::CONFLICT, "name_taken");
    for (name, password, code) in [
        ("a", "long enough", "bad_account_name"),
        ("has space", "long enough", "bad_account_name"),
        (&"x".repeat(33)[..], "long enough", "bad_account_name"),
        ("fine_name", "short", "bad_password"),
    ] {
        other
            .post("/api/accounts", json!({ "name": name, "password": password }))
            .await
            .refused(StatusCode::BAD_REQUEST, code);
    }
    let huge = "p".repeat(10_000);
    other
        .post("/api/accounts", json!({ "name": unique("Big"), "password": huge }))
        .await
        .refused(StatusCode::BAD_REQUEST, "bad_password");
    let unknown_field =
        other.post("/api/accounts", json!({ "name": unique("X"), "password": "long enough", "admin": true })).await;
    assert_eq!(unknown_field.status, StatusCode::BAD_REQUEST);

    // Signing out ends the session on the server: the old cookie opens nothing.
    let out = ada.send("DELETE", "/api/session", None, &[]).await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    assert!(cookie_of(&out).starts_with("arbiter_session=; Max-Age=0"), "{}", cookie_of(&out));
    ada.get("/api/me").await.refused(StatusCode::UNAUTHORIZED, "not_signed_in");

    // A wrong password and an unknown name: the same answer, in similar time.
    let mut again = Client::new(server);
    let wrong = again.post("/api/session", json!({ "name": ada.name, "password": "wrong horse" })).await;
    wrong.refused(StatusCode::UNAUTHORIZED, "bad_credentials");
    let nobody = again.post("/api/session", json!({ "name": unique("Nobody"), "password": "wrong horse" })).await;
    nobody.refused(StatusCode::UNAUTHORIZED, "bad_credentials");
    assert_eq!(wrong.body, nobody.body);
    // Both run one Argon2id check: the median of three of each is not several times the
    // other's (four failures for the name in all, under its limit of five).
    let mut times = [Vec::new(), Vec::new()];
    for _ in 0..3 {
        for (n, name) in [unique("Nobody"), ada.name.clone()].into_iter().enumerate() {
            let started = Instant::now();
            again.post("/api/session", json!({ "name": name, "password": "wrong horsE" })).await;
            times[n].push(started.elapsed());
        }
    }
    let [unknown_time, wrong_time] = times.map(|mut t| {
        t.sort();
        t[1]
    });
    assert!(
        unknown_time * 4 > wrong_time && wrong_time * 4 > unknown_time,
        "unknown name {unknown_time:?}, wrong password {wrong_time:?}"
    );
    let back =
        again.post("/api/session", json!({ "name": ada.name.to_lowercase(), "password": "correct horse" })).await;
    assert_eq!(back.ok(StatusCode::OK)["name"], ada.name.as_str(), "names are found in any case");
    again.keep_session(&back);
    assert_eq!(again.get("/api/me").await.body["name"], ada.name.as_str());
}

/// Failed sign-ins: five for a name, then `429` with `Retry-After` even for the right
/// password; twenty from one address, whatever the names.
pub async fn sign_in_limits(server: &Server) {
    let ada = Client::sign_up(server, "Lim").await;
    let attacker = Client::new(server);
    for _ in 0..5 {
        let answer = attacker.post("/api/session", json!({ "name": ada.name, "password": "guess guess" })).await;
        answer.refused(StatusCode::UNAUTHORIZED, "bad_credentials");
    }
    let limited = attacker.post("/api/session", json!({ "name": ada.name, "password": "correct horse" })).await;
    limited.refused(StatusCode::TOO_MANY_REQUESTS, "too_many_attempts");
    let wait: u64 = limited.headers.get("retry-after").unwrap().to_str().unwrap().parse().unwrap();
    assert!((1..=900).contains(&wait), "{wait}");
    // From another address too: the name is limited.
    let owner = Client::new(server);
    let answer = owner.post("/api/session", json!({ "name": ada.name, "password": "correct horse" })).await;
    answer.refused(StatusCode::TOO_MANY_REQUESTS, "too_many_attempts");

    // One address trying many names.
    let sprayer = Client::new(server);
    for _ in 0..20 {
        let answer = sprayer.post("/api/session", json!({ "name": unique("Spray"), "password": "guess guess" })).await;
        answer.refused(StatusCode::UNAUTHORIZED, "bad_credentials");
    }
    let bob = Client::sign_up(server, "Bob").await;
    let answer = sprayer.post("/api/session", json!({ "name": bob.name, "password": "correct horse" })).await;
    answer.refused(StatusCode::TOO_MANY_REQUESTS, "too_many_attempts");
    assert!(answer.headers.contains_key("retry-after"));
    // Bob, from his own address, is not held up.
    let answer = bob.post("/api/session", json!({ "name": bob.name, "password": "correct horse" })).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
}

/// Writes carried by the cookie from another origin are `403`; from the server's own
/// pages they pass; reads are not concerned.
pub async fn origin_check(server: &Server) {
    let ada = Client::sign_up(server, "Orig").await;
    let game = json!({ "game": "gomoku", "options": { "size": 9 } });
    let evil = ada.send("POST", "/api/games", Some(game.clone()), &[("Origin", "http://evil.example")]).await;
    evil.refused(StatusCode::FORBIDDEN, "cross_origin");
    let null = ada.send("POST", "/api/games", Some(game.clone()), &[("Origin", "null")]).await;
    null.refused(StatusCode::FORBIDDEN, "cross_origin");
    // The cookie without any Origin: refused, unless the browser says same-origin.
    let mut bare = reqwest::Client::new()
        .post(format!("{}/api/games", server.base))
        .header("Cookie", ada.cookie.clone().unwrap())
        .header("X-Forwarded-For", address())
        .json(&game);
    let answer = bare.try_clone().unwrap().send().await.unwrap();
    assert_eq!(answer.status(), StatusCode::FORBIDDEN);
    bare = bare.header("Sec-Fetch-Site", "same-origin");
    assert_eq!(bare.send().await.unwrap().status(), StatusCode::CREATED);
    let out = ada.send("DELETE", "/api/session", None, &[("Origin", "https://evil.example")]).await;
    out.refused(StatusCode::FORBIDDEN, "cross_origin");
    assert_eq!(ada.get("/api/me").await.status, StatusCode::OK, "the session stands");
    let own = ada.post("/api/games", game.clone()).await;
    assert_eq!(own.ok(StatusCode::CREATED)["state"]["players"]["first"], ada.name.as_str());
    let read = ada.send("GET", "/api/me", None, &[("Origin", "http://evil.example")]).await;
    assert_eq!(read.status, StatusCode::OK);
    // A program with no Origin and no cookie is not concerned.
    let program = reqwest::Client::new().post(format!("{}/api/games", server.base)).json(&game).send().await.unwrap();
    assert_eq!(program.status(), StatusCode::CREATED);
}

/// Personal API tokens: made and listed from a session (never shown again), used as
/// `Authorization: Bearer` for what the account may do, revoked.
pub async fn api_tokens(server: &Server) {
    let ada = Client::sign_up(server, "Tok").await;
    let made = ada.post("/api/tokens", json!({ "label": "my bot" })).await;
    let made = made.ok(StatusCode::CREATED).clone();
    let token = made["token"].as_str().unwrap().to_owned();
    assert!(token.starts_with("arbiter_") && token.len() == 72, "{token}");
    let listed = ada.get("/api/tokens").await;
    let tokens = listed.ok(StatusCode::OK)["tokens"].as_array().unwrap().clone();
    assert_eq!(tokens.len(), 1);
    assert_eq!((tokens[0]["id"].clone(), tokens[0]["label"].clone()), (made["id"].clone(), json!("my bot")));
    assert!(!listed.body.to_string().contains(&token), "a token is shown once");
    ada.post("/api/tokens", json!({ "label": "" })).await.refused(StatusCode::BAD_REQUEST, "bad_label");

    let bot = Client::new(server);
    let bearer = format!("Bearer {token}");
    let me = bot.send("GET", "/api/me", None, &[("Authorization", &bearer)]).await;
    assert_eq!(me.ok(StatusCode::OK)["name"], ada.name.as_str());
    // The bot plays as the account: its game is the account's.
    let game = bot
        .send(
            "POST",
            "/api/games",
            Some(json!({ "game": "gomoku", "options": { "size": 9 } })),
            &[("Authorization", &bearer)],
        )
        .await;
    let id = game.ok(StatusCode::CREATED)["id"].as_str().unwrap().to_owned();
    let moved = bot
        .send(
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({ "move": "e5", "ply": 0 })),
            &[("Authorization", &bearer)],
        )
        .await;
    assert_eq!(moved.ok(StatusCode::OK)["ply"], 1);
    // A token cannot make tokens.
    let answer = bot.send("POST", "/api/tokens", Some(json!({ "label": "x" })), &[("Authorization", &bearer)]).await;
    answer.refused(StatusCode::FORBIDDEN, "session_needed");
    let revoked = ada.send("DELETE", &format!("/api/tokens/{}", made["id"].as_str().unwrap()), None, &[]).await;
    assert_eq!(revoked.status, StatusCode::NO_CONTENT);
    bot.send("GET", "/api/me", None, &[("Authorization", &bearer)])
        .await
        .refused(StatusCode::UNAUTHORIZED, "bad_token");
}

/// A rated challenge by `a`, joined by `b`: the game's id and each seat's token.
async fn rated_game(a: &Client, b: &Client, game: &str) -> (String, String, String) {
    let made = a.post("/api/games", json!({ "game": game, "rated": true })).await;
    let made = made.ok(StatusCode::CREATED).clone();
    assert_eq!((made["state"]["rated"].clone(), made["state"]["open"].clone()), (json!(true), json!(true)));
    let id = made["id"].as_str().unwrap().to_owned();
    let joined = b.post(&format!("/api/games/{id}/join"), json!({})).await;
    let joined = joined.ok(StatusCode::OK).clone();
    assert_eq!(joined["state"]["players"], json!({ "first": a.name, "second": b.name }));
    assert_eq!(joined["state"]["accounts"], json!(["first", "second"]));
    (id, made["tokens"]["first"].as_str().unwrap().to_owned(), joined["token"].as_str().unwrap().to_owned())
}

fn close(got: &Value, want: f64) -> bool {
    got.as_f64().is_some_and(|g| (g - want).abs() < 0.01)
}

/// Rated games: who may make and join them, the Glicko-2 numbers of a first game from
/// 1500/350, the players' pages and games, and a leaderboard once ratings are no
/// longer provisional.
pub async fn ratings(server: &Server) {
    let (ada, bob) = (Client::sign_up(server, "Rat").await, Client::sign_up(server, "Ing").await);
    // Who may play rated games.
    let anonymous = Client::new(server);
    anonymous
        .post("/api/games", json!({ "game": "xiangqi", "rated": true }))
        .await
        .refused(StatusCode::UNAUTHORIZED, "sign_in_needed");
    let computer =
        ada.post("/api/games", json!({ "game": "xiangqi", "rated": true, "options": { "opponent": "engine" } })).await;
    computer.refused(StatusCode::BAD_REQUEST, "rated_with_computer");
    let made = ada.post("/api/games", json!({ "game": "draughts", "rated": true })).await;
    let id = made.body["id"].as_str().unwrap().to_owned();
    ada.post(&format!("/api/games/{id}/join"), json!({})).await.refused(StatusCode::CONFLICT, "own_challenge");
    anonymous
        .post(&format!("/api/games/{id}/join"), json!({ "name": "Cy" }))
        .await
        .refused(StatusCode::UNAUTHORIZED, "sign_in_needed");
    // The lobby shows the challenger's rating.
    let open = anonymous.get("/api/games?status=open&limit=200").await;
    let listed = open.body["games"].as_array().unwrap().iter().find(|g| g["id"] == id.as_str()).unwrap().clone();
    assert_eq!(listed["rated"], true);
    assert_eq!(listed["ratings"]["first"], json!({ "rating": 1500.0, "rd": 350.0, "provisional": true }));
    ada.send("POST", &format!("/api/games/{id}/abort"), Some(json!({})), &[]).await.ok(StatusCode::OK);

    // A first rated game: Bob resigns to Ada; both from 1500/350.
    let (id, _, bob_token) = rated_game(&ada, &bob, "xiangqi").await;
    let resigned = bob
        .send(
            "POST",
            &format!("/api/games/{id}/resign"),
            Some(json!({})),
            &[("Authorization", &format!("Bearer {bob_token}"))],
        )
        .await;
    assert_eq!(resigned.ok(StatusCode::OK)["outcome"]["winner_seat"], "first");
    let page = ada.get(&format!("/api/players/{}", ada.name)).await;
    let rating = &page.ok(StatusCode::OK)["ratings"]["xiangqi"];
    assert!(close(&rating["rating"], 1662.31) && close(&rating["rd"], 290.32), "{rating}");
    assert_eq!((rating["games"].clone(), rating["provisional"].clone()), (json!(1), json!(true)));
    assert!((rating["volatility"].as_f64().unwrap() - 0.06).abs() < 1e-5, "{rating}");
    let lost = &bob.get("/api/me").await.body["ratings"]["xiangqi"];
    assert!(close(&lost["rating"], 1337.69) && close(&lost["rd"], 290.32), "{lost}");
    assert_eq!(page.body["history"]["xiangqi"].as_array().unwrap().len(), 1);
    let games = anonymous.get(&format!("/api/players/{}/games", bob.name)).await;
    let first = &games.ok(StatusCode::OK)["games"][0];
    assert_eq!(
        (first["id"].clone(), first["result"].clone(), first["seat"].clone()),
        (json!(id), json!("loss"), json!("second"))
    );
    assert_eq!(first["opponent"], json!({ "name": ada.name, "account": true, "bot": false }));
    assert!(close(&first["rating"]["change"], -162.31), "{first}");
    anonymous.get(&format!("/api/players/{}", unique("Nobody"))).await.refused(StatusCode::NOT_FOUND, "no_such_player");

    // Thirteen more games, turn about: both ratings settle (RD at most 110) and the
    // leaderboard lists both, best first.
    for n in 0..13 {
        let (first, second) = if n % 2 == 0 { (&bob, &ada) } else { (&ada, &bob) };
        let (id, first_token, _) = rated_game(first, second, "xiangqi").await;
        let bearer = format!("Bearer {first_token}");
        first
            .send("POST", &format!("/api/games/{id}/resign"), Some(json!({})), &[("Authorization", &bearer)])
            .await
            .ok(StatusCode::OK);
    }
    let board = anonymous.get("/api/leaderboard/xiangqi?limit=200").await;
    let players = board.ok(StatusCode::OK)["players"].as_array().unwrap().clone();
    let ours: Vec<&Value> =
        players.iter().filter(|p| p["name"] == ada.name.as_str() || p["name"] == bob.name.as_str()).collect();
    assert_eq!(ours.len(), 2, "{players:?}");
    assert!(ours.iter().all(|p| p["rd"].as_f64().unwrap() <= 110.0 && p["games"] == 14), "{ours:?}");
    let ratings: Vec<f64> = players.iter().map(|p| p["rating"].as_f64().unwrap()).collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "best first: {ratings:?}");
    anonymous.get("/api/leaderboard/chess").await.refused(StatusCode::NOT_FOUND, "no_such_game");
    // Pages of games, newest first.
    let page = anonymous.get(&format!("/api/players/{}/games?status=finished&limit=5&offset=5", ada.name)).await;
    assert_eq!((page.body["total"].clone(), page.body["games"].as_array().unwrap().len()), (json!(15), 5));
    let all = anonymous.get(&format!("/api/players/{}/games?limit=200", ada.name)).await;
    let ended: Vec<i64> =
        all.body["games"].as_array().unwrap().iter().map(|g| g["ended_at"].as_i64().unwrap()).collect();
    assert!(ended.windows(2).all(|w| w[0] >= w[1]), "newest first: {ended:?}");
    assert_eq!(
        anonymous.get(&format!("/api/players/{}/games?status=lost", ada.name)).await.status,
        StatusCode::BAD_REQUEST
    );
}

/// Waits up to `seconds` for the game's state to satisfy `done`.
async fn state_when(client: &Client, id: &str, seconds: u64, done: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let state = client.get(&format!("/api/games/{id}")).await.body;
        if done(&state) {
            return state;
        }
        assert!(started.elapsed() < Duration::from_secs(seconds), "waited {seconds} s: {state}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A game between two anonymous seats, its invited player come (the second seat's
/// page opened): its id and tokens.
async fn casual(server: &Server, game: Value) -> (String, String, String) {
    let made = Client::new(server).post("/api/games", game).await;
    let made = made.ok(StatusCode::CREATED).clone();
    let token = |seat: &str| made["tokens"][seat].as_str().unwrap_or_default().to_owned();
    let id = made["id"].as_str().unwrap().to_owned();
    if !token("second").is_empty() {
        let bearer = format!("Bearer {}", token("second"));
        let opened =
            Client::new(server).send("GET", &format!("/api/games/{id}"), None, &[("Authorization", &bearer)]).await;
        assert_eq!(opened.ok(StatusCode::OK)["your_seat"], "second");
    }
    (id, token("first"), token("second"))
}

async fn play(server: &Server, id: &str, token: &str, text: &str, ply: i64) -> Answer {
    let bearer = format!("Bearer {token}");
    Client::new(server)
        .send(
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({ "move": text, "ply": ply })),
            &[("Authorization", &bearer)],
        )
        .await
}

/// A seat's page: a WebSocket of the game that says whose seat it is.
async fn seat_socket(server: &Server, id: &str, token: &str) -> crate::harness::Socket {
    let mut socket = watch(server, id).await;
    next_message(&mut socket).await;
    socket.send(Message::Text(json!({ "type": "seat", "token": token }).to_string().into())).await.unwrap();
    socket
}

/// Games nobody starts, challenges nobody takes: aborted by themselves, with the
/// reason, and listed as finished.
pub async fn no_first_move(server: &Server) {
    let watcher = Client::new(server);
    let (id, first, _) = casual(server, json!({ "game": "xiangqi" })).await;
    let state = watcher.get(&format!("/api/games/{id}")).await.body;
    let abort_at = state["abort_at"].as_i64().expect("a first move is awaited");
    assert!(abort_at > state["made_at"].as_i64().unwrap());
    let over = state_when(&watcher, &id, 6, |s| s["status"] == "finished").await;
    assert_eq!(over["outcome"]["result"], "aborted");
    assert_eq!(over["outcome"]["detail"], "red made no first move in time");
    assert_eq!(over["abort_at"], Value::Null);
    let late = play(server, &id, &first, "h2e2", 0).await;
    assert_eq!(late.status, StatusCode::GONE, "{}", late.body);
    // The second side's first move is awaited too.
    let (id, first, _) = casual(server, json!({ "game": "gomoku", "options": { "size": 9 } })).await;
    assert_eq!(play(server, &id, &first, "e5", 0).await.status, StatusCode::OK);
    let over = state_when(&watcher, &id, 6, |s| s["status"] == "finished").await;
    assert_eq!(over["outcome"]["detail"], "white made no first move in time");
    // Once both have moved, nothing is aborted.
    let (id, first, second) = casual(server, json!({ "game": "gomoku", "options": { "size": 9 } })).await;
    assert_eq!(play(server, &id, &first, "e5", 0).await.status, StatusCode::OK);
    assert_eq!(play(server, &id, &second, "e6", 1).await.status, StatusCode::OK);
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let going = watcher.get(&format!("/api/games/{id}")).await.body;
    assert_eq!((going["status"].clone(), going["abort_at"].clone()), (json!("ongoing"), Value::Null));
    // An open challenge nobody joins is called off, and leaves the lobby.
    let (id, _, _) = casual(server, json!({ "game": "twixt", "open": true, "options": { "size": 8 } })).await;
    let over = state_when(&watcher, &id, 8, |s| s["status"] == "finished").await;
    assert_eq!(over["outcome"]["detail"], "nobody joined the challenge in time");
    let open = watcher.get("/api/games?status=open&limit=200").await.body;
    assert!(!open["games"].as_array().unwrap().iter().any(|g| g["id"] == id.as_str()));
    // A game made with a link waits for its invited player as a challenge waits.
    let made = watcher.post("/api/games", json!({ "game": "gomoku", "options": { "size": 9 } })).await;
    let id = made.ok(StatusCode::CREATED)["id"].as_str().unwrap().to_owned();
    let over = state_when(&watcher, &id, 8, |s| s["status"] == "finished").await;
    assert_eq!(over["outcome"]["detail"], "the invited player did not come in time");
    // A correspondence game waits a day for a first move.
    let (id, _, _) = casual(server, json!({ "game": "gomoku", "options": { "clock": { "days": 2 } } })).await;
    let state = watcher.get(&format!("/api/games/{id}")).await.body;
    assert!(state["abort_at"].as_i64().unwrap() - state["made_at"].as_i64().unwrap() >= 86_400_000 - 1000);
}

/// A seat whose player's connection is gone: declared gone to the other, who may claim
/// the win (or a draw) after the countdown; a player who comes back is here again; an
/// open challenge whose creator leaves is called off.
pub async fn gone_and_claimed(server: &Server) {
    let (id, first, second) = casual(server, json!({ "game": "gomoku", "options": { "size": 9 } })).await;
    let red = seat_socket(server, &id, &first).await;
    let mut blue = seat_socket(server, &id, &second).await;
    assert_eq!(play(server, &id, &first, "e5", 0).await.status, StatusCode::OK);
    assert_eq!(play(server, &id, &second, "e6", 1).await.status, StatusCode::OK);
    let watcher = Client::new(server);
    // Both here: nobody gone, nothing to claim.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(watcher.get(&format!("/api/games/{id}")).await.body["gone"], json!({}));
    let claim = |id: &str, token: &str, result: &str| {
        let (path, bearer, result) = (format!("/api/games/{id}/claim"), format!("Bearer {token}"), result.to_owned());
        let client = Client::new(server);
        async move { client.send("POST", &path, Some(json!({ "result": result })), &[("Authorization", &bearer)]).await }
    };
    claim(&id, &second, "win").await.refused(StatusCode::CONFLICT, "opponent_here");
    // The first seat's page closes: it is declared gone, and the update says so.
    drop(red);
    let gone = loop {
        let message = tokio::time::timeout(Duration::from_secs(8), next_message(&mut blue)).await.expect("an update");
        if message["gone"]["first"].is_i64() {
            break message;
        }
    };
    let claim_at = gone["gone"]["first"].as_i64().unwrap();
    claim(&id, &second, "win").await.refused(StatusCode::CONFLICT, "claim_too_soon");
    claim(&id, &first, "win").await.refused(StatusCode::CONFLICT, "opponent_here");
    // The first seat comes back: it is here again.
    let red = seat_socket(server, &id, &first).await;
    state_when(&watcher, &id, 5, |s| s["gone"] == json!({})).await;
    drop(red);
    let gone = state_when(&watcher, &id, 8, |s| s["gone"]["first"].is_i64()).await;
    assert!(gone["gone"]["first"].as_i64().unwrap() > claim_at);
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let claimed = claim(&id, &second, "win").await;
    let outcome = claimed.ok(StatusCode::OK)["outcome"].clone();
    assert_eq!((outcome["winner_seat"].clone(), outcome["reason"].clone()), (json!("second"), json!("adjudication")));
    assert_eq!(outcome["detail"], "black left the game");
    assert_eq!(claimed.body["gone"], json!({}));

    // A draw claimed.
    let (id, first, second) = casual(server, json!({ "game": "gomoku", "options": { "size": 9 } })).await;
    let red = seat_socket(server, &id, &first).await;
    let _blue = seat_socket(server, &id, &second).await;
    assert_eq!(play(server, &id, &first, "e5", 0).await.status, StatusCode::OK);
    assert_eq!(play(server, &id, &second, "e6", 1).await.status, StatusCode::OK);
    drop(red);
    let gone = state_when(&watcher, &id, 8, |s| s["gone"]["first"].is_i64()).await;
    let wait = (gone["gone"]["first"].as_i64().unwrap() - gone["made_at"].as_i64().unwrap()).max(0) as u64;
    tokio::time::sleep(Duration::from_millis(wait + 300)).await;
    let claimed = claim(&id, &second, "draw").await;
    assert_eq!(claimed.ok(StatusCode::OK)["outcome"]["result"], "draw");
    claim(&id, &second, "win").await.refused(StatusCode::GONE, "game_over");

    // A seat whose player never connected is never declared gone (programs that do
    // not watch are not concerned), and neither is one in a correspondence game.
    let (id, first, second) = casual(server, json!({ "game": "gomoku", "options": { "size": 9 } })).await;
    assert_eq!(play(server, &id, &first, "e5", 0).await.status, StatusCode::OK);
    assert_eq!(play(server, &id, &second, "e6", 1).await.status, StatusCode::OK);
    let (slow, slow_first, _) =
        casual(server, json!({ "game": "gomoku", "options": { "clock": { "days": 1 } } })).await;
    drop(seat_socket(server, &slow, &slow_first).await);
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(watcher.get(&format!("/api/games/{id}")).await.body["gone"], json!({}));
    assert_eq!(watcher.get(&format!("/api/games/{slow}")).await.body["gone"], json!({}));

    // An open challenge whose creator's page closes is called off.
    let (id, first, _) = casual(server, json!({ "game": "gomoku", "open": true })).await;
    drop(seat_socket(server, &id, &first).await);
    let over = state_when(&watcher, &id, 8, |s| s["status"] == "finished").await;
    assert_eq!(over["outcome"]["detail"], "the challenger left");
}

/// A signed-in player finds their game again from its plain address (their seat, by
/// the session), and from their page with whose turn it is.
pub async fn games_found_again(server: &Server) {
    let (ada, bob) = (Client::sign_up(server, "Find").await, Client::sign_up(server, "Again").await);
    let (id, first, _) = rated_game(&ada, &bob, "gomoku").await;
    assert_eq!(play(server, &id, &first, "h8", 0).await.status, StatusCode::OK);
    let mine = bob.get(&format!("/api/games/{id}")).await;
    assert_eq!(mine.ok(StatusCode::OK)["your_seat"], "second");
    assert!(Client::new(server).get(&format!("/api/games/{id}")).await.body.get("your_seat").is_none());
    // Bob moves by his session, no token.
    let moved = bob.post(&format!("/api/games/{id}/moves"), json!({ "move": "h9", "ply": 1 })).await;
    assert_eq!(moved.ok(StatusCode::OK)["ply"], 2);
    let playing = ada.get(&format!("/api/players/{}/games?status=playing", ada.name)).await;
    let game = playing.body["games"].as_array().unwrap().iter().find(|g| g["id"] == id.as_str()).unwrap().clone();
    assert_eq!((game["seat_to_move"].clone(), game["your_turn"].clone()), (json!("first"), json!(true)));
    let theirs = bob.get(&format!("/api/players/{}/games?status=playing", bob.name)).await;
    let game = theirs.body["games"].as_array().unwrap().iter().find(|g| g["id"] == id.as_str()).unwrap().clone();
    assert_eq!(game["your_turn"], false);
    // Someone else's session opens no seat.
    let cy = Client::sign_up(server, "Cy").await;
    cy.post(&format!("/api/games/{id}/moves"), json!({ "move": "a1", "ply": 2 })).await;
    assert_eq!(cy.post(&format!("/api/games/{id}/resign"), json!({})).await.status, StatusCode::UNAUTHORIZED);
}

/// The rules for leaving across a restart: a first move awaited while the server was
/// down aborts the game once it is back; a seat declared gone stays gone, and its
/// opponent claims the game from the restarted server.
pub async fn leaving_survives_a_restart(database: &str) {
    let server = Server::start_with(database, &OPTIONS);
    let (waiting, _, _) = casual(&server, json!({ "game": "xiangqi" })).await;
    let (id, first, second) = casual(&server, json!({ "game": "gomoku", "options": { "size": 9 } })).await;
    let red = seat_socket(&server, &id, &first).await;
    let _blue = seat_socket(&server, &id, &second).await;
    assert_eq!(play(&server, &id, &first, "e5", 0).await.status, StatusCode::OK);
    assert_eq!(play(&server, &id, &second, "e6", 1).await.status, StatusCode::OK);
    drop(red);
    let watcher = Client::new(&server);
    state_when(&watcher, &id, 8, |s| s["gone"]["first"].is_i64()).await;
    server.kill();
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let server = Server::start_with(database, &OPTIONS);
    let watcher = Client::new(&server);
    let over = state_when(&watcher, &waiting, 3, |s| s["status"] == "finished").await;
    assert_eq!(over["outcome"]["result"], "aborted");
    let state = watcher.get(&format!("/api/games/{id}")).await.body;
    assert!(state["gone"]["first"].is_i64(), "{state}");
    let bearer = format!("Bearer {second}");
    let claimed = watcher
        .send(
            "POST",
            &format!("/api/games/{id}/claim"),
            Some(json!({ "result": "win" })),
            &[("Authorization", &bearer)],
        )
        .await;
    assert_eq!(claimed.ok(StatusCode::OK)["outcome"]["winner_seat"], "second");
}

/// The invite's second seat, opened by its link, takes the name its browser keeps,
/// once; a named seat keeps its name.
pub async fn invited_seat_names_itself(server: &Server) {
    let (id, first, second) = casual(server, json!({ "game": "xiangqi", "name": "Ada" })).await;
    let name = |token: &str, name: &str| {
        let (path, bearer, name) = (format!("/api/games/{id}/name"), format!("Bearer {token}"), name.to_owned());
        let client = Client::new(server);
        async move { client.send("POST", &path, Some(json!({ "name": name })), &[("Authorization", &bearer)]).await }
    };
    let named = name(&second, "  Bo ").await;
    assert_eq!(named.ok(StatusCode::OK)["players"], json!({ "first": "Ada", "second": "Bo" }));
    name(&second, "Cy").await.refused(StatusCode::CONFLICT, "seat_named");
    name(&first, "Eve").await.refused(StatusCode::CONFLICT, "seat_named");
    name(&second, "a\nb").await.refused(StatusCode::BAD_REQUEST, "bad_name");
    let spectator = Client::new(server).post(&format!("/api/games/{id}/name"), json!({ "name": "Zed" })).await;
    assert_eq!(spectator.status, StatusCode::UNAUTHORIZED);
}

/// Every scenario of this file that one server (started with [`OPTIONS`]) runs.
pub async fn all(server: &Server) {
    sessions(server).await;
    sign_in_limits(server).await;
    origin_check(server).await;
    api_tokens(server).await;
    invited_seat_names_itself(server).await;
    ratings(server).await;
    games_found_again(server).await;
    no_first_move(server).await;
    gone_and_claimed(server).await;
}
