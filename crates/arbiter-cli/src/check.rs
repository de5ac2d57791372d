//! `arbiter check`: every game of record files replayed by the rules, on every core,
//! each refused game named by its file, line, game and move, and a last line that sums
//! it all up.

use std::io::Write;
use std::path::PathBuf;

use arbiter::GameKind;
use arbiter::record::{GameResult, Replayed, replay};
use rayon::prelude::*;
use serde::Serialize;

use crate::args::CheckArgs;
use crate::fail::Failure;
use crate::records::{RecordFile, base_options, players};

/// One game's findings, as `--json` writes them.
#[derive(Serialize)]
struct Report {
    file: String,
    /// The game's number in its file, from 1.
    game: usize,
    line: usize,
    players: [String; 2],
    moves: usize,
    legal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    refused: Option<RefusedMove>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notes: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`, as the record gives it.
    recorded: &'static str,
    /// The rules' verdict, if they decided the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    verdict: Option<String>,
    /// `agree`, `differ` or `undecided` (a legal game the rules did not end), or
    /// `refused`.
    result: &'static str,
}

#[derive(Serialize)]
struct RefusedMove {
    number: String,
    text: String,
    line: usize,
    reason: String,
}

pub fn run(args: &CheckArgs) -> Result<(), Failure> {
    let kind = args.game;
    let base = base_options(&args.records);
    // Each batch's games on every core; the findings are written, in the files' order,
    // once every file has been read, so that a file's refusal comes alone.
    let bar = crate::progress::games(0);
    let mut reports: Vec<Report> = Vec::new();
    for path in &args.files {
        let mut file = RecordFile::open(path, kind, &args.records)?;
        // The games of the file before this batch.
        let mut first = 0;
        while let Some(batch) = file.next_batch()? {
            let name = file.name();
            bar.inc_length(batch.len() as u64);
            reports.par_extend(batch.par_iter().enumerate().map(|(index, game)| {
                let replayed = replay(kind, game, &base, None);
                bar.inc(1);
                report(kind, name, first + index + 1, game, &replayed)
            }));
            first += batch.len();
        }
    }
    bar.finish_and_clear();
    let mut out = std::io::stdout().lock();
    let write = |out: &mut std::io::StdoutLock<'_>, line: String| writeln!(out, "{line}").map_err(Failure::environment);
    let count = |result: &str| reports.iter().filter(|r| r.result == result).count();
    for r in &reports {
        let who = format!("{}:{}: game {} ({} vs {})", r.file, r.line, r.game, r.players[0], r.players[1]);
        if let Some(refused) = &r.refused {
            let line = format!("{}:{}: game {} ({} vs {})", r.file, refused.line, r.game, r.players[0], r.players[1]);
            if refused.text.is_empty() {
                // The game could not begin: its start or its kind is refused.
                write(&mut out, format!("{line}: {}", refused.reason))?;
            } else {
                write(&mut out, format!("{line}: move {}: {}", refused.number, refused.reason))?;
            }
        } else if args.verbose {
            for note in &r.notes {
                write(&mut out, format!("{who}: note: {note}"))?;
            }
            if r.result == "differ" {
                let verdict = r.verdict.as_deref().unwrap_or("");
                write(&mut out, format!("{who}: recorded {}, the rules say {verdict}", r.recorded))?;
            }
        }
    }
    let refused = reports.iter().filter(|r| !r.legal).count();
    write(
        &mut out,
        format!(
            "{} games: {} legal to the end, {refused} refused; recorded result: {} agree, {} differ, {} not decided by the rules",
            reports.len(),
            reports.len() - refused,
            count("agree"),
            count("differ"),
            count("undecided"),
        ),
    )?;
    if let Some(path) = &args.json {
        write_json(path, &reports)?;
    }
    if refused > 0 {
        return Err(Failure::Quiet(1));
    }
    Ok(())
}

fn write_json(path: &PathBuf, reports: &[Report]) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(reports).map_err(Failure::environment)?;
    std::fs::write(path, text + "\n").map_err(|e| Failure::environment(format!("{}: {e}", path.display())))
}

fn report(
    kind: GameKind,
    file: &str,
    number: usize,
    game: &arbiter::record::RecordedGame,
    replayed: &Replayed,
) -> Report {
    let recorded = replayed.recorded.token(kind);
    let verdict = replayed.verdict.as_ref().map(|o| o.describe(|side| kind.side_name(side)));
    let result = match (&replayed.refusal, &replayed.verdict) {
        (Some(_), _) => "refused",
        (None, None) => "undecided",
        (None, Some(outcome)) => {
            let rules = match outcome.winner() {
                Some(side) => GameResult::Won(side),
                None => GameResult::Drawn,
            };
            if rules == replayed.recorded { "agree" } else { "differ" }
        }
    };
    Report {
        file: file.to_owned(),
        game: number,
        line: game.line,
        players: players(kind, game),
        moves: replayed.played,
        legal: replayed.refusal.is_none(),
        refused: replayed.refusal.as_ref().map(|r| RefusedMove {
            number: r.number.clone(),
            text: r.text.clone(),
            line: r.line,
            reason: r.reason.clone(),
        }),
        notes: replayed.notes.clone(),
        recorded,
        verdict,
        result,
    }
}
