//! UCCI, the Universal Chinese Chess Interface of ElephantEye and its family: like UCI
//! with its own words (`ucci`/`ucciok`, `setoption NAME VALUE`, `go time ...
//! opptime ...`, `nobestmove`), times in seconds unless the engine offers
//! `usemillisec`, and positions given from the last capture.

use arbiter::{AnyGame, GameOptions, Side, xiangqi};
use tokio::time::Instant;

use super::shared::{Limit, Reply, Search, check_options};
use super::uci::{read_answer, ready};
use super::xiangqi_board::{XiangqiCoordinates, start_fen};
use crate::engine::EngineSpec;
use crate::process::{Fault, Process};

pub struct Ucci {
    /// Whether the engine reads times in milliseconds (it offered `usemillisec`).
    milliseconds: bool,
}

/// UCCI writes moves as Pikafish does: ranks from 0.
const COORDINATES: XiangqiCoordinates = XiangqiCoordinates { base: 0 };

impl Ucci {
    pub async fn start(
        process: &mut Process,
        spec: &EngineSpec,
        deadline: Instant,
    ) -> Result<(Ucci, Option<String>), Fault> {
        process.send("ucci").await?;
        let mut name = None;
        let mut offered = Vec::new();
        process
            .until(deadline, |line| {
                if let Some(id) = line.strip_prefix("id name ") {
                    name = Some(id.trim().to_owned());
                }
                if let Some(option) = line.strip_prefix("option ") {
                    let option = option.strip_prefix("name ").unwrap_or(option);
                    offered.extend(option.split_whitespace().next().map(str::to_owned));
                }
                (line == "ucciok").then_some(())
            })
            .await?;
        check_options(spec, &offered)?;
        let milliseconds = offered.iter().any(|option| option == "usemillisec");
        if milliseconds {
            process.send("setoption usemillisec true").await?;
        }
        for (option, value) in &spec.options {
            process.send(&format!("setoption {option} {value}")).await?;
        }
        ready(process, deadline).await?;
        Ok((Ucci { milliseconds }, name))
    }

    pub async fn new_game(&mut self, process: &mut Process, deadline: Instant) -> Result<(), Fault> {
        process.send("setoption newgame").await?;
        ready(process, deadline).await
    }

    /// `position fen FEN moves ...` from the last capture, and `go`, or `go ponder`.
    pub async fn search(&mut self, process: &mut Process, search: Search<'_>) -> Result<(), Fault> {
        let Search { game, limit, ponder } = search;
        process.send(&position_line(game)).await?;
        let go = self.go_line(limit, game.side_to_move());
        let go = if ponder { go.replacen("go", "go ponder", 1) } else { go };
        process.send(&go).await
    }

    /// Reads the search's answer: `bestmove MOVE [ponder MOVE]` or `nobestmove`.
    pub async fn answer(&mut self, process: &mut Process, deadline: Instant) -> Result<Reply, Fault> {
        read_answer(process, deadline, COORDINATES, true).await
    }

    /// The expected reply in arbiter's notation.
    pub fn read_expected(&self, said: &str) -> Option<String> {
        COORDINATES.read_engine(said)
    }

    /// A time as the engine reads it: milliseconds, or whole seconds (at least one).
    fn time(&self, ms: u64) -> u64 {
        if self.milliseconds { ms } else { (ms / 1000).max(1) }
    }

    fn go_line(&self, limit: Limit, side: Side) -> String {
        match limit {
            // UCCI gives a period's moves to go or an increment, not both: with periods
            // the engine is told the moves to go and not the increment, which only
            // makes it careful.
            Limit::Clock { remaining_ms, moves_to_go: Some(moves), .. } => format!(
                "go time {} movestogo {moves} opptime {}",
                self.time(remaining_ms[side.index()]),
                self.time(remaining_ms[side.opponent().index()]),
            ),
            Limit::Clock { remaining_ms, increment_ms, moves_to_go: None } => format!(
                "go time {} increment {} opptime {} oppincrement {}",
                self.time(remaining_ms[side.index()]),
                self.time(increment_ms),
                self.time(remaining_ms[side.opponent().index()]),
                self.time(increment_ms),
            ),
            // UCCI has no time per move: one move to go in the time given is the same.
            Limit::MoveTime { ms } => format!("go time {} movestogo 1", self.time(ms)),
            Limit::Depth(depth) => format!("go depth {depth}"),
            Limit::Nodes(nodes) => format!("go nodes {nodes}"),
        }
    }
}

/// `position fen FEN moves ...` from the last capture on: what UCCI engines expect,
/// as their move lists are short and nothing before a capture can repeat.
fn position_line(game: &AnyGame) -> String {
    let GameOptions::Xiangqi(options) = game.options() else {
        return format!("position fen {}", start_fen(game));
    };
    let Ok(mut position) = xiangqi::Position::from_fen(&options.fen) else {
        return format!("position fen {}", options.fen);
    };
    let mut base = position.to_fen();
    let mut since = Vec::new();
    for played in game.moves() {
        let Ok(mv) = xiangqi::Move::parse(&played.text) else { break };
        let capture = position.piece_at(mv.to).is_some();
        position.make(mv);
        if capture {
            base = position.to_fen();
            since.clear();
        } else {
            since.push(COORDINATES.write_engine(&played.text));
        }
    }
    if since.is_empty() {
        format!("position fen {base}")
    } else {
        format!("position fen {base} moves {}", since.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter::{GameKind, OptionsInput};

    #[test]
    fn positions_start_after_the_last_capture() {
        let options = GameOptions::new(GameKind::Xiangqi, &OptionsInput::default()).unwrap();
        let mut game = AnyGame::new(&options);
        assert_eq!(position_line(&game), format!("position fen {}", xiangqi::START_FEN));
        for text in ["h2e2", "h9g7", "e2e6"] {
            game.play_text(text).unwrap();
        }
        // The cannon took the soldier on e6: the line starts from there.
        let line = position_line(&game);
        assert!(line.starts_with("position fen rnbakab1r/9/1c4nc1/p1p1C1p1p/"), "{line}");
        assert!(!line.contains("moves"));
        game.play_text("i9i8").unwrap();
        let line = position_line(&game);
        assert!(line.contains("/p1p1C1p1p/") && line.ends_with(" moves i9i8"), "{line}");
    }

    #[test]
    fn times_are_seconds_unless_the_engine_reads_milliseconds() {
        let seconds = Ucci { milliseconds: false };
        let clock = Limit::Clock { remaining_ms: [60_500, 30_000], increment_ms: 1000, moves_to_go: None };
        assert_eq!(seconds.go_line(clock, Side::Second), "go time 30 increment 1 opptime 60 oppincrement 1");
        let millis = Ucci { milliseconds: true };
        assert_eq!(millis.go_line(clock, Side::First), "go time 60500 increment 1000 opptime 30000 oppincrement 1000");
        assert_eq!(millis.go_line(Limit::MoveTime { ms: 250 }, Side::First), "go time 250 movestogo 1");
        assert_eq!(seconds.go_line(Limit::MoveTime { ms: 250 }, Side::First), "go time 1 movestogo 1");
        let periods = Limit::Clock { remaining_ms: [60_500, 30_000], increment_ms: 1000, moves_to_go: Some(12) };
        assert_eq!(millis.go_line(periods, Side::First), "go time 60500 movestogo 12 opptime 30000");
    }
}
