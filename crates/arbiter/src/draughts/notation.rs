//! Draughts' move text read: a step `32-28`, a capture by its ends `28x19` or by every
//! landing `28x37x19`, matched to the legal move it names, or refused with the rule
//! that refuses it.

use super::board::{Move, Position, Square};
use super::refusal::Illegal;
use crate::game::{MoveError, SyntaxError};

/// A move's text split into its squares and whether it is written as a capture.
fn read_squares(text: &str) -> Result<(Vec<Square>, bool), MoveError> {
    let capture = text.contains('x') || text.contains('X');
    let separators: &[char] = if capture { &['x', 'X'] } else { &['-'] };
    let squares = text
        .split(separators)
        .map(|part| {
            part.parse::<u8>().ok().and_then(Square::new).ok_or_else(|| {
                MoveError::syntax(
                    text,
                    SyntaxError::NotAPoint { part: crate::quote::excerpt(part), points: "a square from 1 to 50" },
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if squares.len() < 2 || (!capture && squares.len() != 2) {
        return Err(MoveError::syntax(
            text,
            SyntaxError::Shape { expected: "a step like 32-28 or a capture like 28x19 or 28x37x19" },
        ));
    }
    Ok((squares, capture))
}

impl Position {
    /// Reads PDN move text and finds the legal move it names, or says why there is none.
    pub(super) fn find_move(&self, text: &str) -> Result<Move, MoveError> {
        let (squares, capture) = read_squares(text)?;
        let (from, to) = (squares[0], squares[squares.len() - 1]);
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let illegal = |reason: Illegal| Err(MoveError::illegal(text, reason));
        match self.piece_at(from) {
            None => return illegal(Illegal::NoPiece { from }),
            Some(p) if p.color != self.side => return illegal(Illegal::NotYourPiece { from, owner: p.color }),
            Some(_) => {}
        }
        let most = legal.first().map_or(0, |m| m.captured.count_ones());
        if !capture {
            if most > 0 {
                return illegal(Illegal::CaptureCompulsory { most });
            }
            return match legal.iter().find(|m| m.from == from && m.to == to) {
                Some(&mv) => Ok(mv),
                None => illegal(Illegal::CannotMoveThere { from, to }),
            };
        }
        if most == 0 {
            return illegal(Illegal::NothingToCapture);
        }
        if squares.len() == 2 {
            let mut found = legal.iter().filter(|m| m.from == from && m.to == to);
            return match (found.next(), found.next()) {
                (Some(&mv), None) => Ok(mv),
                (Some(first), Some(_)) => illegal(Illegal::AmbiguousCapture { from, to, example: first.to_string() }),
                (None, _) => illegal(Illegal::NotTheLargestCapture { from, to, most }),
            };
        }
        // A full path: follow the routes and find the one with these landings.
        let landings: Vec<u8> = squares[1..].iter().map(|s| s.bit() as u8).collect();
        let mut route = None;
        let Some((end, before)) = landings.split_last() else { return illegal(Illegal::NoSuchRoute { from }) };
        self.for_each_capture_route(|start, path, last, captured| {
            if start == from && last == 1u64 << end && path == before {
                route = Some(captured);
            }
        });
        match route {
            Some(captured) => match legal.iter().find(|m| m.from == from && m.to == to && m.captured == captured) {
                Some(&mv) => Ok(mv),
                None => illegal(Illegal::TakesTooFew { taken: captured.count_ones(), most }),
            },
            None => illegal(Illegal::NoSuchRoute { from }),
        }
    }
}
