//! TwixT for the built-in engine: how far each side's linked pegs reach across the
//! board; only the holes near the pegs searched.

use arbiter::Game;
use arbiter::twixt::{self, Color as Peg};

use super::Evaluate;

impl Evaluate for twixt::Position {
    /// How far each side's best linked group reaches across its way: Black left to
    /// right, White bottom to top.
    fn evaluate(&self) -> i32 {
        let reach = |color: Peg| {
            let chain = self.board().winning_chain(color);
            if !chain.is_empty() {
                return 10_000;
            }
            let pegs: Vec<twixt::Peg> = self.board().pegs().filter(|&(_, c)| c == color).map(|(p, _)| p).collect();
            let span = |key: fn(&twixt::Peg) -> u16| {
                let (low, high) = pegs.iter().fold((u16::MAX, 0), |(l, h), p| (l.min(key(p)), h.max(key(p))));
                if pegs.is_empty() { 0 } else { i32::from(high - low) }
            };
            match color {
                Peg::Black => span(|p| p.x),
                Peg::White => span(|p| p.y),
            }
        };
        let own = twixt::Color::from_side(self.side_to_move());
        reach(own) * 10 - reach(own.opponent()) * 10
    }

    /// The holes within two of a peg (a link's reach), the swap if it is allowed;
    /// the middle of an empty board.
    fn candidate_moves(&self, out: &mut Vec<twixt::Move>) {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let pegs: Vec<twixt::Peg> = self.board().pegs().map(|(p, _)| p).collect();
        let middle = u16::try_from(self.board().size() / 2).unwrap_or(0);
        let near = |peg: &twixt::Peg| {
            if pegs.is_empty() {
                return peg.x.abs_diff(middle) <= 1 && peg.y.abs_diff(middle) <= 1;
            }
            pegs.iter().any(|p| p.x.abs_diff(peg.x) <= 2 && p.y.abs_diff(peg.y) <= 2)
        };
        out.clear();
        out.extend(legal.iter().copied().filter(|mv| match mv {
            twixt::Move::Place(peg) => near(peg),
            twixt::Move::Swap => true,
        }));
        if out.is_empty() {
            out.extend(legal);
        }
    }
}
