//! `arbiter match ... --database postgres://... --run NAME`: the match stored as a run,
//! its pairs of games queued for `arbiter worker` on any machine, and played here too
//! unless `--workers 0`; `--stop` ends a run.

use std::time::Duration;

use arbiter_match::schedule::{Tournament, schedule};
use arbiter_server::runs::{NewRun, RunView, Runs};
use clap::{CommandFactory, FromArgMatches};

use crate::args::{Cli, Command, MatchArgs};
use crate::fail::Failure;
use crate::matches;

/// How long to wait for the database, as the server does.
pub const DATABASE_TIMEOUT: Duration = Duration::from_secs(10);

pub fn run(args: &MatchArgs) -> Result<(), Failure> {
    let (Some(database), Some(name)) = (args.database.as_deref(), args.run.as_deref()) else {
        return Err(Failure::bad_input("--database needs --run NAME: the run's name"));
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(Failure::environment)?;
    runtime.block_on(async {
        let runs = connect(database).await?;
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

/// The runs of the database at `url`.
pub async fn connect(url: &str) -> Result<Runs, Failure> {
    Runs::connect(url, DATABASE_TIMEOUT).await.map_err(|e| match e {
        arbiter_server::runs::RunError::NotPostgres => Failure::bad_input(e),
        _ => Failure::environment(e),
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
        flags: flags(args),
        sprt: config.sprt,
        pairs,
    })
}

/// The flags of the match that every worker reads again (its engines, limits,
/// adjudication, test, rules and records), as `arbiter match` takes them; the
/// openings go with each pair instead.
fn flags(args: &MatchArgs) -> Vec<String> {
    let mut words: Vec<String> = args.game.map(|kind| kind.name().to_owned()).into_iter().collect();
    let mut flag = |name: &str, value: Option<String>| {
        if let Some(value) = value {
            words.push(format!("--{name}"));
            words.push(value);
        }
    };
    flag("tc", args.tc.clone());
    flag("movetime", args.movetime.map(|v| v.to_string()));
    flag("depth", args.depth.map(|v| v.to_string()));
    flag("nodes", args.nodes.map(|v| v.to_string()));
    flag("margin", Some(args.margin.to_string()));
    flag("timeout", Some(args.timeout.to_string()));
    flag("start-timeout", Some(args.start_timeout.to_string()));
    flag("games", Some(args.games.to_string()));
    flag("rounds", Some(args.rounds.to_string()));
    flag("notation", Some(args.notation.clone()));
    flag("event", Some(args.event.clone()));
    let p = &args.position;
    flag("fen", p.fen.clone());
    flag("move-limit", p.move_limit.map(|v| v.to_string()));
    flag("rules", p.rules.clone());
    flag("size", p.size.map(|v| v.to_string()));
    flag("rows", p.rows.map(|v| v.to_string()));
    flag("cols", p.cols.map(|v| v.to_string()));
    if p.swap {
        words.push("--swap".to_owned());
    }
    for (name, list) in [("sprt", &args.sprt), ("resign", &args.resign), ("draw", &args.draw)] {
        if let Some(list) = list {
            words.push(format!("--{name}"));
            words.extend(list.iter().cloned());
        }
    }
    for group in &args.engines {
        words.push("--engine".to_owned());
        words.extend(group.iter().cloned());
    }
    words
}

/// A run's flags read back as `arbiter match` reads them.
pub fn match_args(flags: &[String]) -> Result<MatchArgs, Failure> {
    let words = ["arbiter", "match"].into_iter().map(str::to_owned).chain(flags.iter().cloned());
    let refused = |e: clap::Error| {
        let text = e.to_string();
        Failure::bad_input(format!("the run's flags: {}", text.lines().next().unwrap_or_default()))
    };
    let parsed = Cli::command().try_get_matches_from(words).map_err(refused)?;
    let cli = Cli::from_arg_matches(&parsed).map_err(refused)?;
    let (Command::Match(mut args), Some((_, sub))) = (cli.command, parsed.subcommand()) else {
        return Err(Failure::bad_input("the run's flags are not a match's"));
    };
    args.engines = sub
        .get_occurrences::<String>("engine")
        .map(|groups| groups.map(|words| words.cloned().collect()).collect())
        .unwrap_or_default();
    Ok(*args)
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[test]
    fn a_runs_flags_read_back_as_the_same_match() {
        let line = [
            "arbiter",
            "match",
            "xiangqi",
            "--engine",
            "name=a",
            "cmd=builtin",
            "proto=uci",
            "args=--depth 2",
            "--engine",
            "conf=b",
            "--depth",
            "3",
            "--games",
            "8",
            "--sprt",
            "elo0=0",
            "elo1=50",
            "--resign",
            "movecount=3",
            "score=500",
            "--move-limit",
            "40",
            "--database",
            "postgres://x",
            "--run",
            "r",
        ];
        let parsed = Cli::command().get_matches_from(line);
        let Command::Match(mut args) =
            Cli::from_arg_matches(&parsed).map(|c| c.command).unwrap_or_else(|_| unreachable!())
        else {
            unreachable!()
        };
        args.engines = vec![
            vec!["name=a".into(), "cmd=builtin".into(), "proto=uci".into(), "args=--depth 2".into()],
            vec!["conf=b".into()],
        ];
        let again = match_args(&flags(&args)).unwrap_or_else(|_| panic!("the flags read back"));
        assert_eq!(again.engines, args.engines);
        assert_eq!((again.depth, again.games, again.position.move_limit), (Some(3), 8, Some(40)));
        assert_eq!(again.sprt, args.sprt);
        assert_eq!(again.resign, args.resign);
        assert_eq!(again.database, None, "a worker's copy stores nothing");
        let _ = Cli::try_parse_from(["arbiter", "match", "--run", "r", "--stop", "--database", "postgres://x"])
            .unwrap_or_else(|e| panic!("--stop needs neither a game nor engines: {e}"));
    }
}
