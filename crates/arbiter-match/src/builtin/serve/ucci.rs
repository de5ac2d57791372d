//! UCCI: `ucci`, `setoption NAME VALUE`, `position`, `go ... time T increment I`.

use std::io::{self, BufRead, Write};

use arbiter::{AnyGame, GameKind, GameOptions, OptionsError, OptionsInput, Side, xiangqi};

use super::refusal::Refusal;
use super::thinker::{MAX_DEPTH, NAME, Pondering, Thinker, VERSION};
use crate::protocol::Limit;
use crate::protocol::xiangqi_board::XiangqiCoordinates;

const COORDINATES: XiangqiCoordinates = XiangqiCoordinates { base: 0 };

pub fn serve(mut thinker: Thinker, input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let mut game = AnyGame::new(&options(xiangqi::START_FEN).expect("the start"));
    let mut milliseconds = false;
    let mut pondering = Pondering::default();
    for line in super::incoming::incoming(input) {
        let line = match line? {
            Ok(line) => line,
            Err(refused) => {
                writeln!(out, "info string {refused}")?;
                continue;
            }
        };
        let mut words = line.split_whitespace();
        match words.next() {
            Some("ucci") => {
                writeln!(out, "id name {NAME} {VERSION}")?;
                writeln!(out, "id author the arbiter developers")?;
                writeln!(out, "option usemillisec type check default false")?;
                writeln!(out, "option depth type spin min 1 max {MAX_DEPTH} default {}", thinker.settings.depth)?;
                writeln!(out, "option seed type spin min 0 max 4294967295 default {}", thinker.settings.seed)?;
                writeln!(out, "ucciok")?;
            }
            Some("isready") => writeln!(out, "readyok")?,
            Some("setoption") => {
                let name = words.next().unwrap_or("");
                let value = words.collect::<Vec<_>>().join(" ");
                match name {
                    "usemillisec" => milliseconds = value == "true" || value == "on",
                    "depth" => thinker.set_depth(&value),
                    "seed" => thinker.set_seed(&value),
                    "newgame" => thinker.games += 1,
                    _ => {}
                }
            }
            Some("position") => match read_position(&line["position".len()..]) {
                Ok(read) => game = read,
                Err(message) => writeln!(out, "info {message}")?,
            },
            Some("go") => {
                let words: Vec<&str> = words.collect();
                let ponder = words.contains(&"ponder");
                let limit = read_go(words, milliseconds, game.side_to_move());
                if let Some(limit) = pondering.go(limit, ponder) {
                    answer(&thinker, &game, limit, out)?;
                }
            }
            Some("ponderhit") => {
                if let Some(limit) = pondering.hit() {
                    answer(&thinker, &game, limit, out)?;
                }
            }
            Some("stop") => {
                if let Some(limit) = pondering.stop() {
                    answer(&thinker, &game, limit, out)?;
                }
            }
            Some("quit") => {
                writeln!(out, "bye")?;
                break;
            }
            _ => {}
        }
    }
    Ok(())
}

/// The search's result: `info`, then `bestmove MOVE ponder REPLY`, or `nobestmove`.
fn answer(thinker: &Thinker, game: &AnyGame, limit: Limit, out: &mut impl Write) -> io::Result<()> {
    if let Some(note) = thinker.depth_note(limit) {
        writeln!(out, "info string {note}")?;
    }
    let Some(choice) = thinker.think(game, limit) else { return writeln!(out, "nobestmove") };
    writeln!(out, "info depth {} score {}", choice.depth, choice.score.clamp(-30_000, 30_000))?;
    let ponder =
        Thinker::expected_reply(game, &choice.text).map_or_else(String::new, |reply| format!(" ponder {reply}"));
    writeln!(out, "bestmove {}{ponder}", choice.text)
}

fn options(fen: &str) -> Result<GameOptions, OptionsError> {
    let input = OptionsInput::new().with("fen", fen.to_owned()).with("move_limit", 0);
    GameOptions::new(GameKind::Xiangqi, &input)
}

/// ` fen FEN [moves m...]` or ` startpos [moves m...]`.
fn read_position(text: &str) -> Result<AnyGame, Refusal> {
    let (position, moves) = text.split_once(" moves ").unwrap_or((text, ""));
    let position = position.trim();
    let fen = if position == "startpos" {
        xiangqi::START_FEN
    } else {
        position.strip_prefix("fen ").ok_or(Refusal::NoPosition)?
    };
    let mut game = AnyGame::new(&options(fen)?);
    for word in moves.split_whitespace() {
        let text =
            COORDINATES.read_engine(word).ok_or_else(|| Refusal::UnreadableMove(arbiter::quote::excerpt(word)))?;
        game.play_text(&text)?;
    }
    Ok(game)
}

/// `go [ponder|draw] depth D | nodes N | time T [movestogo M | increment I] [opptime ...]`.
fn read_go(words: Vec<&str>, milliseconds: bool, side: Side) -> Limit {
    let value = |key: &str| words.iter().position(|w| *w == key).and_then(|i| words.get(i + 1)?.parse::<u64>().ok());
    let ms = |t: u64| if milliseconds { t } else { t.saturating_mul(1000) };
    if let Some(depth) = value("depth") {
        return Limit::Depth(u32::try_from(depth).unwrap_or(u32::MAX));
    }
    if let Some(nodes) = value("nodes") {
        return Limit::Nodes(nodes);
    }
    let Some(time) = value("time") else { return Limit::MoveTime { ms: 1000 } };
    match value("movestogo") {
        Some(moves) => Limit::MoveTime { ms: ms(time) / moves.max(1) },
        None => {
            let mut remaining_ms = [0; 2];
            remaining_ms[side.index()] = ms(time);
            remaining_ms[side.opponent().index()] = value("opptime").map_or(ms(time), ms);
            Limit::Clock { remaining_ms, increment_ms: value("increment").map_or(0, ms), moves_to_go: None }
        }
    }
}
