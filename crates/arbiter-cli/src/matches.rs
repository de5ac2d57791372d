//! `arbiter match`: a match between engines, as cutechess-cli runs them: a line per
//! finished game, a live status line on a terminal, records appended as games end,
//! and a final table.

use std::fs::OpenOptions;
use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use arbiter::GameKind;
use arbiter_match::adjudication::{Adjudication, Draw, Resign};
use arbiter_match::engine::read_engines_file;
use arbiter_match::limits::TimeLimit;
use arbiter_match::opening::{Opening, read_openings};
use arbiter_match::referee::Settings;
use arbiter_match::stats::Sprt;
use arbiter_match::tournament::{GameReport, MatchConfig, MatchError, Standings, Summary, run as run_match};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::args::MatchArgs;
use crate::engines;
use crate::fail::Failure;
use crate::position;

pub fn run(args: &MatchArgs) -> Result<(), Failure> {
    if args.seed.is_some() && args.openings_order != "random" {
        return Err(Failure::bad_input("--seed orders the openings at random: add --openings-order random"));
    }
    // The seed of a random order, chosen once: printed, and kept in the results.
    let seed = (args.openings_order == "random").then(|| args.seed.unwrap_or_else(seed_from_clock));
    let config = config(args, seed)?;
    let mut pgn = match &args.pgnout {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| Failure::environment(format!("{}: {e}", path.display())))?,
        ),
        None => None,
    };
    let stop = config.stop.clone();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(Failure::environment)?;
    // The engines' lines go to standard error, where the status line would mix with them.
    let status = if args.debug { ProgressBar::hidden() } else { status_bar() };
    let summary = runtime.block_on(async {
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                eprintln!("arbiter: interrupted; stopping after the games in progress");
                stop.store(true, Ordering::SeqCst);
            }
        });
        run_match(config, |report, standings| {
            status.suspend(|| print_game(report, standings));
            if let Some(file) = &mut pgn {
                let _ = writeln!(file, "{}", report.record);
            }
            status.set_message(status_line(standings));
        })
        .await
    });
    status.finish_and_clear();
    let summary = summary.map_err(|error| match error {
        MatchError::Invalid(_) | MatchError::Engine { .. } | MatchError::NotCarried { .. } => Failure::bad_input(error),
    })?;
    print_summary(&summary);
    if let Some(path) = &args.json {
        let mut results = serde_json::to_value(&summary).map_err(Failure::environment)?;
        if let (Some(seed), Some(fields)) = (seed, results.as_object_mut()) {
            fields.insert("openings_seed".to_owned(), seed.into());
        }
        let text = serde_json::to_string_pretty(&results).map_err(Failure::environment)?;
        std::fs::write(path, text + "\n").map_err(|e| Failure::environment(format!("{}: {e}", path.display())))?;
    }
    Ok(())
}

/// The match the flags describe, checked.
pub(crate) fn config(args: &MatchArgs, seed: Option<u64>) -> Result<MatchConfig, Failure> {
    let kind = args.game.ok_or_else(|| Failure::bad_input("a match needs its game: xiangqi, draughts, ..."))?;
    let known = match &args.engines_file {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| Failure::environment(format!("{}: {e}", path.display())))?;
            read_engines_file(&text).map_err(|e| Failure::bad_input(format!("{}: {e}", path.display())))?
        }
        None => Vec::new(),
    };
    let engines = engines::specs(&args.engines, &known)?;
    let limit = match (&args.tc, args.movetime, args.depth, args.nodes) {
        (Some(tc), ..) => TimeLimit::parse_clock(tc).map_err(Failure::bad_input)?,
        (_, Some(ms), ..) if ms > 0 => TimeLimit::MoveTime { ms },
        (_, _, Some(depth), _) if depth > 0 => TimeLimit::Depth(depth),
        (_, _, _, Some(nodes)) if nodes > 0 => TimeLimit::Nodes(nodes),
        (None, None, None, None) => {
            return Err(Failure::bad_input(
                "a match needs a limit: --tc BASE+INC, --movetime MS, --depth N or --nodes N",
            ));
        }
        _ => return Err(Failure::bad_input("--movetime, --depth and --nodes must be above 0")),
    };
    let adjudication = Adjudication {
        resign: words(&args.resign).map(|w| Resign::parse(&w)).transpose().map_err(Failure::bad_input)?,
        draw: words(&args.draw).map(|w| Draw::parse(&w)).transpose().map_err(Failure::bad_input)?,
    };
    let sprt = args.sprt.as_ref().map(|w| Sprt::parse(w)).transpose().map_err(Failure::bad_input)?;
    let openings = openings(args, kind, seed)?;
    let notations = kind.record_notations();
    if !kind.notations().is_empty() && !notations.contains(&args.notation.as_str()) {
        let expected = crate::records::one_of(notations);
        return Err(Failure::bad_input(format!("--notation {}: expected {expected}", args.notation)));
    }
    Ok(MatchConfig {
        kind,
        engines,
        tournament: args.tournament.parse().map_err(Failure::bad_input)?,
        games: args.games,
        rounds: args.rounds,
        concurrency: args.concurrency.max(1),
        openings,
        settings: Settings { limit, margin_ms: args.margin, stall_ms: args.timeout.max(1), adjudication },
        sprt,
        handshake: Duration::from_millis(args.start_timeout.max(1)),
        debug: args.debug,
        notation: Some(args.notation.clone()),
        event: args.event.clone(),
        stop: Arc::new(AtomicBool::new(false)),
    })
}

/// A flag's words, borrowed.
fn words(list: &Option<Vec<String>>) -> Option<Vec<&str>> {
    list.as_ref().map(|l| l.iter().map(String::as_str).collect())
}

/// The openings of `--openings`, or the one start the position flags give.
fn openings(args: &MatchArgs, kind: GameKind, seed: Option<u64>) -> Result<Vec<Opening>, Failure> {
    let Some(path) = &args.openings else {
        return Ok(vec![Opening::standard(&position::options(kind, &args.position)?)]);
    };
    if args.position.fen.is_some() {
        return Err(Failure::bad_input("--openings gives the start positions: leave out --fen"));
    }
    let text = std::fs::read_to_string(path).map_err(|e| Failure::environment(format!("{}: {e}", path.display())))?;
    let base = position::input(&args.position);
    let mut openings =
        read_openings(&text, kind, &base).map_err(|e| Failure::bad_input(format!("{}: {e}", path.display())))?;
    if let Some(seed) = seed {
        shuffle(&mut openings, seed);
        println!("openings in random order: --seed {seed}");
    }
    Ok(openings)
}

/// A seed that differs from run to run.
pub(crate) fn seed_from_clock() -> u64 {
    let since_epoch = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    // Within 2^53, so that a JSON reader that takes numbers as doubles reads it whole.
    ((since_epoch.as_nanos() as u64) ^ u64::from(std::process::id())) & ((1 << 53) - 1)
}

/// Fisher-Yates, from the library's seeded generator: the same order for the same seed.
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut random = arbiter::random::SplitMix64::new(seed);
    for last in (1..items.len()).rev() {
        items.swap(last, random.index(last + 1));
    }
}

/// A status line under the game lines, on a terminal only.
fn status_bar() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} {msg}").unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar.set_message("starting the engines");
    bar
}

/// `game 12 (A vs B): 1-0 {red wins by checkmate}`.
fn print_game(report: &GameReport, standings: &Standings) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "game {} ({} vs {}): {} {{{}}}",
        report.number, report.players[0], report.players[1], report.result, report.detail
    );
    if let Some(pairing) = standings.pairings.first().filter(|_| standings.pairings.len() == 1) {
        let t = &pairing.tally;
        let _ = writeln!(
            out,
            "score of {} vs {}: {} - {} - {} [{:.3}] {}",
            pairing.first,
            pairing.second,
            t.wins,
            t.losses,
            t.draws,
            pairing.score.unwrap_or(0.0),
            t.games()
        );
    }
}

/// Games played, the score, the Elo difference with its interval, LOS, and the SPRT.
fn status_line(standings: &Standings) -> String {
    let mut line = format!("games {}/{}", standings.played, standings.scheduled);
    if let Some(pairing) = standings.pairings.first() {
        let t = &pairing.tally;
        line.push_str(&format!(
            " | {} vs {} +{} ={} -{} ({:.1}%)",
            pairing.first,
            pairing.second,
            t.wins,
            t.draws,
            t.losses,
            pairing.score.unwrap_or(0.0) * 100.0
        ));
        if let Some(elo) = pairing.elo {
            line.push_str(&format!(" | Elo {:+.1} ± {:.1}", elo.difference, elo.margin));
        }
        line.push_str(&format!(" | LOS {:.1}%", pairing.los * 100.0));
    }
    if let Some(sprt) = standings.sprt {
        line.push_str(&format!(" | LLR {:.2} ({:.2}, {:.2})", sprt.llr, sprt.lower, sprt.upper));
    }
    line
}

fn print_summary(summary: &Summary) {
    let mut out = std::io::stdout().lock();
    let standings = &summary.standings;
    let _ = writeln!(out);
    let _ = writeln!(out, "{:>4} {:<24} {:>6} {:>7} {:>7}", "rank", "name", "games", "points", "score");
    let mut engines: Vec<_> = standings.engines.iter().collect();
    engines.sort_by(|a, b| b.points.total_cmp(&a.points));
    for (rank, engine) in engines.iter().enumerate() {
        let score = if engine.games == 0 { 0.0 } else { engine.points / f64::from(engine.games) * 100.0 };
        let _ = writeln!(
            out,
            "{:>4} {:<24} {:>6} {:>7.1} {:>6.1}%",
            rank + 1,
            engine.name,
            engine.games,
            engine.points,
            score
        );
    }
    let _ = writeln!(out);
    for pairing in &standings.pairings {
        let t = &pairing.tally;
        let elo = pairing.elo.map_or_else(
            || "Elo unbounded (no game won by one side)".to_owned(),
            |e| format!("Elo {:+.1} ± {:.1}", e.difference, e.margin),
        );
        let _ = writeln!(
            out,
            "{} vs {}: +{} ={} -{} ({:.1}%), {elo}, LOS {:.1}%, draws {:.1}%",
            pairing.first,
            pairing.second,
            t.wins,
            t.draws,
            t.losses,
            pairing.score.unwrap_or(0.0) * 100.0,
            pairing.los * 100.0,
            pairing.draw_ratio * 100.0
        );
    }
    if let Some(sprt) = standings.sprt {
        let decision = match sprt.verdict {
            Some(arbiter_match::stats::Verdict::H1) => "H1 accepted",
            Some(arbiter_match::stats::Verdict::H0) => "H0 accepted",
            None => "no decision",
        };
        let _ = writeln!(
            out,
            "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {:.2} ({:.2}, {:.2}): {decision}",
            sprt.test.elo0, sprt.test.elo1, sprt.test.alpha, sprt.test.beta, sprt.llr, sprt.lower, sprt.upper
        );
    }
    if summary.stopped_early {
        let _ = writeln!(out, "stopped after {} of {} games", standings.played, standings.scheduled);
    }
    let _ = writeln!(
        out,
        "referee: {} engine moves checked, {:.1} µs each (median; mean {:.1} µs)",
        summary.moves_refereed, summary.referee_median_microseconds, summary.referee_mean_microseconds
    );
}
