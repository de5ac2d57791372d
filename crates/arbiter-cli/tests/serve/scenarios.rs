//! What every storage must do, run against SQLite and PostgreSQL alike.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::harness::{
    Server, assert_no_tokens, create, next_message, next_state, next_update, play, play_all, post_game, state,
    state_with, watch, watch_with,
};

pub async fn full_games_to_their_end(server: &Server) {
    let client = reqwest::Client::new();
    let cases: [(&str, Value, &[&str], &str, &str); 6] = [
        ("xiangqi", json!({ "fen": "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1" }), &["b0b9"], "red", "checkmate"),
        (
            "xiangqi",
            json!({ "fen": "4k4/9/9/9/9/9/9/9/4R4/5K3 b" }),
            &["e9d9", "e1d1", "d9e9", "d1e1", "e9d9", "e1d1", "d9e9", "d1e1"],
            "black",
            "perpetual check",
        ),
        (
            "xiangqi",
            json!({ "fen": "4k4/9/1c7/9/R8/9/9/9/9/3K5 w", "move_limit": 0 }),
            &["a5a7", "b7b5", "a7a5", "b5b7", "a5a7", "b7b5", "a7a5", "b5b7"],
            "black",
            "perpetual chase",
        ),
        (
            "draughts",
            json!({ "fen": "W:W27,49:B22,3" }),
            &["27x18", "3-8", "49-44", "8-13", "18x9"],
            "white",
            "no legal move",
        ),
        (
            "gomoku",
            json!({ "size": 9 }),
            &["e5", "d4", "f5", "d5", "g5", "d6", "h5", "d7", "i5"],
            "black",
            "five in a row",
        ),
        ("twixt", json!({ "size": 5 }), &["a3", "b1", "c2", "d5", "e3"], "black", "connection"),
    ];
    for (game, options, moves, winner, reason) in cases {
        let created = create(&client, server, game, options).await;
        assert_eq!(created.state["ply"], 0);
        assert_eq!(created.state["outcome"], Value::Null);
        let last = play_all(&client, server, &created, moves).await;
        assert_eq!(last["ply"], moves.len(), "{game}");
        assert_eq!(last["status"], "finished", "{game}");
        assert_eq!(last["outcome"]["winner"], winner, "{game}");
        assert_eq!(last["outcome"]["reason"], reason, "{game}");
        if reason == "perpetual chase" {
            assert_eq!(last["outcome"]["detail"], "red's chariot chased the cannon on b7");
        }
        assert_eq!(state_with(&client, server, &created.id, "?legal=1").await["legal_moves"], json!([]), "{game}");
        let fetched = state(&client, server, &created.id).await;
        assert_eq!(fetched, last, "{game}: GET returns what the move returned");
        assert_no_tokens(&fetched, &created);
    }
}

async fn expect_error(response: reqwest::Response, status: StatusCode, needle: &str) {
    assert_eq!(response.status(), status);
    let body: Value = response.json().await.expect("a JSON error body");
    let message = body["error"].as_str().unwrap_or_else(|| panic!("no error field in {body}"));
    assert!(message.contains(needle), "{message:?} should mention {needle:?}");
    assert_eq!(body.as_object().unwrap().len(), 1, "only the error field: {body}");
}

pub async fn every_error_code(server: &Server) {
    let client = reqwest::Client::new();
    let game = create(&client, server, "gomoku", json!({ "size": 9 })).await;
    let moves_url = server.url(&format!("/api/games/{}/moves", game.id));

    expect_error(
        client.get(server.url("/api/games/nope")).send().await.unwrap(),
        StatusCode::NOT_FOUND,
        "no such game",
    )
    .await;
    expect_error(client.get(server.url("/nowhere")).send().await.unwrap(), StatusCode::NOT_FOUND, "no such endpoint")
        .await;
    let bad_json = client.post(server.url("/api/games")).body("{not json").send().await.unwrap();
    expect_error(bad_json, StatusCode::BAD_REQUEST, "bad request body").await;
    let unknown = client.post(server.url("/api/games")).json(&json!({ "game": "chess" })).send().await.unwrap();
    expect_error(unknown, StatusCode::BAD_REQUEST, "unknown game").await;
    let bad_options = client
        .post(server.url("/api/games"))
        .json(&json!({ "game": "xiangqi", "options": { "fen": "9/9 w" } }))
        .send()
        .await
        .unwrap();
    expect_error(bad_options, StatusCode::BAD_REQUEST, "bad FEN").await;
    let wrong_option = client
        .post(server.url("/api/games"))
        .json(&json!({ "game": "twixt", "options": { "move_limit": 60 } }))
        .send()
        .await
        .unwrap();
    expect_error(wrong_option, StatusCode::BAD_REQUEST, "does not apply").await;
    let wrong_rules = client
        .post(server.url("/api/games"))
        .json(&json!({ "game": "twixt", "options": { "rules": "renju" } }))
        .send()
        .await
        .unwrap();
    expect_error(wrong_rules, StatusCode::BAD_REQUEST, "expected auto or pp").await;

    let no_token = client.post(&moves_url).json(&json!({ "move": "e5", "ply": 0 })).send().await.unwrap();
    expect_error(no_token, StatusCode::UNAUTHORIZED, "missing").await;
    let wrong_token = client
        .post(&moves_url)
        .bearer_auth("0123456789abcdef0123456789abcdef")
        .json(&json!({ "move": "e5", "ply": 0 }))
        .send()
        .await
        .unwrap();
    expect_error(wrong_token, StatusCode::UNAUTHORIZED, "unknown token").await;

    let (status, body) = play(&client, server, &game.id, &game.second, "e5", 0).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("it is not your turn")));
    let (status, body) = play(&client, server, &game.id, &game.first, "zz", 0).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("cannot read move"), "{body}");
    assert_eq!(body["code"], "unreadable", "a refused move names its rule: {body}");
    let (status, _) = play(&client, server, &game.id, &game.first, "e5", 0).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = play(&client, server, &game.id, &game.second, "e5", 1).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("already occupied"), "{body}");
    assert_eq!(body["code"], "occupied", "{body}");
    let (status, body) = play(&client, server, &game.id, &game.second, "d4", 0).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body["error"].as_str().unwrap().contains("not the next ply"), "{body}");
    let missing_ply =
        client.post(&moves_url).bearer_auth(&game.second).json(&json!({ "move": "d4" })).send().await.unwrap();
    expect_error(missing_ply, StatusCode::BAD_REQUEST, "ply").await;
    // A body just over the limit, on a connection of its own: the server may close it.
    let oversized = vec![b' '; arbiter_server::BODY_LIMIT + 4096];
    let huge = reqwest::Client::new().post(&moves_url).bearer_auth(&game.second).body(oversized).send().await.unwrap();
    expect_error(huge, StatusCode::PAYLOAD_TOO_LARGE, "").await;

    let rest = ["d4", "f5", "d5", "g5", "d6", "h5", "d7", "i5"];
    for (i, text) in rest.iter().enumerate() {
        let token = if i % 2 == 0 { &game.second } else { &game.first };
        let (status, _) = play(&client, server, &game.id, token, text, i as i64 + 1).await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, body) = play(&client, server, &game.id, &game.second, "a1", 9).await;
    assert_eq!(status, StatusCode::GONE);
    assert_eq!(body["error"], "the game is over: black wins by five in a row");
}

/// Two moves for the same ply sent at once to `a` and `b` (the same server or two):
/// exactly one is stored, the other is refused with 409.
pub async fn simultaneous_moves_store_one(a: &Server, b: &Server) {
    let client = reqwest::Client::new();
    for round in 0..10 {
        let game = create(&client, a, "gomoku", json!({})).await;
        let (first, second) = tokio::join!(
            play(&client, a, &game.id, &game.first, "h8", 0),
            play(&client, b, &game.id, &game.first, "g7", 0),
        );
        let mut statuses = [first.0, second.0];
        statuses.sort();
        assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT], "round {round}: {first:?} {second:?}");
        let stored = state(&client, a, &game.id).await;
        assert_eq!(stored["ply"], 1);
        let winner = if first.0 == StatusCode::OK { "h8" } else { "g7" };
        assert_eq!(stored["moves"], json!([winner]));
    }
}

pub async fn lobby_lists_games_by_status(server: &Server) {
    let client = reqwest::Client::new();
    let ongoing = create(&client, server, "xiangqi", json!({})).await;
    let finished = create(&client, server, "twixt", json!({ "size": 5 })).await;
    play_all(&client, server, &finished, &["a3", "b1", "c2", "d5", "e3"]).await;
    let list = |status: &'static str| {
        let client = client.clone();
        let url = server.url(&format!("/api/games?status={status}&limit=200"));
        async move { client.get(url).send().await.unwrap().json::<Value>().await.unwrap() }
    };
    let ids = |body: &Value| {
        body["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
    };
    let open = list("ongoing").await;
    assert!(ids(&open).contains(&ongoing.id));
    assert!(!ids(&open).contains(&finished.id));
    let done = list("finished").await;
    assert!(ids(&done).contains(&finished.id));
    let entry = done["games"].as_array().unwrap().iter().find(|g| g["id"] == finished.id.as_str()).unwrap();
    assert_eq!(entry["outcome"]["winner"], "black");
    assert!(!entry.to_string().contains(&finished.first));
    let page = client
        .get(server.url("/api/games?status=ongoing&limit=1&offset=0"))
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(page["games"].as_array().unwrap().len(), 1);
    let bad = client.get(server.url("/api/games?status=lost")).send().await.unwrap();
    expect_error(bad, StatusCode::BAD_REQUEST, "status").await;
    let bad_limit = client.get(server.url("/api/games?limit=100000")).send().await.unwrap();
    expect_error(bad_limit, StatusCode::BAD_REQUEST, "limit").await;
}

pub async fn watchers_see_every_move(server: &Server) {
    let client = reqwest::Client::new();
    let game = create(&client, server, "gomoku", json!({ "size": 9 })).await;
    let mut player_view = watch(server, &game.id).await;
    let mut spectator = watch(server, &game.id).await;
    for socket in [&mut player_view, &mut spectator] {
        let first = next_state(socket).await;
        assert_eq!(first["ply"], 0);
    }
    let moves = ["e5", "d4", "f5"];
    for (ply, text) in moves.iter().enumerate() {
        let token = if ply % 2 == 0 { &game.first } else { &game.second };
        let (status, _) = play(&client, server, &game.id, token, text, ply as i64).await;
        assert_eq!(status, StatusCode::OK);
        for socket in [&mut player_view, &mut spectator] {
            let update = next_update(socket).await;
            assert_eq!(update["ply"], ply + 1);
            assert_eq!(update["moves"], json!([{ "ply": ply, "text": text, "from": null, "to": text }]));
            assert!(update.get("legal").is_none() && update.get("position").is_none(), "{update}");
            assert_no_tokens(&update, &game);
        }
    }
    // A watcher back from ply 1 gets the moves it missed, and nothing more.
    let mut back = watch_with(server, &game.id, "?since=1").await;
    let missed = next_update(&mut back).await;
    assert_eq!(missed["ply"], 3);
    assert_eq!(
        missed["moves"],
        json!([{ "ply": 1, "text": "d4", "from": null, "to": "d4" }, { "ply": 2, "text": "f5", "from": null, "to": "f5" }])
    );
    let (status, _) = play(&client, server, &game.id, &game.second, "d5", 3).await;
    assert_eq!(status, StatusCode::OK);
    let next = next_update(&mut back).await;
    assert_eq!((next["ply"].clone(), next["moves"][0]["text"].clone()), (json!(4), json!("d5")));
    // One that saw every move gets the game's turn now, and no move; one ahead of the
    // game, the state.
    let mut current = watch_with(server, &game.id, "?since=4").await;
    let now = next_update(&mut current).await;
    assert_eq!((now["ply"].clone(), now["moves"].clone()), (json!(4), json!([])));
    let mut ahead = watch_with(server, &game.id, "?since=9").await;
    assert_eq!(next_state(&mut ahead).await["moves"], json!(["e5", "d4", "f5", "d5"]));
    let bad = client.get(server.url(&format!("/api/games/{}/ws?since=-1", game.id))).send().await.unwrap();
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let missing = tokio_tungstenite::connect_async(server.ws_url("nope")).await;
    assert!(missing.is_err(), "no socket for a game that does not exist");
}

/// The registry as served: the games and their options, every option written out in
/// a game's state, legal moves with where they start and end, and check.
pub async fn registry_is_served(server: &Server) {
    let client = reqwest::Client::new();
    let kinds: Value = client.get(server.url("/api/kinds")).send().await.unwrap().json().await.unwrap();
    let names: Vec<&str> = kinds["kinds"].as_array().unwrap().iter().map(|k| k["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["xiangqi", "draughts", "gomoku", "twixt"]);
    let gomoku = &kinds["kinds"][2];
    let size = gomoku["options"].as_array().unwrap().iter().find(|o| o["name"] == "size").unwrap();
    assert_eq!(size["input"], json!({ "type": "number", "min": 1, "max": arbiter_server::MAX_SERVED_SIDE }));

    let xiangqi = create(&client, server, "xiangqi", json!({})).await;
    assert_eq!(xiangqi.state["options"]["move_limit"], 60, "defaults are written out");
    assert_eq!(xiangqi.state["options"]["chase_rules"], "axf", "defaults are written out");
    let engines = create(&client, server, "xiangqi", json!({ "chase_rules": "engines" })).await;
    assert_eq!(engines.state["options"]["chase_rules"], "engines");
    let chinese = create(&client, server, "xiangqi", json!({ "rules": "chinese" })).await;
    assert_eq!(chinese.state["options"]["rules"], "chinese");
    assert_eq!(chinese.state["options"]["chase_rules"], Value::Null, "the AXF reading is the AXF rules' alone");
    let mixed = post_game(&client, server, "xiangqi", json!({ "rules": "chinese", "chase_rules": "engines" })).await;
    expect_error(mixed, StatusCode::BAD_REQUEST, "chase_rules").await;
    repetition_is_explained(&client, server).await;
    let check = create(&client, server, "xiangqi", json!({ "fen": "4k4/9/9/4N4/9/9/4C4/9/9/4K4 b" })).await;
    assert_eq!(check.state["status"], "check");
    assert_eq!(
        check.state["legal"],
        json!([{ "text": "e9f9", "from": "e9", "to": "f9" }, { "text": "e9d9", "from": "e9", "to": "d9" }])
    );

    let draughts = create(&client, server, "draughts", json!({ "fen": "W:WK30:B8,33,34,42" })).await;
    assert_eq!(
        draughts.state["legal"],
        json!([
            { "text": "30x39x17x3", "from": "30", "to": "3", "path": ["39", "17"], "captured": ["8", "33", "34"] },
            { "text": "30x48x26x3", "from": "30", "to": "3", "path": ["48", "26"], "captured": ["8", "34", "42"] },
        ])
    );
    let twixt = create(&client, server, "twixt", json!({ "size": 5, "swap": true })).await;
    play_all(&client, server, &twixt, &["c3"]).await;
    let after = state_with(&client, server, &twixt.id, "?legal=1").await;
    let swap = after["legal"].as_array().unwrap().iter().find(|m| m["text"] == "swap").unwrap();
    assert_eq!(swap, &json!({ "text": "swap", "from": null, "to": null }));
    let too_big = client
        .post(server.url("/api/games"))
        .json(&json!({ "game": "gomoku", "options": { "size": 200 } }))
        .send()
        .await
        .unwrap();
    expect_error(too_big, StatusCode::BAD_REQUEST, "up to 128 points").await;
}

/// A perpetual chase, and its explanation: each move of the cycle read, the rule that
/// decides; a game with no repetition has none.
async fn repetition_is_explained(client: &reqwest::Client, server: &Server) {
    let explain = |id: String| async move {
        let response = client.get(server.url(&format!("/api/games/{id}/explain"))).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        response.json::<Value>().await.unwrap()
    };
    let fen = "4k4/9/1c7/9/R8/9/9/9/9/3K5 w";
    let game = create(client, server, "xiangqi", json!({ "fen": fen })).await;
    assert_eq!(explain(game.id.clone()).await, json!({ "explanation": null }));
    let cycle = ["a5a7", "b7b5", "a7a5", "b5b7"];
    let last = play_all(client, server, &game, &[cycle, cycle].concat()).await;
    assert_eq!(last["outcome"]["reason"], "perpetual chase", "{last}");
    assert_eq!(last["outcome"]["termination"], "perpetual_chase", "{last}");
    let worked_out = server.metric("arbiter_explanations_worked_out_total").await;
    let body = explain(game.id.clone()).await;
    assert_eq!(explain(game.id.clone()).await, body);
    let again = server.metric("arbiter_explanations_worked_out_total").await;
    assert_eq!(again - worked_out, 1.0, "asked twice at the same ply, worked out once");
    let explanation = &body["explanation"];
    assert_eq!(explanation["rules"], "axf");
    assert_eq!(explanation["decided"], true);
    assert_eq!(explanation["winner"], "second");
    assert_eq!(explanation["termination"], "perpetual_chase", "the termination's code, as in the packages");
    assert_eq!(explanation["rule"], "AXF rule 18");
    let moves = explanation["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 8);
    assert_eq!(moves[0]["text"], "a5a7");
    assert_eq!(moves[0]["readings"][0]["act"], "chase");
    assert_eq!(moves[0]["readings"][0]["target"], json!({ "piece": "cannon", "point": "b7" }));
    assert_eq!(moves[1]["readings"][0]["act"], "idle");
    assert_eq!(explanation["sides"][0], json!({ "side": "first", "conduct": "perpetual_chase", "forbidden": true }));
    let missing = client.get(server.url("/api/games/nosuchgame/explain")).send().await.unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

/// Sends a seat's action (`resign`, `abort`, `rematch`, or `draw` with a body).
async fn act(server: &Server, id: &str, token: &str, action: &str, body: Option<Value>) -> (StatusCode, Value) {
    let client = reqwest::Client::new();
    let mut request = client.post(server.url(&format!("/api/games/{id}/{action}"))).bearer_auth(token);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    (response.status(), response.json().await.unwrap())
}

/// Resignation, draws offered, accepted, declined and lapsed, aborts, rematches.
pub async fn seat_actions(server: &Server) {
    let client = reqwest::Client::new();
    // Resignation: pushed to watchers, and no move after it.
    let game = create(&client, server, "xiangqi", json!({})).await;
    let mut watcher = watch(server, &game.id).await;
    next_state(&mut watcher).await;
    play_all(&client, server, &game, &["h2e2"]).await;
    next_update(&mut watcher).await;
    let (status, state) = act(server, &game.id, &game.second, "resign", None).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["outcome"]["reason"], "resignation");
    assert_eq!(state["outcome"]["winner_seat"], "first");
    let resigned = next_update(&mut watcher).await;
    assert_eq!((resigned["outcome"]["reason"].clone(), resigned["moves"].clone()), (json!("resignation"), json!([])));
    let (status, _) = play(&client, server, &game.id, &game.second, "h9g7", 1).await;
    assert_eq!(status, StatusCode::GONE);
    let (status, _) = act(server, &game.id, "not-a-token", "resign", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Draws: declined, lapsed when the receiver moves, then agreed.
    let game = create(&client, server, "gomoku", json!({})).await;
    let offer = Some(json!({ "action": "offer" }));
    let (status, state) = act(server, &game.id, &game.first, "draw", offer.clone()).await;
    assert_eq!((status, &state["draw_offer"]), (StatusCode::OK, &json!("first")));
    let (status, body) = act(server, &game.id, &game.first, "draw", Some(json!({ "action": "accept" }))).await;
    assert_eq!(status, StatusCode::CONFLICT, "one cannot accept one's own offer: {body}");
    let (_, state) = act(server, &game.id, &game.second, "draw", Some(json!({ "action": "decline" }))).await;
    assert_eq!(state["draw_offer"], Value::Null);
    act(server, &game.id, &game.first, "draw", offer.clone()).await;
    let state = play_all(&client, server, &game, &["h8"]).await;
    assert_eq!(state["draw_offer"], "first", "the offerer's own move keeps the offer");
    let (_, state) = play(&client, server, &game.id, &game.second, "h9", 1).await;
    assert_eq!(state["draw_offer"], Value::Null, "the receiver's move lets it lapse");
    act(server, &game.id, &game.second, "draw", offer).await;
    let (status, state) = act(server, &game.id, &game.first, "draw", Some(json!({ "action": "accept" }))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((&state["outcome"]["result"], &state["outcome"]["reason"]), (&json!("draw"), &json!("agreement")));

    // Abort: before both sides have moved, not after.
    let game = create(&client, server, "twixt", json!({})).await;
    play_all(&client, server, &game, &["c3"]).await;
    let (status, state) = act(server, &game.id, &game.second, "abort", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((&state["outcome"]["result"], &state["outcome"]["reason"]), (&json!("aborted"), &json!("aborted")));
    let game = create(&client, server, "twixt", json!({})).await;
    play_all(&client, server, &game, &["c3", "f6"]).await;
    let (status, _) = act(server, &game.id, &game.first, "abort", None).await;
    assert_eq!(status, StatusCode::CONFLICT);

    // Rematch: once both ask, a new game with the seats swapped; each token opens the
    // other seat there.
    let (status, _) = act(server, &game.id, &game.first, "rematch", None).await;
    assert_eq!(status, StatusCode::CONFLICT, "no rematch while the game goes on");
    act(server, &game.id, &game.first, "resign", None).await;
    let (_, state) = act(server, &game.id, &game.first, "rematch", None).await;
    assert_eq!(state["rematch"], json!({ "first": true, "second": false, "game": null }));
    let (_, state) = act(server, &game.id, &game.second, "rematch", None).await;
    let rematch = state["rematch"]["game"].as_str().expect("the rematch's id").to_owned();
    let new = crate::harness::state(&client, server, &rematch).await;
    assert_eq!((&new["ply"], &new["options"]), (&json!(0), &state["options"]));
    let (status, _) = play(&client, server, &rematch, &game.first, "c3", 0).await;
    assert_eq!(status, StatusCode::CONFLICT, "the first seat's token is now the second seat's");
    let (status, body) = play(&client, server, &rematch, &game.second, "c3", 0).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// Clocks: base and increment charged from the server's own times, the game ended on
/// time by the server when nobody moves, periods, days per move.
pub async fn clocks(server: &Server) {
    let client = reqwest::Client::new();
    let game = create(&client, server, "gomoku", json!({ "clock": { "base": 1, "increment": 0.5 } })).await;
    assert_eq!(game.state["options"]["clock"], json!({ "base": 1.0, "increment": 0.5 }));
    assert_eq!(game.state["clocks"], json!({ "first": 1000, "second": 1000, "running": null }));
    let mut watcher = watch(server, &game.id).await;
    next_state(&mut watcher).await;
    // The clocks run once both sides have moved: Black's, after White's first move.
    let state = play_all(&client, server, &game, &["h8", "h9"]).await;
    assert_eq!(state["clocks"]["running"], "first");
    assert_eq!(state["clocks"]["first"], 1000);
    next_update(&mut watcher).await;
    next_update(&mut watcher).await;
    // Nobody moves: the server ends the game on time, and says so to the watcher.
    let ended = next_update(&mut watcher).await;
    assert_eq!(ended["outcome"]["reason"], "time forfeit");
    assert_eq!(ended["outcome"]["winner_seat"], "second");
    assert_eq!(ended["clocks"]["first"], 0);
    let (status, _) = play(&client, server, &game.id, &game.first, "a1", 2).await;
    assert_eq!(status, StatusCode::GONE);
    // Periods: the base again after every `moves` moves of a side on its clock.
    let periods = create(&client, server, "gomoku", json!({ "clock": { "base": 60, "moves": 1 } })).await;
    assert_eq!(periods.state["options"]["clock"], json!({ "base": 60.0, "increment": 0.0, "moves": 1 }));
    let state = play_all(&client, server, &periods, &["h8", "h9", "a1"]).await;
    let first = state["clocks"]["first"].as_u64().unwrap();
    assert!((110_000..=120_000).contains(&first), "the first side's one timed move gave it the base again: {state}");
    assert!(state["clocks"]["second"].as_u64().unwrap() <= 60_000, "no period over for the second side: {state}");
    // Correspondence: days per move.
    let days = create(&client, server, "xiangqi", json!({ "clock": { "days": 3 } })).await;
    assert_eq!(days.state["clocks"]["first"], 3 * 86_400_000u64);
    for bad in [
        json!({ "base": 0 }),
        json!({ "days": 0 }),
        json!({ "base": 5, "days": 1 }),
        json!("5+3"),
        json!({ "base": 60, "moves": 0 }),
        json!({ "days": 1, "moves": 5 }),
    ] {
        let response = client
            .post(server.url("/api/games"))
            .json(&json!({ "game": "gomoku", "options": { "clock": bad } }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
}

/// Every scenario that one server can run on its own.
pub async fn all(server: &Server) {
    health(server).await;
    seat_actions(server).await;
    clocks(server).await;
    registry_is_served(server).await;
    full_games_to_their_end(server).await;
    every_error_code(server).await;
    simultaneous_moves_store_one(server, server).await;
    lobby_lists_games_by_status(server).await;
    watchers_see_every_move(server).await;
    states_list_the_legal_moves_when_asked(server).await;
}

pub async fn health(server: &Server) {
    let body: Value = reqwest::get(server.url("/healthz")).await.unwrap().json().await.unwrap();
    assert_eq!(body, json!({ "status": "ok", "database": "ok" }));
}

/// `?legal=1`: states with the legal moves, for clients that do not work them out
/// themselves, answered and sent to a watcher when it connects; without it (or with
/// `?legal=0`) they are left out, and everything else is the same. Updates never
/// list them.
pub async fn states_list_the_legal_moves_when_asked(server: &Server) {
    let client = reqwest::Client::new();
    let game = create(&client, server, "gomoku", json!({ "size": 9 })).await;
    assert_eq!(game.state["legal_moves"].as_array().unwrap().len(), 81, "created with ?legal=1");
    let get = |query: &'static str| {
        let url = server.url(&format!("/api/games/{}{query}", game.id));
        let client = client.clone();
        async move { client.get(url).send().await.unwrap() }
    };
    let full: Value = get("?legal=1").await.json().await.unwrap();
    assert_eq!(full["legal_moves"].as_array().unwrap().len(), 81);
    assert_eq!(full["legal"].as_array().unwrap().len(), 81);
    let lean: Value = get("").await.json().await.unwrap();
    let mut without = full.clone();
    without.as_object_mut().unwrap().retain(|key, _| key != "legal_moves" && key != "legal");
    assert_eq!(lean, without);
    assert_eq!(get("?legal=0").await.json::<Value>().await.unwrap(), lean);
    assert_eq!(get("?legal=2").await.status(), StatusCode::BAD_REQUEST);

    let (mut lean_watcher, mut full_watcher) =
        (watch(server, &game.id).await, watch_with(server, &game.id, "?legal=1").await);
    assert!(next_state(&mut lean_watcher).await.get("legal").is_none());
    assert_eq!(next_state(&mut full_watcher).await["legal_moves"].as_array().unwrap().len(), 81);
    let moved: Value = client
        .post(server.url(&format!("/api/games/{}/moves?legal=1", game.id)))
        .bearer_auth(&game.first)
        .json(&json!({ "move": "e5", "ply": 0 }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!((moved["ply"].clone(), moved["legal_moves"].as_array().unwrap().len()), (json!(1), 80));
    for socket in [&mut lean_watcher, &mut full_watcher] {
        let pushed = next_message(socket).await;
        assert_eq!(
            (pushed["type"].clone(), pushed["ply"].clone(), pushed.get("legal")),
            (json!("update"), json!(1), None)
        );
    }
    let offered: Value = client
        .post(server.url(&format!("/api/games/{}/draw", game.id)))
        .bearer_auth(&game.second)
        .json(&json!({ "action": "offer" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!((offered["draw_offer"].clone(), offered.get("legal")), (json!("second"), None));
}
