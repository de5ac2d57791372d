//! The Gomocup (Piskvork) protocol for Gomoku and Renju: `START` with the board's
//! size, `INFO` for the rule and the times, then `BEGIN`, `TURN x,y` or a whole
//! `BOARD`, each answered by the engine's stone as `x,y` (from the left and from the
//! top, from 0).

use arbiter::gomoku::{Point, Rules};
use arbiter::{AnyGame, GameOptions, gomoku};
use tokio::time::Instant;

use super::shared::{Limit, Reply, Request};
use crate::engine::EngineSpec;
use crate::process::{Fault, Process};

/// "No limit" as the protocol writes it.
const UNLIMITED: u64 = 2_147_483_647;

pub struct Gomocup {
    columns: u16,
    rows: u16,
    /// How many of the game's moves the engine has been told (its own answers
    /// included), so that one new stone can go as `TURN`.
    known: usize,
}

impl Gomocup {
    pub async fn start(
        process: &mut Process,
        spec: &EngineSpec,
        game: &AnyGame,
        deadline: Instant,
    ) -> Result<(Gomocup, Option<String>), Fault> {
        let GameOptions::Gomoku(options) = game.options() else {
            return Err(Fault::Start("the Gomocup protocol plays Gomoku only".into()));
        };
        let (columns, rows) = (options.columns as u16, options.rows as u16);
        let start = if columns == rows { format!("START {columns}") } else { format!("RECTSTART {columns},{rows}") };
        process.send(&start).await?;
        acknowledged(process, deadline).await?;
        process.send(&format!("INFO rule {}", rule_number(options.rules))).await?;
        process.send("INFO game_type 1").await?;
        for (option, value) in &spec.options {
            process.send(&format!("INFO {option} {value}")).await?;
        }
        process.send("ABOUT").await?;
        let about = process.until(deadline, |line| (!is_chatter(line)).then(|| line.to_owned())).await?;
        let name = about_name(&about);
        Ok((Gomocup { columns, rows, known: 0 }, name))
    }

    pub async fn new_game(&mut self, process: &mut Process, deadline: Instant) -> Result<(), Fault> {
        process.send("RESTART").await?;
        acknowledged(process, deadline).await?;
        self.known = 0;
        Ok(())
    }

    pub async fn think(&mut self, process: &mut Process, request: &Request<'_>) -> Result<Reply, Fault> {
        for line in info_lines(request.limit, request.side().index()) {
            process.send(&line).await?;
        }
        let moves = request.game.moves();
        let start = start_stones(request.game);
        if start.is_empty() && moves.is_empty() {
            process.send("BEGIN").await?;
        } else if start.is_empty() && self.known > 0 && self.known + 1 == moves.len() {
            let last = moves.last().and_then(|m| Point::parse(&m.text)).unwrap_or(Point { column: 0, row: 0 });
            process.send(&format!("TURN {}", self.coordinates(last))).await?;
        } else {
            // The whole board, in the order the stones were placed: 1 for the
            // engine's stones, 2 for its opponent's.
            process.send("BOARD").await?;
            let mover_is_black = moves.len() % 2 == start_parity(&start);
            for (point, black) in start.iter().copied().chain(moves.iter().enumerate().filter_map(|(i, m)| {
                let black = i % 2 == start_parity(&start);
                Point::parse(&m.text).map(|p| (p, black))
            })) {
                let own = if black == mover_is_black { 1 } else { 2 };
                process.send(&format!("{},{own}", self.coordinates(point))).await?;
            }
            process.send("DONE").await?;
        }
        let said = process.until(request.deadline, |line| (!is_chatter(line)).then(|| line.to_owned())).await?;
        let point = self.read_point(&said).ok_or_else(|| Fault::Garbage(said.clone()))?;
        self.known = moves.len() + 1;
        Ok(Reply { said, text: Ok(point.to_string()), score: None, depth: None, ponder: None, ponder_hit: false })
    }

    /// `x,y` of a point: x from the left, y from the top.
    fn coordinates(&self, point: Point) -> String {
        format!("{},{}", point.column, self.rows - 1 - point.row)
    }

    fn read_point(&self, text: &str) -> Option<Point> {
        read_point(text, self.columns, self.rows)
    }
}

/// The point of an answer `x,y` on a board of `columns` by `rows`.
pub(crate) fn read_point(text: &str, columns: u16, rows: u16) -> Option<Point> {
    let (x, y) = text.split_once(',')?;
    let x: u16 = x.trim().parse().ok()?;
    let y: u16 = y.trim().parse().ok()?;
    (x < columns && y < rows).then(|| Point { column: x, row: rows - 1 - y })
}

/// The rule as the protocol numbers it.
const fn rule_number(rules: Rules) -> u8 {
    match rules {
        Rules::Freestyle => 0,
        Rules::Standard => 1,
        Rules::Renju => 4,
        Rules::Caro => 8,
    }
}

/// Lines an engine may write at any time, which are not answers.
pub(crate) fn is_chatter(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    line.trim().is_empty() || matches!(word, "MESSAGE" | "DEBUG" | "SUGGEST")
}

/// `OK` after `START` or `RESTART`; `ERROR ...` or anything else refuses.
async fn acknowledged(process: &mut Process, deadline: Instant) -> Result<(), Fault> {
    let answer = process.until(deadline, |line| (!is_chatter(line)).then(|| line.to_owned())).await?;
    if answer.trim() == "OK" { Ok(()) } else { Err(Fault::Start(answer)) }
}

/// The `name="..."` of an `ABOUT` answer.
pub(crate) fn about_name(about: &str) -> Option<String> {
    let start = about.find("name=\"")? + 6;
    let end = about[start..].find('"')? + start;
    Some(about[start..end].to_owned())
}

/// The `INFO` lines that give the search's limit before a move.
fn info_lines(limit: Limit, side: usize) -> Vec<String> {
    match limit {
        // Gomocup has no moves to go: an engine with periods is told its time left as
        // if it had to last the game, which only makes it careful.
        Limit::Clock { remaining_ms, increment_ms, .. } => {
            let left = remaining_ms[side];
            vec![
                format!("INFO timeout_turn {left}"),
                format!("INFO timeout_match {left}"),
                format!("INFO time_left {left}"),
                format!("INFO time_increment {increment_ms}"),
            ]
        }
        Limit::MoveTime { ms } => {
            vec![
                format!("INFO timeout_turn {ms}"),
                "INFO timeout_match 0".into(),
                format!("INFO time_left {UNLIMITED}"),
            ]
        }
        Limit::Depth(depth) => vec![
            format!("INFO timeout_turn {UNLIMITED}"),
            "INFO timeout_match 0".into(),
            format!("INFO time_left {UNLIMITED}"),
            format!("INFO max_depth {depth}"),
        ],
        Limit::Nodes(nodes) => vec![
            format!("INFO timeout_turn {UNLIMITED}"),
            "INFO timeout_match 0".into(),
            format!("INFO time_left {UNLIMITED}"),
            format!("INFO max_node {nodes}"),
        ],
    }
}

/// The stones on the board before the game's first move, black or not, in reading
/// order (a start position given as a board has no order).
fn start_stones(game: &AnyGame) -> Vec<(Point, bool)> {
    let GameOptions::Gomoku(options) = game.options() else { return Vec::new() };
    let Some(text) = &options.board else { return Vec::new() };
    let Ok((board, _)) = gomoku::Board::from_text(text) else { return Vec::new() };
    let mut stones = Vec::new();
    for row in (0..board.rows()).rev() {
        for column in 0..board.columns() {
            let point = Point { column, row };
            if let Some(stone) = board.stone_at(point) {
                stones.push((point, stone == gomoku::Stone::Black));
            }
        }
    }
    stones
}

/// 0 when Black makes the game's first move (as many black stones as white ones on
/// the board before it), 1 when White does.
fn start_parity(start: &[(Point, bool)]) -> usize {
    let black = start.iter().filter(|(_, b)| *b).count();
    usize::from(black > start.len() - black)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_count_from_the_top_left() {
        let session = Gomocup { columns: 15, rows: 15, known: 0 };
        let h8 = Point::parse("h8").unwrap();
        assert_eq!(session.coordinates(h8), "7,7");
        let a1 = Point::parse("a1").unwrap();
        assert_eq!(session.coordinates(a1), "0,14");
        assert_eq!(session.read_point("0,14"), Some(a1));
        assert_eq!(session.read_point("15,0"), None);
        assert_eq!(session.read_point("7"), None);
        assert_eq!(session.read_point("a,b"), None);
    }

    #[test]
    fn about_gives_the_name() {
        assert_eq!(about_name(r#"name="Rapfi", version="0.43", author="x""#).as_deref(), Some("Rapfi"));
        assert_eq!(about_name("nothing"), None);
    }

    #[test]
    fn limits_become_info_lines() {
        let lines = info_lines(Limit::Clock { remaining_ms: [9_000, 8_000], increment_ms: 100, moves_to_go: None }, 1);
        assert!(lines.contains(&"INFO time_left 8000".to_owned()));
        assert!(info_lines(Limit::Depth(3), 0).contains(&"INFO max_depth 3".to_owned()));
        assert_eq!(rule_number(Rules::Renju), 4);
        assert!(is_chatter("MESSAGE thinking") && !is_chatter("7,7"));
    }
}
