//! Record files: `read_records` gives their games as recorded, `check_records` replays
//! each by the rules as `arbiter check` does; `iter_records` and `iter_check_records`
//! give the same one game at a time. All of them read the file as a stream, a batch of
//! games at a time (`text::Records`), so that memory holds only what they give.

use std::collections::VecDeque;
use std::sync::Mutex;

use arbiter::{GameKind, OptionsInput};
use arbiter_formats::record::{Replayed, recorded_result, replay};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::game::Outcome;
use crate::text::Records;

/// A game as a record file writes it: its tags, its moves as written, its result.
#[pyclass(module = "arbiter", frozen)]
#[derive(Clone)]
pub struct RecordedGame {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
    result: &'static str,
    line: usize,
}

#[pymethods]
impl RecordedGame {
    /// The tags in the order read (`{"Event": ..., "Red": ..., "FEN": ...}`).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in &self.tags {
            if !dict.contains(name)? {
                dict.set_item(name, value)?;
            }
        }
        Ok(dict)
    }

    /// The value of tag `name` (names compare without case), or `None`.
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The moves as the record writes them (`H2-E2`, `32-28`, `h8`), not yet checked.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.moves.clone()
    }

    /// The result the record gives, as the game writes it: `1-0`, `0-1`, `1/2-1/2`,
    /// `*` (draughts `2-0`, `0-2`, `1-1`).
    #[getter]
    fn result(&self) -> &'static str {
        self.result
    }

    /// The line of the file the game starts on, from 1.
    #[getter]
    fn line(&self) -> usize {
        self.line
    }

    fn __repr__(&self) -> String {
        format!("<RecordedGame at line {}: {} moves, {}>", self.line, self.moves.len(), self.result)
    }
}

/// The first move of a record that the rules refuse.
#[pyclass(module = "arbiter", frozen)]
#[derive(Clone)]
pub struct RecordRefusal {
    number: String,
    text: String,
    line: usize,
    reason: String,
}

#[pymethods]
impl RecordRefusal {
    /// How the move is numbered: `12` for the first side's twelfth, `12...` for the
    /// second side's (`0` when the game could not begin).
    #[getter]
    fn number(&self) -> &str {
        &self.number
    }

    /// The move as the record writes it; empty when the game could not begin.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    /// The line of the file the move stands on, from 1.
    #[getter]
    fn line(&self) -> usize {
        self.line
    }

    /// Why the rules refuse it, in English.
    #[getter]
    fn reason(&self) -> &str {
        &self.reason
    }

    fn __str__(&self) -> String {
        if self.text.is_empty() { self.reason.clone() } else { format!("move {}: {}", self.number, self.reason) }
    }

    fn __repr__(&self) -> String {
        format!("<RecordRefusal line {}: {}>", self.line, self.__str__())
    }
}

/// What replaying one recorded game by the rules found, as `arbiter check` reports it.
#[pyclass(module = "arbiter", frozen)]
#[derive(Clone)]
pub struct RecordCheck {
    game: usize,
    line: usize,
    players: (String, String),
    moves: usize,
    refusal: Option<RecordRefusal>,
    notes: Vec<String>,
    recorded: &'static str,
    outcome: Option<Outcome>,
    verdict: Option<String>,
    result: &'static str,
}

#[pymethods]
impl RecordCheck {
    /// The game's number in its file, from 1.
    #[getter]
    fn game(&self) -> usize {
        self.game
    }

    /// The line of the file the game starts on, from 1.
    #[getter]
    fn line(&self) -> usize {
        self.line
    }

    /// The players as the record names them, the first side's first (`?` if unnamed).
    #[getter]
    fn players(&self) -> (String, String) {
        self.players.clone()
    }

    /// The moves the rules let be played.
    #[getter]
    fn moves(&self) -> usize {
        self.moves
    }

    /// Whether every move of the record is legal.
    #[getter]
    fn legal(&self) -> bool {
        self.refusal.is_none()
    }

    /// The first move refused, or `None`.
    #[getter]
    fn refusal(&self) -> Option<RecordRefusal> {
        self.refusal.clone()
    }

    /// Endings the players went on after, and moves the record writes ambiguously.
    #[getter]
    fn notes(&self) -> Vec<String> {
        self.notes.clone()
    }

    /// The result the record gives: `1-0`, `0-1`, `1/2-1/2`, `*` (draughts `2-0`, ...).
    #[getter]
    fn recorded(&self) -> &'static str {
        self.recorded
    }

    /// The rules' verdict on the game as played, or `None` if they did not end it.
    #[getter]
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    /// The verdict in words (`red wins by checkmate`), or `None`.
    #[getter]
    fn verdict(&self) -> Option<&str> {
        self.verdict.as_deref()
    }

    /// `agree` (the rules give the recorded result), `differ`, `undecided` (a legal
    /// game the rules did not end) or `refused`.
    #[getter]
    fn result(&self) -> &'static str {
        self.result
    }

    fn __repr__(&self) -> String {
        let (first, second) = &self.players;
        format!("<RecordCheck game {} ({first} vs {second}): {} moves, {}>", self.game, self.moves, self.result)
    }
}

/// The games of a stream, a batch at a time, each made into what is given (`T`) on a
/// thread without the interpreter's lock; after the last game or a refusal it gives
/// nothing more.
struct Batches<T> {
    records: Option<Records>,
    /// What each game is made into, given the game's number in its file (from 1).
    make: fn(&Making, usize, &arbiter_formats::record::RecordedGame) -> T,
    making: Making,
    ready: VecDeque<T>,
    /// The games read so far.
    read: usize,
}

/// What making a game into what is given needs: the game, and for a check the options
/// the records' tags do not give.
struct Making {
    kind: GameKind,
    base: OptionsInput,
}

impl<T: Send> Batches<T> {
    fn new(
        records: Records,
        making: Making,
        make: fn(&Making, usize, &arbiter_formats::record::RecordedGame) -> T,
    ) -> Self {
        Batches { records: Some(records), make, making, ready: VecDeque::new(), read: 0 }
    }

    /// The next game made, `None` after the last.
    fn next(&mut self, py: Python<'_>) -> PyResult<Option<T>> {
        loop {
            if let Some(made) = self.ready.pop_front() {
                return Ok(Some(made));
            }
            let Some(records) = &mut self.records else { return Ok(None) };
            let (make, making, read) = (self.make, &self.making, self.read);
            let batch = py.detach(|| {
                records.stream.next_batch().map(|batch| {
                    batch.map(|games| {
                        games.iter().enumerate().map(|(index, game)| make(making, read + index + 1, game)).collect()
                    })
                })
            });
            match batch {
                Ok(Some(made)) => {
                    let made: Vec<T> = made;
                    self.read += made.len();
                    self.ready.extend(made);
                }
                Ok(None) => self.records = None,
                Err(error) => {
                    let name = self.records.take().and_then(|r| r.name);
                    return Err(crate::text::refusal(name.as_deref(), error));
                }
            }
        }
    }

    /// Every game made, as a list.
    fn all(mut self, py: Python<'_>) -> PyResult<Vec<T>> {
        let mut all = Vec::new();
        while let Some(made) = self.next(py)? {
            all.push(made);
        }
        Ok(all)
    }
}

fn recorded(making: &Making, _number: usize, game: &arbiter_formats::record::RecordedGame) -> RecordedGame {
    RecordedGame {
        result: recorded_result(game).token(making.kind),
        moves: game.moves.iter().map(|m| m.text.clone()).collect(),
        line: game.line,
        tags: game.tags.clone(),
    }
}

fn checked(making: &Making, number: usize, game: &arbiter_formats::record::RecordedGame) -> RecordCheck {
    let replayed = replay(making.kind, game, &making.base, None);
    check(making.kind, number, game, &replayed)
}

fn games(game: &str, source: &Bound<'_, PyAny>, encoding: Option<&str>) -> PyResult<Batches<RecordedGame>> {
    let kind = crate::kind(game)?;
    let records = Records::open(source, kind, encoding)?;
    Ok(Batches::new(records, Making { kind, base: OptionsInput::default() }, recorded))
}

fn checks(
    game: &str,
    source: &Bound<'_, PyAny>,
    encoding: Option<&str>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Batches<RecordCheck>> {
    let kind = crate::kind(game)?;
    let base = crate::options::input(kind, options)?;
    let records = Records::open(source, kind, encoding)?;
    Ok(Batches::new(records, Making { kind, base }, checked))
}

/// The games of a record file (a path, its text, or its bytes), in the format the
/// game's records come in, told from the text: PGN (Xiangqi in ICCS, WXF or Chinese),
/// PDN, Piskvork `.psq`, Little Golem `tsgf` or T1j. The file is read as a stream, as
/// `arbiter check` reads it; a text that cannot be read raises `ValueError` naming
/// the line, as `check` does.
#[pyfunction]
#[pyo3(signature = (game, source, *, encoding = None))]
pub(crate) fn read_records(
    py: Python<'_>,
    game: &str,
    source: &Bound<'_, PyAny>,
    encoding: Option<&str>,
) -> PyResult<Vec<RecordedGame>> {
    games(game, source, encoding)?.all(py)
}

/// Each game of a record file replayed by the rules, as `arbiter check` gives it: the
/// first move refused, the rules' verdict against the recorded result. Keyword
/// options (`rules`, `move_limit`, ...) are those the records' tags do not give. Only
/// each game's findings are kept, not its record.
#[pyfunction]
#[pyo3(signature = (game, source, *, encoding = None, **options))]
pub(crate) fn check_records(
    py: Python<'_>,
    game: &str,
    source: &Bound<'_, PyAny>,
    encoding: Option<&str>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<RecordCheck>> {
    checks(game, source, encoding, options)?.all(py)
}

/// The games of a record file one at a time, as `read_records` reads them: memory
/// holds a batch of games (about 1 MiB of text), however long the file. A refusal
/// is raised by the `next` that reaches it, after the games before it.
#[pyfunction]
#[pyo3(signature = (game, source, *, encoding = None))]
pub(crate) fn iter_records(game: &str, source: &Bound<'_, PyAny>, encoding: Option<&str>) -> PyResult<RecordIterator> {
    Ok(RecordIterator { batches: Mutex::new(games(game, source, encoding)?) })
}

/// Each game of a record file replayed by the rules one at a time, as `check_records`
/// gives them: memory holds a batch of games, however long the file.
#[pyfunction]
#[pyo3(signature = (game, source, *, encoding = None, **options))]
pub(crate) fn iter_check_records(
    game: &str,
    source: &Bound<'_, PyAny>,
    encoding: Option<&str>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<RecordCheckIterator> {
    Ok(RecordCheckIterator { batches: Mutex::new(checks(game, source, encoding, options)?) })
}

// The iterators are used through `&mut self` (Python's own borrow check refuses a
// second thread's `next` while one runs): the mutex is only what makes them `Sync`,
// never locked while another waits.

/// The games of a record file, one at a time (`iter_records`).
#[pyclass(module = "arbiter")]
pub struct RecordIterator {
    batches: Mutex<Batches<RecordedGame>>,
}

#[pymethods]
impl RecordIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<RecordedGame>> {
        self.batches.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner).next(py)
    }
}

/// The checks of a record file's games, one at a time (`iter_check_records`).
#[pyclass(module = "arbiter")]
pub struct RecordCheckIterator {
    batches: Mutex<Batches<RecordCheck>>,
}

#[pymethods]
impl RecordCheckIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<RecordCheck>> {
        self.batches.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner).next(py)
    }
}

fn check(
    kind: GameKind,
    number: usize,
    game: &arbiter_formats::record::RecordedGame,
    replayed: &Replayed,
) -> RecordCheck {
    let [first, second] = game.players(kind).map(str::to_owned);
    RecordCheck {
        game: number,
        line: game.line,
        players: (first, second),
        moves: replayed.played,
        refusal: replayed.refusal.as_ref().map(|r| RecordRefusal {
            number: r.number.clone(),
            text: r.text.clone(),
            line: r.line,
            reason: r.reason.clone(),
        }),
        notes: replayed.notes.clone(),
        recorded: replayed.recorded.token(kind),
        outcome: replayed.verdict.as_ref().map(|o| Outcome::new(&replayed.game, o)),
        verdict: replayed.verdict.as_ref().map(|o| o.describe(|side| kind.side_name(side))),
        result: replayed.agreement().name(),
    }
}
