//! A place to play, on SQLite and PostgreSQL alike: players' names in the state, the
//! lobby and the records; open challenges joined once, however many ask at once; the
//! invite kept for the creator; the lobby's lists; takebacks, and what watchers see
//! of them.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::harness::{Server, next_message, next_state, next_update, play, play_all, state, watch, watch_with};

/// `POST` to `path` with `body`, with `token` as the seat's if given: the status and
/// the JSON body.
async fn post(server: &Server, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
    let client = reqwest::Client::new();
    let mut request = client.post(server.url(path)).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    (response.status(), response.json().await.unwrap())
}

/// A new game for `body` (`{"game", "options", "name", "open"}`): its answer.
async fn create(server: &Server, body: Value) -> Value {
    let (status, created) = post(server, "/api/games", None, body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created
}

/// The game's state as the seat of `token` reads it.
async fn state_as(server: &Server, id: &str, token: &str) -> (StatusCode, Value) {
    let client = reqwest::Client::new();
    let response = client.get(server.url(&format!("/api/games/{id}"))).bearer_auth(token).send().await.unwrap();
    (response.status(), response.json().await.unwrap())
}

/// Asserts an error answer with `status` and `code`.
fn refused(answer: &(StatusCode, Value), status: StatusCode, code: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    assert_eq!(answer.1["code"], code, "{}", answer.1);
    assert!(answer.1["error"].as_str().is_some_and(|e| !e.is_empty()), "{}", answer.1);
}

fn text(value: &Value) -> String {
    value.as_str().unwrap().to_owned()
}

/// The ids of a lobby list.
async fn listed(server: &Server, query: &str) -> Value {
    reqwest::get(server.url(&format!("/api/games?{query}"))).await.unwrap().json().await.unwrap()
}

fn ids(list: &Value) -> Vec<String> {
    list["games"].as_array().unwrap().iter().map(|g| text(&g["id"])).collect()
}

/// Names: given at creation and at joining, shown in the state, refused when bad,
/// and written in each record's players' tags; the computer's seat named after it.
pub async fn players_names(server: &Server) {
    let created = create(server, json!({ "game": "xiangqi", "name": "  Ada  " })).await;
    assert_eq!(created["state"]["players"], json!({ "first": "Ada", "second": null }));
    let pgn = reqwest::get(server.url(&format!("/api/games/{}/record", text(&created["id"])))).await.unwrap();
    let pgn = pgn.text().await.unwrap();
    assert!(pgn.contains("[Red \"Ada\"]") && pgn.contains("[Black \"second seat\"]"), "{pgn}");
    let draughts = create(server, json!({ "game": "draughts", "name": "Bo", "open": true })).await;
    let id = text(&draughts["id"]);
    let (status, joined) = post(server, &format!("/api/games/{id}/join"), None, json!({ "name": "Cy" })).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["state"]["players"], json!({ "first": "Bo", "second": "Cy" }));
    let pdn = reqwest::get(server.url(&format!("/api/games/{id}/record"))).await.unwrap().text().await.unwrap();
    assert!(pdn.contains("[White \"Bo\"]") && pdn.contains("[Black \"Cy\"]"), "{pdn}");
    let computer =
        create(server, json!({ "game": "gomoku", "name": "Di", "options": { "opponent": { "side": "first" } } })).await;
    assert_eq!(computer["state"]["players"], json!({ "first": "arbiter", "second": "Di" }));
    for bad in [json!(""), json!("   "), json!("x".repeat(33)), json!("a\tb"), json!("a\u{7}")] {
        let answer = post(server, "/api/games", None, json!({ "game": "gomoku", "name": bad })).await;
        refused(&answer, StatusCode::BAD_REQUEST, "bad_name");
    }
    let open = create(server, json!({ "game": "gomoku", "open": true })).await;
    let answer = post(server, &format!("/api/games/{}/join", text(&open["id"])), None, json!({ "name": "\n" })).await;
    refused(&answer, StatusCode::BAD_REQUEST, "bad_name");
}

/// Open challenges: listed with what the lobby shows, joined once (of many joins at
/// once on `a` and `b`, exactly one gets the seat), then among the games in play;
/// nothing but an abort before someone joins; a game with a link is no challenge.
pub async fn open_challenges(a: &Server, b: &Server) {
    let clock = json!({ "base": 300, "increment": 3 });
    let created = create(
        a,
        json!({ "game": "xiangqi", "name": "Ada", "open": true, "options": { "clock": clock, "move_limit": 40 } }),
    )
    .await;
    let id = text(&created["id"]);
    let first = text(&created["tokens"]["first"]);
    assert_eq!(created["tokens"].as_object().unwrap().len(), 1, "the second seat's token goes to who joins");
    assert_eq!(created["state"]["open"], true);
    let open = listed(a, "status=open&limit=200").await;
    let entry = open["games"].as_array().unwrap().iter().find(|g| g["id"] == id.as_str()).unwrap().clone();
    assert_eq!(entry["game"], "xiangqi");
    assert_eq!(entry["options"]["move_limit"], 40);
    assert_eq!(entry["time_control"], json!({ "base": 300.0, "increment": 3.0 }));
    assert_eq!(entry["players"], json!({ "first": "Ada", "second": null }));
    assert_eq!((entry["open"].clone(), entry["ply"].clone()), (json!(true), json!(0)));
    assert!(entry["created_at"].as_i64().unwrap() > 0);
    assert!(!ids(&listed(a, "status=playing&limit=200").await).contains(&id));
    refused(
        &play(&reqwest::Client::new(), a, &id, &first, "h2e2", 0).await,
        StatusCode::CONFLICT,
        "waiting_for_opponent",
    );
    let draw = post(a, &format!("/api/games/{id}/draw"), Some(&first), json!({ "action": "offer" })).await;
    refused(&draw, StatusCode::CONFLICT, "waiting_for_opponent");

    let mut watcher = watch(a, &id).await;
    assert_eq!(next_state(&mut watcher).await["open"], true);
    // Many joins at once, half of them through each server.
    let join_path = format!("/api/games/{id}/join");
    let joins = (0..16).map(|n| {
        let server = if n % 2 == 0 { a } else { b };
        let join_path = &join_path;
        async move { post(server, join_path, None, json!({ "name": format!("p{n}") })).await }
    });
    let answers = futures_util::future::join_all(joins).await;
    let winners: Vec<&(StatusCode, Value)> = answers.iter().filter(|(status, _)| *status == StatusCode::OK).collect();
    assert_eq!(winners.len(), 1, "{answers:?}");
    for answer in answers.iter().filter(|(status, _)| *status != StatusCode::OK) {
        refused(answer, StatusCode::CONFLICT, "seat_taken");
    }
    let joined = &winners[0].1;
    let second = text(&joined["token"]);
    assert_eq!((joined["seat"].clone(), joined["tokens"]["second"].clone()), (json!("second"), json!(second)));
    assert_eq!(joined["link"], format!("/games/{id}#seat=second&token={second}"));
    let name = joined["state"]["players"]["second"].clone();
    assert_eq!(joined["state"]["open"], false);
    let update = next_update(&mut watcher).await;
    assert_eq!((update["open"].clone(), update["players"]["second"].clone()), (json!(false), name));
    assert!(!ids(&listed(a, "status=open&limit=200").await).contains(&id));
    let playing = listed(b, "status=playing&limit=200").await;
    assert!(ids(&playing).contains(&id), "once joined, among the games in play");
    let (status, body) = play(&reqwest::Client::new(), b, &id, &first, "h2e2", 0).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = play(&reqwest::Client::new(), a, &id, &second, "h9g7", 1).await;
    assert_eq!(status, StatusCode::OK, "the joiner's token opens the second seat: {body}");

    // The creator calls a challenge off with abort; nobody can join it after.
    let called_off = create(a, json!({ "game": "gomoku", "open": true })).await;
    let off = text(&called_off["id"]);
    let (status, body) =
        post(a, &format!("/api/games/{off}/abort"), Some(&text(&called_off["tokens"]["first"])), json!({})).await;
    assert_eq!((status, body["outcome"]["result"].clone()), (StatusCode::OK, json!("aborted")), "{body}");
    assert!(!ids(&listed(a, "status=open&limit=200").await).contains(&off));
    refused(&post(b, &format!("/api/games/{off}/join"), None, json!({})).await, StatusCode::GONE, "game_over");
    // A game made with a link, or against the computer, is no challenge.
    let linked = create(a, json!({ "game": "gomoku" })).await;
    let answer = post(b, &format!("/api/games/{}/join", text(&linked["id"])), None, json!({})).await;
    refused(&answer, StatusCode::CONFLICT, "not_open");
    let answer =
        post(a, "/api/games", None, json!({ "game": "gomoku", "open": true, "options": { "opponent": "engine" } }))
            .await;
    refused(&answer, StatusCode::BAD_REQUEST, "open_with_computer");
    let answer = post(a, "/api/games/nope/join", None, json!({})).await;
    assert_eq!(answer.0, StatusCode::NOT_FOUND);
}

/// The invite: the creator's own state holds the second seat's link until that seat
/// is first used; nobody else's does.
pub async fn invite_is_kept_for_the_creator(server: &Server) {
    let created = create(server, json!({ "game": "twixt", "name": "Ada" })).await;
    let id = text(&created["id"]);
    let (first, second) = (text(&created["tokens"]["first"]), text(&created["tokens"]["second"]));
    let (status, mine) = state_as(server, &id, &first).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        mine["invite"],
        json!({ "seat": "second", "token": second, "link": format!("/games/{id}#seat=second&token={second}") })
    );
    let spectators = state(&reqwest::Client::new(), server, &id).await;
    assert!(spectators.get("invite").is_none() && !spectators.to_string().contains(&second), "{spectators}");
    let (status, theirs) = state_as(server, &id, &second).await;
    assert_eq!(status, StatusCode::OK);
    assert!(theirs.get("invite").is_none(), "{theirs}");
    let (_, mine) = state_as(server, &id, &first).await;
    assert!(mine.get("invite").is_none(), "the second seat was used: {mine}");
    let (status, _) = state_as(server, &id, "not-a-token").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // A move by the second seat uses it too.
    let created = create(server, json!({ "game": "twixt" })).await;
    let id = text(&created["id"]);
    let (first, second) = (text(&created["tokens"]["first"]), text(&created["tokens"]["second"]));
    let client = reqwest::Client::new();
    assert_eq!(play(&client, server, &id, &first, "c3", 0).await.0, StatusCode::OK);
    assert!(state_as(server, &id, &first).await.1.get("invite").is_some(), "the first seat's move uses nothing");
    assert_eq!(play(&client, server, &id, &second, "f6", 1).await.0, StatusCode::OK);
    assert!(state_as(server, &id, &first).await.1.get("invite").is_none());
}

/// The lobby's lists: games in play with their names, time control and move count;
/// finished games with their result, newest first, a page at a time; `ongoing` as
/// before.
pub async fn lobby_lists(server: &Server) {
    let client = reqwest::Client::new();
    let playing =
        create(server, json!({ "game": "gomoku", "name": "Ada", "options": { "clock": { "days": 2 } } })).await;
    let game = crate::harness::Created {
        id: text(&playing["id"]),
        first: text(&playing["tokens"]["first"]),
        second: text(&playing["tokens"]["second"]),
        state: playing["state"].clone(),
    };
    play_all(&client, server, &game, &["h8", "h9", "a1"]).await;
    let list = listed(server, "status=playing&limit=200").await;
    let entry = list["games"].as_array().unwrap().iter().find(|g| g["id"] == game.id.as_str()).unwrap();
    assert_eq!((entry["ply"].clone(), entry["status"].clone()), (json!(3), json!("ongoing")));
    assert_eq!(
        (entry["time_control"].clone(), entry["players"]["first"].clone()),
        (json!({ "days": 2 }), json!("Ada"))
    );
    assert!(!entry.to_string().contains(&game.first) && !entry.to_string().contains(&game.second));
    assert!(ids(&listed(server, "status=ongoing&limit=200").await).contains(&game.id));
    // Finished games, by when they ended, newest first (made in one order, ended in
    // another), in pages. Other games may end meanwhile: only these three's order is
    // looked at.
    let mut made = Vec::new();
    for _ in 0..3 {
        made.push(create(server, json!({ "game": "twixt", "options": { "size": 5 } })).await);
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let mut finished = Vec::new();
    for over in [&made[1], &made[0], &made[2]] {
        let (status, _) = post(
            server,
            &format!("/api/games/{}/resign", text(&over["id"])),
            Some(&text(&over["tokens"]["second"])),
            json!({}),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        finished.push(text(&over["id"]));
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let newest = listed(server, "status=finished&limit=200").await;
    let order: Vec<String> = ids(&newest).into_iter().filter(|id| finished.contains(id)).collect();
    assert_eq!(order, [finished[2].clone(), finished[1].clone(), finished[0].clone()]);
    let ended = newest["games"].as_array().unwrap().iter().find(|g| g["id"] == finished[2].as_str()).unwrap();
    assert!(ended["ended_at"].as_i64().unwrap() >= ended["created_at"].as_i64().unwrap(), "{ended}");
    assert_eq!(ended["outcome"]["reason"], "resignation");
    assert_eq!(ended["outcome"]["termination"], "resignation", "the lobby names the ending by its code too");
    let first_page = listed(server, "status=finished&limit=2").await;
    let second_page = listed(server, "status=finished&limit=2&offset=2").await;
    assert_eq!(ids(&first_page).len(), 2);
    assert_eq!((second_page["offset"].clone(), second_page["limit"].clone()), (json!(2), json!(2)));
    assert!(!ids(&second_page).is_empty());
    assert!(first_page["total"].as_i64().unwrap() >= 3);
    let bad = listed(server, "status=lost").await;
    assert!(bad["error"].as_str().unwrap().contains("playing, open or finished"), "{bad}");
}

/// Takebacks over HTTP: offered, declined, accepted, refused with their codes; the
/// watchers get the whole state, and a watcher resuming from a ply that was taken
/// back gets it too.
pub async fn takebacks(server: &Server) {
    let client = reqwest::Client::new();
    let created = create(server, json!({ "game": "xiangqi" })).await;
    let id = text(&created["id"]);
    let (first, second) = (text(&created["tokens"]["first"]), text(&created["tokens"]["second"]));
    let path = format!("/api/games/{id}/takeback");
    let ask = |token: &str, action: &str| {
        let (path, token, action) = (path.clone(), token.to_owned(), action.to_owned());
        async move { post(server, &path, Some(&token), json!({ "action": action })).await }
    };
    refused(&ask(&first, "offer").await, StatusCode::CONFLICT, "no_move_to_take_back");
    // The invited player comes before anyone watches.
    assert_eq!(state_as(server, &id, &second).await.0, StatusCode::OK);
    let mut watcher = watch(server, &id).await;
    next_state(&mut watcher).await;
    for (ply, (token, mv)) in [(&first, "h2e2"), (&second, "h9g7"), (&first, "b0c2")].into_iter().enumerate() {
        assert_eq!(play(&client, server, &id, token, mv, ply as i64).await.0, StatusCode::OK);
        next_update(&mut watcher).await;
    }
    refused(&ask(&second, "accept").await, StatusCode::CONFLICT, "no_takeback_offer");
    let (status, offered) = ask(&second, "offer").await;
    assert_eq!((status, offered["takeback_offer"].clone()), (StatusCode::OK, json!("second")), "{offered}");
    assert_eq!(next_update(&mut watcher).await["takeback_offer"], "second");
    let (status, declined) = ask(&first, "decline").await;
    assert_eq!((status, declined["takeback_offer"].clone()), (StatusCode::OK, Value::Null));
    next_update(&mut watcher).await;
    ask(&second, "offer").await;
    next_update(&mut watcher).await;
    // Black took back after red replied: both moves go, and it is black's turn.
    let (status, back) = ask(&first, "accept").await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(
        (back["ply"].clone(), back["moves"].clone(), back["seat_to_move"].clone()),
        (json!(1), json!(["h2e2"]), json!("second"))
    );
    assert_eq!(back["takebacks"], 1);
    let told = next_message(&mut watcher).await;
    assert_eq!((told["type"].clone(), told["takeback"].clone()), (json!("state"), json!(true)), "{told}");
    assert_eq!((told["state"]["ply"].clone(), told["state"]["moves"].clone()), (json!(1), json!(["h2e2"])));
    let record = reqwest::get(server.url(&format!("/api/games/{id}/record"))).await.unwrap().text().await.unwrap();
    assert!(!record.contains("H9-G7"), "the moves taken back are gone from the record: {record}");
    // The game goes on from there; watchers get updates again.
    assert_eq!(play(&client, server, &id, &second, "b9c7", 1).await.0, StatusCode::OK);
    assert_eq!(next_update(&mut watcher).await["moves"][0]["text"], "b9c7");
    // A watcher that saw ply 3 before the takeback, resuming from it, gets the state;
    // one that gives the takebacks it saw gets the moves from its ply.
    let mut stale = watch_with(server, &id, "?since=2").await;
    let message = next_message(&mut stale).await;
    assert_eq!((message["type"].clone(), message["state"]["moves"].clone()), (json!("state"), json!(["h2e2", "b9c7"])));
    let mut current = watch_with(server, &id, "?since=1&takebacks=1").await;
    let message = next_update(&mut current).await;
    assert_eq!(message["moves"][0]["text"], "b9c7");
    // Spectators and finished games are refused.
    let (status, _) = post(server, &path, None, json!({ "action": "offer" })).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    post(server, &format!("/api/games/{id}/resign"), Some(&first), json!({})).await;
    refused(&ask(&second, "offer").await, StatusCode::GONE, "game_over");
    let (status, _) = post(server, &path, Some(&first), json!({ "action": "undo" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Against the computer a takeback is taken at once, back to the player's turn.
    let computer = create(server, json!({ "game": "gomoku", "options": { "opponent": { "movetime": 0.05 } } })).await;
    let (cid, token) = (text(&computer["id"]), text(&computer["tokens"]["first"]));
    assert_eq!(play(&client, server, &cid, &token, "h8", 0).await.0, StatusCode::OK);
    let started = std::time::Instant::now();
    while state(&client, server, &cid).await["ply"] != 2 {
        assert!(started.elapsed() < std::time::Duration::from_secs(10), "the computer did not answer");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let (status, back) =
        post(server, &format!("/api/games/{cid}/takeback"), Some(&token), json!({ "action": "offer" })).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(
        (back["ply"].clone(), back["seat_to_move"].clone(), back["takeback_offer"].clone()),
        (json!(0), json!("first"), Value::Null)
    );
}

/// Every scenario of this file that one server can run on its own.
pub async fn all(server: &Server) {
    players_names(server).await;
    open_challenges(server, server).await;
    invite_is_kept_for_the_creator(server).await;
    lobby_lists(server).await;
    takebacks(server).await;
}
