//! A whole match: its games scheduled over engines, rounds and openings, played
//! several at once by workers that each keep their own engine processes (restarting
//! any that failed), the results gathered into standings, the SPRT watched, and every
//! finished game handed to the caller as it ends.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use arbiter::{GameKind, Side, Termination};
use serde::Serialize;
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::engine::{DxpAddress, EngineSpec, Transport};
use crate::limits::TimeLimit;
use crate::opening::Opening;
use crate::process::Fault;
use crate::protocol::{CannotCarry, Engine, Setup, cannot_carry};
use crate::records::{self, Tags};
use crate::referee::{self, Ending, Played, Settings};
use crate::schedule::{Job, Tournament, pairings, schedule};
use crate::stats::{Elo, Sprt, Tally, Verdict};

/// Everything a match needs.
pub struct MatchConfig {
    /// The game every engine plays.
    pub kind: GameKind,
    /// The engines, at least two, each with its own name.
    pub engines: Vec<EngineSpec>,
    /// How more than two engines meet.
    pub tournament: Tournament,
    /// Games per encounter of two engines in each round.
    pub games: usize,
    /// How many times the whole schedule is played.
    pub rounds: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// At least one: the standard start when no file was given.
    pub openings: Vec<Opening>,
    /// How each game is played: limits and adjudication.
    pub settings: Settings,
    /// The test that stops the match once it has decided, on the first pairing.
    pub sprt: Option<Sprt>,
    /// How long an engine may take to start and answer its greeting.
    pub handshake: Duration,
    /// Whether every line to and from the engines is printed on standard error.
    pub debug: bool,
    /// The Xiangqi notation of the records.
    pub notation: Option<String>,
    /// The records' `Event` tag.
    pub event: String,
    /// Set from outside to stop after the games in progress.
    pub stop: Arc<AtomicBool>,
}

/// Why a match could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    #[error("{0}")]
    /// Settings that cannot make a match; the message says which.
    Invalid(String),
    #[error("engine {name}: {fault}")]
    /// An engine would not start when it was tried before the match.
    Engine {
        /// The engine's name.
        name: String,
        /// What went wrong when it started.
        fault: Fault,
    },
    #[error("engine {name}: {refusal}")]
    /// An engine's protocol cannot carry the match's games: Hub and DXP carry draughts
    /// on the 10x10 board only, DXP the international rules only, Hub the rule sets its
    /// `variant` parameter names.
    NotCarried {
        /// The engine's name.
        name: String,
        /// Why its protocol cannot carry the games.
        refusal: CannotCarry,
    },
}

/// A finished game as the match reports it.
#[derive(Clone, Debug, Serialize)]
pub struct GameReport {
    /// The game's number in the schedule, from 1.
    pub number: usize,
    /// The round, from 1.
    pub round: usize,
    /// Engine names by side, the first side's first.
    pub players: [String; 2],
    #[serde(skip)]
    /// The engines by side, as indexes into the match's engines.
    pub engines: [usize; 2],
    /// The opening's line in the openings file (empty for the standard start).
    pub opening: String,
    /// `1-0`, `0-1`, `1/2-1/2` (draughts: `2-0`, `0-2`, `1-1`).
    pub result: String,
    /// Why it ended (the record's `Termination` tag).
    pub termination: Termination,
    /// What happened, in a sentence.
    pub detail: String,
    /// The moves of the game, the opening's included.
    pub plies: usize,
    /// By side, the moves whose engine had pondered on the opponent's move that came.
    pub ponder_hits: [u32; 2],
    /// The game's record (PGN, PDN).
    #[serde(skip)]
    pub record: String,
    #[serde(skip)]
    /// The side that won; `None` for a draw.
    pub winner: Option<Side>,
}

/// Two engines' results against each other.
#[derive(Clone, Debug, Serialize)]
pub struct PairingStanding {
    /// The engine the tally is seen from.
    pub first: String,
    /// Its opponent.
    pub second: String,
    /// Seen from the first engine.
    pub tally: Tally,
    /// The first engine's share of the points, once a game is played.
    pub score: Option<f64>,
    /// The first engine's Elo difference, once it is finite.
    pub elo: Option<Elo>,
    /// The likelihood that the first engine is the stronger.
    pub los: f64,
    /// The share of draws.
    pub draw_ratio: f64,
    /// The SPRT's log-likelihood ratio, when a test runs.
    pub llr: Option<f64>,
}

/// One engine's points over the whole match.
#[derive(Clone, Debug, Serialize)]
pub struct EngineStanding {
    /// The engine's name.
    pub name: String,
    /// Games it finished.
    pub games: u32,
    /// Its points: one a win, a half a draw.
    pub points: f64,
}

/// Where the match stands.
#[derive(Clone, Debug, Serialize)]
pub struct Standings {
    /// Games finished so far.
    pub played: usize,
    /// Games the schedule holds.
    pub scheduled: usize,
    /// Each pairing's results, in the schedule's order.
    pub pairings: Vec<PairingStanding>,
    /// Each engine's points, in the match's order.
    pub engines: Vec<EngineStanding>,
    /// The SPRT's bounds and verdict, when a test runs (on the first pairing).
    pub sprt: Option<SprtState>,
}

#[derive(Clone, Copy, Debug, Serialize)]
/// Where the SPRT stands: its test, its bounds and the first pairing's ratio.
pub struct SprtState {
    /// The test as it was asked for.
    pub test: Sprt,
    /// The ratio at or below which H0 is accepted.
    pub lower: f64,
    /// The ratio at or above which H1 is accepted.
    pub upper: f64,
    /// The log-likelihood ratio now.
    pub llr: f64,
    /// The verdict, once the ratio has crossed a bound.
    pub verdict: Option<Verdict>,
}

/// The match when it is over.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The game's name (`xiangqi`, `draughts`, ...).
    pub game: &'static str,
    /// Every game finished, in the schedule's order.
    pub games: Vec<GameReport>,
    /// The final standings.
    pub standings: Standings,
    /// Whether it stopped before every scheduled game was played (SPRT, interrupt).
    pub stopped_early: bool,
    /// Engine moves refereed, and the referee's own time for each (between an
    /// answer and the next request), median and mean.
    pub moves_refereed: u64,
    /// The median of the referee's own time per move.
    pub referee_median_microseconds: f64,
    /// The mean of the referee's own time per move.
    pub referee_mean_microseconds: f64,
}

struct Finished {
    job: Job,
    played: Result<Played, Ending>,
    start_moves: Option<arbiter::AnyGame>,
}

/// Plays the match, calling `on_game` after each game with the game and the
/// standings.
pub async fn run(config: MatchConfig, mut on_game: impl FnMut(&GameReport, &Standings)) -> Result<Summary, MatchError> {
    check(&config)?;
    probe_engines(&config).await?;
    let config = Arc::new(config);
    let jobs =
        Arc::new(schedule(config.engines.len(), config.tournament, config.rounds, config.games, config.openings.len()));
    let next = Arc::new(AtomicUsize::new(0));
    let (sender, mut receiver) = mpsc::channel(64);
    let workers = config.concurrency.clamp(1, jobs.len().max(1));
    for _ in 0..workers {
        let (config, jobs, next, sender) = (config.clone(), jobs.clone(), next.clone(), sender.clone());
        tokio::spawn(async move { worker(config, jobs, next, sender).await });
    }
    drop(sender);
    let pairs = pairings(config.engines.len(), config.tournament);
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let mut tallies = vec![Tally::default(); pairs.len()];
    let mut pair_points: std::collections::HashMap<usize, (f64, usize)> = std::collections::HashMap::new();
    let mut points = vec![(0u32, 0.0f64); names.len()];
    let mut reports = Vec::new();
    let mut moves_refereed = 0u64;
    // Nanoseconds, each of the referee's turns: enough for a median.
    let mut referee_times: Vec<u32> = Vec::new();
    let mut verdict = None;
    while let Some(finished) = receiver.recv().await {
        let Finished { job, played, start_moves } = finished;
        let (a, _) = pairs[job.pairing];
        let report = match &played {
            Ok(played) => {
                moves_refereed += played.moves.len() as u64;
                referee_times
                    .extend(played.referee_times.iter().map(|d| u32::try_from(d.as_nanos()).unwrap_or(u32::MAX)));
                report(&config, &job, played, &names)
            }
            Err(ending) => unplayed_report(&config, &job, ending, start_moves.as_ref(), &names),
        };
        // Points of the pairing's first engine, for its tally.
        let first_points = match report.winner {
            None => 0.5,
            Some(side) if job.engines[side.index()] == a => 1.0,
            Some(_) => 0.0,
        };
        tallies[job.pairing].add_game(first_points);
        if let Some(pair) = job.pair {
            let entry = pair_points.entry(pair).or_insert((0.0, 0));
            entry.0 += first_points;
            entry.1 += 1;
            if entry.1 == 2 {
                tallies[job.pairing].add_pair(entry.0);
            }
        }
        for side in [Side::First, Side::Second] {
            let engine = job.engines[side.index()];
            points[engine].0 += 1;
            points[engine].1 += match report.winner {
                None => 0.5,
                Some(winner) if winner == side => 1.0,
                Some(_) => 0.0,
            };
        }
        reports.push(report);
        let standings = standings(&config, &names, &pairs, &tallies, &points, reports.len(), jobs.len());
        if let Some(state) = standings.sprt
            && verdict.is_none()
            && state.verdict.is_some()
        {
            verdict = state.verdict;
            config.stop.store(true, Ordering::SeqCst);
        }
        on_game(reports.last().expect("just pushed"), &standings);
    }
    let standings = standings(&config, &names, &pairs, &tallies, &points, reports.len(), jobs.len());
    reports.sort_by_key(|report| report.number);
    let (median, mean) = referee_figures(&mut referee_times);
    Ok(Summary {
        game: config.kind.name(),
        stopped_early: reports.len() < jobs.len(),
        games: reports,
        standings,
        moves_refereed,
        referee_median_microseconds: median,
        referee_mean_microseconds: mean,
    })
}

/// The median and the mean of the referee's turns, in microseconds. The median is the
/// figure to quote: the mean takes in the turns when the system ran something else.
fn referee_figures(nanoseconds: &mut [u32]) -> (f64, f64) {
    if nanoseconds.is_empty() {
        return (0.0, 0.0);
    }
    nanoseconds.sort_unstable();
    let median = f64::from(nanoseconds[nanoseconds.len() / 2]) / 1000.0;
    let mean = nanoseconds.iter().map(|&n| f64::from(n)).sum::<f64>() / nanoseconds.len() as f64 / 1000.0;
    (median, mean)
}

/// Refuses a match that cannot be played, before any engine starts.
fn check(config: &MatchConfig) -> Result<(), MatchError> {
    let invalid = |message: String| Err(MatchError::Invalid(message));
    if config.engines.len() < 2 {
        return invalid("a match needs at least two engines".into());
    }
    for (index, engine) in config.engines.iter().enumerate() {
        if config.engines[..index].iter().any(|e| e.name == engine.name) {
            return invalid(format!("two engines are named {:?}: give each its own name=", engine.name));
        }
        let protocol = engine.protocol();
        if protocol.game() != config.kind {
            return invalid(format!(
                "engine {}: protocol {protocol} plays {}, not {}",
                engine.name,
                protocol.game(),
                config.kind
            ));
        }
    }
    check_dxp(config)?;
    if config.games == 0 || config.rounds == 0 {
        return invalid("--games and --rounds must be at least 1".into());
    }
    if config.openings.is_empty() {
        return invalid("no opening to start from".into());
    }
    for opening in &config.openings {
        let game = opening.start_game();
        // A game that an engine's protocol cannot write, or whose rules its engines do not play.
        for engine in &config.engines {
            if let Some(refusal) = cannot_carry(engine.protocol(), &game) {
                return Err(MatchError::NotCarried { name: engine.name.clone(), refusal });
            }
        }
        // An opening rule's steps that the engines' protocol has no command for.
        if let Some(why) = crate::protocol::gomocup::cannot_ask(&game) {
            let line =
                if opening.label.is_empty() { "the start".to_owned() } else { format!("opening {:?}", opening.label) };
            return invalid(format!("{line}: {why}"));
        }
    }
    Ok(())
}

/// DXP engines keep their own clock in whole minutes, and each meets arbiter on one address:
/// a match with them is timed by `--tc` of a minute or more, and plays one game at a
/// time.
fn check_dxp(config: &MatchConfig) -> Result<(), MatchError> {
    let dxp: Vec<(&EngineSpec, &DxpAddress)> = config
        .engines
        .iter()
        .filter_map(|spec| match &spec.transport {
            Transport::Dxp(address) => Some((spec, address)),
            Transport::Stdio(_) => None,
        })
        .collect();
    let Some((first, _)) = dxp.first() else { return Ok(()) };
    let invalid = |message: String| Err(MatchError::Invalid(message));
    match config.settings.limit {
        TimeLimit::Clock { base_ms, moves: None, .. } if base_ms >= 60_000 => {}
        _ => return invalid(format!("engine {}: {}", first.name, crate::protocol::dxp::CLOCK_ONLY)),
    }
    if config.concurrency > 1 {
        return invalid(format!(
            "engine {}: a dxp engine listens on one address, so its games are played one at a time: --concurrency 1",
            first.name
        ));
    }
    for (index, (engine, address)) in dxp.iter().enumerate() {
        let place = address.host_port();
        if let Some((other, _)) = dxp[..index].iter().find(|(_, other)| other.host_port() == place) {
            return invalid(format!(
                "engines {} and {} both meet arbiter on {place}: give each its own address",
                other.name, engine.name
            ));
        }
    }
    Ok(())
}

/// Starts each engine once, so that a wrong path or protocol is reported at once.
async fn probe_engines(config: &MatchConfig) -> Result<(), MatchError> {
    let game = config.openings[0].start_game();
    for spec in &config.engines {
        let setup = Setup { spec, game: &game, handshake: config.handshake, debug: config.debug };
        match Engine::start(&setup).await {
            Ok(engine) => engine.quit().await,
            Err(fault) => return Err(MatchError::Engine { name: spec.name.clone(), fault }),
        }
    }
    Ok(())
}

/// Plays jobs until there are none left or the match stops.
async fn worker(
    config: Arc<MatchConfig>,
    jobs: Arc<Vec<Job>>,
    next: Arc<AtomicUsize>,
    results: mpsc::Sender<Finished>,
) {
    let mut engines: Vec<Option<Engine>> = config.engines.iter().map(|_| None).collect();
    loop {
        if config.stop.load(Ordering::SeqCst) {
            break;
        }
        let Some(&job) = jobs.get(next.fetch_add(1, Ordering::SeqCst)) else { break };
        let finished = play_job(&config, &mut engines, job).await;
        if results.send(finished).await.is_err() {
            break;
        }
    }
    for engine in engines.into_iter().flatten() {
        engine.quit().await;
    }
}

/// Checks a match's settings and starts each of its engines once, as [`run`] does
/// before its first game: for a player of a match shared with others, which must not
/// take games it cannot play.
pub async fn prepare(config: &MatchConfig) -> Result<(), MatchError> {
    check(config)?;
    probe_engines(config).await
}

/// The engines one player of a match shared with others keeps between its games: each
/// engine started when a game first needs it, kept running, and started again if it died.
#[derive(Default)]
pub struct Seats {
    engines: Vec<Option<Engine>>,
}

impl Seats {
    /// Plays game `job` of the schedule from `config`'s opening `job.opening` and
    /// reports it as [`run`] reports its games.
    pub async fn play(&mut self, config: &MatchConfig, job: Job) -> GameReport {
        if self.engines.len() < config.engines.len() {
            self.engines.resize_with(config.engines.len(), || None);
        }
        let Finished { job, played, start_moves } = play_job(config, &mut self.engines, job).await;
        let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
        match &played {
            Ok(played) => report(config, &job, played, &names),
            Err(ending) => unplayed_report(config, &job, ending, start_moves.as_ref(), &names),
        }
    }

    /// Stops engine `index`, so that the next game starts it afresh (with the settings
    /// its spec has then).
    pub async fn restart(&mut self, index: usize) {
        if let Some(engine) = self.engines.get_mut(index).and_then(Option::take) {
            engine.quit().await;
        }
    }

    /// Stops every engine.
    pub async fn quit(self) {
        for engine in self.engines.into_iter().flatten() {
            engine.quit().await;
        }
    }
}

/// Plays one game of the schedule with the engines in `engines` (one slot per engine of
/// the match), starting any that is not running, and telling each the game is over.
async fn play_job(config: &MatchConfig, engines: &mut [Option<Engine>], job: Job) -> Finished {
    let opening = &config.openings[job.opening];
    let start = opening.start_game();
    let mut unready = None;
    for side in [Side::First, Side::Second] {
        let index = job.engines[side.index()];
        if let Err(why) = ready_engine(config, &config.engines[index], &mut engines[index], &start).await {
            unready = Some(referee::unstarted(&start, side, &why.to_string()));
            break;
        }
    }
    let played = match unready {
        Some(ending) => Err(ending),
        None => {
            let [first, second] =
                engines.get_disjoint_mut(job.engines).expect("a game's two engines are different engines");
            let (Some(first), Some(second)) = (first.as_mut(), second.as_mut()) else {
                unreachable!("both engines were made ready")
            };
            Ok(referee::play([first, second], opening, &config.settings).await)
        }
    };
    if let Ok(played) = &played {
        for side in [Side::First, Side::Second] {
            let slot = &mut engines[job.engines[side.index()]];
            let told = match slot.as_mut() {
                Some(engine) if !played.failed[side.index()] => engine.game_over(played.ending.winner).await.is_ok(),
                _ => false,
            };
            if !told && let Some(engine) = slot.take() {
                engine.quit().await;
            }
        }
    }
    let start_moves = played.is_err().then_some(start);
    Finished { job, played, start_moves }
}

/// Makes sure the engine runs and knows a new game begins: started if it never was
/// or has died, and told of the new game.
async fn ready_engine(
    config: &MatchConfig,
    spec: &EngineSpec,
    slot: &mut Option<Engine>,
    start: &arbiter::AnyGame,
) -> Result<(), Fault> {
    if slot.as_mut().is_some_and(|engine| !engine.is_running()) {
        slot.take();
    }
    if slot.is_none() {
        let setup = Setup { spec, game: start, handshake: config.handshake, debug: config.debug };
        *slot = Some(Engine::start(&setup).await?);
    }
    let engine = slot.as_mut().expect("started above");
    if let Err(fault) = engine.new_game(Instant::now() + config.handshake).await {
        if let Some(engine) = slot.take() {
            engine.quit().await;
        }
        return Err(fault);
    }
    Ok(())
}

/// The report of a game that was played.
fn report(config: &MatchConfig, job: &Job, played: &Played, names: &[String]) -> GameReport {
    let players = job.engines.map(|e| names[e].clone());
    let tags = Tags {
        event: &config.event,
        round: job.round,
        players: [&players[0], &players[1]],
        limit: config.settings.limit,
        notation: config.notation.as_deref(),
    };
    let record = records::record(played, &tags).to_string();
    GameReport {
        number: job.number,
        round: job.round,
        engines: job.engines,
        opening: config.openings[job.opening].label.clone(),
        result: records::result_token(config.kind, played.ending.winner).to_owned(),
        termination: played.ending.termination,
        detail: played.ending.detail.clone(),
        plies: played.game.moves().len(),
        ponder_hits: played.ponder_hits,
        record,
        winner: played.ending.winner,
        players,
    }
}

/// The report of a game that could not begin (an engine would not start).
fn unplayed_report(
    config: &MatchConfig,
    job: &Job,
    ending: &Ending,
    start: Option<&arbiter::AnyGame>,
    names: &[String],
) -> GameReport {
    let game = start.cloned().unwrap_or_else(|| config.openings[job.opening].start_game());
    let played = Played {
        opening_plies: game.moves().len(),
        game,
        moves: Vec::new(),
        ending: ending.clone(),
        failed: [false; 2],
        referee_times: Vec::new(),
        ponder_hits: [0; 2],
    };
    report(config, job, &played, names)
}

fn standings(
    config: &MatchConfig,
    names: &[String],
    pairs: &[(usize, usize)],
    tallies: &[Tally],
    points: &[(u32, f64)],
    played: usize,
    scheduled: usize,
) -> Standings {
    let pairings: Vec<PairingStanding> = pairs
        .iter()
        .zip(tallies)
        .map(|(&(a, b), tally)| PairingStanding {
            first: names[a].clone(),
            second: names[b].clone(),
            tally: *tally,
            score: tally.score(),
            elo: tally.elo(),
            los: tally.los(),
            draw_ratio: tally.draw_ratio(),
            llr: config.sprt.map(|test| tally.llr(test.elo0, test.elo1)),
        })
        .collect();
    let sprt = config.sprt.map(|test| {
        let (lower, upper) = test.bounds();
        let tally = &tallies[0];
        SprtState { test, lower, upper, llr: tally.llr(test.elo0, test.elo1), verdict: test.verdict(tally) }
    });
    let engines = names
        .iter()
        .zip(points)
        .map(|(name, &(games, points))| EngineStanding { name: name.clone(), games, points })
        .collect();
    Standings { played, scheduled, pairings, engines, sprt }
}
