//! Draughts' move text read: a step `32-28`, a capture by its ends `28x19` or by every
//! landing `28x37x19` (in the rule sets written algebraically `c3-d4`, `c3:e5`,
//! `c3:e5:c7`, numbers read too), matched to the legal move it names, or refused with
//! the rule that refuses it.

use super::bits::Bits;
use super::board::{Move, Position};
use super::captures::Captures;
use super::geometry::Square;
use super::layout::Layout;
use super::refusal::Illegal;
use super::rules::{RuleBook, Rules, with_rules};
use crate::game::{MoveError, SyntaxError};

/// A move's text split into its squares and whether it is written as a capture.
fn read_squares(layout: Layout, text: &str) -> Result<(Vec<Square>, bool), MoveError> {
    let capture = text.contains(['x', 'X', ':']);
    let separators: &[char] = if capture { &['x', 'X', ':'] } else { &['-'] };
    let points = match (layout.algebraic(), layout.size()) {
        (true, _) => "a square such as c3, or a number from 1 to 32",
        (false, 8) => "a square from 1 to 32",
        _ => "a square from 1 to 50",
    };
    let squares = text
        .split(separators)
        .map(|part| {
            layout
                .square_named(part)
                .or_else(|| part.parse::<u8>().ok().and_then(|n| layout.square(n)))
                .ok_or_else(|| MoveError::syntax(text, SyntaxError::NotAPoint { part: crate::quote::excerpt(part), points }))
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
    /// Killer draughts: where a capture from `from` that the international rules would
    /// let end on `to` stops instead, because it takes a king last; `legal` are the
    /// legal moves here.
    fn stop_behind_the_king(&self, from: Square, to: Square, legal: &[Move]) -> Option<Square> {
        if !with_rules!(self.rules, R => R::HALT_BEHIND_LAST_KING) {
            return None;
        }
        let free = Position { rules: Rules::International, ..*self };
        let mut unbound = Vec::new();
        free.legal_moves(&mut unbound);
        let wanted = unbound.iter().find(|m| m.from == from && m.to == to)?;
        legal.iter().find(|m| m.from == from && m.captured == wanted.captured).map(|m| m.to)
    }

    /// Reads PDN move text and finds the legal move it names, or says why there is none.
    pub(super) fn find_move(&self, text: &str) -> Result<Move, MoveError> {
        let (squares, capture) = read_squares(self.layout(), text)?;
        let (from, to) = (squares[0], squares[squares.len() - 1]);
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let illegal = |reason: Illegal| Err(MoveError::illegal(text, reason));
        match self.piece_at(from) {
            None => return illegal(Illegal::NoPiece { from }),
            Some(p) if p.color != self.side => return illegal(Illegal::NotYourPiece { from, owner: p.color }),
            Some(_) => {}
        }
        // Under the majority rule every capture takes this many; else the largest does.
        let most = legal.iter().map(|m| m.captured.count_ones()).max().unwrap_or(0);
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
        let king = |square: Square| self.kings & self.mask_of(square) != 0;
        if self.rules.kings_capture_first() && !king(from) && legal.iter().all(|m| king(m.from)) {
            return illegal(Illegal::KingCapturesFirst { from });
        }
        if squares.len() == 2 {
            let mut found = legal.iter().filter(|m| m.from == from && m.to == to);
            return match (found.next(), found.next()) {
                (Some(&mv), None) => Ok(mv),
                (Some(first), Some(_)) => illegal(Illegal::AmbiguousCapture { from, to, example: first.to_string() }),
                (None, _) => match self.stop_behind_the_king(from, to, &legal) {
                    Some(stop) => illegal(Illegal::StopsRightBehindTheKing { from, to, stop }),
                    None if self.rules.majority() => illegal(Illegal::NotTheLargestCapture { from, to, most }),
                    None => illegal(Illegal::NoSuchCapture { from, to }),
                },
            };
        }
        // A full path: follow the routes and find the one with these landings; the legal
        // move it makes has its start, end and pieces (and, with captures kept apart,
        // takes them in its order).
        let geometry = self.geometry();
        let landings: Vec<u8> = squares[1..].iter().map(|s| geometry.bit_index(s.number()) as u8).collect();
        let mut route = None;
        let Some((end, before)) = landings.split_last() else { return illegal(Illegal::NoSuchRoute { from }) };
        with_rules!(self.rules, R => self.bitboards::<R>().for_each_capture_route::<R>(|start, path, last, captured, crowned| {
            if start == from && last.widen() == 1 << end && path == before {
                route = Some((captured.widen(), crowned));
            }
        }));
        let Some((captured, crowned)) = route else { return illegal(Illegal::NoSuchRoute { from }) };
        let mut named = Move::quiet(self.rules, from, to);
        named.captured = captured;
        named.crowned = crowned;
        named.apart = self.captures == Captures::Apart;
        named.path_len = (squares.len() - 2) as u8;
        for (square, landing) in named.path.iter_mut().zip(&squares[1..squares.len() - 1]) {
            *square = landing.number();
        }
        match legal.iter().find(|m| **m == named) {
            Some(&mv) => Ok(mv),
            None => illegal(Illegal::TakesTooFew { taken: captured.count_ones(), most }),
        }
    }
}
