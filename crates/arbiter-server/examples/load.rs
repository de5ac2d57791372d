//! A bounded load test of running `arbiter serve`s on this machine: many games of
//! all four kinds (Xiangqi, draughts, Gomoku, TwixT in turn) played at once by
//! scripted players, with WebSocket watchers spread evenly over the games. Reports
//! stored moves per second, the latency of move requests, the bytes a watcher gets a
//! move, the watchers' lag (from the move's time, stamped by the server as the
//! request arrives, to its update's arrival), and the servers' memory.
//!
//! ```text
//! cargo run --release -p arbiter-server --example load -- --url http://127.0.0.1:8080 \
//!     --games 1000 --watchers 10000 --seconds 20 --rate 5000 --pid 1234
//! ```
//!
//! `--game KIND` plays one kind only, `--options JSON` with options of its own (a
//! 128x128 Renju board: `--game gomoku --options '{"rules": "renju", "size": 128}'`). With `--rate R` the players together offer R
//! moves a second, each game moving at its own steady pace, as players who think
//! between moves do; without it each player moves as soon as its last move is
//! answered. `--url` given twice spreads the games over two servers sharing a
//! PostgreSQL database, and each game's watchers over both; `--pid` (once a server)
//! reports the servers' peak and final memory. Players work out the legal moves
//! themselves with the rules library, as the page does, so that states and updates
//! carry none.
//!
//! It only talks to loopback addresses, and stops by itself after `--seconds`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arbiter::random::SplitMix64;
use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput};
use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::{Value, json};

/// A created game: its id and the seats' tokens (its state is not read: the player
/// follows the game with the rules library).
#[derive(Deserialize)]
struct Created {
    id: String,
    tokens: Tokens,
}

#[derive(Deserialize)]
struct Tokens {
    first: String,
    second: String,
}

struct Options {
    /// The servers: games go to them in turn.
    urls: Vec<String>,
    /// The servers' processes, for their memory.
    pids: Vec<u32>,
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
        Options { urls: Vec::new(), pids: Vec::new(), games: 1000, watchers: 100, seconds: 10, rate: 0.0, only: None };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--url" => options.urls.push(value),
            "--pid" => options.pids.push(value.parse().map_err(|_| "--pid takes a process id")?),
            "--games" => options.games = value.parse().map_err(|_| "--games takes a number")?,
            "--watchers" => options.watchers = value.parse().map_err(|_| "--watchers takes a number")?,
            "--seconds" => options.seconds = value.parse().map_err(|_| "--seconds takes a number")?,
            "--rate" => options.rate = value.parse().map_err(|_| "--rate takes a number")?,
            "--options" => {
                serde_json::from_str::<OptionsInput>(&value).map_err(|e| format!("--options: {e}"))?;
                let _ = CUSTOM_OPTIONS.set(value);
            }
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
    if options.urls.is_empty() {
        options.urls.push("http://127.0.0.1:8080".into());
    }
    for url in &options.urls {
        let host = url.trim_start_matches("http://").split(['/', ':']).next().unwrap_or_default().to_owned();
        if !(host == "localhost" || host.starts_with("127.") || url.starts_with("http://[::1]")) {
            return Err(format!("{host}: this load test only targets loopback addresses"));
        }
    }
    if CUSTOM_OPTIONS.get().is_some() && options.only.is_none() {
        return Err("--options needs --game: the options of one kind".into());
    }
    if options.seconds == 0
        || options.seconds > 600
        || options.games == 0
        || options.games > 10_000
        || options.watchers > 10_000
        || options.urls.len() > 8
    {
        return Err("bounds: 1-600 seconds, 1-10000 games, 0-10000 watchers, 1-8 servers".into());
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

/// A game as a player has it: its id, the seats' tokens, and the game itself.
struct Game {
    id: String,
    tokens: [String; 2],
    game: AnyGame,
}

/// The options of `--options`, for every game in place of the kind's own.
static CUSTOM_OPTIONS: std::sync::OnceLock<String> = std::sync::OnceLock::new();

async fn new_game(client: &reqwest::Client, url: &str, kind: usize) -> Result<Game, String> {
    let (name, options) = MIX[kind % MIX.len()];
    let options = CUSTOM_OPTIONS.get().map_or(options, String::as_str);
    let input: OptionsInput = serde_json::from_str(options).map_err(|e| e.to_string())?;
    let game_kind: GameKind = name.parse().map_err(|e: arbiter::OptionsError| e.to_string())?;
    let game = AnyGame::new(&GameOptions::new(game_kind, &input).map_err(|e| e.to_string())?);
    let options: Value = serde_json::from_str(options).unwrap_or_default();
    let created: Created = client
        .post(format!("{url}/api/games"))
        .json(&json!({ "game": name, "options": options }))
        .send()
        .await
        .map_err(|e| e.to_string())?
        .json()
        .await
        .map_err(|e| e.to_string())?;
    Ok(Game { id: created.id, tokens: [created.tokens.first, created.tokens.second], game })
}

/// What a player plays: its first game, and which kinds it starts after that.
struct Plan {
    seed: u64,
    /// The kind of the first game (an index into [`MIX`]).
    first_kind: usize,
    /// 1 to go round the kinds, 0 to stay with one.
    step: usize,
    first: Game,
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
        let Game { id, tokens, mut game } = match next.take() {
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
            let legal = if game.outcome().is_none() { game.legal_moves() } else { Vec::new() };
            if legal.is_empty() {
                continue 'games;
            }
            if let Some(ticks) = ticks.as_mut() {
                ticks.tick().await;
                if Instant::now() >= deadline {
                    break 'games;
                }
            }
            let ply = game.moves().len();
            let text = legal[rng.index(legal.len())].text.clone();
            let started = Instant::now();
            let response = client
                .post(format!("{url}/api/games/{id}/moves"))
                .bearer_auth(&tokens[game.side_to_move().index()])
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
            if game.play_text(&text).is_err() {
                break 'games;
            }
        }
    }
    latencies.lock().unwrap_or_else(|e| e.into_inner()).extend(local);
}

/// What a watcher reads of a message: the rest is skipped unparsed, so that the load
/// client spends little of the machine it shares with the server.
#[derive(Deserialize)]
struct Heard {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    made_at: i64,
    #[serde(default)]
    moves: Vec<serde::de::IgnoredAny>,
}

/// What the watchers received, in all.
#[derive(Default)]
struct Watched {
    connected: AtomicU64,
    states: AtomicU64,
    state_bytes: AtomicU64,
    updates: AtomicU64,
    update_bytes: AtomicU64,
    /// Updates that bring a move: their lags are recorded.
    moves: AtomicU64,
    dropped: AtomicU64,
    lags: std::sync::Mutex<Vec<u32>>,
}

fn now_millis() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// Watches game `id` until the deadline, recording the size of what it gets and how
/// long each move took to arrive.
async fn watcher(url: String, id: String, start: Instant, deadline: Instant, watched: Arc<Watched>) {
    let ws = format!("{}/api/games/{id}/ws", url.replacen("http://", "ws://", 1));
    let Ok((mut socket, _)) = tokio_tungstenite::connect_async(ws).await else { return };
    watched.connected.fetch_add(1, Ordering::Relaxed);
    let mut lags = Vec::new();
    while let Ok(Some(Ok(message))) =
        tokio::time::timeout(deadline.saturating_duration_since(Instant::now()), socket.next()).await
    {
        let tokio_tungstenite::tungstenite::Message::Text(text) = message else {
            if message.is_close() {
                watched.dropped.fetch_add(1, Ordering::Relaxed);
            }
            continue;
        };
        let Ok(heard) = serde_json::from_str::<Heard>(&text) else { continue };
        if heard.kind == "state" {
            watched.states.fetch_add(1, Ordering::Relaxed);
            watched.state_bytes.fetch_add(text.len() as u64, Ordering::Relaxed);
        } else if Instant::now() >= start {
            // Updates while the games are set up are not measured.
            watched.updates.fetch_add(1, Ordering::Relaxed);
            watched.update_bytes.fetch_add(text.len() as u64, Ordering::Relaxed);
            if !heard.moves.is_empty() {
                watched.moves.fetch_add(1, Ordering::Relaxed);
                lags.push((now_millis() - heard.made_at).max(0) as u32);
            }
        }
    }
    watched.lags.lock().unwrap_or_else(|e| e.into_inner()).extend(lags);
}

/// A process's resident memory now and at its peak, in MiB, from `/proc`.
fn memory_mib(pid: u32) -> Option<(f64, f64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<f64> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        Some(line.split_whitespace().nth(1)?.parse::<f64>().ok()? / 1024.0)
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// The `p` quantile of `sorted`, divided by `scale`.
fn percentile(sorted: &[u32], p: f64, scale: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[index]) / scale
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
    let url = |i: usize| options.urls[i % options.urls.len()].clone();
    // Set up every game and watcher first, then measure play.
    let setup = Instant::now();
    let mut creations = Vec::new();
    let step = usize::from(options.only.is_none());
    let base = options.only.unwrap_or(0);
    for i in 0..options.games {
        let kind = base + i * step;
        let (client, url) = (client.clone(), url(i));
        creations.push(tokio::spawn(async move { new_game(&client, &url, kind).await }));
    }
    let mut games = Vec::new();
    for creation in creations {
        match creation.await {
            Ok(Ok(game)) => games.push(game),
            Ok(Err(e)) => {
                eprintln!("load: could not create a game: {e}");
                std::process::exit(1);
            }
            Err(e) => {
                eprintln!("load: {e}");
                std::process::exit(1);
            }
        }
    }
    // The watchers connect at once; play starts a moment after, when they are all in
    // (about a second a thousand of them), and is measured from then.
    let started = Instant::now() + Duration::from_secs(1 + options.watchers as u64 / 1000);
    let deadline = started + Duration::from_secs(options.seconds);
    let watched = Arc::new(Watched::default());
    let mut tasks = Vec::new();
    for w in 0..options.watchers {
        let game = w % games.len();
        // A game's watchers go to every server in turn.
        let (url, id, watched) = (url(game + w / games.len()), games[game].id.clone(), Arc::clone(&watched));
        tasks.push(tokio::spawn(watcher(url, id, started, deadline, watched)));
    }
    tokio::time::sleep_until(started.into()).await;
    println!(
        "set up {} games and {} of {} watchers in {:.2} s",
        games.len(),
        watched.connected.load(Ordering::Relaxed),
        options.watchers,
        setup.elapsed().as_secs_f64()
    );
    let latencies = Arc::new(std::sync::Mutex::new(Vec::new()));
    let interval = (options.rate > 0.0).then(|| Duration::from_secs_f64(options.games as f64 / options.rate));
    for (i, game) in games.into_iter().enumerate() {
        let seed = 0x9e37_79b9 + i as u64 * 7919;
        let plan = Plan { seed, first_kind: base + i * step, step, first: game, deadline, interval };
        tasks.push(tokio::spawn(player(client.clone(), url(i), plan, Arc::clone(&latencies))));
    }
    for task in tasks {
        let _ = task.await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let mut all = std::mem::take(&mut *latencies.lock().unwrap_or_else(|e| e.into_inner()));
    all.sort_unstable();
    let mut lags = std::mem::take(&mut *watched.lags.lock().unwrap_or_else(|e| e.into_inner()));
    lags.sort_unstable();
    let offered =
        if options.rate > 0.0 { format!("{} moves/s offered", options.rate) } else { "as fast as answered".to_owned() };
    println!(
        "servers: {}, games: {} at once, watchers: {}, {offered}, {:.1} s",
        options.urls.len(),
        options.games,
        options.watchers,
        elapsed
    );
    println!("stored moves: {} ({:.0} moves/s)", all.len(), all.len() as f64 / elapsed);
    println!(
        "move latency: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&all, 0.50, 1000.0),
        percentile(&all, 0.99, 1000.0),
        percentile(&all, 1.0, 1000.0)
    );
    let (updates, update_bytes) =
        (watched.updates.load(Ordering::Relaxed), watched.update_bytes.load(Ordering::Relaxed));
    let (states, state_bytes) = (watched.states.load(Ordering::Relaxed), watched.state_bytes.load(Ordering::Relaxed));
    println!(
        "watchers got {updates} updates, {:.0} bytes each (a move per watcher); {states} states on connecting, {:.0} bytes each",
        update_bytes as f64 / updates.max(1) as f64,
        state_bytes as f64 / states.max(1) as f64
    );
    println!(
        "watcher lag (move's time to update received): p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms, over {} moves; {} watchers dropped as too slow",
        percentile(&lags, 0.50, 1.0),
        percentile(&lags, 0.99, 1.0),
        percentile(&lags, 1.0, 1.0),
        watched.moves.load(Ordering::Relaxed),
        watched.dropped.load(Ordering::Relaxed)
    );
    for pid in &options.pids {
        match memory_mib(*pid) {
            Some((now, peak)) => println!("server {pid}: resident {now:.0} MiB, peak {peak:.0} MiB"),
            None => println!("server {pid}: no such process"),
        }
    }
}
