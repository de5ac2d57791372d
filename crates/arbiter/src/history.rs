//! A game together with what its moves left behind, for the rules that look back over
//! the game: repetition, move counts, perpetual check and chase.
//!
//! Each game says what one ply must remember ([`LookBack::Memory`]: a hash, a check
//! flag, counters) and how to judge a history of such memories. [`WithHistory`] keeps
//! one memory per ply and asks for the verdict after every move, so that a move costs
//! the same whether the game is ten plies old or ten thousand: nothing is replayed.

use std::fmt;

use crate::explain::Explanation;
use crate::game::{Game, MoveDetail, MoveError, Outcome, Side};

/// The rules of a game that look back over its history.
pub trait LookBack: Game {
    /// Settings of those rules (Xiangqi's move limit); `()` for games without any.
    type Settings: Clone + fmt::Debug + Default + PartialEq + Send + Sync;
    /// What each ply leaves for the rules; `()` for games without any.
    type Memory: Clone + fmt::Debug + Send + Sync;

    /// What the start position leaves.
    fn start_memory(&self) -> Self::Memory;

    /// Plays `mv` (legal) and returns what the move leaves; `history` holds the
    /// memories of the start position and of every ply so far, the last one newest.
    fn play_remembering(&mut self, mv: Self::Move, history: &[Self::Memory]) -> Self::Memory;

    /// The end that the history decides, if any, once the position has none of its
    /// own. `history` ends with the current position's memory.
    fn verdict(&self, history: &[Self::Memory], settings: &Self::Settings) -> Option<Outcome>;

    /// Whether the history forbids some move the position allows (Frisian draughts: a
    /// king's fourth simple move in a row), so that [`LookBack::refuse`] must be asked
    /// of each. `false` by default: the position's moves are the game's.
    fn restricts(&self, history: &[Self::Memory]) -> bool {
        let _ = history;
        false
    }

    /// Why the history forbids `mv`, a move the position allows; `None` where it does
    /// not. Asked only where [`LookBack::restricts`].
    fn refuse(&self, mv: &Self::Move, history: &[Self::Memory]) -> Option<MoveError> {
        let _ = (mv, history);
        None
    }

    /// Why the history's repetition is judged as it is: the one that ended the game,
    /// or else the last position that stood twice, with the verdict a third time would
    /// bring. `None` when no position has repeated, or the game has nothing to explain.
    fn explain(&self, history: &[Self::Memory], settings: &Self::Settings) -> Option<Explanation> {
        let _ = (history, settings);
        None
    }
}

/// A game's position with the memory of every ply since the start: it plays like the
/// position itself, and ends the game when the rules that look back say so.
#[derive(Clone)]
pub struct WithHistory<P: LookBack> {
    position: P,
    settings: P::Settings,
    /// One entry for the start position, then one per ply.
    memory: Vec<P::Memory>,
    outcome: Option<Outcome>,
}

impl<P: LookBack + fmt::Debug> fmt::Debug for WithHistory<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WithHistory")
            .field("position", &self.position)
            .field("plies", &self.plies())
            .field("outcome", &self.outcome)
            .finish()
    }
}

impl<P: LookBack> WithHistory<P> {
    /// A game from `position` with the default settings.
    pub fn new(position: P) -> Self {
        Self::with_settings(position, P::Settings::default())
    }

    /// A game from `position` under `settings`.
    pub fn with_settings(position: P, settings: P::Settings) -> Self {
        let memory = vec![position.start_memory()];
        let mut game = WithHistory { position, settings, memory, outcome: None };
        game.outcome = game.judge();
        game
    }

    /// The current position.
    pub fn position(&self) -> &P {
        &self.position
    }

    /// The settings of the rules that look back.
    pub fn settings(&self) -> &P::Settings {
        &self.settings
    }

    /// The plies played since the start.
    pub fn plies(&self) -> usize {
        self.memory.len() - 1
    }

    /// The memory of the start position and of every ply, oldest first.
    pub fn memory(&self) -> &[P::Memory] {
        &self.memory
    }

    /// Why the last repetition is judged as it is ([`LookBack::explain`]): the one that
    /// ended the game, or the last position that stood twice.
    #[must_use]
    pub fn explain(&self) -> Option<Explanation> {
        self.position.explain(&self.memory, &self.settings)
    }

    /// Why the history forbids `mv`, if it does ([`LookBack::refuse`]).
    fn refused(&self, mv: &P::Move) -> Option<MoveError> {
        if self.position.restricts(&self.memory) { self.position.refuse(mv, &self.memory) } else { None }
    }

    fn judge(&self) -> Option<Outcome> {
        self.judge_after(self.position.outcome())
    }

    /// The game's end, the position's own (`own`) first, then the history's verdict.
    fn judge_after(&self, own: Option<Outcome>) -> Option<Outcome> {
        own.or_else(|| self.position.verdict(&self.memory, &self.settings))
    }

    /// Takes from `moves`, the position's legal moves, those the history forbids.
    fn keep_allowed(&self, moves: &mut Vec<P::Move>) {
        if self.position.restricts(&self.memory) {
            moves.retain(|mv| self.position.refuse(mv, &self.memory).is_none());
        }
    }
}

impl<P: LookBack> Game for WithHistory<P> {
    type Move = P::Move;

    fn side_name(side: Side) -> &'static str {
        P::side_name(side)
    }

    fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    fn colors(&self) -> Option<[&'static str; 2]> {
        self.position.colors()
    }

    fn task(&self) -> Option<String> {
        if self.outcome.is_some() { None } else { self.position.task() }
    }

    fn position_text(&self) -> String {
        self.position.position_text()
    }

    fn legal_moves(&self, out: &mut Vec<P::Move>) {
        if self.outcome.is_some() {
            out.clear();
        } else {
            self.position.legal_moves(out);
            self.keep_allowed(out);
        }
    }

    fn legal_moves_after(&self, mv: P::Move, moves: &mut Vec<P::Move>) {
        if self.outcome.is_some() {
            moves.clear();
        } else if self.position.restricts(&self.memory) {
            self.legal_moves(moves);
        } else {
            // The position's own update, from the list before: a game whose history
            // may forbid moves keeps the default, which lists them afresh.
            self.position.legal_moves_after(mv, moves);
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            0
        } else if self.position.restricts(&self.memory) {
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            moves.len()
        } else {
            self.position.count_legal_moves()
        }
    }

    fn play(&mut self, mv: P::Move) {
        let memory = self.position.play_remembering(mv, &self.memory);
        self.memory.push(memory);
        self.outcome = self.judge();
    }

    fn play_listing(&mut self, mv: P::Move, moves: &mut Vec<P::Move>) {
        // A list the history cut short is not the position's list to update.
        let cut = self.position.restricts(&self.memory);
        let memory = self.position.play_remembering(mv, &self.memory);
        self.memory.push(memory);
        // The position's own moves first: its end is judged from them, as `judge`
        // judges it; then those the history forbids are taken away.
        if cut {
            self.position.legal_moves(moves);
        } else {
            self.position.legal_moves_after(mv, moves);
        }
        self.outcome = self.judge_after(self.position.outcome_given(moves));
        if self.outcome.is_some() {
            moves.clear();
        } else {
            self.keep_allowed(moves);
        }
    }

    fn outcome_given(&self, moves: &[P::Move]) -> Option<Outcome> {
        let _ = moves;
        self.outcome.clone()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn parse_move(&self, text: &str) -> Result<P::Move, MoveError> {
        if self.outcome.is_some() {
            // A typo is still reported as one, not as the game's end.
            match self.position.parse_move(text) {
                Err(error @ MoveError::Syntax { .. }) => Err(error),
                _ => Err(MoveError::GameOver),
            }
        } else {
            let mv = self.position.parse_move(text)?;
            self.refused(&mv).map_or(Ok(mv), Err)
        }
    }

    fn check(&self, mv: P::Move) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.position.check(mv)?;
        self.refused(&mv).map_or(Ok(()), Err)
    }

    fn move_detail(&self, mv: P::Move) -> MoveDetail {
        self.position.move_detail(mv)
    }

    fn text_between(&self, from: &str, to: &str) -> Option<String> {
        self.position.text_between(from, to)
    }

    fn in_check(&self) -> bool {
        self.position.in_check()
    }

    fn write_in(&self, mv: P::Move, notation: &str) -> Option<String> {
        self.position.write_in(mv, notation)
    }

    fn forbidden_points(&self) -> Option<Vec<String>> {
        self.position.forbidden_points()
    }

    fn status_line(&self) -> String {
        match &self.outcome {
            Some(outcome) => match self.position.colors() {
                Some(colors) => outcome.describe(|side| colors[side.index()]),
                None => outcome.describe(P::side_name),
            },
            None => self.position.status_line(),
        }
    }
}

/// Implements [`LookBack`] for a game whose every rule is the position's: nothing is
/// remembered, and the history never ends the game.
macro_rules! no_look_back {
    ($position:ty) => {
        impl $crate::history::LookBack for $position {
            type Settings = ();
            type Memory = ();

            fn start_memory(&self) {}

            fn play_remembering(&mut self, mv: <$position as $crate::game::Game>::Move, _history: &[()]) {
                $crate::game::Game::play(self, mv);
            }

            fn verdict(&self, _history: &[()], (): &()) -> Option<$crate::game::Outcome> {
                None
            }
        }
    };
}

pub(crate) use no_look_back;
