//! Gomocup: `START`, `INFO`, `BEGIN`, `TURN`, `BOARD`, `SWAP2BOARD`, `RESTART`,
//! `ABOUT`, `END`. To `SWAP2BOARD` the engine answers as the built-in engine plays
//! Swap2's steps (see `arbiter-engine`'s `eval/gomoku.rs`): the three stones, or its
//! choice after three or five.

use std::io::{self, BufRead, Write};

use arbiter::gomoku::{Point, Rules};
use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput};

use super::refusal::Refusal;
use super::thinker::{NAME, Thinker, VERSION};
use crate::protocol::Limit;

/// The game being played, once `START` gave the board.
struct Board {
    columns: u16,
    rows: u16,
    game: AnyGame,
}

/// The time and search limits `INFO` gives.
#[derive(Default)]
struct Limits {
    turn_ms: Option<u64>,
    left_ms: Option<u64>,
    depth: Option<u32>,
    nodes: Option<u64>,
}

/// "No limit" as the protocol writes it.
const UNLIMITED: u64 = 2_147_483_647;

pub fn serve(mut thinker: Thinker, input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let mut rules = Rules::Freestyle;
    let mut limits = Limits::default();
    let mut board: Option<Board> = None;
    let mut lines = super::incoming::incoming(input);
    while let Some(line) = lines.next() {
        let line = match line? {
            Ok(line) => line,
            Err(refused) => {
                writeln!(out, "ERROR {refused}")?;
                continue;
            }
        };
        let mut words = line.split_whitespace();
        let command = words.next().unwrap_or("").to_ascii_uppercase();
        let rest = words.collect::<Vec<_>>().join(" ");
        match command.as_str() {
            "START" | "RECTSTART" => {
                let (columns, rows) = match rest.split_once(',') {
                    Some((c, r)) => (c.trim().parse().ok(), r.trim().parse().ok()),
                    None => (rest.trim().parse().ok(), rest.trim().parse().ok()),
                };
                match new_board(columns, rows, rules) {
                    Ok(started) => {
                        board = Some(started);
                        writeln!(out, "OK")?;
                    }
                    Err(message) => writeln!(out, "ERROR {message}")?,
                }
            }
            "RESTART" => match &board {
                Some(old) => {
                    board = new_board(Some(old.columns), Some(old.rows), rules).ok();
                    thinker.games += 1;
                    writeln!(out, "OK")?;
                }
                None => writeln!(out, "ERROR no board: START first")?,
            },
            "INFO" => {
                let (key, value) = rest.split_once(' ').unwrap_or((&rest, ""));
                let number = value.trim().parse::<u64>().ok();
                match key.to_ascii_lowercase().as_str() {
                    "rule" => {
                        rules = rule_of(number.unwrap_or(0));
                        if let Some(old) = &board
                            && old.game.moves().is_empty()
                        {
                            board = new_board(Some(old.columns), Some(old.rows), rules).ok();
                        }
                    }
                    "timeout_turn" => limits.turn_ms = number.filter(|&n| n > 0 && n < UNLIMITED),
                    "time_left" => limits.left_ms = number.filter(|&n| n < UNLIMITED),
                    "max_depth" => limits.depth = number.map(|n| u32::try_from(n).unwrap_or(u32::MAX)),
                    "max_node" => limits.nodes = number.filter(|&n| n > 0),
                    "depth" => thinker.set_depth(value),
                    "seed" => thinker.set_seed(value),
                    _ => {}
                }
            }
            "BEGIN" | "TURN" | "BOARD" => {
                let Some(current) = &mut board else {
                    writeln!(out, "ERROR no board: START first")?;
                    continue;
                };
                let ready = match command.as_str() {
                    "TURN" => current.play_coordinates(&rest),
                    "BOARD" => current.read_board(&mut lines, rules),
                    _ => Ok(()),
                };
                if let Err(message) = ready {
                    writeln!(out, "ERROR {message}")?;
                    continue;
                }
                if let Some(note) = thinker.depth_note(limits.limit()) {
                    writeln!(out, "MESSAGE {note}")?;
                }
                match thinker.think(&current.game, limits.limit()) {
                    Some(choice) => {
                        let point = Point::parse(&choice.text).expect("a move of the game");
                        current.game.play_text(&choice.text).expect("a legal move");
                        writeln!(out, "MESSAGE depth {} score {}", choice.depth, choice.score)?;
                        writeln!(out, "{}", current.coordinates(point))?;
                    }
                    None => writeln!(out, "ERROR the game is over")?,
                }
            }
            "SWAP2BOARD" => {
                let Some(current) = &mut board else {
                    writeln!(out, "ERROR no board: START first")?;
                    continue;
                };
                match current.swap2(&mut lines, rules, &thinker, limits.limit()) {
                    Ok(answer) => writeln!(out, "{answer}")?,
                    Err(message) => writeln!(out, "ERROR {message}")?,
                }
            }
            "ABOUT" => writeln!(
                out,
                "name=\"{NAME}\", version=\"{VERSION}\", author=\"the arbiter developers\", country=\"-\""
            )?,
            "END" => break,
            "" => {}
            _ => writeln!(out, "UNKNOWN {command}")?,
        }
    }
    Ok(())
}

/// The rule of `INFO rule`: a bit mask where 4 is Renju, 8 Caro, 1 exactly five.
const fn rule_of(number: u64) -> Rules {
    if number & 4 != 0 {
        Rules::Renju
    } else if number & 8 != 0 {
        Rules::Caro
    } else if number & 1 != 0 {
        Rules::Standard
    } else {
        Rules::Freestyle
    }
}

fn new_board(columns: Option<u16>, rows: Option<u16>, rules: Rules) -> Result<Board, Refusal> {
    let (Some(columns), Some(rows)) = (columns, rows) else { return Err(Refusal::NoSize) };
    if columns < 5 || rows < 5 {
        return Err(Refusal::TooSmall { columns, rows });
    }
    let input = OptionsInput::new()
        .with("rules", rules.name().to_owned())
        .with("cols", u32::from(columns))
        .with("rows", u32::from(rows));
    let options = GameOptions::new(GameKind::Gomoku, &input)?;
    Ok(Board { columns, rows, game: AnyGame::new(&options) })
}

impl Limits {
    /// A depth or node count if one was given, else the turn's time, within a share
    /// of the time left.
    fn limit(&self) -> Limit {
        if let Some(depth) = self.depth {
            return Limit::Depth(depth);
        }
        if let Some(nodes) = self.nodes {
            return Limit::Nodes(nodes);
        }
        let turn = self.turn_ms.unwrap_or(5_000);
        let ms = match self.left_ms {
            Some(left) => turn.min(left / 10),
            None => turn,
        };
        Limit::MoveTime { ms }
    }
}

impl Board {
    /// `x,y`: x from the left, y from the top.
    fn coordinates(&self, point: Point) -> String {
        format!("{},{}", point.column, self.rows - 1 - point.row)
    }

    fn point(&self, text: &str) -> Result<Point, Refusal> {
        let mut parts = text.split(',').map(|p| p.trim().parse::<u16>().ok());
        match (parts.next().flatten(), parts.next().flatten()) {
            (Some(x), Some(y)) if x < self.columns && y < self.rows => Ok(Point { column: x, row: self.rows - 1 - y }),
            _ => Err(Refusal::NotAPoint(arbiter::quote::excerpt(text))),
        }
    }

    /// `SWAP2BOARD`: the stones so far (none, three, or five after the second player's
    /// two more), one `x,y` a line until `DONE`; the answer is the engine's step of
    /// Swap2's opening in the protocol's words: three stones, or `SWAP`, or the next
    /// stone (or, after three, the two more).
    fn swap2(
        &mut self,
        lines: &mut impl Iterator<Item = io::Result<Result<String, String>>>,
        rules: Rules,
        thinker: &Thinker,
        limit: Limit,
    ) -> Result<String, Refusal> {
        let mut stones = Vec::new();
        for line in lines.by_ref() {
            let line = line?.map_err(Refusal::Line)?;
            let line = line.trim();
            if line.eq_ignore_ascii_case("DONE") {
                break;
            }
            stones.push(self.point(line)?);
        }
        let input = OptionsInput::new()
            .with("rules", rules.name().to_owned())
            .with("cols", u32::from(self.columns))
            .with("rows", u32::from(self.rows))
            .with("opening", "swap2");
        let mut game = AnyGame::new(&GameOptions::new(GameKind::Gomoku, &input)?);
        let texts: Vec<String> = match stones.len() {
            0 | 3 => stones.iter().map(ToString::to_string).collect(),
            5 => {
                let mut texts: Vec<String> = stones[..3].iter().map(ToString::to_string).collect();
                texts.push("+2".to_owned());
                texts.extend(stones[3..].iter().map(ToString::to_string));
                texts
            }
            count => return Err(Refusal::Swap2Stones(count)),
        };
        for text in &texts {
            game.play_text(text)?;
        }
        let me = game.side_to_move();
        let mut answer = Vec::new();
        while game.outcome().is_none() && game.task().is_some() && game.side_to_move() == me {
            let Some(choice) = thinker.think(&game, limit) else { break };
            let detail = game.play_text(&choice.text)?;
            match (detail.text.as_str(), detail.to.as_deref().and_then(Point::parse)) {
                ("swap", _) => answer.push("SWAP".to_owned()),
                (_, Some(point)) => answer.push(self.coordinates(point)),
                _ => {}
            }
        }
        self.game = game;
        Ok(answer.join(" "))
    }

    fn play_coordinates(&mut self, text: &str) -> Result<(), Refusal> {
        let point = self.point(text)?;
        self.game.play_text(&point.to_string())?;
        Ok(())
    }

    /// Lines `x,y,who` until `DONE` (who: 1 this engine's stone, 2 the opponent's),
    /// played in their order when they alternate, else set out as a position.
    fn read_board(
        &mut self,
        lines: &mut impl Iterator<Item = io::Result<Result<String, String>>>,
        rules: Rules,
    ) -> Result<(), Refusal> {
        let mut stones = Vec::new();
        for line in lines.by_ref() {
            let line = line?.map_err(Refusal::Line)?;
            let line = line.trim();
            if line.eq_ignore_ascii_case("DONE") {
                break;
            }
            let (point, who) =
                line.rsplit_once(',').ok_or_else(|| Refusal::NotAStone(arbiter::quote::excerpt(line)))?;
            stones.push((self.point(point)?, who.trim() == "1"));
        }
        let mut fresh = new_board(Some(self.columns), Some(self.rows), rules)?;
        // The engine moves next: the stones alternate ending with the opponent's.
        let alternate = stones.iter().rev().enumerate().all(|(i, &(_, own))| own == (i % 2 == 1));
        if alternate {
            for (point, _) in &stones {
                fresh.game.play_text(&point.to_string())?;
            }
        } else {
            let mover_is_black =
                stones.iter().filter(|(_, own)| *own).count() == stones.iter().filter(|(_, own)| !own).count();
            let mut rows = vec![vec!['.'; usize::from(self.columns)]; usize::from(self.rows)];
            for &(point, own) in &stones {
                let black = own == mover_is_black;
                rows[usize::from(self.rows - 1 - point.row)][usize::from(point.column)] = if black { 'x' } else { 'o' };
            }
            let text: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
            let input = OptionsInput::new().with("rules", rules.name().to_owned()).with("board", text.join("/"));
            let options = GameOptions::new(GameKind::Gomoku, &input)?;
            fresh.game = AnyGame::new(&options);
        }
        *self = fresh;
        Ok(())
    }
}
