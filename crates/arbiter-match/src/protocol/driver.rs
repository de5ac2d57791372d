//! A running engine driven in its protocol: started and greeted, told of each new game,
//! asked for moves, pondering when it may, told how games end, and stopped. Each
//! protocol's own words are in its file; this is what they share.

use arbiter::{AnyGame, Side};
use tokio::time::Instant;

use super::shared::{Limit, Reply, Request, Search};
use super::{dxp, gomocup, hub, ucci, uci};
use crate::engine::{EngineSpec, Transport};
use crate::process::{Fault, Process};
use crate::protocol_name::StdioProtocol;

/// What each protocol keeps about the game in progress.
enum Session {
    Uci(uci::Uci),
    Ucci(ucci::Ucci),
    Hub(hub::Hub),
    Dxp(dxp::Dxp),
    Gomocup(gomocup::Gomocup),
}

/// An engine's transport made ready before its process starts.
enum Prepared<'a> {
    Stdio(StdioProtocol),
    Dxp(dxp::Meeting<'a>),
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
    /// The engine to start, as the user described it.
    pub spec: &'a EngineSpec,
    /// A game at its start, for the options (board size, rules) the engine is told.
    pub game: &'a AnyGame,
    /// How long starting up and answering `isready` may take.
    pub handshake: std::time::Duration,
    /// Whether every line to and from the engine is printed (`--debug`).
    pub debug: bool,
}

impl Engine {
    /// Starts the engine, greets it in its protocol and sets its options.
    pub async fn start(setup: &Setup<'_>) -> Result<Engine, Fault> {
        let spec = setup.spec;
        let protocol = spec.protocol();
        if protocol.game() != setup.game.kind() {
            return Err(Fault::Start(format!(
                "protocol {protocol} plays {}, not {}",
                protocol.game(),
                setup.game.kind()
            )));
        }
        // An engine that connects to arbiter finds it listening already.
        let prepared = match &spec.transport {
            Transport::Stdio(protocol) => Prepared::Stdio(*protocol),
            Transport::Dxp(address) => Prepared::Dxp(dxp::Meeting::prepare(address).await?),
        };
        let mut process = Process::start(&spec.command)?;
        if setup.debug {
            process.debug_as(&spec.name);
        }
        let deadline = Instant::now() + setup.handshake;
        let (session, id_name) = match prepared {
            Prepared::Stdio(StdioProtocol::Uci | StdioProtocol::UciFsf) => {
                let (session, name) = uci::Uci::start(&mut process, spec, deadline).await?;
                (Session::Uci(session), name)
            }
            Prepared::Stdio(StdioProtocol::Ucci) => {
                let (session, name) = ucci::Ucci::start(&mut process, spec, deadline).await?;
                (Session::Ucci(session), name)
            }
            Prepared::Stdio(StdioProtocol::Hub) => {
                let (session, name) = hub::Hub::start(&mut process, spec, setup.game, deadline).await?;
                (Session::Hub(session), name)
            }
            Prepared::Stdio(StdioProtocol::Gomocup) => {
                let (session, name) = gomocup::Gomocup::start(&mut process, spec, setup.game, deadline).await?;
                (Session::Gomocup(session), name)
            }
            Prepared::Dxp(meeting) => {
                let (session, name) = dxp::Dxp::start(meeting, deadline).await?;
                (Session::Dxp(session), name)
            }
        };
        let ponders = spec.ponder && protocol.can_ponder();
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
