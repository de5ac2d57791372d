//! `arbiter worker --database postgres://...`: plays the pairs of games of runs stored
//! in PostgreSQL. Each lane takes a pair under a lease, plays both games here with the
//! run's engines (found by name in this machine's engines file), renews the lease
//! while it plays, stores both games in one transaction, and takes the next. A worker
//! killed mid-pair loses that pair only: its lease runs out and another worker takes it.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use arbiter::GameKind;
use arbiter_match::engine::EngineSpec;
use arbiter_match::opening::{Opening, read_openings};
use arbiter_match::schedule::{Job, Tournament, schedule};
use arbiter_match::tournament::{GameReport, MatchConfig, Seats};
use arbiter_server::runs::{Claim, PlayedGame, RunRow, Runs, Stored};
use tokio::sync::{Mutex, watch};

use crate::args::{MatchArgs, WorkerArgs};
use crate::fail::Failure;
use crate::{matches, position, run_flags};

/// How long to wait for the database, as the server does.
pub const DATABASE_TIMEOUT: Duration = Duration::from_secs(10);

/// The runs of the database at `url`.
pub async fn connect(url: &str) -> Result<Runs, Failure> {
    Runs::connect(url, DATABASE_TIMEOUT).await.map_err(|e| match e {
        arbiter_server::runs::RunError::NotPostgres => Failure::bad_input(e),
        _ => Failure::environment(e),
    })
}

/// A minute without news before a pair goes to another worker.
pub const DEFAULT_LEASE: Duration = Duration::from_secs(60);

/// How often a worker without work looks for some.
const POLL: Duration = Duration::from_millis(500);

/// A worker's settings.
pub struct Setup {
    /// The database of the runs.
    pub runs: Runs,
    /// The worker's name in the database and on the pages.
    pub name: String,
    /// The run to play, if only one; the worker ends with it.
    pub only: Option<String>,
    /// Pairs played at once.
    pub concurrency: usize,
    /// How long a pair stays this worker's without a renewal.
    pub lease: Duration,
    /// This machine's engines.
    pub engines_file: Option<PathBuf>,
}

pub fn run(args: &WorkerArgs) -> Result<(), Failure> {
    let lease = Duration::try_from_secs_f64(args.lease)
        .ok()
        .filter(|d| *d >= Duration::from_millis(300))
        .ok_or_else(|| Failure::bad_input(format!("--lease {}: expected seconds, 0.3 or more", args.lease)))?;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(Failure::environment)?;
    runtime.block_on(async {
        let runs = connect(&args.database).await?;
        if let Some(name) = &args.run
            && runs.by_name(name).await.map_err(Failure::environment)?.is_none()
        {
            return Err(Failure::bad_input(format!("--run {name}: no run of that name")));
        }
        let name = args.name.clone().unwrap_or_else(default_name);
        println!("worker {name}: looking for work");
        let setup = Setup {
            runs,
            name,
            only: args.run.clone(),
            concurrency: args.concurrency.max(1),
            lease,
            engines_file: args.engines_file.clone(),
        };
        work(setup).await
    })
}

/// The host's name and the process id: a name no other worker has.
pub fn default_name() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|h| h.trim().to_owned())
        .filter(|h| !h.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "worker".to_owned());
    format!("{host}-{}", std::process::id())
}

/// A run this worker can play: its flags read as a match's, its engines started once.
struct Playable {
    run: RunRow,
    args: MatchArgs,
    kind: GameKind,
    /// The schedule's games, for each pair's round and sides.
    jobs: Vec<Job>,
    /// Which engines are arbiter's own, which take the pair's seed.
    builtin: [bool; 2],
}

/// What the lanes of one worker share.
struct Shared {
    setup: Setup,
    /// Each run seen, with what it takes to play it or why it cannot be played here.
    known: Mutex<HashMap<i64, Result<Arc<Playable>, String>>>,
    /// Set on Ctrl-C: pairs in play are given back and the lanes end.
    stop: watch::Receiver<bool>,
}

/// Plays pairs with `setup.concurrency` lanes until the run of `setup.only` is over,
/// or (without it) until interrupted.
pub async fn work(setup: Setup) -> Result<(), Failure> {
    let (interrupt, stop) = watch::channel(false);
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            eprintln!("arbiter worker: interrupted; giving the pairs in play back");
            let _ = interrupt.send(true);
        }
    });
    let lanes = setup.concurrency.max(1);
    let shared = Arc::new(Shared { setup, known: Mutex::default(), stop });
    let handles: Vec<_> = (0..lanes).map(|_| tokio::spawn(lane(Arc::clone(&shared)))).collect();
    let mut outcome = Ok(());
    for handle in handles {
        let result = handle.await.unwrap_or_else(|e| Err(Failure::environment(format!("a worker lane failed: {e}"))));
        if outcome.is_ok() {
            outcome = result;
        }
    }
    outcome
}

/// One pair at a time, until there is no more work for it.
async fn lane(shared: Arc<Shared>) -> Result<(), Failure> {
    let setup = &shared.setup;
    let mut seats: Option<(i64, Seats)> = None;
    let result = loop {
        if *shared.stop.borrow() {
            break Ok(());
        }
        let running = match setup.runs.running(setup.only.as_deref()).await {
            Ok(running) => running,
            Err(e) => {
                eprintln!("arbiter worker: {e}; trying again");
                tokio::time::sleep(POLL).await;
                continue;
            }
        };
        if setup.only.is_some() && running.is_empty() {
            break Ok(());
        }
        let mut playable = HashMap::new();
        for run in running {
            match playable_run(&shared, run).await {
                Ok(p) => {
                    playable.insert(p.run.id, p);
                }
                Err(_) if setup.only.is_some() => break,
                Err(_) => {}
            }
        }
        if let (Some(name), true) = (&setup.only, playable.is_empty()) {
            let known = shared.known.lock().await;
            let why = known.values().find_map(|r| r.as_ref().err().cloned()).unwrap_or_default();
            break Err(Failure::bad_input(format!("run {name} cannot be played here: {why}")));
        }
        let ids: Vec<i64> = playable.keys().copied().collect();
        let claim = match setup.runs.claim(&setup.name, &ids, setup.lease).await {
            Ok(Some(claim)) => claim,
            Ok(None) => {
                tokio::time::sleep(POLL).await;
                continue;
            }
            Err(e) => {
                eprintln!("arbiter worker: {e}; trying again");
                tokio::time::sleep(POLL).await;
                continue;
            }
        };
        let Some(run) = playable.get(&claim.run) else { continue };
        if seats.as_ref().is_some_and(|(id, _)| *id != claim.run)
            && let Some((_, old)) = seats.take()
        {
            old.quit().await;
        }
        let (_, lane_seats) = seats.get_or_insert_with(|| (claim.run, Seats::default()));
        match play_pair(&shared, run, lane_seats, &claim).await {
            Some(games) => store(setup, run, &claim, &games).await,
            None => {
                // The games were cut short: the engines are in the middle of a search.
                if let Some((_, old)) = seats.take() {
                    old.quit().await;
                }
            }
        }
    };
    if let Some((_, seats)) = seats {
        seats.quit().await;
    }
    result
}

/// What it takes to play `run` here, worked out once per run; `Err` says why it
/// cannot be (an engine this machine lacks), also once.
async fn playable_run(shared: &Shared, run: RunRow) -> Result<Arc<Playable>, String> {
    let mut known = shared.known.lock().await;
    if let Some(found) = known.get(&run.id) {
        return found.clone();
    }
    let (id, name) = (run.id, run.name.clone());
    let found = prepare(shared, run).await.map(Arc::new);
    match &found {
        Ok(_) => println!("worker {}: playing run {name}", shared.setup.name),
        Err(why) => eprintln!("arbiter worker: run {name}: {why}; taking other work"),
    }
    known.insert(id, found.clone());
    found
}

fn message(failure: Failure) -> String {
    match failure {
        Failure::BadInput(m) | Failure::Environment(m) => m,
        Failure::Quiet(code) => format!("exit status {code}"),
    }
}

async fn prepare(shared: &Shared, run: RunRow) -> Result<Playable, String> {
    let mut args = run_flags::match_args(&run.flags).map_err(message)?;
    args.engines_file.clone_from(&shared.setup.engines_file);
    let config = matches::config(&args, None).map_err(message)?;
    let names = [config.engines[0].name.as_str(), config.engines[1].name.as_str()];
    if names != [run.engines[0].as_str(), run.engines[1].as_str()] {
        return Err(format!(
            "its engines are {} and {} here, not {} and {}",
            names[0], names[1], run.engines[0], run.engines[1]
        ));
    }
    arbiter_match::tournament::prepare(&config).await.map_err(|e| e.to_string())?;
    let known = match &args.engines_file {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            arbiter_match::engine::read_engines_file(&text).map_err(|e| e.to_string())?
        }
        None => Vec::new(),
    };
    let builtin = [0, 1].map(|i| {
        args.engines.get(i).and_then(|words| EngineSpec::from_words(words, &known).ok()).is_some_and(|s| s.is_builtin())
    });
    let jobs = schedule(2, Tournament::RoundRobin, args.rounds, args.games, 1);
    Ok(Playable { run, kind: config.kind, args, jobs, builtin })
}

/// The match of one pair: the run's settings, the pair's opening, and its seed for
/// arbiter's own engines.
fn pair_config(run: &Playable, claim: &Claim) -> Result<MatchConfig, Failure> {
    let mut config = matches::config(&run.args, None)?;
    let opening = if claim.opening.is_empty() {
        Opening::standard(&position::options(run.kind, &run.args.position)?)
    } else {
        let read = read_openings(&claim.opening, run.kind, &crate::position::input(&run.args.position));
        read.map_err(|e| Failure::bad_input(format!("the pair's opening: {e}")))?.remove(0)
    };
    config.openings = vec![opening];
    for (spec, builtin) in config.engines.iter_mut().zip(run.builtin) {
        if builtin && !spec.command.args.iter().any(|a| a == "--seed") {
            spec.command.args.extend(["--seed".to_owned(), claim.seed.to_string()]);
        }
    }
    Ok(config)
}

/// Plays the claim's two games, renewing the lease meanwhile; `None` when the pair
/// was given up: the lease was lost, the run ended, or the worker was interrupted.
async fn play_pair(shared: &Shared, run: &Playable, seats: &mut Seats, claim: &Claim) -> Option<[GameReport; 2]> {
    let setup = &shared.setup;
    let config = match pair_config(run, claim) {
        Ok(config) => config,
        Err(failure) => {
            eprintln!("arbiter worker: run {} pair {}: {}", run.run.name, claim.pair, message(failure));
            let _ = setup.runs.release(claim).await;
            return None;
        }
    };
    let mut jobs = run.jobs.iter().filter(|job| job.pair == Some(usize::try_from(claim.pair).unwrap_or(usize::MAX)));
    let (Some(&first), Some(&second)) = (jobs.next(), jobs.next()) else {
        eprintln!("arbiter worker: run {} has no pair {}", run.run.name, claim.pair);
        return None;
    };
    // arbiter's own engines start afresh with the pair's seed, so that the pair is
    // played the same way by whichever worker plays it.
    for (index, builtin) in run.builtin.iter().enumerate() {
        if *builtin {
            seats.restart(index).await;
        }
    }
    let games = async {
        let a = seats.play(&config, Job { opening: 0, ..first }).await;
        let b = seats.play(&config, Job { opening: 0, ..second }).await;
        [a, b]
    };
    let renew = async {
        loop {
            tokio::time::sleep(setup.lease / 3).await;
            match setup.runs.renew(claim, setup.lease).await {
                Ok(true) => {}
                Ok(false) => return,
                Err(e) => eprintln!("arbiter worker: renewing the lease: {e}"),
            }
        }
    };
    let mut stop = shared.stop.clone();
    let interrupted = async move {
        let _ = stop.wait_for(|stop| *stop).await;
    };
    tokio::select! {
        games = games => Some(games),
        () = renew => {
            println!("worker {}: run {} pair {}: given up (the run is over, or the lease went to another worker)",
                setup.name, run.run.name, claim.pair);
            None
        }
        () = interrupted => {
            let _ = setup.runs.release(claim).await;
            None
        }
    }
}

/// A game as the run stores it.
fn played(report: &GameReport) -> PlayedGame {
    // The run's results are seen from its first engine (index 0).
    let half_points = match report.winner {
        None => 1,
        Some(side) if report.engines[side.index()] == 0 => 2,
        Some(_) => 0,
    };
    PlayedGame {
        first_player: report.players[0].clone(),
        second_player: report.players[1].clone(),
        result: report.result.clone(),
        termination: report.termination.to_string(),
        detail: report.detail.clone(),
        plies: i32::try_from(report.plies).unwrap_or(i32::MAX),
        record: report.record.clone(),
        half_points,
    }
}

/// Stores the pair, trying again while the database is out of reach (the result's
/// key makes a second try that did reach it harmless).
async fn store(setup: &Setup, run: &Playable, claim: &Claim, games: &[GameReport; 2]) {
    let rows = [played(&games[0]), played(&games[1])];
    for attempt in 1..=10 {
        match setup.runs.store(claim, &rows).await {
            Ok(stored) => {
                let what = match stored {
                    Stored::Counted { ended: None } => "stored".to_owned(),
                    Stored::Counted { ended: Some(verdict) } => format!("stored; the run is over ({verdict})"),
                    Stored::AlreadyStored => "already stored by another worker: not counted again".to_owned(),
                    Stored::RunOver => "the run was over: not counted".to_owned(),
                };
                println!(
                    "worker {}: run {} pair {}: {} {} ({what})",
                    setup.name, run.run.name, claim.pair, games[0].result, games[1].result
                );
                return;
            }
            Err(e) => {
                eprintln!("arbiter worker: storing run {} pair {} (try {attempt}): {e}", run.run.name, claim.pair);
                tokio::time::sleep(POLL * attempt).await;
            }
        }
    }
}
