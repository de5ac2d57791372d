//! A bounded load test of a running `arbiter serve` on this machine: many games
//! played at once by scripted players, with WebSocket watchers on some of them.
//! Reports stored moves per second and the latency of move requests.
//!
//! ```text
//! cargo run --release -p arbiter-server --example load -- --url http://127.0.0.1:8080 \
//!     --games 1000 --watchers 100 --seconds 10 --rate 5000
//! ```
//!
//! With `--rate R` the players together offer R moves a second, each game moving at
//! its own steady pace, as players who think between moves do; without it each
//! player moves as soon as its last move is answered.
//!
//! It only talks to loopback addresses, and stops by itself after `--seconds`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arbiter::random::SplitMix64;
use futures_util::StreamExt;
use serde_json::{Value, json};

struct Options {
    url: String,
    games: usize,
    watchers: usize,
    seconds: u64,
    /// Moves per second offered in all; 0 plays as fast as answers come.
    rate: f64,
}

fn options() -> Result<Options, String> {
    let mut options =
        Options { url: "http://127.0.0.1:8080".into(), games: 1000, watchers: 100, seconds: 10, rate: 0.0 };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--url" => options.url = value,
            "--games" => options.games = value.parse().map_err(|_| "--games takes a number")?,
            "--watchers" => options.watchers = value.parse().map_err(|_| "--watchers takes a number")?,
            "--seconds" => options.seconds = value.parse().map_err(|_| "--seconds takes a number")?,
            "--rate" => options.rate = value.parse().map_err(|_| "--rate takes a number")?,
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

async fn new_game(client: &reqwest::Client, url: &str) -> Result<(String, [String; 2], Value), reqwest::Error> {
    let body: Value = client
        .post(format!("{url}/api/games"))
        .json(&json!({ "game": "gomoku", "options": { "rules": "freestyle", "size": 15 } }))
        .send()
        .await?
        .json()
        .await?;
    let tokens = [
        body["tokens"]["first"].as_str().unwrap_or_default().to_owned(),
        body["tokens"]["second"].as_str().unwrap_or_default().to_owned(),
    ];
    Ok((body["id"].as_str().unwrap_or_default().to_owned(), tokens, body["state"].clone()))
}

/// Plays `first` and then new games one after the other until `deadline`, recording
/// each move's latency.
async fn player(
    client: reqwest::Client,
    url: String,
    seed: u64,
    first: (String, [String; 2], Value),
    deadline: Instant,
    interval: Option<Duration>,
    latencies: Arc<std::sync::Mutex<Vec<u32>>>,
) {
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
    'games: while Instant::now() < deadline {
        let (id, tokens, mut state) = match next.take() {
            Some(game) => game,
            None => match new_game(&client, &url).await {
                Ok(game) => game,
                Err(_) => break,
            },
        };
        while Instant::now() < deadline {
            let legal = state["legal_moves"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() {
                continue 'games;
            }
            if let Some(ticks) = ticks.as_mut() {
                ticks.tick().await;
                if Instant::now() >= deadline {
                    break 'games;
                }
            }
            let ply = state["ply"].as_i64().unwrap_or(0);
            let text = legal[rng.index(legal.len())].as_str().unwrap_or_default().to_owned();
            let started = Instant::now();
            let response = client
                .post(format!("{url}/api/games/{id}/moves"))
                .bearer_auth(&tokens[(ply % 2) as usize])
                .json(&json!({ "move": text, "ply": ply }))
                .send()
                .await;
            let Ok(response) = response else { break 'games };
            let ok = response.status().is_success();
            let Ok(body) = response.json::<Value>().await else { break 'games };
            local.push(started.elapsed().as_micros() as u32);
            if !ok {
                eprintln!("move refused: {body}");
                break 'games;
            }
            state = body;
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
    for _ in 0..options.games {
        let (client, url) = (client.clone(), options.url.clone());
        creations.push(tokio::spawn(async move { new_game(&client, &url).await }));
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
        tasks.push(tokio::spawn(player(
            client.clone(),
            options.url.clone(),
            seed,
            game,
            deadline,
            interval,
            Arc::clone(&latencies),
        )));
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
