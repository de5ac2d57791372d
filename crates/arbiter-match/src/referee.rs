//! One game between two engines, refereed: each move asked for within the clock,
//! read, checked and played by the rules library; the game ended by the rules, or by
//! a fault of an engine (time, an illegal move, a crash, an answer that is no move),
//! or by adjudication when it is asked for.

use std::time::Duration;

use arbiter::clock::Clock;
use arbiter::{AnyGame, MoveError, Outcome, Side, Termination};
use tokio::time::Instant;

use crate::adjudication::{Adjudication, Decision, Scores};
use crate::limits::TimeLimit;
use crate::opening::Opening;
use crate::process::Fault;
use crate::protocol::{Engine, Limit, Request, Score};

/// How the games of a match are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Every search's limit: a clock, a time per move, a depth or a node count.
    pub limit: TimeLimit,
    /// How far past its time an answer may come before it loses.
    pub margin_ms: u64,
    /// How long a search to a depth or a node count may take before the engine is
    /// taken to hang.
    pub stall_ms: u64,
    /// When a game ends early by the engines' scores.
    pub adjudication: Adjudication,
}

/// A move as it was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// In arbiter's notation.
    pub text: String,
    /// As the engine wrote it.
    pub said: String,
    /// The time it took, as the clock counted it.
    pub ms: u64,
    /// The score the engine reported, if it did.
    pub score: Option<Score>,
    /// The depth the engine reported, if it did.
    pub depth: Option<u32>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The side that won; `None` for a draw.
    pub winner: Option<Side>,
    /// The rule's ending (checkmate, perpetual chase, five in a row), or what the
    /// referee saw: time forfeit, stalled, illegal move, unreadable answer, crash,
    /// adjudication.
    pub termination: Termination,
    /// What happened, in a sentence.
    pub detail: String,
}

/// A finished game.
pub struct Played {
    /// The game with every move, the opening's first.
    pub game: AnyGame,
    /// How many of the game's moves are the opening's.
    pub opening_plies: usize,
    /// The moves the engines played, after the opening.
    pub moves: Vec<MoveRecord>,
    /// How it ended.
    pub ending: Ending,
    /// The sides whose engine failed (crashed, hung, talked nonsense): it is started
    /// afresh before its next game.
    pub failed: [bool; 2],
    /// The referee's own time between one engine's answer and the next request:
    /// reading, checking and playing the move, keeping the clocks and judging,
    /// everything but waiting for the engines. One entry a request, and the end.
    pub referee_times: Vec<Duration>,
    /// The moves each side's engine had pondered on.
    pub ponder_hits: [u32; 2],
}

/// Plays a game from `opening`, `engines[0]` moving first.
pub async fn play(engines: [&mut Engine; 2], opening: &Opening, settings: &Settings) -> Played {
    let started = Instant::now();
    let since_start = move || u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    let mut game = opening.start_game();
    let opening_plies = game.moves().len();
    let mut clock = settings.limit.time_control().map(Clock::new);
    let mut scores = Scores::default();
    let mut moves = Vec::new();
    let mut failed = [false; 2];
    let mut referee_times = Vec::new();
    let mut ponder_hits = [0; 2];
    let mut work = std::time::Instant::now();
    let [first, second] = engines;
    let engines = [first, second];
    let ending = loop {
        if let Some(outcome) = game.outcome() {
            break rules_ending(&game, &outcome);
        }
        let side = game.side_to_move();
        let name = game.side_name(side);
        let asked_at = since_start();
        if let Some(clock) = &mut clock {
            clock.start(side, asked_at);
        }
        let (limit, allowed_ms) = search_limit(clock.as_ref(), settings, side, asked_at);
        let timed = clock.is_some();
        let deadline = Instant::now() + Duration::from_millis(allowed_ms + if timed { settings.margin_ms } else { 0 });
        referee_times.push(work.elapsed());
        let answer = engines[side.index()].think(&Request { game: &game, limit, deadline }).await;
        work = std::time::Instant::now();
        let answered_at = since_start();
        let elapsed = answered_at - asked_at;
        let reply = match answer {
            Ok(reply) => reply,
            Err(fault) => {
                failed[side.index()] = true;
                break fault_ending(side, name, &fault, timed, elapsed, allowed_ms);
            }
        };
        if let Some(clock) = &mut clock {
            // Time first: a move after the flag fell loses on time, whatever it is.
            if elapsed > allowed_ms + settings.margin_ms {
                failed[side.index()] = true;
                break fault_ending(side, name, &Fault::Timeout, true, elapsed, allowed_ms);
            }
            // Within the margin the mover is charged all its time but a millisecond:
            // the library's clock has fallen at zero.
            clock.moved(side, answered_at.min(asked_at + allowed_ms.saturating_sub(1)));
        }
        let text = match reply.text {
            Ok(text) => text,
            Err(reason) => {
                break loss(side, Termination::IllegalMove, format!("{name} played {}: {reason}", reply.said));
            }
        };
        // An answer may be several moves of the same side, as one command of a
        // protocol asks for them (Gomocup's SWAP2BOARD: the three stones of an
        // opening); each is played and recorded in turn, the time on the first.
        let mut refused = (text.split_whitespace().next().is_none()).then(|| {
            failed[side.index()] = true;
            loss(side, Termination::UnreadableAnswer, format!("{name} answered {:?}, which is no move", reply.said))
        });
        for (index, word) in text.split_whitespace().enumerate() {
            if refused.is_some() || (index > 0 && game.outcome().is_some()) {
                break;
            }
            match game.play_text(word) {
                Ok(_) => {}
                Err(MoveError::Illegal { reason, .. }) => {
                    refused =
                        Some(loss(side, Termination::IllegalMove, format!("{name} played {}: {reason}", reply.said)));
                    break;
                }
                Err(error) => {
                    failed[side.index()] = true;
                    refused = Some(loss(
                        side,
                        Termination::UnreadableAnswer,
                        format!("{name} answered {:?}: {error}", reply.said),
                    ));
                    break;
                }
            }
            let played = game.last_move().map_or_else(|| word.to_owned(), |m| m.text.clone());
            let (ms, score, depth) = if index == 0 { (elapsed, reply.score, reply.depth) } else { (0, None, None) };
            moves.push(MoveRecord { text: played, said: reply.said.clone(), ms, score, depth });
        }
        if let Some(ending) = refused {
            break ending;
        }
        scores.record(side, reply.score.map(Score::as_centi));
        ponder_hits[side.index()] += u32::from(reply.ponder_hit);
        if game.outcome().is_some() {
            continue;
        }
        if let Some(ending) = adjudicate(&settings.adjudication, &scores, &game, side) {
            break ending;
        }
        if let Some(expected) = &reply.ponder
            && engines[side.index()].ponders()
        {
            let (limit, _) = search_limit(clock.as_ref(), settings, side, since_start());
            // Talking to an engine is not the referee's own time.
            let talking = std::time::Instant::now();
            // A failure to start shows in the engine's next search, which is refereed.
            let _ = engines[side.index()].ponder(&game, expected, limit).await;
            work += talking.elapsed();
        }
    };
    referee_times.push(work.elapsed());
    if let Some(clock) = &mut clock {
        clock.stop(since_start());
    }
    Played { game, opening_plies, moves, ending, failed, referee_times, ponder_hits }
}

/// What `side`'s search is told at `now`, and how long it may take: its clock's time,
/// or the search limit and the stall time.
fn search_limit(clock: Option<&Clock>, settings: &Settings, side: Side, now: u64) -> (Limit, u64) {
    match (clock, settings.limit) {
        (Some(clock), TimeLimit::Clock { increment_ms, .. }) => {
            let remaining_ms = [clock.remaining_ms(Side::First, now), clock.remaining_ms(Side::Second, now)];
            let moves_to_go = clock.moves_to_go(side);
            (Limit::Clock { remaining_ms, increment_ms, moves_to_go }, remaining_ms[side.index()])
        }
        (Some(clock), TimeLimit::MoveTime { ms }) => (Limit::MoveTime { ms }, clock.remaining_ms(side, now)),
        (_, TimeLimit::Depth(depth)) => (Limit::Depth(depth), settings.stall_ms),
        (_, TimeLimit::Nodes(nodes)) => (Limit::Nodes(nodes), settings.stall_ms),
        (None, TimeLimit::Clock { .. } | TimeLimit::MoveTime { .. }) => unreachable!("these limits keep clocks"),
    }
}

fn rules_ending(game: &AnyGame, outcome: &Outcome) -> Ending {
    Ending {
        winner: outcome.winner(),
        termination: outcome.termination(),
        detail: outcome.describe(|side| game.side_name(side)),
    }
}

fn loss(side: Side, termination: Termination, detail: String) -> Ending {
    Ending { winner: Some(side.opponent()), termination, detail }
}

fn fault_ending(side: Side, name: &str, fault: &Fault, timed: bool, elapsed: u64, allowed_ms: u64) -> Ending {
    match fault {
        Fault::Timeout if timed => {
            loss(side, Termination::TimeForfeit, format!("{name} took {elapsed} ms with {allowed_ms} ms left"))
        }
        Fault::Timeout => loss(side, Termination::Stalled, format!("{name} gave no move in {allowed_ms} ms")),
        Fault::Crashed(why) => loss(side, Termination::Crash, format!("{name}'s engine stopped: {why}")),
        Fault::Start(why) => loss(side, Termination::Crash, format!("{name}'s engine could not start: {why}")),
        Fault::Garbage(text) => {
            loss(side, Termination::UnreadableAnswer, format!("{name} answered {text:?}, which is no move"))
        }
    }
}

fn adjudicate(rules: &Adjudication, scores: &Scores, game: &AnyGame, side: Side) -> Option<Ending> {
    let move_number = game.moves().len() / 2 + 1;
    match rules.decide(scores, side, move_number)? {
        Decision::Resigned(loser) => Some(loss(
            loser,
            Termination::Adjudication,
            format!("{} resigns: its engine's score stayed below the resignation score", game.side_name(loser)),
        )),
        Decision::Drawn => Some(Ending {
            winner: None,
            termination: Termination::Adjudication,
            detail: "draw: both engines' scores stayed near zero".to_owned(),
        }),
    }
}

/// The ending when an engine cannot even be started for a game: its side loses.
#[must_use]
pub fn unstarted(game: &AnyGame, side: Side, why: &str) -> Ending {
    fault_ending(side, game.side_name(side), &Fault::Start(why.to_owned()), false, 0, 0)
}
