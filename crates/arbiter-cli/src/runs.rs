//! `arbiter match ... --database postgres://... --run NAME`: the match stored as a run,
//! its pairs of games queued for `arbiter worker` on any machine, and played here too
//! unless `--workers 0`; `--stop` ends a run.

use arbiter_match::schedule::{Tournament, schedule};
use arbiter_server::runs::{NewRun, RunView};

use crate::args::MatchArgs;
use crate::fail::Failure;
use crate::{matches, run_flags};

pub fn run(args: &MatchArgs) -> Result<(), Failure> {
    let (Some(database), Some(name)) = (args.database.as_deref(), args.run.as_deref()) else {
        return Err(Failure::bad_input("--database needs --run NAME: the run's name"));
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(Failure::environment)?;
    runtime.block_on(async {
        let runs = crate::worker::connect(database).await?;
        if args.stop {
            return match runs.stop(name).await.map_err(Failure::environment)? {
                Some(true) => {
                    println!("run {name} stopped");
                    Ok(())
                }
                Some(false) => {
                    println!("run {name} was over already");
                    Ok(())
                }
                None => Err(Failure::bad_input(format!("--run {name}: no run of that name"))),
            };
        }
        let new = new_run(args, name)?;
        if args.workers > 0 {
            // This machine plays: its engines must start before the run is stored.
            let config = matches::config(args, None)?;
            arbiter_match::tournament::prepare(&config).await.map_err(Failure::bad_input)?;
        }
        let id = runs.create(&new).await.map_err(|e| match e {
            arbiter_server::runs::RunError::NameTaken(_) => Failure::bad_input(e),
            _ => Failure::environment(e),
        })?;
        println!(
            "run {name} (id {id}): {} pairs of games stored; a worker on any machine: arbiter worker --database {} --run {name}",
            new.pairs.len(),
            crate::serve::redact(database)
        );
        if args.workers == 0 {
            return Ok(());
        }
        let setup = crate::worker::Setup {
            runs: runs.clone(),
            name: crate::worker::default_name(),
            only: Some(name.to_owned()),
            concurrency: args.workers,
            lease: crate::worker::DEFAULT_LEASE,
            engines_file: args.engines_file.clone(),
        };
        crate::worker::work(setup).await?;
        if let Some(view) = runs.view(id).await.map_err(Failure::environment)? {
            print_view(&view);
        }
        Ok(())
    })
}

/// The run the flags describe: checked as a local match is, its pairs with their
/// openings (in the order `--openings-order` gives) and seeds.
fn new_run(args: &MatchArgs, name: &str) -> Result<NewRun, Failure> {
    for (given, flag, instead) in [
        (args.pgnout.is_some(), "--pgnout", "its records are in the database: arbiter serve offers them"),
        (args.json.is_some(), "--json", "its results are in the database: GET /api/runs/{id} of arbiter serve"),
        (args.concurrency > 1, "--concurrency", "give --workers N to play N pairs at once here"),
        (args.tournament != "round-robin", "--tournament", "a run is a match of two engines"),
    ] {
        if given {
            return Err(Failure::bad_input(format!("{flag} is not for a run: {instead}")));
        }
    }
    if !args.games.is_multiple_of(2) {
        return Err(Failure::bad_input("a run is played in pairs of games (colours swapped): give an even --games"));
    }
    let seed = (args.openings_order == "random").then(|| args.seed.unwrap_or_else(matches::seed_from_clock));
    let config = matches::config(args, seed)?;
    if config.engines.len() != 2 {
        return Err(Failure::bad_input("a run is a match of two engines: give --engine twice"));
    }
    let jobs = schedule(2, Tournament::RoundRobin, config.rounds, config.games, config.openings.len());
    let mut random = arbiter::random::SplitMix64::new(matches::seed_from_clock());
    let pairs = jobs
        .iter()
        .filter(|job| job.engines == [0, 1])
        // Seeds from 1 to 2^32 - 1: arbiter's own engine takes them, and 0 is no seed.
        .map(|job| (config.openings[job.opening].label.clone(), random.below(u64::from(u32::MAX)) as i64 + 1))
        .collect();
    Ok(NewRun {
        name: name.to_owned(),
        game: config.kind.name().to_owned(),
        engines: [config.engines[0].name.clone(), config.engines[1].name.clone()],
        time_control: config.settings.limit.to_string(),
        flags: run_flags::flags(args),
        sprt: config.sprt,
        pairs,
    })
}

/// The run's standing, in the lines a local match ends with.
pub fn print_view(view: &RunView) {
    let s = &view.standing;
    let t = &s.tally;
    let elo =
        s.elo.map_or_else(|| "Elo unbounded".to_owned(), |e| format!("Elo {:+.1} ± {:.1}", e.difference, e.margin));
    println!(
        "run {}: {} vs {}: {} games, +{} ={} -{}, pairs {:?}, {elo}, LOS {:.1}%",
        view.name,
        view.engines[0],
        view.engines[1],
        s.games,
        t.wins,
        t.draws,
        t.losses,
        t.pairs,
        s.los * 100.0
    );
    if let Some(sprt) = s.sprt {
        println!("SPRT: LLR {:.2} ({:.2}, {:.2})", sprt.llr, sprt.lower, sprt.upper);
    }
    println!("run {}: {} ({})", view.name, view.status, view.verdict.as_deref().unwrap_or("running"));
}
