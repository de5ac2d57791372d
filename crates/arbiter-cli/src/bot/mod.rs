//! `arbiter bot`: a bot account on an arbiter server. It follows the account's event
//! stream (`GET /api/bot/stream`), accepts the challenges for games its engines play
//! (declining the others with a reason, and all of them while it plays `--concurrency`
//! games), and plays every game in which the account holds a seat (see `game.rs`).
//! After a network fault it connects again with backoff; on every (re)start it lists
//! the account's games going on and resumes each, so a bot killed mid-game and started
//! again finishes its games. Ctrl-C ends it.

mod client;
mod game;
mod shared;

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use arbiter_server::{BUILTIN_ENGINE, Computers};
use serde_json::{Value, json};

use crate::args::BotArgs;
use crate::fail::Failure;
use client::Client;
use shared::{Backoff, Bot, Engines, log};

pub fn run(args: &BotArgs) -> Result<(), Failure> {
    let token = args
        .token
        .clone()
        .or_else(|| std::env::var("ARBITER_BOT_TOKEN").ok())
        .filter(|t| !t.trim().is_empty())
        .ok_or_else(|| Failure::bad_input("--token or ARBITER_BOT_TOKEN: the bot account's API token"))?;
    let builtin_words = |words: &Vec<String>| words.len() == 1 && words[0] == BUILTIN_ENGINE;
    let groups: Vec<Vec<String>> = args.engines.iter().filter(|w| !builtin_words(w)).cloned().collect();
    let builtin = args.engines.is_empty() || args.engines.iter().any(builtin_words);
    let specs = crate::engines::specs(&groups, &[])?;
    if let Some(spec) = specs.iter().find(|e| e.protocol() == arbiter_match::protocol::Protocol::Dxp) {
        return Err(Failure::bad_input(format!(
            "--engine {}: a dxp engine keeps the game and its clock itself; serve it to the bot over hub",
            spec.name
        )));
    }
    let challenges = args
        .challenge
        .iter()
        .map(|c| match c.split_once(':') {
            Some((name, game)) if !name.is_empty() && game.parse::<arbiter::GameKind>().is_ok() => {
                Ok((name.to_owned(), game.to_owned()))
            }
            _ => Err(Failure::bad_input(format!(
                "--challenge {c:?}: NAME:GAME, GAME one of xiangqi, draughts, gomoku, twixt"
            ))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let client = Client::new(&args.server, &token).map_err(Failure::environment)?;
    let mut seed = [0u8; 8];
    getrandom::fill(&mut seed).map_err(Failure::environment)?;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(Failure::environment)?;
    let result = runtime.block_on(async {
        let bot = Arc::new(Bot {
            client,
            engines: Engines { computers: Computers::new(specs), builtin },
            movetime: args.movetime,
            concurrency: args.concurrency as usize,
            active: Mutex::new(HashSet::new()),
            seed: u64::from_le_bytes(seed),
        });
        tokio::select! {
            result = serve(bot, challenges, args.join.clone()) => result,
            _ = tokio::signal::ctrl_c() => {
                log("stopped");
                Ok(())
            }
        }
    });
    // Engines' processes are killed as their tasks are dropped; a search of arbiter's
    // own engine is not waited for.
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

/// The account the token opens, which must be a bot; then the challenges of
/// `--challenge` and the tournaments of `--join` (once), and its events, for ever,
/// connecting again after every fault. A tournament's games start as any other's:
/// the event stream announces them.
async fn serve(bot: Arc<Bot>, challenges: Vec<(String, String)>, tournaments: Vec<String>) -> Result<(), Failure> {
    let mut backoff = Backoff::default();
    let name = loop {
        match bot.client.get("/api/me").await {
            Ok(answer) if answer.status == reqwest::StatusCode::UNAUTHORIZED => {
                return Err(Failure::bad_input(format!("--token: {}", answer.body["error"])));
            }
            Ok(answer) if answer.status.is_success() => {
                if answer.body["bot"] != true {
                    return Err(Failure::bad_input(format!(
                        "the account {} is not a bot: mark it one with POST /api/me/bot before its first game",
                        answer.body["name"]
                    )));
                }
                break answer.body["name"].as_str().unwrap_or_default().to_owned();
            }
            Ok(answer) => log(&format!("GET /api/me: {} {}", answer.status, answer.body)),
            Err(error) => log(&format!("the server cannot be reached: {error}")),
        }
        tokio::time::sleep(backoff.next_wait()).await;
    };
    log(&format!("playing as {name}"));
    for (to, game) in challenges {
        let body = json!({ "to": to, "game": game, "colour": "random" });
        match bot.client.post("/api/challenges", &body).await {
            Ok(answer) if answer.status.is_success() => {
                log(&format!("challenge {} to {to}: {game}", answer.body["challenge"]["id"]));
            }
            Ok(answer) => log(&format!("challenge to {to}: {} {}", answer.status, answer.body["error"])),
            Err(error) => log(&format!("challenge to {to}: {error}")),
        }
    }
    for id in tournaments {
        match bot.client.post(&format!("/api/tournaments/{id}/join"), &json!({})).await {
            Ok(answer) if answer.status.is_success() => {
                log(&format!("tournament {id}: joined {}", answer.body["name"]));
            }
            Ok(answer) => log(&format!("tournament {id}: {} {}", answer.status, answer.body["error"])),
            Err(error) => log(&format!("tournament {id}: {error}")),
        }
    }
    loop {
        if let Err(error) = session(&bot, &name, &mut backoff).await {
            log(&error);
        }
        let wait = backoff.next_wait();
        log(&format!("connecting again in {} s", wait.as_secs()));
        tokio::time::sleep(wait).await;
    }
}

/// One connection: the games going on resumed, then the events until the stream
/// ends or is cut.
async fn session(bot: &Arc<Bot>, name: &str, backoff: &mut Backoff) -> Result<(), String> {
    let games = bot.client.get(&format!("/api/players/{name}/games?status=playing&limit=200")).await?;
    for game in games.body["games"].as_array().into_iter().flatten() {
        if let Some(id) = game["id"].as_str() {
            start(bot, id);
        }
    }
    let mut events = bot.client.stream("/api/bot/stream").await?;
    backoff.reset();
    while let Some(event) = events.next().await? {
        handle(bot, &event).await;
    }
    Err("the event stream ended".to_owned())
}

/// Plays game `id` unless it is being played already.
fn start(bot: &Arc<Bot>, id: &str) {
    if !lock(&bot.active).insert(id.to_owned()) {
        return;
    }
    log(&format!("game {id}: playing"));
    let (bot, id) = (Arc::clone(bot), id.to_owned());
    tokio::spawn(async move {
        game::play(Arc::clone(&bot), id.clone()).await;
        lock(&bot.active).remove(&id);
    });
}

fn lock(active: &Mutex<HashSet<String>>) -> std::sync::MutexGuard<'_, HashSet<String>> {
    active.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

async fn handle(bot: &Arc<Bot>, event: &Value) {
    match event["type"].as_str() {
        Some("challenge") => challenge(bot, &event["challenge"]).await,
        Some("game_start") => {
            if let Some(id) = event["game"]["id"].as_str() {
                start(bot, id);
            }
        }
        Some("game_finish") => {
            let game = &event["game"];
            log(&format!("game {}: {} ({})", game["id"], game["result"], game["outcome"]["reason"]));
        }
        Some(kind @ ("challenge_canceled" | "challenge_declined")) => {
            let challenge = &event["challenge"];
            log(&format!("challenge {}: {kind} ({})", challenge["id"], challenge["reason"]));
        }
        _ => {}
    }
}

/// Accepts a challenge for a game an engine plays, with room for one more game;
/// declines it with the reason otherwise.
async fn challenge(bot: &Arc<Bot>, challenge: &Value) {
    let Some(id) = challenge["id"].as_str() else { return };
    let game = arbiter_server::game_of(challenge["game"].as_str().unwrap_or_default(), &challenge["options"], &[]);
    let refusal = match &game {
        Err(error) => Some(format!("options this bot cannot read: {error}")),
        Ok(game) => bot.engines.for_game(game).err(),
    };
    let playing = lock(&bot.active).len();
    let refusal = refusal
        .or_else(|| (playing >= bot.concurrency).then(|| format!("busy: playing {playing} games, the most at once")));
    let from = challenge["from"].as_str().unwrap_or_default();
    if let Some(reason) = refusal {
        log(&format!("challenge {id} from {from}: declined, {reason}"));
        let path = format!("/api/challenges/{id}/decline");
        if let Err(error) = bot.client.post(&path, &json!({ "reason": reason })).await {
            log(&format!("challenge {id}: {error}"));
        }
        return;
    }
    match bot.client.post(&format!("/api/challenges/{id}/accept"), &json!({})).await {
        Ok(answer) if answer.status.is_success() => {
            log(&format!("challenge {id} from {from}: accepted"));
            if let Some(game) = answer.body["game"]["id"].as_str() {
                start(bot, game);
            }
        }
        Ok(answer) => log(&format!("challenge {id}: not accepted: {} {}", answer.status, answer.body)),
        Err(error) => log(&format!("challenge {id}: {error}")),
    }
}
