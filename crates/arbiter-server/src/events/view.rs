//! A tournament as JSON: its summary (the lists), and the whole of it (its page and
//! its watchers): the standings, and every round's pairings with their games' results
//! (`pairings`: `[{"round", "games": [{"board", "first", "second", "game", "result"}]}]`).

use std::collections::HashMap;

use serde_json::{Value, json};

use super::error::EventError;
use super::results::{GameResult, histories};
use super::standings::{self, Standing};
use crate::app::AppState;
use crate::store::TournamentRow;

/// A tournament's summary, as the lists show it.
pub fn summary(t: &TournamentRow) -> Value {
    let options: Value = serde_json::from_str(&t.options).unwrap_or(Value::Null);
    json!({
        "id": t.id,
        "name": t.name,
        "system": t.system,
        "game": t.game,
        "time_control": options.get("clock").cloned().unwrap_or(Value::Null),
        "options": options,
        "rated": t.rated,
        "rounds": t.rounds,
        "seconds": t.seconds,
        "starts_at": t.starts_at,
        "ends_at": t.ends_at,
        "status": t.status,
        "round": t.round,
        "players": t.players,
        "created_by": t.creator,
        "version": t.version,
    })
}

/// Two decimals at most, as the standings show points.
fn points(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

fn line(rank: usize, s: &Standing, swiss: bool) -> Value {
    let mut line = json!({
        "rank": rank,
        "name": s.name,
        "rating": s.rating.round(),
        "score": points(s.score),
        "wins": s.wins,
        "draws": s.draws,
        "losses": s.losses,
        "unplayed_wins": s.unplayed_wins,
        "forfeits": s.forfeits,
        "withdrawn": s.withdrawn,
    });
    if swiss {
        line["buchholz"] = json!(points(s.buchholz));
        line["sonneborn_berger"] = json!(points(s.sonneborn_berger));
    } else {
        line["fire"] = json!(s.fire);
    }
    line
}

/// The whole tournament: its summary, standings and rounds.
pub async fn tournament_json(app: &AppState, t: &TournamentRow) -> Result<Value, EventError> {
    let entries = app.store.entries(&t.id).await?;
    let pairings = app.store.pairings(&t.id).await?;
    let games = app.store.tournament_games(&t.id).await?;
    let played = histories(&pairings, &games);
    let swiss = t.system == "swiss";
    let table = if swiss {
        standings::swiss(&entries, &played)
    } else {
        standings::arena(&entries, &played, t.ends_at.unwrap_or(i64::MAX))
    };
    let names: HashMap<i64, &str> = entries.iter().map(|e| (e.account, e.name.as_str())).collect();
    let by_id: HashMap<&str, _> = games.iter().map(|g| (g.id.as_str(), g)).collect();
    let mut rounds: Vec<Value> = Vec::new();
    for p in &pairings {
        if rounds.last().is_none_or(|r| r["round"] != json!(p.round)) {
            rounds.push(json!({ "round": p.round, "games": [] }));
        }
        let result = match (&p.game_id, p.second) {
            (Some(id), Some(_)) => by_id.get(id.as_str()).map_or(GameResult::Pending, |g| GameResult::of(g)).text(),
            _ => "bye",
        };
        let pairing = json!({
            "board": p.board,
            "first": names.get(&p.first),
            "second": p.second.and_then(|s| names.get(&s)),
            // A game is named once it is made (an instant after its pairing).
            "game": p.game_id.as_deref().filter(|id| by_id.contains_key(id)),
            "result": result,
        });
        if let Some(Value::Array(list)) = rounds.last_mut().map(|r| &mut r["games"]) {
            list.push(pairing);
        }
    }
    let mut value = summary(t);
    value["standings"] = table.iter().enumerate().map(|(i, s)| line(i + 1, s, swiss)).collect();
    value["pairings"] = Value::Array(rounds);
    Ok(value)
}
