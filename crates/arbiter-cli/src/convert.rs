//! `arbiter convert`: records rewritten in another notation, every move checked by
//! the rules on the way, the tags kept.

use std::io::Write;
use std::path::PathBuf;

use arbiter::GameKind;
use arbiter::record::{Record, recorded_result, replay};
use rayon::prelude::*;

use crate::args::ConvertArgs;
use crate::fail::Failure;
use crate::records::{base_options, read_file};

/// The notations each game can be written in.
fn notation(kind: GameKind, to: &str) -> Result<Option<&'static str>, Failure> {
    match (kind, to) {
        (GameKind::Xiangqi, "iccs") => Ok(Some("iccs")),
        (GameKind::Xiangqi, "wxf") => Ok(Some("wxf")),
        (GameKind::Xiangqi, "chinese") => Ok(Some("chinese")),
        (GameKind::Xiangqi, "chinese-traditional") => Ok(Some("chinese-traditional")),
        (GameKind::Draughts, "pdn") => Ok(None),
        (GameKind::Xiangqi, _) => {
            Err(Failure::bad_input(format!("--to {to}: expected iccs, wxf, chinese or chinese-traditional")))
        }
        (GameKind::Draughts, _) => Err(Failure::bad_input(format!("--to {to}: draughts records are written in pdn"))),
        _ => Err(Failure::bad_input(format!("{kind} records have one notation: there is nothing to convert"))),
    }
}

pub fn run(args: &ConvertArgs) -> Result<(), Failure> {
    let kind = args.game;
    let notation = notation(kind, &args.to)?;
    let path = args.file.clone().unwrap_or_else(|| PathBuf::from("-"));
    let name = path.display().to_string();
    let base = base_options(&args.records);
    let games = read_file(&path, kind, &args.records)?;
    // Each game on any core; written in the file's order.
    let converted: Vec<Result<String, String>> = games
        .par_iter()
        .enumerate()
        .map(|(index, game)| {
            let replayed = replay(kind, game, &base, notation);
            if let Some(refusal) = &replayed.refusal {
                let at = if refusal.text.is_empty() { String::new() } else { format!("move {}: ", refusal.number) };
                return Err(format!("{name}:{}: game {}: {at}{}", refusal.line, index + 1, refusal.reason));
            }
            let texts = match notation {
                Some("iccs") => replayed.texts.iter().map(|t| arbiter::record::iccs(t)).collect(),
                _ => replayed.texts,
            };
            let mut record =
                Record::from_parts(kind, game.tags.clone(), texts, recorded_result(game), replayed.first_mover);
            if kind == GameKind::Xiangqi {
                let format = match notation {
                    Some("wxf") => "WXF",
                    Some("chinese" | "chinese-traditional") => "Chinese",
                    _ => "ICCS",
                };
                record.set_tag("Format", format);
            }
            Ok(record.to_string())
        })
        .collect();
    let mut out = std::io::stdout().lock();
    let mut refused = 0;
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
    if refused > 0 {
        return Err(Failure::Quiet(1));
    }
    Ok(())
}
