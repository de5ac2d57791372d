//! The engines a person can play: arbiter's own, always there and run in-process,
//! and the programs given to `arbiter serve --engine`, each kept as a few idle
//! processes that any game borrows for one move.

use std::sync::Mutex;
use std::time::Duration;

use arbiter::{AnyGame, GameKind, GameOptions, OptionValue, OptionsInput};
use arbiter_match::builtin::{Budget, Style, choose_move};
use arbiter_match::engine::EngineSpec;
use arbiter_match::process::Fault;
use arbiter_match::protocol::{CannotCarry, Engine, Limit, Request, Setup, cannot_carry};
use serde::Serialize;

/// The name of arbiter's own engine.
pub const BUILTIN: &str = "arbiter";

/// Processes of one engine kept idle between moves.
const IDLE_PROCESSES: usize = 4;

/// How long an engine process may take to start.
const START_TIME: Duration = Duration::from_secs(30);

/// What an engine is allowed past its time per move before it is taken to hang.
const GRACE: Duration = Duration::from_secs(2);

/// How far from the best the built-in engine's moves may be, in its evaluation's
/// units: enough that games differ, too little to throw a game.
const BUILTIN_MARGIN: i32 = 15;

/// The deepest arbiter's own engine looks: its time a move stops it first.
const BUILTIN_DEPTH: u32 = 12;

/// Why an engine given to `--engine` would not start.
#[derive(Debug, thiserror::Error)]
pub enum ProbeError {
    /// The engine's game would not set up with its default options.
    #[error("{0}")]
    Options(arbiter::OptionsError),
    /// The engine's process failed to start or to greet.
    #[error("engine {name}: {fault}")]
    Start {
        /// The engine's name.
        name: String,
        /// What went wrong.
        fault: Fault,
    },
}

/// Why no engine of the server fits a new game: the `400` a client gets.
#[derive(Debug, thiserror::Error)]
pub enum FindError {
    /// No engine plays the game.
    #[error("no engine here plays {0}")]
    NoneFor(GameKind),
    /// No engine has the name asked for.
    #[error("no engine named {name:?}: engines for {kind} are {}", .playing.join(", "))]
    Unknown {
        /// The name asked for.
        name: String,
        /// The game.
        kind: GameKind,
        /// The engines that play the game.
        playing: Vec<String>,
    },
    /// The engine named does not play the game.
    #[error("engine {name:?} does not play {kind}")]
    OtherGame {
        /// The engine's name.
        name: String,
        /// The game.
        kind: GameKind,
    },
    /// The engine's protocol cannot carry the game's rules (Hub and DXP: draughts on
    /// 10x10 only, DXP the international rules only).
    #[error("engine {name:?}: {refusal}")]
    NotCarried {
        /// The engine's name.
        name: String,
        /// Why its protocol cannot carry the game.
        refusal: CannotCarry,
    },
}

/// Why an engine gave no move.
#[derive(Debug, thiserror::Error)]
pub enum NoMove {
    /// arbiter's own engine finds no move: the game is over.
    #[error("the game is over")]
    GameOver,
    /// arbiter's own engine's task stopped (it panicked).
    #[error("{0}")]
    Task(tokio::task::JoinError),
    /// The engine's process failed: it would not start, answer or follow the protocol.
    #[error("{0}")]
    Fault(Fault),
    /// The engine's answer names no move of the game.
    #[error("{0}")]
    Unmatched(arbiter_match::protocol::UnmatchedCapture),
    /// The engine's protocol cannot carry the game's rules.
    #[error("{0}")]
    NotCarried(CannotCarry),
}

/// An engine a person can play.
#[derive(Serialize)]
pub struct Computer {
    /// Its name, as a new game's opponent names it.
    pub name: String,
    /// The games it plays.
    pub games: Vec<GameKind>,
    #[serde(skip)]
    how: How,
}

enum How {
    Builtin,
    /// A program, and its idle processes, each with the rule set it was started for:
    /// an engine is told the rules when it starts (Hub's `variant`), so a process serves
    /// games of that rule set only.
    Process {
        spec: EngineSpec,
        idle: Mutex<Vec<(Told, Engine)>>,
    },
}

/// The game's rule set as an engine is told it when it starts (`None`: the game has
/// no rule sets).
type Told = Option<OptionValue>;

fn told(game: &AnyGame) -> Told {
    game.options().to_input().get("rules").cloned()
}

/// Every engine of the server, arbiter's own first.
pub struct Computers {
    list: Vec<Computer>,
}

impl Computers {
    /// arbiter's own engine and the engines given.
    pub fn new(specs: Vec<EngineSpec>) -> Computers {
        let mut list = vec![Computer { name: BUILTIN.to_owned(), games: GameKind::ALL.to_vec(), how: How::Builtin }];
        for spec in specs {
            let games = vec![spec.protocol().game()];
            list.push(Computer {
                name: spec.name.clone(),
                games,
                how: How::Process { spec, idle: Mutex::new(Vec::new()) },
            });
        }
        Computers { list }
    }

    /// Starts each engine given once, so that a wrong path, protocol or option stops
    /// the server before it serves; the process started is kept for the first game.
    pub async fn probe(&self) -> Result<(), ProbeError> {
        for computer in &self.list {
            let How::Process { spec, idle } = &computer.how else { continue };
            let kind = spec.protocol().game();
            let options = GameOptions::new(kind, &OptionsInput::default()).map_err(ProbeError::Options)?;
            let game = AnyGame::new(&options);
            let engine = Engine::start(&Setup { spec, game: &game, handshake: START_TIME, debug: false })
                .await
                .map_err(|fault| ProbeError::Start { name: spec.name.clone(), fault })?;
            lock(idle).push((told(&game), engine));
        }
        Ok(())
    }

    /// Every engine, arbiter's own first.
    pub fn all(&self) -> &[Computer] {
        &self.list
    }

    /// The engine named `name`, if it plays `kind`; `None` picks the first that does.
    pub fn find(&self, name: Option<&str>, kind: GameKind) -> Result<&Computer, FindError> {
        let playing = |c: &&Computer| c.games.contains(&kind);
        match name {
            None => self.list.iter().find(playing).ok_or(FindError::NoneFor(kind)),
            Some(name) => {
                let computer = self.list.iter().find(|c| c.name == name).ok_or_else(|| FindError::Unknown {
                    name: name.to_owned(),
                    kind,
                    playing: self.list.iter().filter(playing).map(|c| c.name.clone()).collect(),
                })?;
                if playing(&computer) {
                    Ok(computer)
                } else {
                    Err(FindError::OtherGame { name: name.to_owned(), kind })
                }
            }
        }
    }
}

impl Computer {
    /// Whether the engine can play `game`: an engine whose protocol cannot carry its
    /// rules (a Hub engine in Russian draughts, a DXP one in Killer draughts) is
    /// refused, as `arbiter match` refuses it.
    pub fn carries(&self, game: &AnyGame) -> Result<(), FindError> {
        match &self.how {
            How::Process { spec, .. } => match cannot_carry(spec.protocol(), game) {
                Some(refusal) => Err(FindError::NotCarried { name: self.name.clone(), refusal }),
                None => Ok(()),
            },
            How::Builtin => Ok(()),
        }
    }

    /// The engine's move in `game`, in arbiter's notation, within `ms` milliseconds;
    /// `seed` varies arbiter's own engine's choices from game to game. `Err` says why
    /// the engine gave none.
    /// An engine whose protocol has no command for a step of the game (the steps of a
    /// Gomoku opening rule other than Swap2) has arbiter's own engine take that step.
    pub async fn choose(&self, game: &AnyGame, ms: u64, seed: u64) -> Result<String, NoMove> {
        match &self.how {
            How::Builtin => builtin(game, ms, seed).await,
            How::Process { .. } if arbiter_match::protocol::cannot_ask(game).is_some() => builtin(game, ms, seed).await,
            How::Process { spec, .. } if let Some(refusal) = cannot_carry(spec.protocol(), game) => {
                Err(NoMove::NotCarried(refusal))
            }
            How::Process { spec, idle } => {
                let rules = told(game);
                let taken = {
                    let mut idle = lock(idle);
                    idle.iter().rposition(|(started, _)| *started == rules).map(|at| idle.remove(at).1)
                };
                let mut engine = match taken {
                    Some(engine) => engine,
                    None => Engine::start(&Setup { spec, game, handshake: START_TIME, debug: false })
                        .await
                        .map_err(NoMove::Fault)?,
                };
                let deadline = tokio::time::Instant::now() + START_TIME;
                engine.new_game(deadline).await.map_err(NoMove::Fault)?;
                let deadline = tokio::time::Instant::now() + Duration::from_millis(ms) + GRACE;
                let reply = engine.think(&Request { game, limit: Limit::MoveTime { ms }, deadline }).await;
                match reply {
                    Ok(reply) => {
                        let mut idle = lock(idle);
                        if idle.len() < IDLE_PROCESSES {
                            idle.push((rules, engine));
                        }
                        reply.text.map_err(NoMove::Unmatched)
                    }
                    // An engine that failed is not trusted again: it is dropped (killed).
                    Err(fault) => Err(NoMove::Fault(fault)),
                }
            }
        }
    }
}

/// arbiter's own engine's move in `game`, within `ms` milliseconds.
async fn builtin(game: &AnyGame, ms: u64, seed: u64) -> Result<String, NoMove> {
    let game = game.clone();
    let budget = Budget { time: Some(Duration::from_millis(ms.max(1))), ..Budget::default() };
    let style = Style { max_depth: BUILTIN_DEPTH, random: Some((seed | 1, BUILTIN_MARGIN)) };
    tokio::task::spawn_blocking(move || choose_move(&game, budget, style))
        .await
        .map_err(NoMove::Task)?
        .map(|choice| choice.text)
        .ok_or(NoMove::GameOver)
}

/// The idle processes of an engine. A panic while the list was held leaves it whole
/// (a push or a pop), so a poisoned lock is taken as it is.
fn lock(idle: &Mutex<Vec<(Told, Engine)>>) -> std::sync::MutexGuard<'_, Vec<(Told, Engine)>> {
    idle.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draughts(rules: &str) -> AnyGame {
        let input = OptionsInput::new().with("rules", rules);
        AnyGame::new(&GameOptions::new(GameKind::Draughts, &input).unwrap())
    }

    /// A Hub engine plays the 10x10 rule sets Hub's `variant` names, not Russian
    /// draughts on 8x8 (docs/matches.md): a game against it under those is refused when
    /// it is made, and never given to it; arbiter's own engine plays every rule set. No
    /// process starts: the refusal comes first.
    #[tokio::test]
    async fn an_engine_plays_only_the_rule_sets_its_protocol_carries() {
        let spec = EngineSpec::from_words(&["name=scan", "cmd=/nonexistent/scan", "proto=hub"], &[]).unwrap();
        let computers = Computers::new(vec![spec]);
        let scan = computers.find(Some("scan"), GameKind::Draughts).unwrap();
        assert!(scan.carries(&draughts("killer")).is_ok());
        assert!(scan.carries(&draughts("antidraughts")).is_ok());
        let refused = scan.carries(&draughts("russian")).unwrap_err().to_string();
        assert_eq!(refused, "engine \"scan\": hub carries draughts on the 10x10 board only; this game's board is 8x8");
        let given = scan.choose(&draughts("russian"), 10, 0).await.unwrap_err().to_string();
        assert_eq!(given, "hub carries draughts on the 10x10 board only; this game's board is 8x8");
        let arbiter = computers.find(None, GameKind::Draughts).unwrap();
        assert_eq!(arbiter.name, BUILTIN);
        assert!(arbiter.carries(&draughts("russian")).is_ok());
    }

    /// An engine is told the rule set when it starts (Hub's `variant` before `init`),
    /// so an idle process started for one rule set is not lent to a game of another.
    #[test]
    fn idle_processes_are_kept_by_the_rule_set_they_were_started_for() {
        assert_eq!(told(&draughts("killer")), told(&draughts("killer")));
        assert_ne!(told(&draughts("killer")), told(&draughts("international")));
        assert_ne!(told(&draughts("antidraughts")), told(&draughts("breakthrough")));
    }
}
