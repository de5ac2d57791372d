//! UCI for Xiangqi, in its two dialects: Pikafish's (ranks 0-9, the Xiangqi FEN) and
//! Fairy-Stockfish's (`UCI_Variant` set to `xiangqi`, ranks 1-10).

use arbiter::Side;
use tokio::time::Instant;

use super::shared::{Limit, Reply, Score, Search, check_options};
use super::xiangqi_board::{XiangqiCoordinates, start_fen};
use crate::engine::EngineSpec;
use crate::process::{Fault, Process};
use crate::protocol_name::Protocol;

pub struct Uci {
    coordinates: XiangqiCoordinates,
}

impl Uci {
    pub async fn start(
        process: &mut Process,
        spec: &EngineSpec,
        deadline: Instant,
    ) -> Result<(Uci, Option<String>), Fault> {
        let fsf = spec.protocol() == Protocol::UciFsf;
        process.send("uci").await?;
        let mut name = None;
        let mut offered = Vec::new();
        process
            .until(deadline, |line| {
                if let Some(id) = line.strip_prefix("id name ") {
                    name = Some(id.trim().to_owned());
                }
                if let Some(option) = line.strip_prefix("option name ") {
                    let option = option.split_once(" type ").map_or(option, |(name, _)| name);
                    offered.push(option.trim().to_owned());
                }
                (line == "uciok").then_some(())
            })
            .await?;
        check_options(spec, &offered)?;
        let has_ponder = offered.iter().any(|option| option == "Ponder");
        if fsf {
            process.send("setoption name UCI_Variant value xiangqi").await?;
        }
        // The option only tells the engine to manage its time for pondering.
        if spec.ponder && has_ponder {
            process.send("setoption name Ponder value true").await?;
        }
        for (option, value) in &spec.options {
            process.send(&format!("setoption name {option} value {value}")).await?;
        }
        ready(process, deadline).await?;
        Ok((Uci { coordinates: XiangqiCoordinates { base: u8::from(fsf) } }, name))
    }

    pub async fn new_game(&mut self, process: &mut Process, deadline: Instant) -> Result<(), Fault> {
        process.send("ucinewgame").await?;
        ready(process, deadline).await
    }

    /// `position fen FEN moves ...` and `go`, or `go ponder`.
    pub async fn search(&mut self, process: &mut Process, search: Search<'_>) -> Result<(), Fault> {
        let Search { game, limit, ponder } = search;
        let mut position = format!("position fen {}", start_fen(game));
        let moves = game.moves();
        if !moves.is_empty() {
            position.push_str(" moves");
            for played in moves {
                position.push(' ');
                position.push_str(&self.coordinates.write_engine(&played.text));
            }
        }
        process.send(&position).await?;
        let go = go_line(limit);
        let go = if ponder { go.replacen("go", "go ponder", 1) } else { go };
        process.send(&go).await
    }

    /// Reads the search's answer, `bestmove MOVE [ponder MOVE]`.
    pub async fn answer(&mut self, process: &mut Process, deadline: Instant) -> Result<Reply, Fault> {
        read_answer(process, deadline, self.coordinates, false).await
    }

    /// The expected reply in arbiter's notation.
    pub fn read_expected(&self, said: &str) -> Option<String> {
        self.coordinates.read_engine(said)
    }
}

/// Reads a search's answer as UCI and UCCI write it: `info` lines (scores in UCCI's
/// form if `ucci`), then `bestmove MOVE [ponder MOVE]`, or UCCI's `nobestmove`, which
/// is no move.
pub(super) async fn read_answer(
    process: &mut Process,
    deadline: Instant,
    coordinates: XiangqiCoordinates,
    ucci: bool,
) -> Result<Reply, Fault> {
    let mut score = None;
    let mut depth = None;
    let (said, ponder) = process.until(deadline, |line| answer_line(line, ucci, &mut depth, &mut score)).await?;
    let unreadable = || Fault::Garbage(if said == "nobestmove" { said.clone() } else { format!("bestmove {said}") });
    let text = coordinates.read_engine(&said).ok_or_else(unreadable)?;
    Ok(Reply { said, text: Ok(text), score, depth, ponder, ponder_hit: false })
}

/// One line of a search's answer: `info` read into `depth` and `score`, and the move
/// and the expected reply once `bestmove` (or `nobestmove`) comes.
pub(crate) fn answer_line(
    line: &str,
    ucci: bool,
    depth: &mut Option<u32>,
    score: &mut Option<Score>,
) -> Option<(String, Option<String>)> {
    if let Some(info) = line.strip_prefix("info ") {
        read_info(info, ucci, depth, score);
        return None;
    }
    if line == "nobestmove" {
        return Some((line.to_owned(), None));
    }
    Some(read_bestmove(line.strip_prefix("bestmove")?))
}

/// The move and the expected reply after `bestmove`.
fn read_bestmove(rest: &str) -> (String, Option<String>) {
    let mut words = rest.split_whitespace();
    let said = words.next().unwrap_or("").to_owned();
    let ponder = (words.next() == Some("ponder")).then(|| words.next().map(str::to_owned)).flatten();
    (said, ponder)
}

/// `isready`, answered by `readyok`.
pub(super) async fn ready(process: &mut Process, deadline: Instant) -> Result<(), Fault> {
    process.send("isready").await?;
    process.until(deadline, |line| (line == "readyok").then_some(())).await
}

fn go_line(limit: Limit) -> String {
    match limit {
        Limit::Clock { remaining_ms, increment_ms, moves_to_go } => {
            let mut line = format!(
                "go wtime {} btime {} winc {increment_ms} binc {increment_ms}",
                remaining_ms[Side::First.index()],
                remaining_ms[Side::Second.index()]
            );
            if let Some(moves) = moves_to_go {
                line.push_str(&format!(" movestogo {moves}"));
            }
            line
        }
        Limit::MoveTime { ms } => format!("go movetime {ms}"),
        Limit::Depth(depth) => format!("go depth {depth}"),
        Limit::Nodes(nodes) => format!("go nodes {nodes}"),
    }
}

/// Reads the depth and score of an `info` line: UCI's `score cp 35` or `score mate
/// -3`, UCCI's bare `score 35`. Lines of text (`info string`) say nothing.
pub(super) fn read_info(info: &str, ucci: bool, depth: &mut Option<u32>, score: &mut Option<Score>) {
    let mut words = info.split_whitespace();
    while let Some(word) = words.next() {
        match word {
            "string" => return,
            "depth" => {
                if let Some(value) = words.next().and_then(|w| w.parse().ok()) {
                    *depth = Some(value);
                }
            }
            "score" if ucci => {
                if let Some(value) = words.next().and_then(|w| w.parse().ok()) {
                    *score = Some(Score::Centi(value));
                }
            }
            "score" => {
                let kind = words.next();
                let value = words.next().and_then(|w| w.parse().ok());
                match (kind, value) {
                    (Some("cp"), Some(value)) => *score = Some(Score::Centi(value)),
                    (Some("mate"), Some(value)) => *score = Some(Score::Mate(value)),
                    _ => {}
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_depth_and_score() {
        let (mut depth, mut score) = (None, None);
        read_info("depth 12 seldepth 20 multipv 1 score cp -35 nodes 1000 pv h2e2", false, &mut depth, &mut score);
        assert_eq!((depth, score), (Some(12), Some(Score::Centi(-35))));
        read_info("depth 13 score mate 3 pv h2e2", false, &mut depth, &mut score);
        assert_eq!(score, Some(Score::Mate(3)));
        read_info("string depth 99 score cp 1", false, &mut depth, &mut score);
        assert_eq!(depth, Some(13), "text is not read as fields");
        read_info("depth 8 score 120 pv h2e2", true, &mut depth, &mut score);
        assert_eq!((depth, score), (Some(8), Some(Score::Centi(120))));
    }

    #[test]
    fn limits_become_go_commands() {
        let clock = Limit::Clock { remaining_ms: [60_000, 59_000], increment_ms: 500, moves_to_go: None };
        assert_eq!(go_line(clock), "go wtime 60000 btime 59000 winc 500 binc 500");
        let periods = Limit::Clock { remaining_ms: [60_000, 59_000], increment_ms: 0, moves_to_go: Some(7) };
        assert_eq!(go_line(periods), "go wtime 60000 btime 59000 winc 0 binc 0 movestogo 7");
        assert_eq!(go_line(Limit::MoveTime { ms: 100 }), "go movetime 100");
        assert_eq!(go_line(Limit::Depth(6)), "go depth 6");
        assert_eq!(go_line(Limit::Nodes(5000)), "go nodes 5000");
    }
}
