//! `arbiter check`: every game of record files replayed by the rules, on every core,
//! each refused game named by its file, line, game and move, and a last line that sums
//! it all up.

use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::Path;

use tempfile::SpooledTempFile;

use arbiter::GameKind;
use arbiter_formats::record::{Agreement, Replayed, replay};
use rayon::prelude::*;
use serde::Serialize;

use crate::args::CheckArgs;
use crate::fail::Failure;
use crate::records::{RecordFile, base_options};

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
    /// `refused`: the agreement's name.
    result: &'static str,
    #[serde(skip)]
    agreement: Agreement,
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
    // Each batch's games on every core; each game's findings are written as its batch
    // ends, in the files' order, to spools (memory up to 1 MiB, then a temporary file)
    // copied out once every file has been read: a file's refusal comes alone, and
    // memory does not grow with the number of games.
    let bar = crate::progress::games(0);
    let mut lines = Spool::new();
    let mut json = args.json.as_ref().map(|_| JsonReport::new());
    let mut tally = Tally::default();
    for path in &args.files {
        let mut file = RecordFile::open(path, kind, &args.records)?;
        // The games of the file before this batch.
        let mut first = 0;
        while let Some(batch) = file.next_batch()? {
            let name = file.name();
            bar.inc_length(batch.len() as u64);
            let reports: Vec<Report> = batch
                .par_iter()
                .enumerate()
                .map(|(index, game)| {
                    let replayed = replay(kind, game, &base, None);
                    bar.inc(1);
                    report(kind, name, first + index + 1, game, &replayed)
                })
                .collect();
            first += batch.len();
            for r in &reports {
                write_findings(&mut lines.out, r, args.verbose)?;
                tally.count(r);
                if let Some(json) = &mut json {
                    json.push(r)?;
                }
            }
        }
    }
    bar.finish_and_clear();
    let Tally { games, refused, agree, differ, undecided } = tally;
    writeln!(
        lines.out,
        "{games} games: {} legal to the end, {refused} refused; recorded result: {agree} agree, {differ} differ, {undecided} not decided by the rules",
        games - refused,
    )
    .map_err(Failure::environment)?;
    lines.copy_to(&mut std::io::stdout().lock())?;
    if let (Some(path), Some(json)) = (&args.json, json) {
        json.write(path)?;
    }
    if refused > 0 {
        return Err(Failure::Quiet(1));
    }
    Ok(())
}

/// What standard output says of one game: a refusal, and with `--verbose` the notes
/// and a recorded result the rules differ with.
fn write_findings(out: &mut impl Write, r: &Report, verbose: bool) -> Result<(), Failure> {
    let who = format!("{}:{}: game {} ({} vs {})", r.file, r.line, r.game, r.players[0], r.players[1]);
    let written = if let Some(refused) = &r.refused {
        let line = format!("{}:{}: game {} ({} vs {})", r.file, refused.line, r.game, r.players[0], r.players[1]);
        if refused.text.is_empty() {
            // The game could not begin: its start or its kind is refused.
            writeln!(out, "{line}: {}", refused.reason)
        } else {
            writeln!(out, "{line}: move {}: {}", refused.number, refused.reason)
        }
    } else if verbose {
        r.notes.iter().try_for_each(|note| writeln!(out, "{who}: note: {note}")).and_then(|()| {
            if r.agreement == Agreement::Differ {
                let verdict = r.verdict.as_deref().unwrap_or("");
                writeln!(out, "{who}: recorded {}, the rules say {verdict}", r.recorded)
            } else {
                Ok(())
            }
        })
    } else {
        Ok(())
    };
    written.map_err(Failure::environment)
}

/// The counts the last line gives.
#[derive(Default)]
struct Tally {
    games: usize,
    refused: usize,
    agree: usize,
    differ: usize,
    undecided: usize,
}

impl Tally {
    fn count(&mut self, r: &Report) {
        self.games += 1;
        self.refused += usize::from(!r.legal);
        match r.agreement {
            Agreement::Agree => self.agree += 1,
            Agreement::Differ => self.differ += 1,
            Agreement::Undecided => self.undecided += 1,
            Agreement::Refused => {}
        }
    }
}

/// How much of a spool is kept in memory before it goes to a temporary file: 1 MiB.
const SPOOL_IN_MEMORY: usize = 1 << 20;

/// Text written now and copied out later, held in memory up to [`SPOOL_IN_MEMORY`]
/// bytes and in a temporary file past that.
struct Spool {
    out: BufWriter<SpooledTempFile>,
}

impl Spool {
    fn new() -> Spool {
        Spool { out: BufWriter::new(SpooledTempFile::new(SPOOL_IN_MEMORY)) }
    }

    fn copy_to(self, to: &mut impl Write) -> Result<(), Failure> {
        let mut spooled = self.out.into_inner().map_err(|e| Failure::environment(e.into_error()))?;
        spooled.seek(SeekFrom::Start(0)).map_err(Failure::environment)?;
        std::io::copy(&mut spooled, to).map_err(Failure::environment)?;
        Ok(())
    }
}

/// The `--json` report, an array of every game's [`Report`], serialized a game at a
/// time into a [`Spool`] and written to its file at the end.
struct JsonReport {
    spool: Spool,
    /// Whether a game has been written (the array's `[` then).
    started: bool,
}

impl JsonReport {
    fn new() -> JsonReport {
        JsonReport { spool: Spool::new(), started: false }
    }

    /// Writes `r` as the array's next element, indented as `to_string_pretty` would.
    fn push(&mut self, r: &Report) -> Result<(), Failure> {
        let text = serde_json::to_string_pretty(r).map_err(Failure::environment)?;
        let out = &mut self.spool.out;
        out.write_all(if self.started { b",\n" } else { b"[\n" }).map_err(Failure::environment)?;
        self.started = true;
        for (index, line) in text.lines().enumerate() {
            let end = if index == 0 { "" } else { "\n" };
            write!(out, "{end}  {line}").map_err(Failure::environment)?;
        }
        Ok(())
    }

    fn write(mut self, path: &Path) -> Result<(), Failure> {
        let end: &[u8] = if self.started { b"\n]\n" } else { b"[]\n" };
        self.spool.out.write_all(end).map_err(Failure::environment)?;
        let failed = |e: std::io::Error| Failure::environment(format!("{}: {e}", path.display()));
        let mut file = std::fs::File::create(path).map_err(failed)?;
        self.spool.copy_to(&mut file)
    }
}

fn report(
    kind: GameKind,
    file: &str,
    number: usize,
    game: &arbiter_formats::record::RecordedGame,
    replayed: &Replayed,
) -> Report {
    let recorded = replayed.recorded.token(kind);
    let verdict = replayed.verdict.as_ref().map(|o| o.describe(|side| replayed.game.side_name(side)));
    let agreement = replayed.agreement();
    Report {
        file: file.to_owned(),
        game: number,
        line: game.line,
        players: game.players(kind).map(str::to_owned),
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
        result: agreement.name(),
        agreement,
    }
}
