//! DXP (DamExchange), the protocol draughts programs play each other over, on TCP
//! (Scan, Kingsrow, Dam and their kin). It has no referee: two programs keep the game
//! between them. arbiter stands in for each engine's opponent: it connects to the
//! engine where it listens (or listens where the engine connects), asks it for a game (`R`, with the engine's colour, its
//! time in whole minutes and the start), passes on the other engine's moves (`M`),
//! reads the engine's own, and ends each game with its result (`E`).
//!
//! The engine keeps its own clock from the request; arbiter keeps the real one. The
//! engine's process writes what it likes on its standard output: that is not the
//! protocol, and is thrown away.

use std::time::Duration;

use arbiter::{Side, draughts};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Instant;

use super::draughts_board::{self, DXP};
use super::dxp_message::{END, GameRequest, LONGEST_MESSAGE, Message, Move};
use super::hub::read_move;
use super::shared::{Limit, Reply, Request};
use crate::engine::DxpAddress;
use crate::process::{Fault, Process};

/// How often a connection is tried while the engine starts to listen.
const RETRY: Duration = Duration::from_millis(50);

/// The name arbiter gives itself in its requests.
const NAME: &str = "arbiter";

/// A connection to an engine, and the game it is playing.
pub struct Dxp {
    reader: BufReader<OwnedReadHalf>,
    writer: OwnedWriteHalf,
    /// The bytes of a message not yet ended when a read ran out of time.
    partial: Vec<u8>,
    game: Option<InGame>,
}

/// A game the engine accepted.
struct InGame {
    /// The side the engine plays.
    side: Side,
    /// How many plies of the game the engine has seen.
    known: usize,
}

impl Dxp {
    /// Meets the engine at `address`: connects to it where it listens, trying until
    /// `deadline` while it starts; or takes its connection on the listener made before
    /// it started ([`Meeting::prepare`]).
    pub async fn start(meeting: Meeting<'_>, deadline: Instant) -> Result<(Dxp, Option<String>), Fault> {
        let stream = match meeting {
            Meeting::Listening { address, listener } => {
                match tokio::time::timeout_at(deadline, listener.accept()).await {
                    Ok(Ok((stream, _))) => stream,
                    Ok(Err(error)) => return Err(Fault::Start(format!("listening on {address}: {error}"))),
                    Err(_) => return Err(Fault::Start(format!("the engine did not connect to {address}"))),
                }
            }
            Meeting::Connecting { address } => loop {
                match TcpStream::connect(address).await {
                    Ok(stream) => break stream,
                    Err(_) if Instant::now() + RETRY < deadline => tokio::time::sleep(RETRY).await,
                    Err(error) => return Err(Fault::Start(format!("cannot connect to {address}: {error}"))),
                }
            },
        };
        stream.set_nodelay(true).map_err(|e| Fault::Start(e.to_string()))?;
        let (reader, writer) = stream.into_split();
        Ok((Dxp { reader: BufReader::new(reader), writer, partial: Vec::new(), game: None }, None))
    }

    /// A new game: one the engine is still in is ended first, result unknown.
    pub async fn new_game(&mut self, process: &mut Process) -> Result<(), Fault> {
        if self.game.take().is_some() {
            self.send(process, &Message::GameEnd { reason: '0', stop: '0' }).await?;
        }
        Ok(())
    }

    /// Asks for a move: the game is requested first if the engine is in none, else the
    /// opponent's moves since its last are passed on; then its move is read.
    pub async fn think(&mut self, process: &mut Process, request: &Request<'_>) -> Result<Reply, Fault> {
        process.discard_output();
        let game = request.game;
        let plies = game.moves().len();
        match &self.game {
            None => self.request_game(process, request).await?,
            Some(in_game) => {
                let unseen: Vec<Move> =
                    game.moves()[in_game.known..].iter().filter_map(|played| Move::from_detail(played, 0)).collect();
                for played in unseen {
                    self.send(process, &Message::Move(played)).await?;
                }
            }
        }
        loop {
            match self.receive(process, request.deadline).await? {
                Message::Move(played) => {
                    let said = played.hub_text();
                    let text = read_move(&said, &game.legal_moves()).ok_or_else(|| Fault::Garbage(said.clone()))?;
                    if let Some(in_game) = &mut self.game {
                        in_game.known = plies + 1;
                    }
                    return Ok(Reply { said, text, score: None, depth: None, ponder: None, ponder_hit: false });
                }
                Message::GameEnd { reason, .. } => {
                    return Err(Fault::Garbage(format!(
                        "GAMEEND ({}) instead of a move, in a game the rules had not ended",
                        describe_reason(reason)
                    )));
                }
                Message::BackRequest { .. } => self.send(process, &Message::BackAccept { code: '1' }).await?,
                Message::GameRequest(_) => {
                    return Err(Fault::Garbage("a game request: arbiter asks for the games".into()));
                }
                Message::Chat(_) | Message::GameAccept { .. } | Message::BackAccept { .. } => {}
            }
        }
    }

    /// Asks the engine to play the side to move from the position the game stands in,
    /// with its clock in whole minutes, and waits for it to accept.
    async fn request_game(&mut self, process: &mut Process, request: &Request<'_>) -> Result<(), Fault> {
        let side = request.side();
        let Limit::Clock { remaining_ms, .. } = request.limit else {
            return Err(Fault::Start(CLOCK_ONLY.into()));
        };
        let minutes = u16::try_from((remaining_ms[side.index()] / 60_000).clamp(1, 999)).expect("at most 999");
        let position = draughts_board::current(request.game)
            .ok_or_else(|| Fault::Start("DXP plays international draughts only".into()))?;
        let position = (position != draughts::Position::start()).then(|| draughts_board::write(&position, &DXP));
        let follower = DXP.sides[side.index()];
        let asked = GameRequest { name: NAME.into(), follower, minutes, moves: 0, position };
        self.send(process, &Message::GameRequest(asked)).await?;
        loop {
            match self.receive(process, request.deadline).await? {
                Message::GameAccept { code: '0', .. } => break,
                Message::GameAccept { code, .. } => {
                    return Err(Fault::Garbage(format!("GAMEACC code {code}: the engine refused the game")));
                }
                // Left over from the last game, or talk.
                Message::GameEnd { .. } | Message::Chat(_) | Message::BackAccept { .. } => {}
                other => {
                    return Err(Fault::Garbage(format!("{} while a game was asked for", other.encode())));
                }
            }
        }
        self.game = Some(InGame { side, known: request.game.moves().len() });
        Ok(())
    }

    /// Tells the engine how the game ended (`winner`: the side that won, `None` for a
    /// draw), from arbiter's side as its opponent.
    pub async fn game_over(&mut self, process: &mut Process, winner: Option<Side>) -> Result<(), Fault> {
        let Some(in_game) = self.game.take() else { return Ok(()) };
        let reason = match winner {
            None => '2',
            Some(side) if side == in_game.side => '1',
            Some(_) => '3',
        };
        self.send(process, &Message::GameEnd { reason, stop: '0' }).await
    }

    /// Says that no more games follow, and closes the connection.
    pub async fn quit(mut self, process: &mut Process) {
        let _ = self.send(process, &Message::GameEnd { reason: '0', stop: '1' }).await;
        let _ = self.writer.shutdown().await;
    }

    async fn send(&mut self, process: &mut Process, message: &Message) -> Result<(), Fault> {
        let text = message.encode();
        process.note(&format!("> {text}"));
        let mut bytes = text.into_bytes();
        bytes.push(END);
        self.writer.write_all(&bytes).await.map_err(|e| Fault::Crashed(e.to_string()))
    }

    /// The next message, by `deadline`.
    async fn receive(&mut self, process: &mut Process, deadline: Instant) -> Result<Message, Fault> {
        // `read_until` keeps what it read in `partial` if the deadline cuts it short;
        // it reads no further than a message can be long.
        let room = (LONGEST_MESSAGE + 1).saturating_sub(self.partial.len()) as u64;
        let mut bounded = (&mut self.reader).take(room);
        let reading = bounded.read_until(END, &mut self.partial);
        match tokio::time::timeout_at(deadline, reading).await {
            Err(_) => Err(Fault::Timeout),
            Ok(Err(error)) => Err(Fault::Crashed(error.to_string())),
            Ok(Ok(_)) if self.partial.last() == Some(&END) => {
                let mut bytes = std::mem::take(&mut self.partial);
                bytes.pop();
                let text = String::from_utf8_lossy(&bytes).into_owned();
                process.note(&format!("< {text}"));
                Message::decode(&text).map_err(|e| Fault::Garbage(e.0))
            }
            Ok(Ok(_)) if self.partial.len() > LONGEST_MESSAGE => {
                Err(Fault::Garbage(format!("{} bytes without the NUL that ends a message", self.partial.len())))
            }
            Ok(Ok(_)) if self.partial.is_empty() => Err(Fault::Crashed("it closed the connection".into())),
            Ok(Ok(_)) => Err(Fault::Crashed("it closed the connection mid-message".into())),
        }
    }
}

/// How arbiter meets a DXP engine, made ready before the engine starts.
pub enum Meeting<'a> {
    /// The engine listens at the address: arbiter connects.
    Connecting {
        /// `HOST:PORT`.
        address: &'a str,
    },
    /// The engine connects to the address, where arbiter listens already.
    Listening {
        /// `HOST:PORT`.
        address: &'a str,
        /// Bound before the engine starts, so that its first try finds it.
        listener: TcpListener,
    },
}

impl Meeting<'_> {
    /// Gets ready to meet at `address`: for an engine that connects to arbiter
    /// (`listen=`), by listening there.
    pub async fn prepare(address: &DxpAddress) -> Result<Meeting<'_>, Fault> {
        match address {
            DxpAddress::Engine(address) => Ok(Meeting::Connecting { address }),
            DxpAddress::Arbiter(address) => TcpListener::bind(address)
                .await
                .map(|listener| Meeting::Listening { address, listener })
                .map_err(|e| Fault::Start(format!("cannot listen on {address}: {e}"))),
        }
    }
}

/// Why DXP engines need `--tc`.
pub const CLOCK_ONLY: &str = "DXP engines keep their own clock, told in whole minutes for the game: \
     play them with --tc of at least 60 seconds, without moves per period";

fn describe_reason(reason: char) -> &'static str {
    match reason {
        '1' => "the engine says it lost",
        '2' => "the engine says it is a draw",
        '3' => "the engine says it won",
        _ => "result unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::EngineCommand;
    use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput};
    use tokio::io::AsyncReadExt;
    use tokio::net::TcpListener;

    /// A stand-in engine: it accepts the game, then answers the first move request with
    /// `answer` (raw bytes, NULs included).
    async fn engine_that_answers(answer: Vec<u8>) -> (Dxp, Process, tokio::task::JoinHandle<Vec<u8>>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap().to_string();
        let engine = tokio::spawn(async move {
            let (mut stream, _) = listener.accept().await.unwrap();
            let mut heard = vec![0; 256];
            let read = stream.read(&mut heard).await.unwrap();
            heard.truncate(read);
            let accept = Message::GameAccept { name: "fake".into(), code: '0' }.encode();
            stream.write_all(format!("{accept}\0").as_bytes()).await.unwrap();
            stream.write_all(&answer).await.unwrap();
            // Hold the connection open a moment, as an engine that thinks would.
            tokio::time::sleep(Duration::from_millis(300)).await;
            heard
        });
        let command = EngineCommand { program: "sleep".into(), args: vec!["5".into()], dir: None };
        let process = Process::start(&command).unwrap();
        let meeting = Meeting::Connecting { address: &address };
        let (session, _) = Dxp::start(meeting, Instant::now() + Duration::from_secs(2)).await.unwrap();
        (session, process, engine)
    }

    async fn first_answer(answer: &[u8]) -> (Result<Reply, Fault>, Vec<u8>) {
        let (mut session, mut process, engine) = engine_that_answers(answer.to_vec()).await;
        let game = AnyGame::new(&GameOptions::new(GameKind::Draughts, &OptionsInput::default()).unwrap());
        let limit = Limit::Clock { remaining_ms: [120_000, 120_000], increment_ms: 0, moves_to_go: None };
        let deadline = Instant::now() + Duration::from_millis(200);
        let reply = session.think(&mut process, &Request { game: &game, limit, deadline }).await;
        (reply, engine.await.unwrap())
    }

    #[tokio::test]
    async fn a_game_is_asked_for_with_the_engines_colour_and_minutes() {
        let (reply, heard) = first_answer(b"M0001322800\0").await;
        assert_eq!(reply.unwrap().text, Ok("32-28".to_owned()));
        assert_eq!(heard, format!("R01{:<32}W002000A\0", "arbiter").as_bytes());
    }

    #[tokio::test]
    async fn a_capture_no_legal_move_makes_is_named_and_a_cut_one_is_garbage() {
        let (reply, _) = first_answer(b"M000132230102\0").await;
        assert!(reply.unwrap().text.unwrap_err().to_string().contains("no legal capture goes from 32 to 23 taking 2"));
        let (reply, _) = first_answer(b"M00013228011\0").await;
        assert!(matches!(&reply, Err(Fault::Garbage(text)) if text.contains("captured piece")), "{reply:?}");
    }

    #[tokio::test]
    async fn an_engine_that_ends_the_game_by_itself_or_talks_nonsense_gives_no_move() {
        let (reply, _) = first_answer(b"E20\0").await;
        assert!(matches!(&reply, Err(Fault::Garbage(text)) if text.contains("says it is a draw")), "{reply:?}");
        let (reply, _) = first_answer(b"hello\0").await;
        assert!(matches!(&reply, Err(Fault::Garbage(text)) if text.contains("no message starts with")), "{reply:?}");
        let (reply, _) = first_answer(b"C thinking...\0").await;
        assert_eq!(reply, Err(Fault::Timeout), "talk is no move");
        let (reply, _) = first_answer(&[b'M'; 10_000]).await;
        assert!(matches!(&reply, Err(Fault::Garbage(text)) if text.contains("without the NUL")), "{reply:?}");
    }

    #[tokio::test]
    async fn an_engine_that_hangs_up_has_crashed() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap().to_string();
        tokio::spawn(async move {
            let (stream, _) = listener.accept().await.unwrap();
            drop(stream);
        });
        let command = EngineCommand { program: "sleep".into(), args: vec!["5".into()], dir: None };
        let mut process = Process::start(&command).unwrap();
        let meeting = Meeting::Connecting { address: &address };
        let (mut session, _) = Dxp::start(meeting, Instant::now() + Duration::from_secs(2)).await.unwrap();
        let game = AnyGame::new(&GameOptions::new(GameKind::Draughts, &OptionsInput::default()).unwrap());
        let limit = Limit::Clock { remaining_ms: [60_000; 2], increment_ms: 0, moves_to_go: None };
        let deadline = Instant::now() + Duration::from_secs(2);
        let reply = session.think(&mut process, &Request { game: &game, limit, deadline }).await;
        assert!(matches!(reply, Err(Fault::Crashed(_))), "{reply:?}");
        let no_clock = Limit::MoveTime { ms: 100 };
        session.game = None;
        let reply = session.think(&mut process, &Request { game: &game, limit: no_clock, deadline }).await;
        assert_eq!(reply, Err(Fault::Start(CLOCK_ONLY.into())));
    }
}
