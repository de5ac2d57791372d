//! One object over any game: [`AnyPosition`] for the rules of one position (legal
//! moves, perft), [`AnyGame`] for a game played from its options with every rule,
//! those that look back included. Generic work that must run at full speed (perft)
//! goes through the visitors, which hand over the game's own type.

use super::kind::GameKind;
use super::made::each;
use super::options::GameOptions;
use crate::explain::Explanation;
use crate::game::{Game, MoveDetail, MoveError};
use crate::history::{LookBack, WithHistory};
use crate::options::OptionsError;
use crate::outcome::Outcome;
use crate::side::Side;
use crate::spec::GameSpec;

pub use super::made::{AnyHistory, AnyPosition};

/// Work on a position of any game, handed the game's own position type.
pub trait PositionVisitor {
    /// What the work gives back, the same type whichever game it ran on.
    type Output;
    /// Does the work on `position`, the game's own position type (`xiangqi::Position`,
    /// `draughts::Position`, ...), with the game's code compiled for that type.
    fn visit<P: LookBack + Send + Sync + 'static>(self, position: &P) -> Self::Output;
}

/// Work on a game with its history, handed the game's own type.
pub trait HistoryVisitor {
    /// What the work gives back, the same type whichever game it ran on.
    type Output;
    /// Does the work on `game`, the game's own position type with its history. Moves
    /// played here are not in [`AnyGame::moves`]: to play a move, use [`AnyGame::play_text`].
    fn visit<P: LookBack + Send + Sync + 'static>(self, game: &mut WithHistory<P>) -> Self::Output;
}

impl AnyPosition {
    /// The start position the options give.
    pub fn new(options: &GameOptions) -> Result<AnyPosition, OptionsError> {
        each!(GameOptions, options, options, G, wrap = AnyPosition => Ok(wrap(G::start_position(options)?)))
    }

    /// Runs `visitor` on the game's own position type.
    pub fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output {
        each!(AnyPosition, self, position, _G => visitor.visit(position))
    }

    /// Every legal move, with where it starts and ends.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<MoveDetail> {
        each!(AnyPosition, self, position, _G => details(position))
    }

    /// The points the rules forbid, for games that forbid points (Renju's forbidden
    /// points for Black, whoever is to move; none under other Gomoku rules).
    #[must_use]
    pub fn forbidden_points(&self) -> Option<Vec<String>> {
        each!(AnyPosition, self, position, _G => Game::forbidden_points(position))
    }

    /// How the position stands in a few words (`check`, `capture compulsory`,
    /// `black to move`, `red wins by checkmate`).
    #[must_use]
    pub fn status_line(&self) -> String {
        each!(AnyPosition, self, position, _G => position.status_line())
    }
}

fn details<G: Game>(game: &G) -> Vec<MoveDetail> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.into_iter().map(|mv| game.move_detail(mv)).collect()
}

/// Where a game stands, in one word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// The game goes on.
    Ongoing,
    /// The game goes on and the side to move is in check.
    Check,
    /// The game is over.
    Finished,
}

impl GameStatus {
    /// `ongoing`, `check` or `finished`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameStatus::Ongoing => "ongoing",
            GameStatus::Check => "check",
            GameStatus::Finished => "finished",
        }
    }
}

/// A game of any kind, started from its options and played move by move with every
/// rule, those that look back over the game included. It keeps the moves played.
#[derive(Clone, Debug)]
pub struct AnyGame {
    options: GameOptions,
    game: AnyHistory,
    moves: Vec<MoveDetail>,
    /// The moves played written in each of [`GameKind::notations`], in its order: a
    /// move's text is added as it is played, so no state replays the game.
    notations: Vec<Vec<String>>,
}

impl AnyGame {
    /// The game the options describe, at its start. Options made by
    /// [`GameOptions::new`] always start a game.
    pub fn new(options: &GameOptions) -> AnyGame {
        Self::try_new(options).expect("checked options start a game")
    }

    /// The game the options describe, or why they do not describe one.
    pub fn try_new(options: &GameOptions) -> Result<AnyGame, OptionsError> {
        let game = each!(GameOptions, options, typed, G, wrap = AnyHistory => wrap(G::start(typed)?));
        let notations = vec![Vec::new(); options.kind().notations().len()];
        Ok(AnyGame { options: options.clone(), game, moves: Vec::new(), notations })
    }

    /// Which game is played, as its options say.
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        self.options.kind()
    }

    /// The options the game was started with.
    #[must_use]
    pub const fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The game in its own type, for work that needs more than this interface.
    #[must_use]
    pub const fn history(&self) -> &AnyHistory {
        &self.game
    }

    /// Runs `visitor` on the game in its own type. Moves it plays there are not among
    /// [`AnyGame::moves`] nor [`AnyGame::moves_in`]: play moves with
    /// [`AnyGame::play_text`].
    pub fn visit<V: HistoryVisitor>(&mut self, visitor: V) -> V::Output {
        each!(AnyHistory, &mut self.game, game, _G => visitor.visit(game))
    }

    /// Reads `text` in the game's notation and plays it if it is legal; returns the
    /// move as played, its text in the game's standard form.
    /// Every notation of [`GameKind::notations`] gets the move's text too.
    pub fn play_text(&mut self, text: &str) -> Result<&MoveDetail, MoveError> {
        let names = self.options.kind().notations();
        let notations = &mut self.notations;
        let detail = each!(AnyHistory, &mut self.game, game, _G => {
            let mv = game.parse_move(text)?;
            let detail = game.move_detail(mv);
            for (name, texts) in names.iter().zip(notations.iter_mut()) {
                let written = game.position().write_in(mv, name);
                texts.push(written.unwrap_or_else(|| detail.text.clone()));
            }
            game.play(mv);
            detail
        });
        self.moves.push(detail);
        Ok(self.moves.last().expect("just pushed"))
    }

    /// The move text that takes the piece on `from` to `to`, legal or not (see
    /// [`Game::text_between`]): play it with [`AnyGame::play_text`] to learn why an
    /// attempt is refused. `None` for games where nothing moves from a point.
    #[must_use]
    pub fn text_between(&self, from: &str, to: &str) -> Option<String> {
        each!(AnyHistory, &self.game, game, _G => game.text_between(from, to))
    }

    /// Every legal move, with where it starts and ends; empty once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<MoveDetail> {
        each!(AnyHistory, &self.game, game, _G => details(game))
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[MoveDetail] {
        &self.moves
    }

    /// The moves played, written in `notation` (one of [`GameKind::notations`]), or
    /// `None` if the game has no such notation. Each move is written as it was played,
    /// from its own position; the list is kept as moves are played, not made here.
    #[must_use]
    pub fn moves_in(&self, notation: &str) -> Option<&[String]> {
        let index = self.kind().notations().iter().position(|name| *name == notation)?;
        Some(&self.notations[index])
    }

    /// The legal move `text` (in any notation the game reads) written in `notation`
    /// (one of [`GameKind::record_notations`]), from the position now; `None` if the
    /// game has no such notation or the text is no legal move here.
    #[must_use]
    pub fn write_move(&self, text: &str, notation: &str) -> Option<String> {
        if !self.kind().record_notations().contains(&notation) {
            return None;
        }
        each!(AnyHistory, &self.game, game, _G => {
            let mv = game.parse_move(text).ok()?;
            game.position().write_in(mv, notation)
        })
    }

    /// The last move played.
    #[must_use]
    pub fn last_move(&self) -> Option<&MoveDetail> {
        self.moves.last()
    }

    /// The side whose turn it is.
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        each!(AnyHistory, &self.game, game, _G => game.side_to_move())
    }

    /// The game's word for `side` now: its colour, which in Gomoku's opening rules a
    /// swap changes (see [`AnyGame::colors`]); else [`GameKind::side_name`].
    #[must_use]
    pub fn side_name(&self, side: Side) -> &'static str {
        self.colors().map_or_else(|| self.kind().side_name(side), |colors| colors[side.index()])
    }

    /// The colours the two sides play now, the first side's first, for a game whose
    /// rules can change them (Gomoku with an opening rule); `None` where each side
    /// keeps [`GameKind::side_name`].
    #[must_use]
    pub fn colors(&self) -> Option<[&'static str; 2]> {
        each!(AnyHistory, &self.game, game, _G => game.position().colors())
    }

    /// What the side to move is asked to do when it is more than an ordinary move (a
    /// step of an opening rule), in words; `None` in ordinary play and once the game
    /// is over.
    #[must_use]
    pub fn task(&self) -> Option<String> {
        each!(AnyHistory, &self.game, game, _G => game.position().task())
    }

    /// The position in the game's notation (FEN, board text, peg lists).
    #[must_use]
    pub fn position_text(&self) -> String {
        each!(AnyHistory, &self.game, game, _G => game.position_text())
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        each!(AnyHistory, &self.game, game, _G => game.outcome())
    }

    /// Whether the game goes on, with the side to move in check, or is over.
    #[must_use]
    pub fn status(&self) -> GameStatus {
        let (over, check) = each!(AnyHistory, &self.game, game, _G => (game.outcome().is_some(), game.in_check()));
        match (over, check) {
            (true, _) => GameStatus::Finished,
            (false, true) => GameStatus::Check,
            (false, false) => GameStatus::Ongoing,
        }
    }

    /// The points the rules forbid the side to move (Renju's forbidden points for
    /// Black, whoever is to move; empty under other Gomoku rules), written as the game
    /// writes points; `None` in games that forbid none.
    #[must_use]
    pub fn forbidden_points(&self) -> Option<Vec<String>> {
        each!(AnyHistory, &self.game, game, _G => Game::forbidden_points(game.position()))
    }

    /// Why the game's last repetition is judged as it is: the one that ended the game,
    /// or else the last position that stood twice, with the verdict a third time would
    /// bring (see [`crate::explain`]). `None` when no position has repeated, and in
    /// games whose rules weigh no repetition (draughts' threefold repetition is a draw
    /// whatever the moves did; Gomoku and TwixT never repeat).
    #[must_use]
    pub fn explain(&self) -> Option<Explanation> {
        each!(AnyHistory, &self.game, game, _G => game.explain())
    }

    /// The outcome in words (`red wins by checkmate`), or whose turn it is.
    #[must_use]
    pub fn describe(&self) -> String {
        match self.outcome() {
            Some(outcome) => outcome.describe(|side| self.side_name(side)),
            None => format!("none, {} to move", self.side_name(self.side_to_move())),
        }
    }
}
