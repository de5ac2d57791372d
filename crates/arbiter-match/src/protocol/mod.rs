//! The protocols engines speak, each in its own file, behind one [`Engine`]: start it,
//! set its options, tell it a new game begins, ask it for a move in a position within
//! a limit, and read its answer back into arbiter's notation.
//!
//! An engine's answer is only read here, never trusted: the referee plays it through
//! the rules library, which decides whether it is legal.

pub(crate) mod draughts_board;
pub mod dxp;
pub(crate) mod dxp_message;
mod gomocup;
pub(crate) mod hub;
mod ucci;
mod uci;
pub(crate) mod words;

use std::fmt;
use std::str::FromStr;

use arbiter::{AnyGame, GameKind, Side};
use tokio::time::Instant;

use crate::engine::EngineSpec;
use crate::process::{Fault, Process};

/// A protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// UCI as Pikafish speaks it for Xiangqi: ranks 0 to 9.
    Uci,
    /// UCI as Fairy-Stockfish speaks it: `UCI_Variant` set to `xiangqi`, ranks 1 to 10.
    UciFsf,
    /// UCCI, the Chinese chess protocol of ElephantEye and its family.
    Ucci,
    /// Scan's Hub protocol (version 2) for international draughts.
    Hub,
    /// DXP (DamExchange), draughts programs against each other over TCP.
    Dxp,
    /// The Gomocup (Piskvork) protocol for Gomoku and Renju.
    Gomocup,
}

impl Protocol {
    pub const ALL: [Protocol; 6] =
        [Protocol::Uci, Protocol::UciFsf, Protocol::Ucci, Protocol::Hub, Protocol::Dxp, Protocol::Gomocup];

    /// The name on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::UciFsf => "uci-fsf",
            Protocol::Ucci => "ucci",
            Protocol::Hub => "hub",
            Protocol::Dxp => "dxp",
            Protocol::Gomocup => "gomocup",
        }
    }

    /// Every name, for messages.
    #[must_use]
    pub fn names() -> String {
        Protocol::ALL.map(Protocol::name).join(", ")
    }

    /// The game the protocol plays.
    #[must_use]
    pub const fn game(self) -> GameKind {
        match self {
            Protocol::Uci | Protocol::UciFsf | Protocol::Ucci => GameKind::Xiangqi,
            Protocol::Hub | Protocol::Dxp => GameKind::Draughts,
            Protocol::Gomocup => GameKind::Gomoku,
        }
    }

    /// Whether the protocol lets an engine think on its opponent's time.
    #[must_use]
    pub const fn can_ponder(self) -> bool {
        matches!(self, Protocol::Uci | Protocol::UciFsf | Protocol::Ucci | Protocol::Hub)
    }

    /// The protocols that play `kind`.
    pub fn for_game(kind: GameKind) -> impl Iterator<Item = Protocol> {
        Protocol::ALL.into_iter().filter(move |p| p.game() == kind)
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Protocol {
    type Err = String;

    fn from_str(text: &str) -> Result<Protocol, String> {
        Protocol::ALL
            .into_iter()
            .find(|p| p.name() == text)
            .ok_or_else(|| format!("unknown protocol {text:?}: expected {}", Protocol::names()))
    }
}

/// How long an engine may think about one move, as it is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Both sides' time left and the increment after each move, and with periods the
    /// moves the mover has to make before its next period's time comes.
    Clock { remaining_ms: [u64; 2], increment_ms: u64, moves_to_go: Option<u32> },
    /// A fixed time for this move.
    MoveTime { ms: u64 },
    /// A fixed depth in plies.
    Depth(u32),
    /// A fixed number of positions.
    Nodes(u64),
}

/// What an engine is asked: the game so far (its start and every move played) and
/// the limit of the search. The side to move is the engine's.
pub struct Request<'a> {
    pub game: &'a AnyGame,
    pub limit: Limit,
    /// When the answer must have come.
    pub deadline: Instant,
}

impl Request<'_> {
    /// The side the engine plays.
    #[must_use]
    pub fn side(&self) -> Side {
        self.game.side_to_move()
    }
}

/// A search to start: in `game` (the engine to move), within `limit`, and on the
/// opponent's time (`go ponder`, in the position after the reply the engine expects) if
/// `ponder`.
#[derive(Clone, Copy)]
pub(crate) struct Search<'a> {
    pub game: &'a AnyGame,
    pub limit: Limit,
    pub ponder: bool,
}

/// An evaluation an engine reported, from its own side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Hundredths of a pawn (Xiangqi) or of a man (draughts).
    Centi(i32),
    /// A mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// The score as one number for adjudication: mates far beyond any material.
    #[must_use]
    pub fn as_centi(self) -> i32 {
        match self {
            Score::Centi(value) => value,
            Score::Mate(moves) if moves >= 0 => 100_000 - moves,
            Score::Mate(moves) => -100_000 - moves,
        }
    }
}

/// An engine's answer to a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move as the engine wrote it.
    pub said: String,
    /// The move in arbiter's notation, to be played through the rules, or why no
    /// move of the game matches what the engine said (when only the protocol can
    /// tell: a draughts capture naming pieces that the capture does not take).
    pub text: Result<String, String>,
    /// The last score the engine reported for this search.
    pub score: Option<Score>,
    /// The depth the engine reported last.
    pub depth: Option<u32>,
    /// The reply the engine expects, as it wrote it (`bestmove h2e2 ponder h9g7`).
    pub ponder: Option<String>,
    /// Whether the engine had been pondering on the move that came.
    pub ponder_hit: bool,
}

/// What each protocol keeps about the game in progress.
enum Session {
    Uci(uci::Uci),
    Ucci(ucci::Ucci),
    Hub(hub::Hub),
    Dxp(dxp::Dxp),
    Gomocup(gomocup::Gomocup),
}

/// A running engine that speaks its protocol.
pub struct Engine {
    process: Process,
    session: Session,
    /// The name the engine gives itself, if it did.
    pub id_name: Option<String>,
    /// Whether it thinks on its opponent's time.
    ponders: bool,
    /// The opponent's move it is pondering on (arbiter's notation), while it does.
    pondering: Option<String>,
}

/// How long an engine told to stop pondering may take to give up its search.
const STOP_PONDERING: std::time::Duration = std::time::Duration::from_secs(5);

/// What an engine needs to know when it starts: the game's options and how long
/// its start-up may take.
pub struct Setup<'a> {
    pub spec: &'a EngineSpec,
    /// A game at its start, for the options (board size, rules) the engine is told.
    pub game: &'a AnyGame,
    /// How long starting up and answering `isready` may take.
    pub handshake: std::time::Duration,
}

impl Engine {
    /// Starts the engine, greets it in its protocol and sets its options.
    pub async fn start(setup: &Setup<'_>) -> Result<Engine, Fault> {
        let spec = setup.spec;
        if spec.protocol.game() != setup.game.kind() {
            return Err(Fault::Start(format!(
                "protocol {} plays {}, not {}",
                spec.protocol,
                spec.protocol.game(),
                setup.game.kind()
            )));
        }
        // An engine that connects to arbiter finds it listening already.
        let waiting = dxp::listen_first(spec).await?;
        let mut process = Process::start(&spec.command)?;
        let deadline = Instant::now() + setup.handshake;
        let (session, id_name) = match spec.protocol {
            Protocol::Uci | Protocol::UciFsf => {
                let (session, name) = uci::Uci::start(&mut process, spec, deadline).await?;
                (Session::Uci(session), name)
            }
            Protocol::Ucci => {
                let (session, name) = ucci::Ucci::start(&mut process, spec, deadline).await?;
                (Session::Ucci(session), name)
            }
            Protocol::Hub => {
                let (session, name) = hub::Hub::start(&mut process, spec, deadline).await?;
                (Session::Hub(session), name)
            }
            Protocol::Dxp => {
                let (session, name) = dxp::Dxp::start(spec, waiting, deadline).await?;
                (Session::Dxp(session), name)
            }
            Protocol::Gomocup => {
                let (session, name) = gomocup::Gomocup::start(&mut process, spec, setup.game, deadline).await?;
                (Session::Gomocup(session), name)
            }
        };
        let ponders = spec.ponder && spec.protocol.can_ponder();
        Ok(Engine { process, session, id_name, ponders, pondering: None })
    }

    /// Tells the engine that a new game begins; it forgets the last one.
    pub async fn new_game(&mut self, deadline: Instant) -> Result<(), Fault> {
        self.stop_pondering(deadline).await?;
        let process = &mut self.process;
        match &mut self.session {
            Session::Uci(session) => session.new_game(process, deadline).await,
            Session::Ucci(session) => session.new_game(process, deadline).await,
            Session::Hub(session) => session.new_game(process).await,
            Session::Dxp(session) => session.new_game(process).await,
            Session::Gomocup(session) => session.new_game(process, deadline).await,
        }
    }

    /// Asks for a move and reads the answer. An engine that was pondering on the move
    /// that came is told so and answers from its search; one that pondered on another
    /// is stopped first.
    pub async fn think(&mut self, request: &Request<'_>) -> Result<Reply, Fault> {
        if let Some(expected) = &self.pondering
            && request.game.last_move().is_some_and(|played| &played.text == expected)
        {
            self.pondering = None;
            let hit = if matches!(self.session, Session::Hub(_)) { "ponder-hit" } else { "ponderhit" };
            self.process.send(hit).await?;
            let mut reply = self.answer(request.game, request.deadline).await?;
            reply.ponder_hit = true;
            return Ok(reply);
        }
        self.stop_pondering(request.deadline).await?;
        let search = Search { game: request.game, limit: request.limit, ponder: false };
        let process = &mut self.process;
        match &mut self.session {
            Session::Uci(session) => session.search(process, search).await?,
            Session::Ucci(session) => session.search(process, search).await?,
            Session::Hub(session) => session.search(process, search).await?,
            Session::Dxp(session) => return session.think(process, request).await,
            Session::Gomocup(session) => return session.think(process, request).await,
        }
        self.answer(request.game, request.deadline).await
    }

    /// Reads the answer to a search in `game`.
    async fn answer(&mut self, game: &AnyGame, deadline: Instant) -> Result<Reply, Fault> {
        let process = &mut self.process;
        match &mut self.session {
            Session::Uci(session) => session.answer(process, deadline).await,
            Session::Ucci(session) => session.answer(process, deadline).await,
            Session::Hub(session) => session.answer(process, game, deadline).await,
            Session::Dxp(_) | Session::Gomocup(_) => Err(Fault::Garbage("no search to answer".into())),
        }
    }

    /// Whether the engine thinks on its opponent's time.
    #[must_use]
    pub fn ponders(&self) -> bool {
        self.ponders
    }

    /// Starts the engine pondering after its own move in `game`, on the reply it said
    /// it expects (`expected`, as it wrote it), if that is a legal move that does not
    /// end the game. `limit` is what its next search would be told.
    pub async fn ponder(&mut self, game: &AnyGame, expected: &str, limit: Limit) -> Result<(), Fault> {
        if !self.ponders || self.pondering.is_some() {
            return Ok(());
        }
        let read = match &self.session {
            Session::Uci(session) => session.read_expected(expected),
            Session::Ucci(session) => session.read_expected(expected),
            Session::Hub(session) => session.read_expected(expected, game),
            Session::Dxp(_) | Session::Gomocup(_) => None,
        };
        let mut next = game.clone();
        let Some(text) = read.and_then(|text| next.play_text(&text).ok().map(|played| played.text.clone())) else {
            return Ok(());
        };
        if next.outcome().is_some() {
            return Ok(());
        }
        let search = Search { game: &next, limit, ponder: true };
        let process = &mut self.process;
        match &mut self.session {
            Session::Uci(session) => session.search(process, search).await?,
            Session::Ucci(session) => session.search(process, search).await?,
            Session::Hub(session) => session.search(process, search).await?,
            Session::Dxp(_) | Session::Gomocup(_) => return Ok(()),
        }
        self.pondering = Some(text);
        Ok(())
    }

    /// Stops a ponder search, if one runs, and throws its answer away.
    async fn stop_pondering(&mut self, deadline: Instant) -> Result<(), Fault> {
        if self.pondering.take().is_none() {
            return Ok(());
        }
        self.process.send("stop").await?;
        let deadline = deadline.max(Instant::now() + STOP_PONDERING);
        self.process
            .until(deadline, |line| {
                (line.starts_with("bestmove") || line == "nobestmove" || line.starts_with("done")).then_some(())
            })
            .await
    }

    /// Tells the engine how the game ended, for the protocols that want to know (DXP:
    /// the engine keeps the game itself; an engine pondering is stopped). `winner`: the
    /// side that won, `None` for a draw.
    pub async fn game_over(&mut self, winner: Option<Side>) -> Result<(), Fault> {
        self.stop_pondering(Instant::now()).await?;
        match &mut self.session {
            Session::Dxp(session) => session.game_over(&mut self.process, winner).await,
            _ => Ok(()),
        }
    }

    /// Whether the process still runs.
    pub fn is_running(&mut self) -> bool {
        self.process.is_running()
    }

    /// Asks the engine to quit, and ends it if it does not.
    pub async fn quit(mut self) {
        let line = match self.session {
            Session::Gomocup(_) => "END",
            Session::Dxp(session) => {
                session.quit(&mut self.process).await;
                "quit"
            }
            _ => "quit",
        };
        self.process.stop(line).await;
    }
}
