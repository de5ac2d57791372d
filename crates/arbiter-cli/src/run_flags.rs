//! A run's match flags: written into the database when the run is stored, and read
//! back by every worker as `arbiter match` reads them, so that each plays the same match.

use clap::{CommandFactory, FromArgMatches};

use crate::args::{Cli, Command, MatchArgs};
use crate::fail::Failure;

/// The flags of the match that every worker reads again (its engines, limits,
/// adjudication, test, rules and records), as `arbiter match` takes them; the
/// openings go with each pair instead.
pub fn flags(args: &MatchArgs) -> Vec<String> {
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
    flag("fen", args.position.fen.clone());
    words.extend(args.position.options.words());
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
            "--chase-rules",
            "engines",
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
        assert_eq!((again.depth, again.games), (Some(3), 8));
        assert_eq!(again.position.options.input.number("move_limit"), Ok(Some(40)));
        assert_eq!(again.position.options.input.text("chase_rules"), Ok(Some("engines")));
        assert_eq!(again.sprt, args.sprt);
        assert_eq!(again.resign, args.resign);
        assert_eq!(again.database, None, "a worker's copy stores nothing");
        let _ = Cli::try_parse_from(["arbiter", "match", "--run", "r", "--stop", "--database", "postgres://x"])
            .unwrap_or_else(|e| panic!("--stop needs neither a game nor engines: {e}"));
    }
}
