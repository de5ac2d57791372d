//! The Gomocup (Piskvork) protocol for Gomoku and Renju: `START` with the board's
//! size, `INFO` for the rule and the times, then `BEGIN`, `TURN x,y` or a whole
//! `BOARD`, each answered by the engine's stone as `x,y` (from the left and from the
//! top, from 0).

use arbiter::gomoku::{OpeningRule, Point, Position, Rules, Step, Stone};
use arbiter::{AnyGame, AnyHistory, GameOptions, gomoku};
use tokio::time::Instant;

use super::shared::{Limit, Reply, Request};
use crate::engine::EngineSpec;
use crate::process::{Fault, Process};

/// "No limit" as the protocol writes it.
const UNLIMITED: u64 = 2_147_483_647;

pub struct Gomocup {
    columns: u16,
    rows: u16,
    /// How many stones the engine has been told of (its own answers included) and its
    /// colour then, so that one new stone of the opponent's can go as `TURN`; `None`
    /// before its first answer and after an opening's, when the whole board goes.
    known: Option<(usize, Stone)>,
}

/// Why a game is none of this protocol's.
const NOT_GOMOKU: &str = "the Gomocup protocol plays Gomoku only";

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
        Ok((Gomocup { columns, rows, known: None }, name))
    }

    pub async fn new_game(&mut self, process: &mut Process, deadline: Instant) -> Result<(), Fault> {
        process.send("RESTART").await?;
        acknowledged(process, deadline).await?;
        self.known = None;
        Ok(())
    }

    pub async fn think(&mut self, process: &mut Process, request: &Request<'_>) -> Result<Reply, Fault> {
        for line in info_lines(request.limit, request.side().index()) {
            process.send(&line).await?;
        }
        let position = gomoku_position(request.game).ok_or_else(|| Fault::Start(NOT_GOMOKU.into()))?;
        if position.opening_step().is_some() {
            return self.swap2(process, request, position).await;
        }
        let own = position.color_of(request.side());
        let stones = stones_in_order(request.game, position);
        match (stones.last(), self.known) {
            (None, _) => process.send("BEGIN").await?,
            // One stone more than the engine knew, its opponent's, and its colour the
            // same: the stone alone.
            (Some(&(last, color)), Some((known, known_own)))
                if known + 1 == stones.len() && known_own == own && color != own =>
            {
                process.send(&format!("TURN {}", self.coordinates(last))).await?;
            }
            _ => {
                // The whole board, in the order the stones were placed: 1 for the
                // engine's stones, 2 for its opponent's.
                process.send("BOARD").await?;
                for &(point, color) in &stones {
                    let who = if color == own { 1 } else { 2 };
                    process.send(&format!("{},{who}", self.coordinates(point))).await?;
                }
                process.send("DONE").await?;
            }
        }
        let said = process.until(request.deadline, |line| (!is_chatter(line)).then(|| line.to_owned())).await?;
        let point = self.read_point(&said).ok_or_else(|| Fault::Garbage(said.clone()))?;
        self.known = Some((stones.len() + 1, own));
        Ok(Reply { said, text: Ok(point.to_string()), score: None, depth: None, ponder: None, ponder_hit: false })
    }

    /// A step of Swap2's opening, asked with `SWAP2BOARD` and the stones so far: the
    /// first three stones (case 1), the second player's choice after them (case 2:
    /// `SWAP`, the 4th stone, or the 4th and 5th), or the first player's after five
    /// (case 3: `SWAP` or the 6th stone). The answer may be several moves, written
    /// one after the other for the referee to play in turn.
    async fn swap2(
        &mut self,
        process: &mut Process,
        request: &Request<'_>,
        position: &Position,
    ) -> Result<Reply, Fault> {
        let case = swap2_case(position).map_err(Fault::Start)?;
        let stones = stones_in_order(request.game, position);
        process.send("SWAP2BOARD").await?;
        for &(point, _) in &stones {
            process.send(&self.coordinates(point)).await?;
        }
        process.send("DONE").await?;
        let said = process.until(request.deadline, |line| (!is_chatter(line)).then(|| line.to_owned())).await?;
        // The stones are sent with BOARD after the opening: the colours may have changed.
        self.known = None;
        let text = self.read_swap2(case, &said).ok_or_else(|| Fault::Garbage(said.clone()))?;
        Ok(Reply { said, text: Ok(text), score: None, depth: None, ponder: None, ponder_hit: false })
    }

    /// The moves an answer to `SWAP2BOARD` means in arbiter's notation.
    fn read_swap2(&self, case: u8, said: &str) -> Option<String> {
        let words: Vec<&str> = said.split_whitespace().collect();
        if case != 1 && words.len() == 1 && words[0].eq_ignore_ascii_case("SWAP") {
            return Some("swap".to_owned());
        }
        let points: Vec<String> =
            words.iter().map(|word| self.read_point(word).map(|p| p.to_string())).collect::<Option<_>>()?;
        match (case, points.len()) {
            (1, 3) | (2 | 3, 1) => Some(points.join(" ")),
            (2, 2) => Some(format!("+2 {}", points.join(" "))),
            _ => None,
        }
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

/// The game's position, if it is Gomoku.
fn gomoku_position(game: &AnyGame) -> Option<&Position> {
    match game.history() {
        AnyHistory::Gomoku(game) => Some(game.position()),
        _ => None,
    }
}

/// The stones on the board with their colours, in the order they were placed: those of
/// a start board first, in reading order (a board has no order), then each stone the
/// moves placed (a chosen fifth-move offer among them).
fn stones_in_order(game: &AnyGame, position: &Position) -> Vec<(Point, Stone)> {
    let board = position.board();
    let mut stones = Vec::new();
    if let GameOptions::Gomoku(options) = game.options()
        && let Some(text) = &options.board
        && let Ok((start, _)) = gomoku::Board::from_text(text)
    {
        for row in (0..start.rows()).rev() {
            for column in 0..start.columns() {
                let point = Point { column, row };
                if let Some(stone) = start.stone_at(point) {
                    stones.push((point, stone));
                }
            }
        }
    }
    for played in game.moves() {
        let text = played.text.as_str();
        let point = Point::parse(text).or_else(|| text.strip_prefix("choose:").and_then(Point::parse));
        if let Some(point) = point
            && let Some(stone) = board.stone_at(point)
        {
            stones.push((point, stone));
        }
    }
    stones
}

/// Which of `SWAP2BOARD`'s three cases the opening's step is (1: the first three
/// stones, 2: the second player's choice after them, 3: the first player's after five),
/// or why the protocol cannot ask for it: the steps of the other opening rules, and the
/// middle of a turn of several stones, which an openings file may stop in.
fn swap2_case(position: &Position) -> Result<u8, String> {
    let rule = position.opening_rule();
    let Some(step) = position.opening_step() else { return Err("the opening is over".into()) };
    if rule != Some(OpeningRule::Swap2) {
        let title = rule.map_or_else(String::new, OpeningRule::title);
        return Err(format!(
            "the Gomocup protocol has no command for the {title} opening rule's steps (only Swap2's, SWAP2BOARD): start the games past the opening, from openings (--openings) that play it to its end"
        ));
    }
    match (step, position.board().stones()) {
        (Step::Place { stone: 1, .. }, 0) => Ok(1),
        (Step::Place { two_more: true, .. }, 3) => Ok(2),
        (Step::Place { stone: 6, swap: true, .. }, 5) => Ok(3),
        _ => Err(format!(
            "SWAP2BOARD asks for the first three stones, or for a choice after three or five: not for {step}; give an opening of none, three or five stones (after +2)"
        )),
    }
}

/// Why no engine protocol can ask an engine to go on from `game`, if none can: a
/// Gomoku game in an opening rule's step that no Gomocup command asks for (the steps
/// of every rule but Swap2, and the middle of a turn of several stones).
pub fn cannot_ask(game: &AnyGame) -> Option<String> {
    let position = gomoku_position(game)?;
    position.opening_step()?;
    swap2_case(position).err()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_count_from_the_top_left() {
        let session = Gomocup { columns: 15, rows: 15, known: None };
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
