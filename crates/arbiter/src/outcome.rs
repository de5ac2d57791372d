//! How a finished game ended: who won, the [`Termination`], and what a player is told.

use crate::side::Side;
use crate::termination::Termination;

/// How a finished game ended: who won (nobody in a draw), the rule that decided it,
/// and where it helps, the detail a player is told ("red's chariot chased the horse
/// on e5").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    winner: Option<Side>,
    termination: Termination,
    rule: Option<&'static str>,
    detail: Option<String>,
}

impl Outcome {
    /// `winner` won by `termination` (checkmate, five in a row, resignation).
    #[must_use]
    pub const fn win(winner: Side, termination: Termination) -> Outcome {
        Outcome { winner: Some(winner), termination, rule: None, detail: None }
    }

    /// Nobody won; `termination` says why (full board, repetition, agreement).
    #[must_use]
    pub const fn draw(termination: Termination) -> Outcome {
        Outcome { winner: None, termination, rule: None, detail: None }
    }

    /// `winner` won, or nobody if `None`, by `termination`.
    #[must_use]
    pub const fn new(winner: Option<Side>, termination: Termination) -> Outcome {
        Outcome { winner, termination, rule: None, detail: None }
    }

    /// The same outcome with a sentence that says more than the rule's name.
    #[must_use]
    pub fn with_detail(mut self, detail: impl Into<String>) -> Outcome {
        self.detail = Some(detail.into());
        self
    }

    /// The same outcome naming the clause of the rule book that decided it
    /// (`AXF rule 19`), shown after the rule's name.
    #[must_use]
    pub fn with_rule(mut self, rule: &'static str) -> Outcome {
        self.rule = Some(rule);
        self
    }

    /// The clause of the rule book that decided the game (`AXF rule 19`), if named.
    #[must_use]
    pub const fn rule(&self) -> Option<&'static str> {
        self.rule
    }

    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// Whether nobody won.
    #[must_use]
    pub const fn is_draw(&self) -> bool {
        self.winner.is_none()
    }

    /// How the game ended.
    #[must_use]
    pub const fn termination(&self) -> Termination {
        self.termination
    }

    /// What a player is told beyond the rule's name, if anything.
    #[must_use]
    pub fn detail(&self) -> Option<&str> {
        self.detail.as_deref()
    }

    /// Who won and by which rule, the sides named by `side_name`: `red wins by
    /// checkmate`, `draw by repetition`, `black wins by perpetual chase (AXF rule 19)`.
    #[must_use]
    pub fn headline(&self, side_name: impl Fn(Side) -> &'static str) -> String {
        let mut text = match self.winner {
            Some(winner) => format!("{} wins by {}", side_name(winner), self.termination),
            None => format!("draw by {}", self.termination),
        };
        if let Some(rule) = self.rule {
            text.push_str(" (");
            text.push_str(rule);
            text.push(')');
        }
        text
    }

    /// The headline with the detail after a colon: `black wins by perpetual chase:
    /// red's chariot chased the horse on e5`.
    #[must_use]
    pub fn describe(&self, side_name: impl Fn(Side) -> &'static str) -> String {
        let mut text = self.headline(side_name);
        if let Some(detail) = &self.detail {
            text.push_str(": ");
            text.push_str(detail);
        }
        text
    }
}
