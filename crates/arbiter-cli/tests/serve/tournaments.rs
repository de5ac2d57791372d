//! Tournaments over HTTP, on SQLite and PostgreSQL alike: a Swiss of nine players over
//! five rounds, played to its end, its pairings checked against the rules (no pair
//! twice, one bye a round and never twice to one player, colours balanced within one)
//! and its standings and tie-breaks against a count of its own; a player absent from
//! its game losing by forfeit, withdrawn, and joining again; an arena whose players
//! are paired again as their games end, scores streaks and ends on time.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::accounts::Client;
use crate::harness::Server;

/// The tournament as it is now.
async fn tournament(client: &Client, id: &str) -> Value {
    let answer = client.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    answer.body
}

/// Waits (up to `seconds`) for the tournament to be as `done` says.
async fn tournament_when(client: &Client, id: &str, seconds: u64, done: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let t = tournament(client, id).await;
        if done(&t) {
            return t;
        }
        assert!(started.elapsed() < Duration::from_secs(seconds), "the tournament did not get there: {t}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn pairings_of(t: &Value, round: i64) -> Vec<Value> {
    t["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["round"] == round)
        .map_or(Vec::new(), |r| r["games"].as_array().unwrap().clone())
}

/// Whether every game of `round` is made: a pairing names its game once it is.
fn games_made(t: &Value, round: i64) -> bool {
    pairings_of(t, round).iter().all(|p| p["result"] == "bye" || p["game"].is_string())
}

/// Ends game `id` as `result` says, `first` and `second` being its seats' players.
async fn end_game(first: &Client, second: &Client, id: &str, result: &str) {
    let path = |what: &str| format!("/api/games/{id}/{what}");
    match result {
        "1-0" => assert_eq!(second.post(&path("resign"), json!({})).await.status, StatusCode::OK),
        "0-1" => assert_eq!(first.post(&path("resign"), json!({})).await.status, StatusCode::OK),
        _ => {
            assert_eq!(first.post(&path("draw"), json!({ "action": "offer" })).await.status, StatusCode::OK);
            let accepted = second.post(&path("draw"), json!({ "action": "accept" })).await;
            assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
        }
    }
}

/// The result a Swiss game of `round` on `board` is given: a spread of wins for either
/// seat and draws.
fn chosen(round: i64, board: i64) -> &'static str {
    match (round * 3 + board) % 4 {
        0 => "½-½",
        1 | 2 => "1-0",
        _ => "0-1",
    }
}

fn swiss_request(name: &str, rounds: i64, starts_in: i64) -> Value {
    json!({
        "name": name,
        "system": "swiss",
        "game": "gomoku",
        "options": { "size": 9, "clock": { "base": 600, "increment": 0 } },
        "rounds": rounds,
        "starts_in": starts_in,
    })
}

/// A Swiss of nine over five rounds, from joining to the records of its games.
pub async fn swiss_of_nine(server: &Server) {
    let mut players = Vec::new();
    for _ in 0..9 {
        players.push(Client::sign_up(server, "sw").await);
    }
    let made = players[0].post("/api/tournaments", swiss_request("Autumn Swiss", 5, 3)).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let id = made.body["id"].as_str().unwrap().to_owned();
    assert_eq!((made.body["status"].clone(), made.body["rounds"].clone()), (json!("created"), json!(5)));
    let upcoming = players[1].get("/api/tournaments?status=upcoming&limit=200").await.body;
    assert!(upcoming["tournaments"].as_array().unwrap().iter().any(|t| t["id"] == id.as_str()));
    for player in &players {
        let joined = player.post(&format!("/api/tournaments/{id}/join"), json!({})).await;
        assert_eq!(joined.status, StatusCode::OK, "{}", joined.body);
        assert_eq!(joined.body["you"]["joined"], true);
    }
    let by_name: HashMap<String, &Client> = players.iter().map(|p| (p.name.clone(), p)).collect();
    let mut socket = {
        let url = format!("{}/api/tournaments/{id}/ws", server.base.replacen("http", "ws", 1));
        tokio_tungstenite::connect_async(url).await.unwrap().0
    };
    let mut met: HashSet<(String, String)> = HashSet::new();
    let mut byes: Vec<String> = Vec::new();
    let mut colours: HashMap<String, i64> = HashMap::new();
    let mut last_colour: HashMap<String, Vec<i64>> = HashMap::new();
    let mut results: Vec<(String, String, f64)> = Vec::new();
    for round in 1..=5 {
        let t = tournament_when(&players[0], &id, 20, |t| t["round"] == round && games_made(t, round)).await;
        assert_eq!(t["status"], "running");
        let pairings = pairings_of(&t, round);
        assert_eq!(pairings.len(), 5, "four games and a bye: {t}");
        let round_byes: Vec<&Value> = pairings.iter().filter(|p| p["result"] == "bye").collect();
        assert_eq!(round_byes.len(), 1, "one bye a round");
        let bye = round_byes[0]["first"].as_str().unwrap().to_owned();
        assert!(!byes.contains(&bye), "{bye} had a bye before");
        byes.push(bye);
        for p in pairings.iter().filter(|p| p["result"] != "bye") {
            let (first, second) = (p["first"].as_str().unwrap().to_owned(), p["second"].as_str().unwrap().to_owned());
            let pair = if first < second { (first.clone(), second.clone()) } else { (second.clone(), first.clone()) };
            assert!(met.insert(pair), "{first} and {second} met twice");
            *colours.entry(first.clone()).or_default() += 1;
            *colours.entry(second.clone()).or_default() -= 1;
            last_colour.entry(first.clone()).or_default().push(1);
            last_colour.entry(second.clone()).or_default().push(-1);
            let game = p["game"].as_str().unwrap();
            let state = players[0].get(&format!("/api/games/{game}")).await.body;
            assert_eq!(state["tournament"], id.as_str());
            assert_eq!(state["players"]["first"], first.as_str());
            let result = chosen(round, p["board"].as_i64().unwrap());
            end_game(by_name[&first], by_name[&second], game, result).await;
            let score = match result {
                "1-0" => 1.0,
                "0-1" => 0.0,
                _ => 0.5,
            };
            results.push((first, second, score));
        }
        // A tournament's game is no game to abort or rematch.
        if round == 1 {
            let p = pairings.iter().find(|p| p["result"] != "bye").unwrap();
            let game = p["game"].as_str().unwrap();
            let first = by_name[p["first"].as_str().unwrap()];
            first
                .post(&format!("/api/games/{game}/rematch"), json!({}))
                .await
                .refused(StatusCode::CONFLICT, "tournament_game");
        }
    }
    for (name, balance) in &colours {
        assert!(balance.abs() <= 1, "{name}'s colours are {balance} apart");
    }
    for (name, seq) in &last_colour {
        assert!(!seq.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]), "{name} had a colour three times running");
    }
    let t = tournament_when(&players[0], &id, 20, |t| t["status"] == "finished").await;
    // The standings as counted here: a win 1, a draw ½, a bye 1; Buchholz the opponents'
    // scores added up; Sonneborn-Berger those of the opponents beaten and half of those
    // drawn with.
    let mut score: HashMap<&str, f64> = byes.iter().map(|b| (b.as_str(), 1.0)).collect();
    for (first, second, s) in &results {
        *score.entry(first.as_str()).or_default() += s;
        *score.entry(second.as_str()).or_default() += 1.0 - s;
    }
    let mut buchholz: HashMap<&str, f64> = HashMap::new();
    let mut sonneborn: HashMap<&str, f64> = HashMap::new();
    for (first, second, s) in &results {
        for (me, them, mine) in [(first, second, *s), (second, first, 1.0 - s)] {
            *buchholz.entry(me.as_str()).or_default() += score[them.as_str()];
            *sonneborn.entry(me.as_str()).or_default() += score[them.as_str()] * mine;
        }
    }
    let standings = t["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 9);
    for line in standings {
        let name = line["name"].as_str().unwrap();
        assert_eq!(line["score"].as_f64().unwrap(), score[name], "{name}: {line}");
        assert_eq!(line["buchholz"].as_f64().unwrap(), buchholz[name], "{name}: {line}");
        assert_eq!(line["sonneborn_berger"].as_f64().unwrap(), sonneborn[name], "{name}: {line}");
    }
    let keys: Vec<(f64, f64, f64)> = standings
        .iter()
        .map(|l| {
            (l["score"].as_f64().unwrap(), l["buchholz"].as_f64().unwrap(), l["sonneborn_berger"].as_f64().unwrap())
        })
        .collect();
    assert!(keys.windows(2).all(|w| w[0] >= w[1]), "ranked by score, Buchholz, Sonneborn-Berger: {keys:?}");
    // The watcher got the standings as they changed, and last the tournament over.
    let mut seen = Vec::new();
    while let Ok(Some(Ok(Message::Text(text)))) = tokio::time::timeout(Duration::from_secs(5), socket.next()).await {
        let message: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(message["type"], "tournament");
        seen.push(message["tournament"]["status"].as_str().unwrap().to_owned());
    }
    // The feed looks at the tournament twice a second and tells what changed since:
    // rounds played faster than that come as one message, so the count of messages
    // is not the count of rounds. What it must tell: the tournament as it was, then
    // running, last finished, in that order.
    let order = |status: &str| ["created", "running", "finished"].iter().position(|s| *s == status);
    assert!(seen.windows(2).all(|w| order(&w[0]) <= order(&w[1])), "{seen:?}");
    assert!(seen.iter().any(|s| s == "running") && seen.last().map(String::as_str) == Some("finished"), "{seen:?}");
    // Every game's record in one file, with the tournament's name and each round.
    let records =
        reqwest::get(server.url(&format!("/api/tournaments/{id}/records"))).await.unwrap().text().await.unwrap();
    assert_eq!(records.matches("[Event \"Autumn Swiss\"]").count(), 20, "{records}");
    for round in 1..=5 {
        assert_eq!(records.matches(&format!("[Round \"{round}.")).count(), 4);
    }
    let finished = players[0].get("/api/tournaments?status=finished&limit=200").await.body;
    assert!(finished["tournaments"].as_array().unwrap().iter().any(|t| t["id"] == id.as_str()));
    // Nobody joins a tournament over.
    let late = Client::sign_up(server, "late").await;
    late.post(&format!("/api/tournaments/{id}/join"), json!({})).await.refused(StatusCode::GONE, "tournament_over");
}

/// Refusals: no account, a bad name or system, no clock, an engine opponent, rounds
/// or length out of range, an unknown tournament, withdrawing from one not joined.
pub async fn refusals(server: &Server) {
    let nobody = Client::new(server);
    nobody.post("/api/tournaments", swiss_request("x", 3, 0)).await.refused(StatusCode::UNAUTHORIZED, "sign_in_needed");
    let ada = Client::sign_up(server, "td").await;
    let refused = |mut change: Value, code: &'static str| {
        let mut request = swiss_request("Club night", 3, 60);
        if let (Some(request), Some(change)) = (request.as_object_mut(), change.as_object_mut()) {
            request.append(change);
        }
        (request, code)
    };
    for (request, code) in [
        refused(json!({ "name": " " }), "bad_tournament_name"),
        refused(json!({ "system": "round-robin" }), "bad_system"),
        refused(json!({ "rounds": 0 }), "bad_rounds"),
        refused(json!({ "system": "arena", "seconds": 5 }), "bad_length"),
        refused(json!({ "options": { "size": 9 } }), "clock_needed"),
        refused(
            json!({ "options": { "clock": { "base": 60, "increment": 0 }, "opponent": "engine" } }),
            "opponent_option",
        ),
        refused(json!({ "starts_in": -5 }), "bad_start"),
    ] {
        ada.post("/api/tournaments", request).await.refused(StatusCode::BAD_REQUEST, code);
    }
    ada.get("/api/tournaments/000000000000000000000000").await.refused(StatusCode::NOT_FOUND, "no_such_tournament");
    let made = ada.post("/api/tournaments", swiss_request("Club night", 3, 600)).await;
    let id = made.body["id"].as_str().unwrap();
    ada.post(&format!("/api/tournaments/{id}/withdraw"), json!({}))
        .await
        .refused(StatusCode::CONFLICT, "not_in_tournament");
}

/// A player who makes no first move loses by forfeit and is withdrawn; its opponent
/// scores the win, the game does not count as played between them; the player joins
/// again and is paired again; a player joining late misses the rounds before.
pub async fn forfeits_and_late_joins(server: &Server) {
    let players = [Client::sign_up(server, "ff").await, Client::sign_up(server, "ff").await];
    let made = players[0].post("/api/tournaments", swiss_request("Forfeits", 3, 1)).await;
    let id = made.body["id"].as_str().unwrap().to_owned();
    for p in &players {
        assert_eq!(p.post(&format!("/api/tournaments/{id}/join"), json!({})).await.status, StatusCode::OK);
    }
    let t = tournament_when(&players[0], &id, 20, |t| t["round"] == 1 && games_made(t, 1)).await;
    let pairing = pairings_of(&t, 1)[0].clone();
    let late = Client::sign_up(server, "ff").await;
    let joined = late.post(&format!("/api/tournaments/{id}/join"), json!({})).await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.body);
    // Nobody moves: the first seat forfeits once its first move's time is out.
    let t = tournament_when(&players[0], &id, 20, |t| t["round"] == 2 && games_made(t, 2)).await;
    assert_eq!(pairings_of(&t, 1)[0]["result"], "-+");
    let absent = pairing["first"].as_str().unwrap();
    let line =
        |t: &Value, name: &str| t["standings"].as_array().unwrap().iter().find(|l| l["name"] == name).unwrap().clone();
    let gone = line(&t, absent);
    assert_eq!(
        (gone["withdrawn"].clone(), gone["score"].clone(), gone["forfeits"].clone()),
        (json!(true), json!(0.0), json!(1))
    );
    let winner = line(&t, pairing["second"].as_str().unwrap());
    assert_eq!(
        (winner["score"].clone(), winner["unplayed_wins"].clone(), winner["buchholz"].clone()),
        (json!(1.0), json!(1), json!(0.0))
    );
    // Round 2 pairs the winner and the late player, without the absent one.
    let round2: Vec<Value> = pairings_of(&t, 2);
    assert_eq!(round2.len(), 1, "{t}");
    assert!(round2.iter().all(|p| p["first"] != absent && p["second"] != absent));
    assert_eq!(line(&t, &late.name)["score"], 0.0);
    // The absent player comes back for round 3.
    let absent_client = players.iter().find(|p| p.name == absent).unwrap();
    let back = absent_client.post(&format!("/api/tournaments/{id}/join"), json!({})).await;
    assert_eq!(back.body["you"]["joined"], true, "{}", back.body);
    let game = round2[0]["game"].as_str().unwrap();
    let by_name = |name: &str| if name == late.name { &late } else { players.iter().find(|p| p.name == name).unwrap() };
    end_game(
        by_name(round2[0]["first"].as_str().unwrap()),
        by_name(round2[0]["second"].as_str().unwrap()),
        game,
        "1-0",
    )
    .await;
    let t = tournament_when(&players[0], &id, 20, |t| t["round"] == 3).await;
    let round3 = pairings_of(&t, 3);
    assert!(round3.iter().any(|p| p["first"] == absent || p["second"] == absent), "{t}");
}

/// An arena of four bot accounts for twenty seconds (room for four waves of games on a
/// loaded machine), their games between bots: paired again as soon as their games end,
/// the strongest on a streak worth double, no pairing after the end, and the arena
/// over on time.
pub async fn arena_of_bots(server: &Server) {
    let mut bots = Vec::new();
    for _ in 0..4 {
        let bot = Client::sign_up(server, "ar").await;
        let marked = bot.post("/api/me/bot", json!({})).await;
        assert_eq!(marked.status, StatusCode::OK, "{}", marked.body);
        bots.push(bot);
    }
    let request = json!({
        "name": "Blitz arena",
        "system": "arena",
        "game": "twixt",
        "options": { "size": 8, "clock": { "base": 60, "increment": 0 } },
        "seconds": 20,
        "starts_in": 1,
    });
    let made = bots[0].post("/api/tournaments", request).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let id = made.body["id"].as_str().unwrap().to_owned();
    let ends_at = made.body["ends_at"].as_i64().unwrap();
    for bot in &bots {
        assert_eq!(bot.post(&format!("/api/tournaments/{id}/join"), json!({})).await.status, StatusCode::OK);
    }
    let champion = bots[0].name.clone();
    let by_name: HashMap<String, &Client> = bots.iter().map(|b| (b.name.clone(), b)).collect();
    // The bots play: the champion wins every game; between the others the first seat
    // wins.
    let mut ended = HashSet::new();
    let t = loop {
        let t = tournament(&bots[1], &id).await;
        if t["status"] == "finished" {
            break t;
        }
        for round in t["pairings"].as_array().unwrap() {
            for p in round["games"].as_array().unwrap() {
                let Some(game) = p["game"].as_str().map(str::to_owned) else { continue };
                if p["result"] != "*" || !ended.insert(game.clone()) {
                    continue;
                }
                let (first, second) = (p["first"].as_str().unwrap(), p["second"].as_str().unwrap());
                let result = if second == champion { "0-1" } else { "1-0" };
                end_game(by_name[first], by_name[second], &game, result).await;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    assert!(now >= ends_at && now < ends_at + 5000, "over on time: {now} against {ends_at}");
    let waves = t["pairings"].as_array().unwrap();
    assert!(waves.len() >= 4, "paired again as games ended: {t}");
    let standings = t["standings"].as_array().unwrap();
    let top = &standings[0];
    assert_eq!(top["name"], champion.as_str());
    // Every game of the champion counted: 2, 2, then 4 a win on the streak.
    let wins = top["wins"].as_i64().unwrap();
    assert!(wins >= 3, "{t}");
    assert_eq!(top["score"].as_f64().unwrap(), (4 * wins - 4) as f64, "{top}");
    assert_eq!(top["fire"], true);
    let late = bots[1].post(&format!("/api/tournaments/{id}/join"), json!({})).await;
    late.refused(StatusCode::GONE, "tournament_over");
}

/// Three players in a Swiss of five rounds: after three rounds each has met the two
/// others and had a bye, so no fourth round can be paired and the Swiss ends there.
pub async fn a_swiss_ends_when_no_pairing_is_left(server: &Server) {
    let players =
        [Client::sign_up(server, "np").await, Client::sign_up(server, "np").await, Client::sign_up(server, "np").await];
    let made = players[0].post("/api/tournaments", swiss_request("Three", 5, 1)).await;
    let id = made.body["id"].as_str().unwrap().to_owned();
    for p in &players {
        assert_eq!(p.post(&format!("/api/tournaments/{id}/join"), json!({})).await.status, StatusCode::OK);
    }
    let by_name = |name: &str| players.iter().find(|p| p.name == name).unwrap();
    for round in 1..=3 {
        let t = tournament_when(&players[0], &id, 20, |t| t["round"] == round && games_made(t, round)).await;
        for p in pairings_of(&t, round).iter().filter(|p| p["result"] != "bye") {
            let (first, second) = (by_name(p["first"].as_str().unwrap()), by_name(p["second"].as_str().unwrap()));
            end_game(first, second, p["game"].as_str().unwrap(), "1-0").await;
        }
    }
    let t = tournament_when(&players[0], &id, 20, |t| t["status"] == "finished").await;
    assert_eq!(t["round"], 3, "{t}");
}

pub async fn all(server: &Server) {
    refusals(server).await;
    a_swiss_ends_when_no_pairing_is_left(server).await;
    forfeits_and_late_joins(server).await;
    arena_of_bots(server).await;
    swiss_of_nine(server).await;
}
