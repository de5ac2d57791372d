//! UCI for Xiangqi, as Pikafish speaks it or (`fsf`) as Fairy-Stockfish does.

use std::io::{self, BufRead, Write};

use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput, Side, xiangqi};

use super::refusal::Refusal;
use super::thinker::{MAX_DEPTH, NAME, Pondering, Thinker, VERSION};
use crate::protocol::Limit;
use crate::protocol::xiangqi_board::XiangqiCoordinates;

pub fn serve(mut thinker: Thinker, fsf: bool, input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let coordinates = XiangqiCoordinates { base: u8::from(fsf) };
    let mut game = start_game(xiangqi::START_FEN);
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
            Some("uci") => {
                writeln!(out, "id name {NAME} {VERSION}")?;
                writeln!(out, "id author the arbiter developers")?;
                if fsf {
                    writeln!(out, "option name UCI_Variant type combo default xiangqi var xiangqi")?;
                }
                let depth = thinker.settings.depth;
                writeln!(out, "option name Depth type spin default {depth} min 1 max {MAX_DEPTH}")?;
                writeln!(out, "option name Seed type spin default {} min 0 max 4294967295", thinker.settings.seed)?;
                writeln!(out, "uciok")?;
            }
            Some("isready") => writeln!(out, "readyok")?,
            Some("setoption") => {
                let rest: Vec<&str> = words.collect();
                let text = rest.join(" ");
                let (name, value) =
                    text.strip_prefix("name ").and_then(|t| t.split_once(" value ")).unwrap_or(("", ""));
                match name.trim().to_ascii_lowercase().as_str() {
                    "depth" => thinker.set_depth(value),
                    "seed" => thinker.set_seed(value),
                    "uci_variant" if value.trim() != "xiangqi" => {
                        writeln!(out, "info string only xiangqi is played here")?;
                    }
                    _ => {}
                }
            }
            Some("ucinewgame") => thinker.games += 1,
            Some("position") => match read_position(words, coordinates) {
                Ok(read) => game = read,
                Err(message) => writeln!(out, "info string {message}")?,
            },
            Some("go") => {
                let words: Vec<&str> = words.collect();
                let limit = read_go(words.iter().copied(), game.side_to_move());
                if let Some(limit) = pondering.go(limit, words.contains(&"ponder")) {
                    answer(&thinker, &game, limit, coordinates, out)?;
                }
            }
            Some("ponderhit") => {
                if let Some(limit) = pondering.hit() {
                    answer(&thinker, &game, limit, coordinates, out)?;
                }
            }
            Some("stop") => {
                if let Some(limit) = pondering.stop() {
                    answer(&thinker, &game, limit, coordinates, out)?;
                }
            }
            Some("quit") => break,
            _ => {}
        }
    }
    Ok(())
}

/// The search's result: `info`, then `bestmove MOVE ponder REPLY`.
fn answer(
    thinker: &Thinker,
    game: &AnyGame,
    limit: Limit,
    coordinates: XiangqiCoordinates,
    out: &mut impl Write,
) -> io::Result<()> {
    if let Some(note) = thinker.depth_note(limit) {
        writeln!(out, "info string {note}")?;
    }
    let Some(choice) = thinker.think(game, limit) else { return writeln!(out, "bestmove (none)") };
    let score = match choice.mate_in() {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {}", choice.score.clamp(-30_000, 30_000)),
    };
    writeln!(out, "info depth {} score {score}", choice.depth)?;
    let ponder = Thinker::expected_reply(game, &choice.text)
        .map_or_else(String::new, |reply| format!(" ponder {}", coordinates.write_engine(&reply)));
    writeln!(out, "bestmove {}{ponder}", coordinates.write_engine(&choice.text))
}

fn start_game(fen: &str) -> AnyGame {
    let input = OptionsInput::new().with("fen", fen.to_owned()).with("move_limit", 0);
    AnyGame::new(&GameOptions::new(GameKind::Xiangqi, &input).expect("a checked FEN"))
}

/// `startpos | fen FEN... [moves m...]`.
fn read_position<'a>(
    mut words: impl Iterator<Item = &'a str>,
    coordinates: XiangqiCoordinates,
) -> Result<AnyGame, Refusal> {
    let mut fen = String::new();
    match words.next() {
        Some("startpos") => fen.push_str(xiangqi::START_FEN),
        Some("fen") => {}
        _ => return Err(Refusal::NoPosition),
    }
    let mut moves = Vec::new();
    let mut in_moves = false;
    for word in words {
        if word == "moves" {
            in_moves = true;
        } else if in_moves {
            moves.push(word);
        } else {
            if !fen.is_empty() {
                fen.push(' ');
            }
            fen.push_str(word);
        }
    }
    let input = OptionsInput::new().with("fen", fen).with("move_limit", 0);
    let options = GameOptions::new(GameKind::Xiangqi, &input)?;
    let mut game = AnyGame::new(&options);
    for word in moves {
        let text =
            coordinates.read_engine(word).ok_or_else(|| Refusal::UnreadableMove(arbiter::quote::excerpt(word)))?;
        game.play_text(&text)?;
    }
    Ok(game)
}

/// The limit of `go`: clock times, a time per move, a depth or a node count.
fn read_go<'a>(words: impl Iterator<Item = &'a str>, side: Side) -> Limit {
    let words: Vec<&str> = words.collect();
    let value = |key: &str| words.iter().position(|w| *w == key).and_then(|i| words.get(i + 1)?.parse::<u64>().ok());
    if let Some(ms) = value("movetime") {
        return Limit::MoveTime { ms };
    }
    if let Some(depth) = value("depth") {
        return Limit::Depth(u32::try_from(depth).unwrap_or(u32::MAX));
    }
    if let Some(nodes) = value("nodes") {
        return Limit::Nodes(nodes);
    }
    match (value("wtime"), value("btime")) {
        (Some(white), Some(black)) => {
            let increment_ms = if side == Side::First { value("winc") } else { value("binc") }.unwrap_or(0);
            let moves_to_go = value("movestogo").and_then(|n| u32::try_from(n).ok()).filter(|&n| n > 0);
            Limit::Clock { remaining_ms: [white, black], increment_ms, moves_to_go }
        }
        _ => Limit::MoveTime { ms: 1000 },
    }
}
