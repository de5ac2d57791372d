//! The command line, as clap reads it.

use std::path::PathBuf;

use arbiter::GameKind;
use arbiter_server::{Access, Leaving, Limits};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};

use crate::game_flags::GameFlags;

#[derive(Parser)]
#[command(name = "arbiter", version, about = "A referee for Xiangqi, draughts, Gomoku and TwixT")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Answer a contest problem's input (the four formats are in docs/judges/).
    Judge(JudgeArgs),
    /// Count the leaf nodes of the legal-move tree to a depth.
    Perft(PerftArgs),
    /// List the legal moves of a position and its status.
    Moves(MovesArgs),
    /// Play a game's moves and print the outcome, or the first illegal move and why.
    Replay(ReplayArgs),
    /// Run the online referee: HTTP API, WebSocket updates, SQLite or PostgreSQL.
    Serve(ServeArgs),
    /// Draw a position as SVG, as the browser shows it.
    Render(RenderArgs),
    /// Referee a match between game-playing programs (engines).
    Match(Box<MatchArgs>),
    /// Run arbiter's own engine in a protocol: on standard input and output, or for DXP on TCP.
    Engine(EngineArgs),
    /// Replay every game of record files and set each against its recorded result.
    Check(CheckArgs),
    /// Rewrite records in another notation.
    Convert(ConvertArgs),
    /// Play the games of runs stored in PostgreSQL (`arbiter match --database ... --run NAME`).
    Worker(WorkerArgs),
    /// Play on an arbiter server as a bot account: take challenges, play each game with an engine.
    Bot(BotArgs),
}

/// Reads a game's name, offering the registry's names in help and errors.
fn game_kind() -> impl TypedValueParser<Value = GameKind> {
    PossibleValuesParser::new(GameKind::ALL.iter().map(|kind| kind.name()))
        .map(|name| name.parse::<GameKind>().expect("one of the registry's names"))
}

/// Which position to start from, and the options of games that have them.
#[derive(Args, Clone, Default)]
pub struct PositionArgs {
    /// The position: FEN for Xiangqi and draughts, board text for Gomoku
    /// (rows from the top joined by `/`, `x` Black, `o` White, `.` empty).
    #[arg(long, visible_alias = "board")]
    pub fen: Option<String>,
    /// Every game's options (`--rules`, `--size`, `--move-limit`, ...), from the registry.
    #[command(flatten)]
    pub options: GameFlags,
}

#[derive(Args)]
pub struct JudgeArgs {
    /// Which contest format to read.
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    /// The input file; standard input when left out.
    pub file: Option<PathBuf>,
    /// The rule set: the contest's boards are read under the game's default rules
    /// only, and any other is refused.
    #[arg(long)]
    pub rules: Option<String>,
}

#[derive(Args)]
pub struct PerftArgs {
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    /// Plies to search.
    #[arg(long, short)]
    pub depth: u32,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print the count below each legal move first.
    #[arg(long)]
    pub divide: bool,
    /// Worker threads (root moves are shared out among them).
    #[arg(long, short, default_value_t = 1)]
    pub threads: usize,
}

#[derive(Args)]
pub struct MovesArgs {
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Gomoku (Renju): print the points forbidden to Black instead, on one line.
    #[arg(long)]
    pub forbidden: bool,
}

#[derive(Args)]
pub struct ReplayArgs {
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    /// The moves, separated by blanks or line ends; standard input when left out.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Explain the last repetition (Xiangqi): what each move since the repeated
    /// position first stood was by the chosen rules, and which rule decides.
    #[arg(long)]
    pub explain: bool,
}

#[derive(Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: std::net::SocketAddr,
    /// `sqlite://FILE` (created if missing) or `postgres://USER@HOST:PORT/DB`.
    #[arg(long, default_value = arbiter_server::DEFAULT_DATABASE)]
    pub database: String,
    /// Open connections at once (never more than the open-file limit allows).
    #[arg(long, default_value_t = Limits::default().max_connections)]
    pub max_connections: usize,
    /// Seconds a client has to send a request's headers; also the longest a
    /// kept-alive connection may sit idle.
    #[arg(long, default_value_t = Limits::default().header_timeout.as_secs_f64())]
    pub header_timeout: f64,
    /// Seconds a client has to send a request's body.
    #[arg(long, default_value_t = Limits::default().body_timeout.as_secs_f64())]
    pub body_timeout: f64,
    /// The largest WebSocket message or frame a watcher may send, in bytes.
    #[arg(long, default_value_t = Limits::default().ws_max_message)]
    pub ws_max_message: usize,
    /// Seconds a message to a watcher may wait to be taken before the watcher is
    /// dropped.
    #[arg(long, default_value_t = Limits::default().ws_send_timeout.as_secs_f64())]
    pub ws_send_timeout: f64,
    /// Watchers of one game at once.
    #[arg(long, default_value_t = Limits::default().max_watchers_per_game)]
    pub max_watchers_per_game: usize,
    /// Watchers of all games at once.
    #[arg(long, default_value_t = Limits::default().max_watchers)]
    pub max_watchers: usize,
    /// Games kept in memory; the least recently used leave first.
    #[arg(long, default_value_t = Limits::default().max_games_in_memory)]
    pub max_games_in_memory: usize,
    /// Megabytes the games in memory may take.
    #[arg(long, default_value_t = Limits::default().memory_budget >> 20)]
    pub memory_budget_mb: usize,
    /// Seconds after which a game nobody touched leaves memory.
    #[arg(long, default_value_t = Limits::default().game_idle.as_secs_f64())]
    pub game_idle: f64,
    /// Seconds to wait for the database before answering 503.
    #[arg(long, default_value_t = Limits::default().database_timeout.as_secs_f64())]
    pub database_timeout: f64,
    /// An engine people can play besides arbiter's own, as words KEY=VALUE:
    /// name=NAME cmd=PATH proto=PROTOCOL [args="..."] [dir=DIR] [option.NAME=VALUE]...
    #[arg(long = "engine", id = "engine", num_args = 1.., value_name = "KEY=VALUE", action = clap::ArgAction::Append)]
    pub engine_words: Vec<String>,
    /// The words of each `--engine`, grouped.
    #[arg(skip)]
    pub engines: Vec<Vec<String>>,
    /// The server is reached through a reverse proxy: trust its X-Forwarded-For (the
    /// client's address), X-Forwarded-Proto (https makes the session cookie Secure)
    /// and X-Forwarded-Host.
    #[arg(long)]
    pub behind_proxy: bool,
    /// Always mark the session cookie Secure: the server is reached over HTTPS only.
    #[arg(long)]
    pub secure_cookies: bool,
    /// Seconds each side has for its first move before the game is aborted (games
    /// not played by correspondence).
    #[arg(long, default_value_t = Leaving::default().first_move.as_secs_f64())]
    pub first_move_seconds: f64,
    /// Seconds an open challenge waits for an opponent (not correspondence).
    #[arg(long, default_value_t = Leaving::default().challenge.as_secs_f64())]
    pub challenge_seconds: f64,
    /// Seconds a seat's player may have no connection before the seat is declared
    /// gone (not correspondence).
    #[arg(long, default_value_t = Leaving::default().gone_after.as_secs_f64())]
    pub gone_seconds: f64,
    /// Seconds after a seat is declared gone before its opponent may claim the game.
    #[arg(long, default_value_t = Leaving::default().claim_after.as_secs_f64())]
    pub claim_seconds: f64,
}

impl ServeArgs {
    /// The limits these options set.
    pub fn limits(&self) -> Result<Limits, String> {
        let seconds = |name: &str, value: f64| {
            std::time::Duration::try_from_secs_f64(value)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| format!("--{name} {value}: expected a number of seconds above 0"))
        };
        Ok(Limits {
            max_connections: self.max_connections.max(1),
            header_timeout: seconds("header-timeout", self.header_timeout)?,
            body_timeout: seconds("body-timeout", self.body_timeout)?,
            ws_max_message: self.ws_max_message.max(64),
            ws_send_timeout: seconds("ws-send-timeout", self.ws_send_timeout)?,
            max_watchers_per_game: self.max_watchers_per_game,
            max_watchers: self.max_watchers,
            max_games_in_memory: self.max_games_in_memory.max(1),
            memory_budget: self.memory_budget_mb.saturating_mul(1 << 20),
            game_idle: seconds("game-idle", self.game_idle)?,
            database_timeout: seconds("database-timeout", self.database_timeout)?,
        })
    }

    /// The round's times for players who leave that these options set.
    pub fn leaving(&self) -> Result<Leaving, String> {
        let seconds = |name: &str, value: f64| {
            std::time::Duration::try_from_secs_f64(value)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| format!("--{name} {value}: expected a number of seconds above 0"))
        };
        Ok(Leaving {
            first_move: seconds("first-move-seconds", self.first_move_seconds)?,
            challenge: seconds("challenge-seconds", self.challenge_seconds)?,
            gone_after: seconds("gone-seconds", self.gone_seconds)?,
            claim_after: seconds("claim-seconds", self.claim_seconds)?,
            ..Leaving::default()
        })
    }

    /// How clients reach the server.
    pub fn access(&self) -> Access {
        Access { behind_proxy: self.behind_proxy, secure_cookies: self.secure_cookies }
    }
}

#[derive(Args)]
pub struct RenderArgs {
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Moves to play from the position first (as `replay` reads them); the last is marked.
    #[arg(long)]
    pub moves: Option<PathBuf>,
    /// Where to write the SVG; standard output when left out or `-`.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// Turn the board round, the second side at the bottom (Xiangqi's and draughts'
    /// Black); Gomoku and TwixT look the same either way.
    #[arg(long)]
    pub flip: bool,
}

/// `arbiter bot`: a bot account's engine on a server.
#[derive(Args)]
pub struct BotArgs {
    /// The server's address: http://HOST:PORT.
    #[arg(long)]
    pub server: String,
    /// The bot account's API token (POST /api/tokens); else the environment's
    /// ARBITER_BOT_TOKEN, which other users cannot read from the process list.
    #[arg(long)]
    pub token: Option<String>,
    /// An engine, as `arbiter match` takes it: name=NAME cmd=PATH proto=PROTO
    /// [args="..."] [option.NAME=VALUE]...; cmd=builtin runs arbiter's own engine in its
    /// protocol, and the single word `arbiter` plays arbiter's own engine in this
    /// process, for every game. Once per engine; a game goes to the first that plays it.
    /// Without any, arbiter's own engine plays.
    #[arg(long = "engine", id = "engine", num_args = 1.., value_name = "KEY=VALUE", action = clap::ArgAction::Append)]
    pub engine_words: Vec<String>,
    /// The words of each `--engine`, grouped (filled from the parsed command line).
    #[arg(skip)]
    pub engines: Vec<Vec<String>>,
    /// Games played at once; challenges beyond are declined.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,
    /// Milliseconds a move, fixed: the most it thinks, whatever the clock (an untimed
    /// game's time a move, 1000 if not given).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Challenges a player (a person or a bot) once as it starts: NAME:GAME, the game
    /// with its default options, untimed, casual, the seats drawn by lot. Repeatable.
    #[arg(long, value_name = "NAME:GAME")]
    pub challenge: Vec<String>,
    /// Joins a tournament (its id) as it starts, and plays its games as they are
    /// paired. Repeatable.
    #[arg(long, value_name = "TOURNAMENT")]
    pub join: Vec<String>,
}

#[derive(Args)]
pub struct EngineArgs {
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    /// The protocol to speak: uci or uci-fsf or ucci (Xiangqi), hub or dxp (draughts),
    /// gomocup (Gomoku).
    #[arg(long, short)]
    pub protocol: String,
    /// DXP only: the address to wait on for the program that asks for games (one
    /// connection; the engine ends when it closes). Default 127.0.0.1:27531.
    #[arg(long, value_name = "HOST:PORT", conflicts_with = "connect")]
    pub listen: Option<String>,
    /// DXP only: connect to the program that asks for games at this address, instead
    /// of waiting for it.
    #[arg(long, value_name = "HOST:PORT")]
    pub connect: Option<String>,
    /// The deepest the search goes, 1 to 20: the engine's strength.
    #[arg(long, default_value_t = 4)]
    pub depth: u32,
    /// 0 plays the best move found every time; another seed picks at random among
    /// the moves near the best, the same way for the same seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

#[derive(Args)]
pub struct MatchArgs {
    #[arg(value_parser = game_kind(), required_unless_present = "stop")]
    pub game: Option<GameKind>,
    /// An engine, as words KEY=VALUE: name=NAME cmd=PATH [args="..."] [dir=DIR]
    /// proto=uci|uci-fsf|ucci|hub|dxp|gomocup [addr=|listen=HOST:PORT] [ponder=true]
    /// [option.NAME=VALUE]..., or conf=NAME for an engine of --engines-file. cmd=builtin
    /// is arbiter's own engine. addr= is where a dxp engine listens, listen= where arbiter
    /// listens for it. Once per engine.
    #[arg(long = "engine", id = "engine", num_args = 1.., value_name = "KEY=VALUE", required_unless_present = "stop", action = clap::ArgAction::Append)]
    pub engine_words: Vec<String>,
    /// The words of each `--engine`, grouped (filled from the parsed command line:
    /// clap's derive flattens repeated multi-value flags).
    #[arg(skip)]
    pub engines: Vec<Vec<String>>,
    /// A TOML file of engines (`[[engine]]` tables with name, cmd, args, dir, protocol, options, addr,
    /// listen, ponder).
    #[arg(long)]
    pub engines_file: Option<PathBuf>,
    /// How several engines meet: round-robin or gauntlet (the first against each other).
    #[arg(long, default_value = "round-robin")]
    pub tournament: String,
    /// A clock per side: [MOVES/]BASE[+INC] in seconds (40+0.4, 1:30+1; 40/60+0.6 gives
    /// 60 seconds again after every 40 moves).
    #[arg(long, group = "limit")]
    pub tc: Option<String>,
    /// A fixed time per move, in milliseconds.
    #[arg(long, group = "limit")]
    pub movetime: Option<u64>,
    /// A fixed depth per move.
    #[arg(long, group = "limit")]
    pub depth: Option<u32>,
    /// A fixed number of positions per move.
    #[arg(long, group = "limit")]
    pub nodes: Option<u64>,
    /// Milliseconds an answer may come after the time ran out before it loses.
    #[arg(long, default_value_t = 100)]
    pub margin: u64,
    /// Milliseconds a search to a depth or a node count may take before the engine
    /// is taken to hang.
    #[arg(long, default_value_t = 60_000)]
    pub timeout: u64,
    /// Milliseconds an engine may take to start and answer its greeting.
    #[arg(long, default_value_t = 30_000)]
    pub start_timeout: u64,
    /// Print every line between arbiter and the engines on standard error, with the
    /// seconds since the first engine started and the engine's name (`>` sent, `<`
    /// received).
    #[arg(long)]
    pub debug: bool,
    /// Games per encounter of two engines in each round (two by two on one opening,
    /// colours swapped).
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Rounds.
    #[arg(long, default_value_t = 1)]
    pub rounds: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Openings, one a line: a position (FEN, [FEN "..."], Gomoku board text), moves
    /// from the start, or a position, `moves`, and moves.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// The order the openings are taken in: sequential (the file's) or random.
    #[arg(long, default_value = "sequential", value_parser = ["sequential", "random"])]
    pub openings_order: String,
    /// The seed of the random order, to play a match's openings again in the same
    /// order (by default one from the clock, printed at the start).
    #[arg(long, requires = "openings")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Append every game's record (PGN; PDN for draughts) to this file.
    #[arg(long)]
    pub pgnout: Option<PathBuf>,
    /// Xiangqi records' notation: iccs, wxf, chinese or chinese-traditional.
    #[arg(long, default_value = "iccs")]
    pub notation: String,
    /// Stop when a sequential probability ratio test decides: elo0=E0 elo1=E1 [alpha=A beta=B].
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// Adjudicate a loss by score: movecount=N score=S [twosided=true].
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub resign: Option<Vec<String>>,
    /// Adjudicate a draw by score: movenumber=N movecount=N score=S.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub draw: Option<Vec<String>>,
    /// Write the results as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// The event's name in the records.
    #[arg(long, default_value = "arbiter match")]
    pub event: String,
    /// Store the match as a run in this PostgreSQL database (`postgres://USER@HOST:PORT/DB`),
    /// for `arbiter worker` on any machine to play; needs --run.
    #[arg(long, requires = "run")]
    pub database: Option<String>,
    /// The run's name, unique in the database.
    #[arg(long, requires = "database")]
    pub run: Option<String>,
    /// With --database: pairs of games this command plays at once as a worker of the
    /// run (0: store the run and return).
    #[arg(long, default_value_t = 1, requires = "database")]
    pub workers: usize,
    /// With --database and --run: stop the run (no pair is handed out any more).
    #[arg(long, requires = "run")]
    pub stop: bool,
}

#[derive(Args)]
pub struct WorkerArgs {
    /// The PostgreSQL database of the runs (`postgres://USER@HOST:PORT/DB`).
    #[arg(long)]
    pub database: String,
    /// Pairs of games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Play this run only, and end when it is over (by default every running run,
    /// oldest first, waiting for new ones).
    #[arg(long)]
    pub run: Option<String>,
    /// The engines of this machine (`[[engine]]` tables as for `arbiter match`): a run's
    /// `conf=NAME` engines are found here by name.
    #[arg(long)]
    pub engines_file: Option<PathBuf>,
    /// The worker's name on the runs' pages (by default the host's name and the process id).
    #[arg(long)]
    pub name: Option<String>,
    /// Seconds a pair stays this worker's without news from it; the lease is renewed
    /// while the pair is played, and a pair whose lease ran out goes to another worker.
    #[arg(long, default_value_t = 60.0)]
    pub lease: f64,
}

/// How record files are read.
#[derive(Args, Clone)]
pub struct RecordArgs {
    /// The text's encoding: utf-8, gb18030 (gbk) or big5; detected when left out.
    #[arg(long)]
    pub encoding: Option<String>,
    /// The options of games whose records do not say (`--rules`, `--move-limit`, ...).
    #[command(flatten)]
    pub options: GameFlags,
}

#[derive(Args)]
pub struct CheckArgs {
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    /// Record files (PGN, PDN, .psq, tsgf, T1j; `.xz` unpacked); `-` for standard input.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub records: RecordArgs,
    /// Also print the games whose recorded result differs from the rules' verdict, and
    /// the endings players went on after.
    #[arg(long, short)]
    pub verbose: bool,
    /// Write a report of every game as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
}

#[derive(Args)]
pub struct ConvertArgs {
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    /// The notation to write: iccs, wxf, chinese or chinese-traditional (Xiangqi); pdn (draughts).
    #[arg(long)]
    pub to: String,
    /// The record file; standard input when left out.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub records: RecordArgs,
    /// Write every game that replays and name each refused one on standard error
    /// (exit status 1), instead of stopping at the first.
    #[arg(long)]
    pub skip_refused: bool,
}
