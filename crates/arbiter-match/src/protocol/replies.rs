//! An engine's replies as the match runner reads them, line by line, without a
//! process: what the fuzz target `replies` feeds arbitrary text through. Each line goes
//! through the reader of the protocol's answers (UCI and UCCI `info` and `bestmove`,
//! Hub `info` and `done`, Gomocup's `x,y` among its chatter, DXP's messages), and a move
//! read is looked up as the referee would, among the legal moves of `game`.

use arbiter::AnyGame;

use super::dxp_message::Message;
use super::xiangqi_board::XiangqiCoordinates;
use super::{Protocol, gomocup, hub, uci};

/// Reads every line of `text` as `protocol`'s engine's reply in `game`; the messages
/// of what it refuses, in order.
#[doc(hidden)]
pub fn read_replies(protocol: Protocol, text: &str, game: &AnyGame) -> Vec<String> {
    let mut refusals = Vec::new();
    let (mut depth, mut score) = (None, None);
    for line in text.lines() {
        let said = match protocol {
            Protocol::Uci | Protocol::UciFsf | Protocol::Ucci => {
                let coordinates = XiangqiCoordinates { base: u8::from(protocol == Protocol::UciFsf) };
                uci::answer_line(line, protocol == Protocol::Ucci, &mut depth, &mut score).and_then(|(said, ponder)| {
                    ponder.and_then(|p| coordinates.read_engine(&p));
                    coordinates.read_engine(&said)
                })
            }
            Protocol::Hub => hub::answer_line(line, &mut score, &mut depth).map(|(said, _)| said),
            Protocol::Gomocup => {
                let _ = gomocup::about_name(line);
                (!gomocup::is_chatter(line))
                    .then(|| gomocup::read_point(line, 15, 15).map(|point| point.to_string()))
                    .flatten()
            }
            Protocol::Dxp => match Message::decode(line) {
                Ok(Message::Move(played)) => Some(played.hub_text()),
                Ok(_) => None,
                Err(unreadable) => {
                    refusals.push(unreadable.to_string());
                    None
                }
            },
        };
        // Draughts moves name their squares (and captures), matched among the legal ones.
        let said = match protocol {
            Protocol::Hub | Protocol::Dxp => said.and_then(|said| match hub::read_move(&said, &game.legal_moves())? {
                Ok(text) => Some(text),
                Err(unmatched) => {
                    refusals.push(unmatched.to_string());
                    None
                }
            }),
            _ => said,
        };
        if let Some(text) = said {
            let mut game = game.clone();
            if let Err(e) = game.play_text(&text) {
                refusals.push(e.to_string());
            }
        }
    }
    refusals
}
