//! What each move of a repetition cycle did, on the board, and how it becomes the
//! library's [`Explanation`]: the moves' deeds, each side's conduct, the verdict and the
//! clause that decides it. Both rule books read the same deeds (a check, a threat to
//! mate, an offer, a block); they differ in what a chase is and in what they forbid.

use super::board::{Color, Kind, Move, Position, Square};
use crate::explain::{Act, ExplainedMove, Explanation, PieceAt, Reading, SideReading};
use crate::outcome::Outcome;

/// One thing a move did, with the pieces and points involved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Deed {
    /// What it did.
    pub act: Act,
    /// The piece aimed at (chased or offered), on its point after the move.
    pub target: Option<(Kind, Square)>,
    /// The piece that does it, on its point after the move.
    pub by: Option<(Kind, Square)>,
    /// A joint chase (the Chinese rules' 联合捉).
    pub joint: bool,
    /// A chase of a piece with no root (无根子).
    pub unprotected: bool,
}

impl Deed {
    /// An act aimed at no piece.
    pub(crate) const fn plain(act: Act) -> Deed {
        Deed { act, target: None, by: None, joint: false, unprotected: false }
    }

    fn reading(self) -> Reading {
        let at = |(kind, square): (Kind, Square)| PieceAt { piece: kind.name(), point: square.to_string() };
        Reading { act: self.act, target: self.target.map(at), by: self.by.map(at), joint: self.joint, unprotected: self.unprotected }
    }
}

/// A move of a repetition cycle and what it did, the deed the rules weigh first first;
/// no deed for an idle move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveDeeds {
    /// The move.
    pub mv: Move,
    /// The side that made it.
    pub side: Color,
    /// What it did.
    pub deeds: Vec<Deed>,
}

impl MoveDeeds {
    /// The act the rules weigh: the first deed's, or idle.
    pub(crate) fn act(&self) -> Act {
        self.deeds.first().map_or(Act::Idle, |deed| deed.act)
    }
}

/// The piece on `square` of `position`, with its point.
pub(crate) fn piece_on(position: &Position, square: Square) -> Option<(Kind, Square)> {
    position.piece_at(square).map(|piece| (piece.kind, square))
}

/// What every rule book sees in a move the same way, besides checks and chases: a
/// threat to mate made anew, the moved piece offered, a threat to mate blocked. `before`
/// is the position the mover's threats are compared with (the one before its move,
/// or before the check it answered), `after` the position the move made.
pub(crate) fn common_deeds(before: &Position, after: &Position, mv: Move, mover: Color) -> (Option<Deed>, Vec<Deed>) {
    // A threat to mate is made anew when a mate starts with a move that did not mate
    // before (the moved piece's moves counted from where it stood).
    let earlier: Vec<Move> = before
        .mating_moves(mover)
        .into_iter()
        .map(|m| if m.from == mv.from { Move { from: mv.to, to: m.to } } else { m })
        .collect();
    let mate = after
        .mating_moves(mover)
        .iter()
        .any(|m| !earlier.contains(m))
        .then_some(Deed::plain(Act::MateThreat));
    let mut others = Vec::new();
    if after.can_take(mv.to) {
        let moved = piece_on(after, mv.to);
        others.push(Deed { act: Act::Offer, target: moved, by: None, joint: false, unprotected: false });
    }
    let them = mover.opponent();
    if before.threatens_mate(them) && !after.threatens_mate(them) {
        others.push(Deed::plain(Act::Block));
    }
    (mate, others)
}

/// The moves read, for the library's explanation; `first_ply` is the number of the
/// first one in the game.
pub(crate) fn explained_moves(first_ply: usize, moves: &[MoveDeeds]) -> Vec<ExplainedMove> {
    moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let readings = if mv.deeds.is_empty() {
                vec![Reading::plain(Act::Idle)]
            } else {
                mv.deeds.iter().map(|deed| deed.reading()).collect()
            };
            ExplainedMove { ply: first_ply + i, side: mv.side.side(), text: mv.mv.to_string(), readings }
        })
        .collect()
}

/// A repetition's verdict with its reasons: the outcome, each side's moves summed up,
/// the clause that decides and why.
#[derive(Clone, Debug)]
pub(crate) struct Judgement {
    /// How the repetition ends the game.
    pub outcome: Outcome,
    /// Red's moves summed up, then Black's.
    pub sides: [SideReading; 2],
    /// The clause that decides, where one does.
    pub rule: Option<&'static str>,
    /// Why, in a sentence.
    pub reason: String,
}

impl Judgement {
    /// The explanation of this judgement of `moves`.
    pub(crate) fn explain(
        self,
        rules: &'static str,
        reading: Option<&'static str>,
        decided: bool,
        first_ply: usize,
        moves: &[MoveDeeds],
    ) -> Explanation {
        Explanation {
            rules,
            reading,
            decided,
            moves: explained_moves(first_ply, moves),
            sides: self.sides.to_vec(),
            winner: self.outcome.winner(),
            termination: self.outcome.termination(),
            rule: self.rule,
            reason: self.reason,
        }
    }
}

/// The names of the pieces in `targets`, each once: "the horse on c1 and the horse on b3".
pub(crate) fn list_pieces(targets: impl IntoIterator<Item = (Kind, Square)>) -> String {
    let mut names: Vec<String> = Vec::new();
    for (kind, square) in targets {
        let name = format!("the {} on {square}", kind.name());
        if !names.contains(&name) {
            names.push(name);
        }
    }
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::from("a piece"),
    }
}
