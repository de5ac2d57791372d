//! Why the rules that look back judge a repetition as they do: each move since the
//! repeated position first stood, read by the rules (a check, a chase of which piece,
//! a threat to mate, an offer, a block, an idle move), each side's moves summed up,
//! and the rule that decides. A game explains its repetitions where its rules weigh
//! what the moves did (Xiangqi); the others have nothing to explain.
//!
//! Every name a program reads ([`Act::code`], [`Conduct::code`]) is stable, as the
//! [`Termination`] names are; the sentences are for people and may change.

use std::fmt;

use crate::outcome::Outcome;
use crate::side::Side;
use crate::termination::Termination;

/// What a move did, as the rules that look back read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Act {
    /// It gave check.
    Check,
    /// It threatens mate: given another move at once, its side would mate by a check
    /// or a run of checks.
    MateThreat,
    /// It chases a piece: it threatens to win it (by the rules' definition of a chase).
    Chase,
    /// It offers a piece: to exchange it for one of the same worth, or to be taken.
    Offer,
    /// It blocks a threat to mate that stood before it.
    Block,
    /// None of these.
    Idle,
}

impl Act {
    /// The stable name: `check`, `mate_threat`, `chase`, `offer`, `block`, `idle`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Act::Check => "check",
            Act::MateThreat => "mate_threat",
            Act::Chase => "chase",
            Act::Offer => "offer",
            Act::Block => "block",
            Act::Idle => "idle",
        }
    }

    /// The words for people: `check`, `mate threat`, `chase`, `offer`, `block`, `idle`.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Act::Check => "check",
            Act::MateThreat => "mate threat",
            Act::Chase => "chase",
            Act::Offer => "offer",
            Act::Block => "block",
            Act::Idle => "idle",
        }
    }

    /// Whether the act attacks: a check, a threat to mate or a chase.
    #[must_use]
    pub const fn is_attack(self) -> bool {
        matches!(self, Act::Check | Act::MateThreat | Act::Chase)
    }
}

impl fmt::Display for Act {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// A piece and the point it stands on, in the game's words (`chariot`, `d2`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PieceAt {
    /// The piece's name: `chariot`.
    pub piece: &'static str,
    /// Its point, as the game's moves write points: `d2`.
    pub point: String,
}

impl fmt::Display for PieceAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} on {}", self.piece, self.point)
    }
}

/// One thing a move did: the act, the piece it was aimed at (the piece chased or
/// offered) and the piece that does it, where the act has them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Reading {
    /// What the move did.
    pub act: Act,
    /// The piece chased or offered, where the act has one: on its point after the
    /// move, or, for a piece the Chinese rules see won only after checks or an
    /// exchange, on the point where it would be taken.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub target: Option<PieceAt>,
    /// The piece that chases (or checks, or is offered), after the move.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub by: Option<PieceAt>,
    /// A chase that needs two or more of the chaser's pieces to win its target (the
    /// Chinese rules' joint chase, 联合捉: a piece attacked more often than it is
    /// guarded, or a capture another piece's move made win); `false` for every other
    /// act.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "std::ops::Not::not"))]
    pub joint: bool,
    /// A chase of a piece nothing of its side could take back on its point (the
    /// Chinese rules' 无根子, which their 26.9 weighs apart); `false` under the AXF
    /// rules and for every other act.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "std::ops::Not::not"))]
    pub unprotected: bool,
}

impl Reading {
    /// An act aimed at no piece.
    #[must_use]
    pub const fn plain(act: Act) -> Reading {
        Reading { act, target: None, by: None, joint: false, unprotected: false }
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.act.words())?;
        if self.joint {
            f.write_str(" (joint)")?;
        }
        if let Some(target) = &self.target {
            write!(f, " of {target}")?;
        }
        if self.unprotected {
            f.write_str(" (unprotected)")?;
        }
        if let Some(by) = &self.by {
            write!(f, " by {by}")?;
        }
        Ok(())
    }
}

/// A move since the repeated position first stood, and how the rules read it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ExplainedMove {
    /// Its number in the game, from 1.
    pub ply: usize,
    /// The side that made it.
    pub side: Side,
    /// The move as the game writes it (`h2e2`).
    pub text: String,
    /// What it did, the act the rules weigh first (check, mate threat, chase, offer,
    /// block) first; one [`Act::Idle`] reading when it did none of them.
    pub readings: Vec<Reading>,
}

impl ExplainedMove {
    /// The act the rules weigh: the first reading's.
    #[must_use]
    pub fn act(&self) -> Act {
        self.readings.first().map_or(Act::Idle, |reading| reading.act)
    }
}

/// What one side did over the moves read, as the rules sum it up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Conduct {
    /// Every move gave check (长将).
    PerpetualCheck,
    /// Every move threatened mate, or some checked and the others threatened mate
    /// (长杀, 一将一杀).
    PerpetualMateThreat,
    /// Every move chased (长捉).
    PerpetualChase,
    /// Every move attacked, mixing checks or mate threats with chases (一将一捉,
    /// 一杀一捉).
    PerpetualAttack,
    /// Some move did not attack.
    NotPerpetual,
}

impl Conduct {
    /// The stable name: `perpetual_check`, `perpetual_mate_threat`, `perpetual_chase`,
    /// `perpetual_attack`, `not_perpetual`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Conduct::PerpetualCheck => "perpetual_check",
            Conduct::PerpetualMateThreat => "perpetual_mate_threat",
            Conduct::PerpetualChase => "perpetual_chase",
            Conduct::PerpetualAttack => "perpetual_attack",
            Conduct::NotPerpetual => "not_perpetual",
        }
    }

    /// The words for people: `perpetual check`, ..., `not every move an attack`.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Conduct::PerpetualCheck => "perpetual check",
            Conduct::PerpetualMateThreat => "perpetual mate threat",
            Conduct::PerpetualChase => "perpetual chase",
            Conduct::PerpetualAttack => "perpetual attack",
            Conduct::NotPerpetual => "not every move an attack",
        }
    }

    /// The conduct of a side whose moves did `acts`: what every one of them shares.
    #[must_use]
    pub fn of(acts: impl IntoIterator<Item = Act>) -> Conduct {
        let (mut any, mut all_check, mut all_mate, mut all_chase) = (false, true, true, true);
        for act in acts {
            if !act.is_attack() {
                return Conduct::NotPerpetual;
            }
            any = true;
            all_check &= act == Act::Check;
            all_mate &= matches!(act, Act::Check | Act::MateThreat);
            all_chase &= act == Act::Chase;
        }
        match (any, all_check, all_mate, all_chase) {
            (false, ..) => Conduct::NotPerpetual,
            (true, true, ..) => Conduct::PerpetualCheck,
            (true, _, true, _) => Conduct::PerpetualMateThreat,
            (true, _, _, true) => Conduct::PerpetualChase,
            _ => Conduct::PerpetualAttack,
        }
    }
}

impl fmt::Display for Conduct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// One side's moves summed up: what it did and whether the rules forbid it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SideReading {
    /// The side.
    pub side: Side,
    /// What its moves did.
    pub conduct: Conduct,
    /// Whether the rules forbid it (a side that does what is forbidden must change
    /// its moves; the verdict says whether it loses).
    pub forbidden: bool,
}

/// The explanation of a repetition's verdict: the moves since the repeated position
/// first stood, read one by one, each side's moves summed up, the verdict and the rule
/// that decides it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Explanation {
    /// The rule book the moves were read by, by its stable name (`axf`, `chinese`).
    pub rules: &'static str,
    /// The reading of that book's disputed points, where a game has a choice
    /// (Xiangqi's `chase_rules` under the AXF rules: `axf` or `engines`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub reading: Option<&'static str>,
    /// Whether the repetition ended the game (its position stood for the third time);
    /// `false` for the game's last repetition that has not (yet) ended it: then the
    /// verdict is what a third time would bring.
    pub decided: bool,
    /// The moves since the repeated position first stood, oldest first.
    pub moves: Vec<ExplainedMove>,
    /// Each side's moves summed up, the first side first.
    pub sides: Vec<SideReading>,
    /// The side the verdict has win; `None` for a draw.
    pub winner: Option<Side>,
    /// How the verdict ends the game.
    pub termination: Termination,
    /// The clause of the rule book that decides, where one does (`AXF rule 18`,
    /// `Chinese rules 25.1`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub rule: Option<&'static str>,
    /// Why, in a sentence for people.
    pub reason: String,
}

impl Explanation {
    /// The verdict as an outcome, as the game ends (or would end) by it.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        let outcome = Outcome::new(self.winner, self.termination).with_detail(self.reason.clone());
        match self.rule {
            Some(rule) => outcome.with_rule(rule),
            None => outcome,
        }
    }

    /// The explanation for people, one line a move, with the sides named by
    /// `side_name`.
    #[must_use]
    pub fn describe(&self, side_name: impl Fn(Side) -> &'static str) -> String {
        let mut text = String::new();
        let first = self.moves.first().map_or(0, |mv| mv.ply.saturating_sub(1));
        let last = self.moves.last().map_or(0, |mv| mv.ply);
        let times = if self.decided { "for the third time" } else { "again" };
        text.push_str(&format!("rules: {}", self.rules));
        if let Some(reading) = self.reading {
            text.push_str(&format!(" (reading: {reading})"));
        }
        text.push('\n');
        text.push_str(&format!(
            "the position after move {first} stood {times} after move {last}; the moves since it first stood:\n"
        ));
        let width = self.moves.iter().map(|mv| side_name(mv.side).len()).max().unwrap_or(0);
        for mv in &self.moves {
            let readings: Vec<String> = mv.readings.iter().map(Reading::to_string).collect();
            text.push_str(&format!(
                "  {:>3}. {:<width$}  {:<6} {}\n",
                mv.ply,
                side_name(mv.side),
                mv.text,
                readings.join("; ")
            ));
        }
        for side in &self.sides {
            let verdict = if side.forbidden { "forbidden" } else { "allowed" };
            text.push_str(&format!("{}: {} ({verdict})\n", side_name(side.side), side.conduct));
        }
        let result = match self.winner {
            Some(winner) => format!("{} wins by {}", side_name(winner), self.termination),
            None => format!("draw by {}", self.termination),
        };
        let by = self.rule.map(|rule| format!(" ({rule})")).unwrap_or_default();
        let verdict = if self.decided { "verdict" } else { "verdict if it stands a third time" };
        text.push_str(&format!("{verdict}: {result}{by}: {}", self.reason));
        text
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Act {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Conduct {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sides_conduct_is_what_all_its_moves_share() {
        use Act::*;
        assert_eq!(Conduct::of([Check, Check]), Conduct::PerpetualCheck);
        assert_eq!(Conduct::of([MateThreat, MateThreat]), Conduct::PerpetualMateThreat);
        assert_eq!(Conduct::of([Check, MateThreat]), Conduct::PerpetualMateThreat);
        assert_eq!(Conduct::of([Chase, Chase]), Conduct::PerpetualChase);
        assert_eq!(Conduct::of([Check, Chase]), Conduct::PerpetualAttack);
        assert_eq!(Conduct::of([MateThreat, Chase]), Conduct::PerpetualAttack);
        assert_eq!(Conduct::of([Check, Idle]), Conduct::NotPerpetual);
        assert_eq!(Conduct::of([Chase, Offer]), Conduct::NotPerpetual);
        assert_eq!(Conduct::of([]), Conduct::NotPerpetual);
    }

    #[test]
    fn stable_names() {
        let acts = [Act::Check, Act::MateThreat, Act::Chase, Act::Offer, Act::Block, Act::Idle];
        let codes: Vec<&str> = acts.iter().map(|a| a.code()).collect();
        assert_eq!(codes, ["check", "mate_threat", "chase", "offer", "block", "idle"]);
        assert_eq!(Conduct::PerpetualAttack.code(), "perpetual_attack");
    }
}
