//! The engines a person can play: arbiter's own, always there and run in-process,
//! and the programs given to `arbiter serve --engine`, each kept as a few idle
//! processes that any game borrows for one move.

use std::sync::Mutex;
use std::time::Duration;

use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput};
use arbiter_match::builtin::{Budget, Style, choose_move};
use arbiter_match::engine::EngineSpec;
use arbiter_match::protocol::{Engine, Limit, Request, Setup};
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

/// An engine a person can play.
#[derive(Serialize)]
pub struct Computer {
    pub name: String,
    pub games: Vec<GameKind>,
    #[serde(skip)]
    how: How,
}

enum How {
    Builtin,
    Process { spec: EngineSpec, idle: Mutex<Vec<Engine>> },
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
    pub async fn probe(&self) -> Result<(), String> {
        for computer in &self.list {
            let How::Process { spec, idle } = &computer.how else { continue };
            let kind = spec.protocol().game();
            let options = GameOptions::new(kind, &OptionsInput::default()).map_err(|e| e.to_string())?;
            let game = AnyGame::new(&options);
            let engine = Engine::start(&Setup { spec, game: &game, handshake: START_TIME, debug: false })
                .await
                .map_err(|fault| format!("engine {}: {fault}", spec.name))?;
            idle.lock().map_err(|e| e.to_string())?.push(engine);
        }
        Ok(())
    }

    pub fn all(&self) -> &[Computer] {
        &self.list
    }

    /// The engine named `name`, if it plays `kind`; `None` picks the first that does.
    pub fn find(&self, name: Option<&str>, kind: GameKind) -> Result<&Computer, String> {
        let playing = |c: &&Computer| c.games.contains(&kind);
        match name {
            None => self.list.iter().find(playing).ok_or_else(|| format!("no engine here plays {kind}")),
            Some(name) => {
                let computer = self.list.iter().find(|c| c.name == name).ok_or_else(|| {
                    let names: Vec<&str> = self.list.iter().filter(playing).map(|c| c.name.as_str()).collect();
                    format!("no engine named {name:?}: engines for {kind} are {}", names.join(", "))
                })?;
                if playing(&computer) { Ok(computer) } else { Err(format!("engine {name:?} does not play {kind}")) }
            }
        }
    }
}

impl Computer {
    /// The engine's move in `game`, in arbiter's notation, within `ms` milliseconds;
    /// `seed` varies arbiter's own engine's choices from game to game. `Err` says why
    /// the engine gave none.
    pub async fn choose(&self, game: &AnyGame, ms: u64, seed: u64) -> Result<String, String> {
        match &self.how {
            How::Builtin => {
                let game = game.clone();
                let budget = Budget { time: Some(Duration::from_millis(ms.max(1))), ..Budget::default() };
                let style = Style { max_depth: BUILTIN_DEPTH, random: Some((seed | 1, BUILTIN_MARGIN)) };
                tokio::task::spawn_blocking(move || choose_move(&game, budget, style))
                    .await
                    .map_err(|e| e.to_string())?
                    .map(|choice| choice.text)
                    .ok_or_else(|| "the game is over".to_owned())
            }
            How::Process { spec, idle } => {
                let taken = idle.lock().map_err(|e| e.to_string())?.pop();
                let mut engine = match taken {
                    Some(engine) => engine,
                    None => Engine::start(&Setup { spec, game, handshake: START_TIME, debug: false })
                        .await
                        .map_err(|e| e.to_string())?,
                };
                let deadline = tokio::time::Instant::now() + START_TIME;
                engine.new_game(deadline).await.map_err(|e| e.to_string())?;
                let deadline = tokio::time::Instant::now() + Duration::from_millis(ms) + GRACE;
                let reply = engine.think(&Request { game, limit: Limit::MoveTime { ms }, deadline }).await;
                match reply {
                    Ok(reply) => {
                        let mut idle = idle.lock().map_err(|e| e.to_string())?;
                        if idle.len() < IDLE_PROCESSES {
                            idle.push(engine);
                        }
                        reply.text.map_err(|e| e.to_string())
                    }
                    // An engine that failed is not trusted again: it is dropped (killed).
                    Err(fault) => Err(fault.to_string()),
                }
            }
        }
    }
}
