//! DXP as a follower, on one connection: accepts each game the initiator asks for
//! (`R`, answered `A`), answers moves with moves (`M`), confirms each game's end
//! (`E`), refuses take-backs, and stops when the initiator says no more games follow
//! or closes the connection.

use std::io::{self, BufRead, Read, Write};
use std::time::Instant;

use arbiter::draughts::Rules;
use arbiter::{AnyGame, Side};

use super::refusal::Refusal;
use super::thinker::{NAME, Thinker};
use crate::protocol::Limit;
use crate::protocol::draughts_board::{self, BoardError, DXP};
use crate::protocol::dxp_message::{END, GameRequest, LONGEST_MESSAGE, Message, Move};
use crate::protocol::hub::read_move;

/// A game in progress.
struct Playing {
    game: AnyGame,
    side: Side,
    /// The time left on the engine's own clock.
    left_ms: u64,
}

pub fn serve(mut thinker: Thinker, mut reader: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let mut playing: Option<Playing> = None;
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        // No further than a message can be long: a peer that never ends one is cut off.
        if (&mut reader).take(LONGEST_MESSAGE as u64).read_until(END, &mut bytes)? == 0 {
            return Ok(());
        }
        if bytes.last() == Some(&END) {
            bytes.pop();
        }
        let message = match Message::decode(&String::from_utf8_lossy(&bytes)) {
            Ok(message) => message,
            Err(fault) => {
                send(out, &Message::Chat(format!("error: {fault}")))?;
                continue;
            }
        };
        match message {
            Message::GameRequest(request) => match start(&request) {
                Ok(started) => {
                    send(out, &Message::GameAccept { name: NAME.into(), code: '0' })?;
                    thinker.games += 1;
                    playing = Some(started);
                    answer(&thinker, &mut playing, out)?;
                }
                Err(why) => {
                    send(out, &Message::Chat(format!("error: {why}")))?;
                    send(out, &Message::GameAccept { name: NAME.into(), code: '3' })?;
                }
            },
            Message::Move(played) => {
                let Some(game) = playing.as_mut().map(|p| &mut p.game) else {
                    send(out, &Message::Chat("error: a move, but no game is in progress".into()))?;
                    continue;
                };
                let said = played.hub_text();
                let text = match read_move(&said, &game.legal_moves()) {
                    Some(Ok(text)) => Ok(text),
                    Some(Err(reason)) => Err(Refusal::Unmatched(reason)),
                    None => Err(Refusal::NotAMove),
                };
                if let Err(reason) = text.and_then(|text| game.play_text(&text).map(drop).map_err(Refusal::Move)) {
                    send(out, &Message::Chat(format!("error: illegal move {said}: {reason}")))?;
                    send(out, &Message::GameEnd { reason: '0', stop: '0' })?;
                    playing = None;
                    continue;
                }
                answer(&thinker, &mut playing, out)?;
            }
            Message::GameEnd { stop, .. } => {
                if playing.take().is_some() {
                    send(out, &Message::GameEnd { reason: '0', stop })?;
                }
                if stop == '1' {
                    return Ok(());
                }
            }
            Message::BackRequest { .. } => send(out, &Message::BackAccept { code: '1' })?,
            Message::GameAccept { .. } | Message::Chat(_) | Message::BackAccept { .. } => {}
        }
    }
}

/// The game a request asks for.
fn start(request: &GameRequest) -> Result<Playing, BoardError> {
    let position = match &request.position {
        None => arbiter::draughts::Position::start(),
        Some(text) => draughts_board::read(text, &DXP)?,
    };
    let game = draughts_board::game_from(&position, Rules::International)?;
    let side = if request.follower == DXP.sides[0] { Side::First } else { Side::Second };
    Ok(Playing { game, side, left_ms: u64::from(request.minutes.max(1)) * 60_000 })
}

/// Moves if it is the engine's turn; ends the game with its result if the rules have.
fn answer(thinker: &Thinker, playing: &mut Option<Playing>, out: &mut impl Write) -> io::Result<()> {
    let Some(current) = playing.as_mut() else { return Ok(()) };
    if let Some(outcome) = current.game.outcome() {
        let reason = match outcome.winner() {
            None => '2',
            Some(side) if side == current.side => '3',
            Some(_) => '1',
        };
        *playing = None;
        return send(out, &Message::GameEnd { reason, stop: '0' });
    }
    if current.game.side_to_move() != current.side {
        return Ok(());
    }
    let started = Instant::now();
    let limit = Limit::Clock { remaining_ms: [current.left_ms; 2], increment_ms: 0, moves_to_go: None };
    let Some(choice) = thinker.think(&current.game, limit) else { return Ok(()) };
    let elapsed = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    current.left_ms = current.left_ms.saturating_sub(elapsed).max(1);
    let legal = current.game.legal_moves();
    let played = legal.iter().find(|m| m.text == choice.text).and_then(|m| {
        let seconds = u16::try_from(elapsed / 1000).unwrap_or(u16::MAX);
        Move::from_detail(m, seconds)
    });
    let Some(played) = played else { return Ok(()) };
    current.game.play_text(&choice.text).map_err(|e| io::Error::other(e.to_string()))?;
    send(out, &Message::Move(played))
}

/// One message, sent at once: the other side waits for it.
fn send(out: &mut impl Write, message: &Message) -> io::Result<()> {
    let mut bytes = message.encode().into_bytes();
    bytes.push(END);
    out.write_all(&bytes)?;
    out.flush()
}
