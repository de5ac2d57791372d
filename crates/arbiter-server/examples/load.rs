//! A bounded load test of a running `arbiter serve` on this machine: many games of
//! all four kinds (Xiangqi, draughts, Gomoku, TwixT in turn) played at once by
//! scripted players, with WebSocket watchers on some of them. Reports stored moves
//! per second and the latency of move requests.
//!
//! ```text
//! cargo run --release -p arbiter-server --example load -- --url http://127.0.0.1:8080 \
//!     --games 1000 --watchers 100 --seconds 10 --rate 5000
//! ```
//!
//! `--game KIND` plays one kind only. With `--rate R` the players together offer R
//! moves a second, each game moving at
//! its own steady pace, as players who think between moves do; without it each
//! player moves as soon as its last move is answered.
//!
//! It only talks to loopback addresses, and stops by itself after `--seconds`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arbiter::random::SplitMix64;
use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::{Value, json};

/// What a player reads of a game's state: the rest is skipped unparsed, so that the
/// load client spends little of the machine it shares with the server.
#[derive(Deserialize, Default)]
struct Seen {
    ply: i64,
    seat_to_move: Option<String>,
    legal_moves: Vec<String>,
}

/// A created game: its id, the seats' tokens, its state.
#[derive(Deserialize)]
struct Created {
    id: String,
    tokens: Tokens,
    state: Seen,
}

#[derive(Deserialize)]
struct Tokens {
    first: String,
    second: String,
}

struct Options {
    url: String,
    games: usize,
    watchers: usize,
    seconds: u64,
    /// Moves per second offered in all; 0 plays as fast as answers come.
    rate: f64,
    /// Play only this game (`--game gomoku`); all four in turn by default.
    only: Option<usize>,
}

fn options() -> Result<Options, String> {
    let mut options =
        Options { url: "http://127.0.0.1:8080".into(), games: 1000, watchers: 100, seconds: 10, rate: 0.0, only: None };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--url" => options.url = value,
            "--games" => options.games = value.parse().map_err(|_| "--games takes a number")?,
            "--watchers" => options.watchers = value.parse().map_err(|_| "--watchers takes a number")?,
            "--seconds" => options.seconds = value.parse().map_err(|_| "--seconds takes a number")?,
            "--rate" => options.rate = value.parse().map_err(|_| "--rate takes a number")?,
            "--game" => {
                options.only = Some(
                    MIX.iter()
                        .position(|(name, _)| *name == value)
                        .ok_or("--game: xiangqi, draughts, gomoku or twixt")?,
                )
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    let host = options.url.trim_start_matches("http://").split(['/', ':']).next().unwrap_or_default().to_owned();
    if !(host == "localhost" || host.starts_with("127.") || options.url.starts_with("http://[::1]")) {
        return Err(format!("{host}: this load test only targets loopback addresses"));
    }
    if options.seconds == 0
        || options.seconds > 600
        || options.games == 0
        || options.games > 10_000
        || options.watchers > 10_000
    {
        return Err("bounds: 1-600 seconds, 1-10000 games, 0-10000 watchers".into());
    }
    Ok(options)
}

/// The games played, in turn: player `i` starts with the game `i` modulo four.
const MIX: [(&str, &str); 4] = [
    ("xiangqi", r#"{}"#),
    ("draughts", r#"{}"#),
    ("gomoku", r#"{"rules": "freestyle", "size": 15}"#),
    ("twixt", r#"{"size": 24}"#),
];

async fn new_game(
    client: &reqwest::Client,
    url: &str,
    kind: usize,
) -> Result<(String, [String; 2], Seen), reqwest::Error> {
    let (game, options) = MIX[kind % MIX.len()];
    let options: Value = serde_json::from_str(options).unwrap_or_default();
    let created: Created = client
        .post(format!("{url}/api/games"))
        .json(&json!({ "game": game, "options": options }))
        .send()
        .await?
        .json()
        .await?;
    Ok((created.id, [created.tokens.first, created.tokens.second], created.state))
}

/// What a player plays: its first game, and which kinds it starts after that.
struct Plan {
    seed: u64,
    /// The kind of the first game (an index into [`MIX`]).
    first_kind: usize,
    /// 1 to go round the kinds, 0 to stay with one.
    step: usize,
    first: (String, [String; 2], Seen),
    deadline: Instant,
    /// The pace of its moves; `None` to move as soon as answered.
    interval: Option<Duration>,
}

/// Plays its first game and then new games one after the other until the deadline,
/// recording each move's latency.
async fn player(client: reqwest::Client, url: String, plan: Plan, latencies: Arc<std::sync::Mutex<Vec<u32>>>) {
    let Plan { seed, first_kind, step, first, deadline, interval } = plan;
    let mut rng = SplitMix64::new(seed);
    let mut ticks = interval.map(|every| {
        // Spread the players' phases over one interval.
        let phase = every.mul_f64(rng.below(1000) as f64 / 1000.0);
        let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + phase, every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        ticks
    });
    let mut local = Vec::new();
    let mut next = Some(first);
    // The next game this player starts: the one after the kind it began with (the
    // same one again when only one kind is played).
    let mut kind = first_kind + step;
    'games: while Instant::now() < deadline {
        let (id, tokens, mut state) = match next.take() {
            Some(game) => game,
            None => match new_game(&client, &url, kind).await {
                Ok(game) => {
                    kind += step;
                    game
                }
                Err(_) => break,
            },
        };
        while Instant::now() < deadline {
            if state.legal_moves.is_empty() {
                continue 'games;
            }
            if let Some(ticks) = ticks.as_mut() {
                ticks.tick().await;
                if Instant::now() >= deadline {
                    break 'games;
                }
            }
            let ply = state.ply;
            let text = state.legal_moves[rng.index(state.legal_moves.len())].clone();
            let started = Instant::now();
            let response = client
                .post(format!("{url}/api/games/{id}/moves"))
                .bearer_auth(&tokens[usize::from(state.seat_to_move.as_deref() == Some("second"))])
                .json(&json!({ "move": text, "ply": ply }))
                .send()
                .await;
            let Ok(response) = response else { break 'games };
            let ok = response.status().is_success();
            let Ok(body) = response.text().await else { break 'games };
            local.push(started.elapsed().as_micros() as u32);
            if !ok {
                eprintln!("move refused: {body}");
                break 'games;
            }
            let Ok(seen) = serde_json::from_str::<Seen>(&body) else { break 'games };
            state = seen;
        }
    }
    latencies.lock().unwrap_or_else(|e| e.into_inner()).extend(local);
}

async fn watcher(url: String, id: String, deadline: Instant, received: Arc<AtomicU64>) {
    let ws = format!("{}/api/games/{id}/ws", url.replacen("http://", "ws://", 1));
    let Ok((mut socket, _)) = tokio_tungstenite::connect_async(ws).await else { return };
    while let Ok(Some(Ok(_))) =
        tokio::time::timeout(deadline.saturating_duration_since(Instant::now()), socket.next()).await
    {
        received.fetch_add(1, Ordering::Relaxed);
    }
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[index]) / 1000.0
}

#[tokio::main]
async fn main() {
    let options = match options() {
        Ok(o) => o,
        Err(message) => {
            eprintln!("load: {message}");
            std::process::exit(2);
        }
    };
    let client = reqwest::Client::builder().pool_max_idle_per_host(options.games).build().expect("http client");
    // Set up every game first, then measure play.
    let setup = Instant::now();
    let mut creations = Vec::new();
    let step = usize::from(options.only.is_none());
    let base = options.only.unwrap_or(0);
    for i in 0..options.games {
        let kind = base + i * step;
        let (client, url) = (client.clone(), options.url.clone());
        creations.push(tokio::spawn(async move { new_game(&client, &url, kind).await }));
    }
    let mut games = Vec::new();
    for creation in creations {
        match creation.await {
            Ok(Ok(game)) => games.push(game),
            _ => {
                eprintln!("load: could not create a game at {}", options.url);
                std::process::exit(1);
            }
        }
    }
    println!("set up {} games in {:.2} s", games.len(), setup.elapsed().as_secs_f64());
    let started = Instant::now();
    let deadline = started + Duration::from_secs(options.seconds);
    let latencies = Arc::new(std::sync::Mutex::new(Vec::new()));
    let received = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for (i, game) in games.into_iter().enumerate() {
        if i < options.watchers {
            tasks.push(tokio::spawn(watcher(options.url.clone(), game.0.clone(), deadline, Arc::clone(&received))));
        }
        let interval = (options.rate > 0.0).then(|| Duration::from_secs_f64(options.games as f64 / options.rate));
        let seed = 0x9e37_79b9 + i as u64 * 7919;
        let plan = Plan { seed, first_kind: base + i * step, step, first: game, deadline, interval };
        tasks.push(tokio::spawn(player(client.clone(), options.url.clone(), plan, Arc::clone(&latencies))));
    }
    for task in tasks {
        let _ = task.await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let mut all = std::mem::take(&mut *latencies.lock().unwrap_or_else(|e| e.into_inner()));
    all.sort_unstable();
    let offered =
        if options.rate > 0.0 { format!("{} moves/s offered", options.rate) } else { "as fast as answered".to_owned() };
    println!("games: {} at once, watchers: {}, {offered}, {:.1} s", options.games, options.watchers, elapsed);
    println!("stored moves: {} ({:.0} moves/s)", all.len(), all.len() as f64 / elapsed);
    println!(
        "move latency: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&all, 0.50),
        percentile(&all, 0.99),
        percentile(&all, 1.0)
    );
    println!("states pushed to watchers: {}", received.load(Ordering::Relaxed));
}
