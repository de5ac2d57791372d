//! One game played by the bot: its game stream followed, and on the bot's turn the
//! position rebuilt by the rules from the state, the engine asked within the clock,
//! its move checked by the library and sent. A stream cut by a network fault is opened
//! again (with backoff) until the game ends: the server's state is the truth, so
//! nothing is lost by reconnecting, or by the whole process starting again.

use std::sync::Arc;

use arbiter::AnyGame;
use serde_json::{Value, json};

use super::shared::{Backoff, Bot, log};

/// How a game's stream ended.
enum Followed {
    /// The game is over (or gone).
    Over,
}

/// Plays game `id` to its end.
pub async fn play(bot: Arc<Bot>, id: String) {
    let mut backoff = Backoff::default();
    loop {
        match follow(&bot, &id, &mut backoff).await {
            Ok(Followed::Over) => {
                log(&format!("game {id}: over"));
                return;
            }
            Err(error) => {
                let wait = backoff.next_wait();
                log(&format!("game {id}: {error}; following it again in {} s", wait.as_secs()));
                tokio::time::sleep(wait).await;
            }
        }
    }
}

/// Follows the game's stream, moving on the bot's turns, until the game ends or the
/// stream is cut.
async fn follow(bot: &Bot, id: &str, backoff: &mut Backoff) -> Result<Followed, String> {
    let mut lines = bot.client.stream(&format!("/api/bot/game/{id}/stream")).await?;
    backoff.reset();
    let mut seat: Option<String> = None;
    let mut moved_at: Option<u64> = None;
    while let Some(message) = lines.next().await? {
        let turn = match message["type"].as_str() {
            Some("state") => {
                let state = &message["state"];
                seat = state["your_seat"].as_str().map(str::to_owned);
                // After a takeback the ply may be one the bot moved at before.
                moved_at = None;
                state.clone()
            }
            Some("update") => message,
            _ => continue,
        };
        if !turn["outcome"].is_null() {
            return Ok(Followed::Over);
        }
        let Some(ply) = turn["ply"].as_u64() else { continue };
        if seat.is_some() && turn["seat_to_move"].as_str() == seat.as_deref() && moved_at != Some(ply) {
            moved_at = Some(ply);
            match make_move(bot, id, ply).await? {
                Made::Over => return Ok(Followed::Over),
                Made::Sent => {}
                // Refused (an open challenge nobody has joined yet, say): the next
                // change at this ply, such as the opponent's coming, tries again.
                Made::NotSent => moved_at = None,
            }
        }
    }
    // The server ends the stream after the game's end; anything else was a fault.
    let answer = bot.client.get(&format!("/api/games/{id}")).await?;
    if answer.status == reqwest::StatusCode::NOT_FOUND || !answer.body["outcome"].is_null() {
        return Ok(Followed::Over);
    }
    Err("the game's stream ended".to_owned())
}

/// What came of a turn.
enum Made {
    /// The move was stored (or the turn had passed: the stream brings the next).
    Sent,
    /// No move was stored at this ply.
    NotSent,
    /// The game is over.
    Over,
}

/// Thinks and moves at `ply`, from the state as the server has it now.
async fn make_move(bot: &Bot, id: &str, ply: u64) -> Result<Made, String> {
    let answer = bot.client.get(&format!("/api/games/{id}")).await?;
    if answer.status == reqwest::StatusCode::NOT_FOUND {
        return Ok(Made::Over);
    }
    let state = answer.body;
    if !state["outcome"].is_null() {
        return Ok(Made::Over);
    }
    // A state already past this ply: the stream brings the next turn.
    if state["ply"].as_u64() != Some(ply) || state["seat_to_move"] != state["your_seat"] {
        return Ok(Made::Sent);
    }
    let game = arbiter_server::game_of_state(&state).map_err(|e| format!("the state's game: {e}"))?;
    let seat = state["your_seat"].as_str().unwrap_or("first");
    let ms = think_ms(&state, seat, bot.movetime);
    let text = choose(bot, &game, ms, ply).await;
    let Some(text) = text else {
        log(&format!("game {id}: no move at ply {ply}"));
        return Ok(Made::NotSent);
    };
    let sent = bot.client.post(&format!("/api/games/{id}/moves"), &json!({ "move": text, "ply": ply })).await?;
    if sent.status.is_success() {
        log(&format!("game {id}: {text} at ply {ply}"));
        return Ok(Made::Sent);
    }
    // 409: the ply was played meanwhile (another copy of the bot), or the game waits
    // for its opponent; 410: over.
    log(&format!("game {id}: {text} at ply {ply} refused: {} {}", sent.status, sent.body));
    Ok(Made::NotSent)
}

/// The engine's move in `game`, checked by the rules; an engine that fails or gives
/// a move the rules refuse is replaced for this move by the first legal move, so that
/// the bot does not lose on time for its engine's fault (and says so).
async fn choose(bot: &Bot, game: &AnyGame, ms: u64, ply: u64) -> Option<String> {
    let chosen = match bot.engines.for_game(game) {
        Ok(engine) => {
            engine.choose(game, ms, ply.wrapping_mul(0x9e37_79b9) ^ bot.seed).await.map_err(|e| e.to_string())
        }
        Err(error) => Err(error),
    };
    match chosen {
        Ok(text) if game.clone().play_text(&text).is_ok() => return Some(text),
        Ok(text) => log(&format!("the engine's move {text} is illegal here: playing the first legal move")),
        Err(error) => log(&format!("the engine gave no move ({error}): playing the first legal move")),
    }
    game.legal_moves().first().map(|m| m.text.clone())
}

/// Milliseconds to think: a thirtieth of the time left and most of the increment, at
/// most half the time left and at most `movetime`; `movetime` (1000 if not given) in
/// an untimed or correspondence game.
pub fn think_ms(state: &Value, seat: &str, movetime: Option<u64>) -> u64 {
    let clock = &state["options"]["clock"];
    let fixed = movetime.unwrap_or(1000);
    let Some(left) = state["clocks"][seat].as_u64().filter(|_| clock["days"].is_null()) else { return fixed };
    let increment = (clock["increment"].as_f64().unwrap_or(0.0) * 1000.0) as u64;
    let ms = (left / 30 + increment * 4 / 5).min(left / 2);
    ms.min(movetime.unwrap_or(u64::MAX)).max(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinking_time_comes_from_the_clock_and_movetime() {
        let untimed = json!({ "options": {}, "clocks": null });
        assert_eq!(think_ms(&untimed, "first", None), 1000);
        assert_eq!(think_ms(&untimed, "first", Some(200)), 200);
        let timed = json!({ "options": { "clock": { "base": 60, "increment": 1 } }, "clocks": { "first": 60_000 } });
        assert_eq!(think_ms(&timed, "first", None), 2000 + 800);
        assert_eq!(think_ms(&timed, "first", Some(500)), 500);
        let short = json!({ "options": { "clock": { "base": 60, "increment": 10 } }, "clocks": { "first": 1000 } });
        assert_eq!(think_ms(&short, "first", None), 500);
    }
}
