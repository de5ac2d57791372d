#![doc = include_str!("../README.md")]
//!
//! A short alpha-beta search over a plain evaluation for each game, with a depth
//! setting for its strength and a seeded random mode. `arbiter-match` makes it speak
//! every protocol; front ends call [`choose_move`] in-process.

#![warn(missing_docs)]

mod budget;
pub mod eval;
pub mod search;

use arbiter::{AnyGame, Game, LookBack, WithHistory};

pub use search::{Budget, Style};

/// The engine's choice: the move in arbiter's notation, its score from the mover's
/// point of view, and the depth searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move in arbiter's notation.
    pub text: String,
    /// Its score for the mover, in the evaluation's units (near `search::WIN`: a won end).
    pub score: i32,
    /// The plies of the deepest search completed.
    pub depth: u32,
}

impl Choice {
    /// Moves to a won end (negative: to a lost one), if the search saw one.
    #[must_use]
    pub fn mate_in(&self) -> Option<i32> {
        let plies = search::WIN - self.score.abs();
        (plies < 1000).then(|| (plies + 1) / 2 * self.score.signum())
    }
}

/// The engine's move in `game` within `budget`; `None` if the game is over.
#[must_use]
pub fn choose_move(game: &AnyGame, budget: Budget, style: Style) -> Option<Choice> {
    if game.outcome().is_some() {
        return None;
    }
    eval::visit(game.history(), Choose { budget, style })
}

/// The search for a move, handed the game in its own type.
struct Choose {
    budget: Budget,
    style: Style,
}

impl eval::EvaluateVisitor for Choose {
    type Output = Option<Choice>;

    fn visit<P: eval::Evaluate + LookBack>(self, game: &WithHistory<P>) -> Option<Choice> {
        if let Some(mv) = game.position().own_move(self.budget, self.style) {
            return Some(Choice { text: mv.to_string(), score: 0, depth: 0 });
        }
        let me = game.side_to_move();
        // The search sees one position; the rules that look back (perpetual check and
        // chase, repetition) are applied to the root moves: a move they would lose on
        // is left out while there is another, and one they forbid (Frisian draughts: a
        // king's fourth simple move in a row) is left out.
        let allowed = |mv: P::Move| {
            if game.check(mv).is_err() {
                return false;
            }
            let mut after = game.clone();
            after.play(mv);
            after.outcome().is_none_or(|outcome| outcome.winner() != Some(me.opponent()))
        };
        let found = search::best_move(game.position(), self.budget, self.style, allowed)?;
        Some(Choice { text: found.best.to_string(), score: found.score, depth: found.depth })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter::{GameKind, GameOptions, OptionsInput};

    /// A move the history forbids is never chosen: Frisian draughts, White's king on 10
    /// has made three simple moves in a row, so the man on 47 must move, though either
    /// of its moves loses it (to the king on 36, or to the one on 29 by way of 38), where
    /// a king's move would lose nothing.
    #[test]
    fn it_plays_no_move_the_history_forbids() {
        let mut input = OptionsInput::new().with("rules", "frisian");
        GameKind::Draughts.set_position(&mut input, "W:WK5,47:BK33,K36".to_owned()).unwrap();
        let mut game = AnyGame::new(&GameOptions::new(GameKind::Draughts, &input).unwrap());
        for text in ["5-10", "33-29", "10-5", "29-33", "5-10", "33-29"] {
            game.play_text(text).unwrap();
        }
        for depth in 1..=3 {
            let budget = Budget { depth: Some(depth), ..Budget::default() };
            let choice = choose_move(&game, budget, Style::default()).expect("a move");
            assert!(["47-41", "47-42"].contains(&choice.text.as_str()), "depth {depth}: {}", choice.text);
        }
    }

    /// Every draughts rule set, a game played by the engine against itself to its end
    /// by the rules (no legal move, the first king, a repetition, an endgame count; at
    /// most 600 plies), with every chosen move legal.
    #[test]
    fn it_plays_every_draughts_rule_set_to_an_end() {
        for rules in arbiter::draughts::Rules::ALL {
            let input = OptionsInput::new().with("rules", rules.name());
            let mut game = AnyGame::new(&GameOptions::new(GameKind::Draughts, &input).unwrap());
            let budget = Budget { depth: Some(2), ..Budget::default() };
            while game.outcome().is_none() && game.moves().len() < 600 {
                let choice = choose_move(&game, budget, Style::default()).expect("a move while the game goes on");
                game.play_text(&choice.text).unwrap_or_else(|e| panic!("{rules}: {e}"));
            }
            assert!(game.outcome().is_some() && game.moves().len() >= 10, "{rules}: {} plies", game.moves().len());
        }
    }

    #[test]
    fn it_plays_every_game() {
        for kind in GameKind::ALL {
            let mut game = AnyGame::new(&GameOptions::new(kind, &OptionsInput::default()).unwrap());
            let budget = Budget { depth: Some(1), ..Budget::default() };
            for _ in 0..4 {
                let choice = choose_move(&game, budget, Style::default()).expect("a move");
                game.play_text(&choice.text).unwrap_or_else(|e| panic!("{kind}: {e}"));
            }
        }
    }
}
