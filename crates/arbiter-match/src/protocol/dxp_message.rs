//! DXP (DamExchange) messages, as the protocol's layer-2 description lays them out:
//! one letter for the kind, then fixed-width fields of digits and names, each message
//! ended by a NUL byte on the connection. Both arbiter's side of a match and its
//! built-in engine read and write them here.

use arbiter::quote::excerpt;
use std::fmt;

/// The NUL byte that ends every message on the connection.
pub(crate) const END: u8 = 0;

/// The longest message the protocol lays out (a request with a position) is 94 bytes,
/// and a chat line is short: a peer that sends this much without a NUL is not
/// speaking DXP.
pub(crate) const LONGEST_MESSAGE: usize = 4096;

/// Names are padded to this width.
const NAME_WIDTH: usize = 32;

/// The protocol version arbiter speaks.
const VERSION: u8 = 1;

/// The most pieces one capture can take.
const MAX_CAPTURED: usize = 20;

/// One message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Message {
    /// `R`: the initiator asks for a game.
    GameRequest(GameRequest),
    /// `A`: the follower's answer; code `0` accepts, any other refuses.
    GameAccept { name: String, code: char },
    /// `M`: a move.
    Move(Move),
    /// `E`: the game ends. Reason `0` unknown, `1` the sender loses, `2` a draw, `3`
    /// the sender wins; stop `0` another game may follow, `1` no more games.
    GameEnd { reason: char, stop: char },
    /// `C`: a line of text for the people watching.
    Chat(String),
    /// `B`: take moves back to this move number and colour to move.
    BackRequest { move_number: u16, side: char },
    /// `K`: the answer to a take-back; code `0` agrees.
    BackAccept { code: char },
}

/// What a game request says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameRequest {
    pub name: String,
    /// The colour the follower plays: `W` (white) or `Z` (black, *zwart*).
    pub follower: char,
    /// Each side's time for the whole game, in minutes.
    pub minutes: u16,
    /// The moves of the game before it may be ended, 0 for no limit.
    pub moves: u16,
    /// The start: the side to move and fifty squares in DXP's letters, `None` for the
    /// usual start with white to move.
    pub position: Option<String>,
}

/// A move: from, to and every square whose piece it takes, in any order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Move {
    /// The time the mover took, informational.
    pub seconds: u16,
    pub from: u8,
    pub to: u8,
    pub captured: Vec<u8>,
}

impl Move {
    /// The move as Hub writes it (`32-28`, `28x19x23`), which the Hub reader matches
    /// against the legal moves.
    pub(crate) fn hub_text(&self) -> String {
        if self.captured.is_empty() {
            return format!("{}-{}", self.from, self.to);
        }
        let mut text = format!("{}x{}", self.from, self.to);
        for square in &self.captured {
            text.push_str(&format!("x{square}"));
        }
        text
    }

    /// A legal move of the library (its squares as numbers) as a DXP move.
    pub(crate) fn from_detail(played: &arbiter::MoveDetail, seconds: u16) -> Option<Move> {
        let number = |text: &str| text.parse::<u8>().ok().filter(|n| (1..=50).contains(n));
        Some(Move {
            seconds,
            from: number(played.from.as_deref()?)?,
            to: number(played.to.as_deref()?)?,
            captured: played.captured.iter().map(|s| number(s)).collect::<Option<_>>()?,
        })
    }
}

/// Why a message could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Unreadable(pub String);

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Message {
    /// The message's text, without the NUL that ends it on the connection.
    pub(crate) fn encode(&self) -> String {
        match self {
            Message::GameRequest(request) => {
                let mut text = format!(
                    "R{VERSION:02}{}{}{:03}{:03}",
                    pad(&request.name),
                    request.follower,
                    request.minutes.min(999),
                    request.moves.min(999)
                );
                match &request.position {
                    None => text.push('A'),
                    Some(position) => {
                        text.push('B');
                        text.push_str(position);
                    }
                }
                text
            }
            Message::GameAccept { name, code } => format!("A{}{code}", pad(name)),
            Message::Move(played) => {
                let mut text = format!(
                    "M{:04}{:02}{:02}{:02}",
                    played.seconds.min(9999),
                    played.from,
                    played.to,
                    played.captured.len()
                );
                for square in &played.captured {
                    text.push_str(&format!("{square:02}"));
                }
                text
            }
            Message::GameEnd { reason, stop } => format!("E{reason}{stop}"),
            Message::Chat(text) => {
                let text: String =
                    text.chars().map(|c| if c.is_ascii() && c != char::from(END) { c } else { '?' }).collect();
                format!("C{text}")
            }
            Message::BackRequest { move_number, side } => format!("B{:03}{side}", move_number.min(&999)),
            Message::BackAccept { code } => format!("K{code}"),
        }
    }

    /// Reads one message (without its NUL).
    pub(crate) fn decode(text: &str) -> Result<Message, Unreadable> {
        // A message refused is quoted in short: an engine's text may be of any length.
        let quoted = excerpt(text);
        if !text.is_ascii() {
            return Err(Unreadable(format!("{quoted:?} is not ASCII")));
        }
        let mut fields = Fields { text, at: 1 };
        let message = match text.as_bytes().first() {
            None => return Err(Unreadable("an empty message".into())),
            Some(b'R') => {
                let _version = fields.number(2, "version")?;
                let name = fields.take(NAME_WIDTH, "name")?.trim_end().to_owned();
                let follower = fields.letter("follower colour", &['W', 'Z'])?;
                let minutes = fields.number(3, "thinking time")?;
                let moves = fields.number(3, "number of moves")?;
                let position = match fields.letter("starting position", &['A', 'B'])? {
                    'A' => None,
                    _ => Some(fields.take(51, "position")?.to_owned()),
                };
                Message::GameRequest(GameRequest { name, follower, minutes, moves, position })
            }
            Some(b'A') => {
                let name = fields.take(NAME_WIDTH, "name")?.trim_end().to_owned();
                let code = fields.letter("acceptance code", &['0', '1', '2', '3'])?;
                Message::GameAccept { name, code }
            }
            Some(b'M') => {
                let seconds = fields.number(4, "time")?;
                let from = fields.square("from field")?;
                let to = fields.square("to field")?;
                let count = usize::from(fields.number(2, "number captured")?);
                if count > MAX_CAPTURED {
                    return Err(Unreadable(format!("{quoted:?}: {count} pieces captured, at most {MAX_CAPTURED}")));
                }
                let captured = (0..count).map(|_| fields.square("captured piece")).collect::<Result<_, _>>()?;
                Message::Move(Move { seconds, from, to, captured })
            }
            Some(b'E') => {
                let reason = fields.letter("reason", &['0', '1', '2', '3'])?;
                let stop = fields.letter("stop code", &['0', '1'])?;
                Message::GameEnd { reason, stop }
            }
            Some(b'C') => return Ok(Message::Chat(text[1..].to_owned())),
            Some(b'B') => {
                let move_number = fields.number(3, "move number")?;
                let side = fields.letter("colour to move", &['W', 'Z'])?;
                Message::BackRequest { move_number, side }
            }
            Some(b'K') => Message::BackAccept { code: fields.letter("acceptance code", &['0', '1', '2'])? },
            Some(_) => return Err(Unreadable(format!("{quoted:?}: no message starts with {:?}", &text[..1]))),
        };
        if fields.at != text.len() {
            return Err(Unreadable(format!("{quoted:?}: {} characters too many", text.len() - fields.at)));
        }
        Ok(message)
    }
}

/// A name padded with blanks to its field (and cut to it).
fn pad(name: &str) -> String {
    let name: String = name.chars().filter(|c| c.is_ascii() && !c.is_ascii_control()).take(NAME_WIDTH).collect();
    format!("{name:<NAME_WIDTH$}")
}

/// The fields of a message, read left to right.
struct Fields<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Fields<'a> {
    fn take(&mut self, width: usize, what: &str) -> Result<&'a str, Unreadable> {
        let field = self
            .text
            .get(self.at..self.at + width)
            .ok_or_else(|| Unreadable(format!("{:?}: the message ends before its {what}", excerpt(self.text))))?;
        self.at += width;
        Ok(field)
    }

    fn number(&mut self, width: usize, what: &str) -> Result<u16, Unreadable> {
        let field = self.take(width, what)?;
        if !field.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Unreadable(format!(
                "{:?}: its {what} {:?} is not {width} digits",
                excerpt(self.text),
                excerpt(field)
            )));
        }
        field
            .parse()
            .map_err(|_| Unreadable(format!("{:?}: its {what} {:?} is too large", excerpt(self.text), excerpt(field))))
    }

    fn square(&mut self, what: &str) -> Result<u8, Unreadable> {
        let number = self.number(2, what)?;
        u8::try_from(number)
            .ok()
            .filter(|n| (1..=50).contains(n))
            .ok_or_else(|| Unreadable(format!("{:?}: its {what} {number} is not a square 1 to 50", excerpt(self.text))))
    }

    fn letter(&mut self, what: &str, allowed: &[char]) -> Result<char, Unreadable> {
        let field = self.take(1, what)?;
        let letter = field.chars().next().expect("one ASCII character");
        if allowed.contains(&letter) {
            Ok(letter)
        } else {
            let allowed: Vec<String> = allowed.iter().map(char::to_string).collect();
            Err(Unreadable(format!("{:?}: its {what} {letter:?} is not {}", excerpt(self.text), allowed.join(", "))))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_as_the_description_writes_them() {
        // The protocol description's own examples: 6-11, and 5x25 taking the four pieces
        // on 22, 12, 23 and 20.
        let step = Message::decode("M0012061100").unwrap();
        assert_eq!(step, Message::Move(Move { seconds: 12, from: 6, to: 11, captured: vec![] }));
        assert_eq!(step.encode(), "M0012061100");
        let capture = Message::decode("M001205250422122320").unwrap();
        let Message::Move(capture_move) = &capture else { panic!("a move") };
        assert_eq!(capture_move.captured, [22, 12, 23, 20]);
        assert_eq!(capture_move.hub_text(), "5x25x22x12x23x20");
        assert_eq!(capture.encode(), "M001205250422122320");
    }

    #[test]
    fn game_requests_carry_the_start_and_the_clock() {
        let request = GameRequest {
            name: "arbiter".into(),
            follower: 'Z',
            minutes: 5,
            moves: 0,
            position: Some(format!("W{}", "e".repeat(50))),
        };
        let text = Message::GameRequest(request.clone()).encode();
        assert_eq!(text.len(), 1 + 2 + 32 + 1 + 3 + 3 + 1 + 51);
        assert!(text.starts_with("R01arbiter                         Z005000BW"));
        assert_eq!(Message::decode(&text).unwrap(), Message::GameRequest(request));
        let usual = Message::decode(&format!("R01{:<32}W003075A", "Scan 3.1")).unwrap();
        let Message::GameRequest(usual) = usual else { panic!("a request") };
        assert_eq!((usual.name.as_str(), usual.follower, usual.minutes, usual.moves), ("Scan 3.1", 'W', 3, 75));
        assert_eq!(usual.position, None);
    }

    #[test]
    fn the_other_messages_round_trip() {
        for message in [
            Message::GameAccept { name: "Kingsrow".into(), code: '0' },
            Message::GameEnd { reason: '3', stop: '1' },
            Message::Chat("good game".into()),
            Message::BackRequest { move_number: 12, side: 'W' },
            Message::BackAccept { code: '1' },
        ] {
            assert_eq!(Message::decode(&message.encode()).unwrap(), message);
        }
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_read_or_refused_and_what_is_read_writes_back(
            text in "[RAMECBKX]?[0-9WZAB e]{0,100}|.{0,100}"
        ) {
            if let Ok(message) = Message::decode(&text) {
                proptest::prop_assert_eq!(Message::decode(&message.encode()), Ok(message));
            }
        }
    }

    #[test]
    fn a_message_that_breaks_the_layout_is_refused_with_its_fault() {
        let fault = |text: &str| Message::decode(text).unwrap_err().0;
        assert!(fault("").contains("empty"));
        assert!(fault("X").contains("no message starts with"));
        assert!(fault("M00120611").contains("ends before its number captured"));
        assert!(fault("M0012061101").contains("ends before its captured piece"));
        assert!(fault("M0012991100").contains("99 is not a square"));
        assert!(fault("M00120611000").contains("1 characters too many"));
        assert!(fault("M0012061121").contains("at most 20"));
        assert!(fault("E4").contains("reason"));
        assert!(fault("Mé").contains("not ASCII"));
        assert!(fault("A12").contains("ends before its name"));
    }
}
