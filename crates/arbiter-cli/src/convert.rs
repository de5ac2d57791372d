//! `arbiter convert`: records rewritten in another notation, every move checked by
//! the rules on the way, the tags kept.

use std::io::Write;
use std::path::PathBuf;

use arbiter::GameKind;
use arbiter_formats::record::{Record, recorded_result, replay};
use rayon::prelude::*;

use crate::args::ConvertArgs;
use crate::fail::Failure;
use crate::records::{RecordFile, base_options, one_of};

/// The notation `to` names, of those the game's records can be written in.
fn notation(kind: GameKind, to: &str) -> Result<&'static str, Failure> {
    let names = kind.record_notations();
    if let Some(name) = names.iter().find(|name| **name == to) {
        return Ok(name);
    }
    Err(Failure::bad_input(match names {
        [] => format!("{kind} records have one notation: there is nothing to convert"),
        [only] => format!("--to {to}: {kind} records are written in {only}"),
        _ => format!("--to {to}: expected {}", one_of(names)),
    }))
}

pub fn run(args: &ConvertArgs) -> Result<(), Failure> {
    let kind = args.game;
    let notation = notation(kind, &args.to)?;
    let path = args.file.clone().unwrap_or_else(|| PathBuf::from("-"));
    let name = path.display().to_string();
    let base = base_options(&args.records);
    let mut file = RecordFile::open(&path, kind, &args.records)?;
    let mut out = std::io::stdout().lock();
    let mut refused = 0;
    // The games of the file before this batch.
    let mut first = 0;
    while let Some(games) = file.next_batch()? {
        // Each game on any core; written in the file's order, a batch at a time.
        let converted: Vec<Result<String, String>> = games
            .par_iter()
            .enumerate()
            .map(|(index, game)| {
                let replayed = replay(kind, game, &base, Some(notation));
                if let Some(refusal) = &replayed.refusal {
                    let at = if refusal.text.is_empty() { String::new() } else { format!("move {}: ", refusal.number) };
                    return Err(format!("{name}:{}: game {}: {at}{}", refusal.line, first + index + 1, refusal.reason));
                }
                // Moves in the standard notation are written as records write them.
                let texts = if kind.record_notations().first() == Some(&notation) {
                    replayed.texts.iter().map(|text| kind.record_text(text)).collect()
                } else {
                    replayed.texts
                };
                let mut record =
                    Record::from_parts(kind, game.tags.clone(), texts, recorded_result(game), replayed.first_mover);
                record.set_notation(Some(notation));
                Ok(record.to_string())
            })
            .collect();
        first += games.len();
        for game in converted {
            match game {
                Ok(text) => writeln!(out, "{text}").map_err(Failure::environment)?,
                Err(line) if args.skip_refused => {
                    refused += 1;
                    eprintln!("arbiter: {line}");
                }
                Err(line) => return Err(Failure::bad_input(line)),
            }
        }
    }
    if refused > 0 {
        return Err(Failure::Quiet(1));
    }
    Ok(())
}
