//! `arbiter.Game`, `arbiter.Move` and `arbiter.Outcome`: a game of any kind as the
//! registry's `AnyGame` plays it.

use std::sync::OnceLock;

use arbiter::{AnyGame, GameKind, GameOptions, MoveError, OptionValue, Side, Termination};
use arbiter_engine::{Budget, Style};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyString};

use crate::actions::Step;
use crate::games::{self, LegalMoves};
use crate::moves::Move;
use crate::{IllegalMoveError, OptionsError};

/// The deepest search `Game.engine_move` makes: the engine's strongest setting.
const MAX_ENGINE_DEPTH: u32 = 20;

/// How far below the best a random engine pick may be, in the evaluation's units (as
/// `arbiter engine --seed` picks).
const RANDOM_MARGIN: i32 = 30;

/// How a finished game ended.
#[pyclass(module = "arbiter", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    result: &'static str,
    winner: Option<&'static str>,
    termination: &'static str,
    detail: Option<String>,
    description: String,
}

impl Outcome {
    /// The outcome of `game`, its sides named as they stand (a Gomoku swap changes them).
    pub(crate) fn new(game: &AnyGame, outcome: &arbiter::Outcome) -> Outcome {
        let termination = outcome.termination();
        let result = match (termination, outcome.winner()) {
            (Termination::Aborted, _) => "aborted",
            (_, Some(_)) => "win",
            (_, None) => "draw",
        };
        Outcome {
            result,
            winner: outcome.winner().map(|side| game.side_name(side)),
            termination: termination.code(),
            detail: outcome.detail().map(str::to_owned),
            description: outcome.describe(|side| game.side_name(side)),
        }
    }
}

#[pymethods]
impl Outcome {
    /// `"win"`, `"draw"` or `"aborted"`.
    #[getter]
    fn result(&self) -> &'static str {
        self.result
    }

    /// The winner's side (`"red"`, `"black"`, `"white"`), or `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.winner
    }

    /// How the game ended, a stable snake_case code: `checkmate`, `perpetual_chase`,
    /// `five_in_a_row`, `connection`, `threefold_repetition`, ...
    #[getter]
    fn termination(&self) -> &'static str {
        self.termination
    }

    /// What a player is told beyond the rule's name (`red's chariot chased the cannon
    /// on b5`), or `None`.
    #[getter]
    fn detail(&self) -> Option<&str> {
        self.detail.as_deref()
    }

    /// `black wins by perpetual chase: ...`, `draw by repetition`.
    fn __str__(&self) -> &str {
        &self.description
    }

    /// `<Outcome: red wins by checkmate>`.
    fn __repr__(&self) -> String {
        format!("<Outcome: {}>", self.description)
    }
}

/// A game of any kind, played move by move with every rule, those that look back over
/// the game included (repetition, perpetual check and chase, move limits).
///
/// `Game(name, **options)` starts one: `name` is `xiangqi`, `draughts`, `gomoku` or
/// `twixt`; the options are `fen` (Xiangqi, draughts), `board`, `rules`, `size`,
/// `rows`, `cols` (Gomoku), `size`, `swap` (TwixT), `rules`, `move_limit`, `chase_rules` (Xiangqi). Options
/// that start no game raise `OptionsError`.
#[pyclass(module = "arbiter")]
#[derive(Clone)]
pub struct Game {
    options: GameOptions,
    game: AnyGame,
    /// The legal moves of the position, for the actions: worked out when first asked,
    /// forgotten when the game changes.
    legal: OnceLock<LegalMoves>,
}

impl Game {
    fn start(options: GameOptions) -> PyResult<Game> {
        let game = AnyGame::try_new(&options).map_err(|e| OptionsError::new_err(e.to_string()))?;
        Ok(Game { options, game, legal: OnceLock::new() })
    }

    fn kind_of(&self) -> GameKind {
        self.options.kind()
    }

    pub(crate) fn svg(&self, flip: bool) -> String {
        arbiter_render::svg(&self.game, arbiter_render::View { flip, ended: false })
    }

    /// The side a game calls `name`, or `ValueError`.
    fn side_named(&self, name: &str) -> PyResult<Side> {
        // A side is named by the colour it plays now, which an opening rule's swap
        // exchanges (as `side_to_move` and an outcome's `winner` name it).
        Side::BOTH.into_iter().find(|&side| self.game.side_name(side) == name).ok_or_else(|| {
            let [first, second] = Side::BOTH.map(|side| self.game.side_name(side));
            PyValueError::new_err(format!("{} has no side {name:?}: {first} or {second}", self.kind_of()))
        })
    }

    /// The position's legal moves for the actions.
    fn legal(&self) -> &LegalMoves {
        self.legal.get_or_init(|| LegalMoves::of(self.game.history()))
    }

    /// Plays `text` through the registry, and forgets the legal moves of the position
    /// left.
    fn play_text(&mut self, py: Python<'_>, text: &str) -> PyResult<Move> {
        match self.game.play_text(text) {
            Ok(detail) => {
                let played = Move::from(detail);
                self.legal = OnceLock::new();
                Ok(played)
            }
            Err(error) => Err(illegal(py, &error, text)),
        }
    }

    /// The legal move whose text is `text`, as a `Move`.
    fn legal_move(&self, text: &str) -> Option<Move> {
        Move::all(self.legal(), self.game.history()).into_iter().find(|m| m.text() == text)
    }
}

/// The exception for a refused move.
pub(crate) fn illegal(py: Python<'_>, error: &MoveError, text: &str) -> PyErr {
    let err = IllegalMoveError::new_err(error.to_string());
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = value.setattr("reason", error.code());
    let _ = value.setattr("move", text);
    err
}

/// A move given as text or as a `Move`.
fn move_text(mv: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = mv.cast::<PyString>() {
        return text.extract::<String>();
    }
    if let Ok(mv) = mv.cast::<Move>() {
        return Ok(mv.get().text());
    }
    Err(PyTypeError::new_err("a move is a str or an arbiter.Move"))
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (game, **options))]
    fn py_new(game: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
        let kind = crate::kind(game)?;
        let input = crate::options::input(kind, options)?;
        let options = GameOptions::new(kind, &input).map_err(|e| OptionsError::new_err(e.to_string()))?;
        Game::start(options)
    }

    /// The game's name: `xiangqi`, `draughts`, `gomoku` or `twixt`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.kind_of().name()
    }

    /// The options the game was started with, every default filled in, as keywords
    /// that start the same game: `Game(game.kind, **game.options)`.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (key, value) in self.options.to_input().iter() {
            match value {
                OptionValue::Text(text) => dict.set_item(key, text)?,
                OptionValue::Number(number) => dict.set_item(key, number)?,
                OptionValue::Flag(flag) => dict.set_item(key, flag)?,
            }
        }
        Ok(dict)
    }

    /// Every legal move in the position, as `Move`s; empty once the game is over.
    fn legal_moves(&self) -> Vec<Move> {
        Move::all(self.legal(), self.game.history())
    }

    /// Plays `move` (its text in any notation the game reads, or a `Move`) and returns
    /// it as played. A move the rules refuse, a text that is no move, and a move after
    /// the game ended raise `IllegalMoveError` with the refusal's code as `reason`.
    #[pyo3(signature = (move_, /))]
    fn play(&mut self, py: Python<'_>, move_: &Bound<'_, PyAny>) -> PyResult<Move> {
        let text = move_text(move_)?;
        self.play_text(py, &text)
    }

    /// Takes the last move back and returns it; `IndexError` if no move was played.
    fn pop(&mut self) -> PyResult<Move> {
        let Some((last, before)) = self.game.moves().split_last() else {
            return Err(PyIndexError::new_err("pop from a game with no moves"));
        };
        let last = Move::from(last);
        let texts: Vec<String> = before.iter().map(|m| m.text.clone()).collect();
        let mut game = AnyGame::try_new(&self.options).map_err(|e| OptionsError::new_err(e.to_string()))?;
        for text in &texts {
            // These moves were played from the same start, so they play again.
            game.play_text(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
        }
        self.game = game;
        self.legal = OnceLock::new();
        Ok(last)
    }

    /// The last move played, or `None`.
    #[getter]
    fn last_move(&self) -> Option<Move> {
        self.game.last_move().map(Move::from)
    }

    /// The side to move: `red`, `black`, `white`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.game.side_name(self.game.side_to_move())
    }

    /// The position in the game's own notation: FEN for Xiangqi and draughts, board
    /// text for Gomoku, the pegs for TwixT. Setting it restarts the game from that
    /// position with the same options (`OptionsError` if it starts no game; TwixT takes
    /// no start position).
    #[getter]
    fn fen(&self) -> String {
        self.game.position_text()
    }

    #[setter]
    fn set_fen(&mut self, fen: String) -> PyResult<()> {
        let options = self.options.with_position(fen).map_err(|e| OptionsError::new_err(e.to_string()))?;
        *self = Game::start(options)?;
        Ok(())
    }

    /// Where the game stands: `ongoing`, `check` (the side to move is in check) or
    /// `finished`.
    #[getter]
    fn status(&self) -> &'static str {
        self.game.status().name()
    }

    /// How the game ended, or `None` while it goes on.
    #[getter]
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome().map(|o| Outcome::new(&self.game, &o))
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// The moves played, as texts in the game's standard notation.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.game.moves().iter().map(|m| m.text.clone()).collect()
    }

    /// The moves played written in `notation`: for Xiangqi `iccs` (the standard one),
    /// `wxf`, `chinese` or `chinese-traditional`; `ValueError` for a notation the game
    /// does not have.
    fn moves_in(&self, notation: &str) -> PyResult<Vec<String>> {
        let kind = self.kind_of();
        if kind.record_notations().first() == Some(&notation) {
            return Ok(self.moves());
        }
        match self.game.moves_in(notation) {
            Some(texts) => Ok(texts.to_vec()),
            None => {
                let names = kind.record_notations();
                let expected =
                    if names.is_empty() { "it has only its standard one".to_owned() } else { names.join(", ") };
                Err(PyValueError::new_err(format!("{kind} has no notation {notation:?}: {expected}")))
            }
        }
    }

    /// The points the rules forbid (Renju's forbidden points for Black, whoever is to
    /// move; empty under other Gomoku rules), or `None` for games that forbid none.
    fn forbidden_points(&self) -> Option<Vec<String>> {
        self.game.forbidden_points()
    }

    /// Why the game's last repetition is judged as it is (Xiangqi): the one that ended
    /// the game, or else the last position that stood twice, with the verdict a third
    /// time would bring; `None` when no position has repeated, or in games whose rules
    /// weigh no repetition. A dict: `rules` (`axf`, `chinese`), `reading` (the AXF
    /// reading, `axf` or `engines`, or `None`), `decided`, `moves` (each `{"ply",
    /// "side", "text", "readings": [{"act", "target", "by", "joint",
    /// "unprotected"}]}`, `act` one of
    /// `check`, `mate_threat`, `chase`, `offer`, `block`, `idle`, `target` and `by`
    /// `{"piece", "point"}` or `None`), `sides` (each `{"side", "conduct",
    /// "forbidden"}`), `winner`, `termination`, `rule`, `reason`, and `text`, the whole
    /// for people.
    fn explain<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let kind = self.kind_of();
        // The searches of a long cycle run without the interpreter's lock.
        let game = &self.game;
        let Some(explanation) = py.detach(|| game.explain()) else { return Ok(None) };
        let piece = |at: &Option<arbiter::explain::PieceAt>| -> PyResult<Option<Bound<'py, PyDict>>> {
            let Some(at) = at else { return Ok(None) };
            let dict = PyDict::new(py);
            dict.set_item("piece", at.piece)?;
            dict.set_item("point", &at.point)?;
            Ok(Some(dict))
        };
        let mut moves = Vec::with_capacity(explanation.moves.len());
        for mv in &explanation.moves {
            let mut readings = Vec::with_capacity(mv.readings.len());
            for reading in &mv.readings {
                let dict = PyDict::new(py);
                dict.set_item("act", reading.act.code())?;
                dict.set_item("target", piece(&reading.target)?)?;
                dict.set_item("by", piece(&reading.by)?)?;
                dict.set_item("joint", reading.joint)?;
                dict.set_item("unprotected", reading.unprotected)?;
                readings.push(dict);
            }
            let dict = PyDict::new(py);
            dict.set_item("ply", mv.ply)?;
            dict.set_item("side", kind.side_name(mv.side))?;
            dict.set_item("text", &mv.text)?;
            dict.set_item("readings", readings)?;
            moves.push(dict);
        }
        let mut sides = Vec::with_capacity(explanation.sides.len());
        for side in &explanation.sides {
            let dict = PyDict::new(py);
            dict.set_item("side", kind.side_name(side.side))?;
            dict.set_item("conduct", side.conduct.code())?;
            dict.set_item("forbidden", side.forbidden)?;
            sides.push(dict);
        }
        let dict = PyDict::new(py);
        dict.set_item("rules", explanation.rules)?;
        dict.set_item("reading", explanation.reading)?;
        dict.set_item("decided", explanation.decided)?;
        dict.set_item("moves", moves)?;
        dict.set_item("sides", sides)?;
        dict.set_item("winner", explanation.winner.map(|side| kind.side_name(side)))?;
        dict.set_item("termination", explanation.termination.code())?;
        dict.set_item("rule", explanation.rule)?;
        dict.set_item("reason", &explanation.reason)?;
        dict.set_item("text", explanation.describe(|side| kind.side_name(side)))?;
        Ok(Some(dict))
    }

    /// The two sides, the first to move first: `("red", "black")`, `("white", "black")`,
    /// `("black", "white")`.
    #[getter]
    fn sides(&self) -> (&'static str, &'static str) {
        let kind = self.kind_of();
        (kind.side_name(Side::First), kind.side_name(Side::Second))
    }

    /// The colours the two players play now, the first player's first: `sides`, but
    /// after a Gomoku opening rule's swap, which exchanges them.
    #[getter]
    fn colors(&self) -> (&'static str, &'static str) {
        (self.game.side_name(Side::First), self.game.side_name(Side::Second))
    }

    /// The engine's move here (arbiter's own alpha-beta search to `depth` plies, 1 to
    /// 20), or `None` once the game is over. With a `seed` it picks at random among the
    /// moves near the best, the same way for the same seed. The interpreter's lock is
    /// released while it searches.
    #[pyo3(signature = (*, depth = 4, seed = None))]
    fn engine_move(&self, py: Python<'_>, depth: u32, seed: Option<u64>) -> PyResult<Option<Move>> {
        if !(1..=MAX_ENGINE_DEPTH).contains(&depth) {
            return Err(PyValueError::new_err(format!("depth {depth} is not 1 to {MAX_ENGINE_DEPTH}")));
        }
        let budget = Budget { depth: Some(depth), ..Budget::default() };
        let style = Style { max_depth: depth, random: seed.map(|seed| (seed, RANDOM_MARGIN)) };
        let game = &self.game;
        let choice = py.detach(|| arbiter_engine::choose_move(game, budget, style));
        Ok(choice.and_then(|choice| self.legal_move(&choice.text)))
    }

    /// The number of actions: moves as numbers for learning agents (see
    /// `docs/python.md`), `0` to `action_count - 1`.
    #[getter]
    fn action_count(&self) -> usize {
        games::action_count(self.game.history())
    }

    /// `(rows, columns, planes)` of `observation`.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        games::shape(self.game.history())
    }

    /// The position as the side `observer` sees it, as `observation_shape` bytes of 0
    /// and 1 (rows, then columns, then planes): its own pieces in the first planes.
    /// `route` is the steps of a draughts capture chosen so far.
    #[pyo3(signature = (observer, route = Vec::new()))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        observer: &str,
        route: Vec<usize>,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        let side = self.side_named(observer)?;
        Ok(PyByteArray::new(py, &games::observe(self.game.history(), self.legal(), side, &route)))
    }

    /// The actions that may be taken now (after the steps of `route`), in increasing
    /// order; empty once the game is over.
    #[pyo3(signature = (route = Vec::new()))]
    fn legal_actions(&self, route: Vec<usize>) -> Vec<usize> {
        games::legal_actions(self.game.history(), self.legal(), &route)
    }

    /// `action_count` bytes, 1 for each action that may be taken now (after `route`).
    #[pyo3(signature = (route = Vec::new()))]
    fn action_mask<'py>(&self, py: Python<'py>, route: Vec<usize>) -> Bound<'py, PyByteArray> {
        let mut mask = vec![0u8; self.action_count()];
        for action in games::legal_actions(self.game.history(), self.legal(), &route) {
            mask[action] = 1;
        }
        PyByteArray::new(py, &mask)
    }

    /// Takes `action` after the steps of `route`: plays the move it completes and
    /// returns it, or returns `None` when it is a landing of a draughts capture that
    /// goes on (add it to the route; the same side acts again). An action no legal move
    /// takes raises `IllegalMoveError` with the rules' reason, as `play` does; a number
    /// that is no action, `ValueError`.
    #[pyo3(signature = (action, route = Vec::new()))]
    fn play_action(&mut self, py: Python<'_>, action: usize, route: Vec<usize>) -> PyResult<Option<Move>> {
        match games::step(self.game.history(), self.legal(), &route, action) {
            Step::Completes(text) => self.play_text(py, &text).map(Some),
            Step::Continues => Ok(None),
            Step::Refused(text) => {
                // The rules say why: the text is played on a copy only to be refused.
                match self.game.clone().play_text(&text) {
                    Err(error) => Err(illegal(py, &error, &text)),
                    // Cannot be: the actions and the legal moves are the same list.
                    Ok(_) => Err(PyRuntimeError::new_err(format!("{text} is legal but no action took it"))),
                }
            }
            Step::OutOfRange => {
                let count = self.action_count();
                Err(PyValueError::new_err(format!(
                    "{action} after route {route:?} is no action of {} (0 to {})",
                    self.kind(),
                    count - 1
                )))
            }
        }
    }

    /// The actions that make the legal move `move` (one; for a draughts capture of
    /// several pieces, one per landing); `IllegalMoveError` if it is no legal move here.
    #[pyo3(signature = (move_, /))]
    fn actions_of(&self, py: Python<'_>, move_: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let text = move_text(move_)?;
        match games::actions_of(self.game.history(), self.legal(), &text) {
            Some(actions) => Ok(actions),
            None => match self.game.clone().play_text(&text) {
                Err(error) => Err(illegal(py, &error, &text)),
                Ok(_) => Err(PyValueError::new_err(format!("{text:?} has no actions"))),
            },
        }
    }

    /// A copy of the game, played on independently.
    fn copy(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// Games are equal when they started from the same options and the same moves were
    /// played. A game changes as it is played, so it is not hashable.
    fn __eq__(&self, other: PyRef<'_, Game>) -> bool {
        self.options == other.options && self.game.moves() == other.game.moves()
    }

    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    /// The board as SVG, for Jupyter.
    fn _repr_svg_(&self) -> String {
        self.svg(false)
    }

    /// `<arbiter.Game xiangqi 'FEN': 3 moves, red to move>`.
    fn __repr__(&self) -> String {
        let count = self.game.moves().len();
        let plural = if count == 1 { "" } else { "s" };
        let state = match self.game.outcome() {
            Some(outcome) => outcome.describe(|side| self.game.side_name(side)),
            None => format!("{} to move", self.side_to_move()),
        };
        format!("<arbiter.Game {} {:?}: {count} move{plural}, {state}>", self.kind(), self.fen())
    }
}
