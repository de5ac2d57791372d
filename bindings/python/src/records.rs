//! Record files: `read_records` gives their games as recorded, `check_records` replays
//! each by the rules as `arbiter check` does.

use arbiter::GameKind;
use arbiter::record::{GameResult, Replayed, recorded_result, replay};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::game::Outcome;

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

fn read(
    kind: GameKind,
    source: &Bound<'_, PyAny>,
    encoding: Option<&str>,
) -> PyResult<Vec<arbiter::record::RecordedGame>> {
    let text = crate::text::source_text(source, encoding)?;
    // A line longer than any valid one is refused as `arbiter check` refuses it.
    let mut lines = arbiter::lines::LineReader::new(text.as_bytes());
    while lines.next_bytes().map_err(|e| PyValueError::new_err(e.to_string()))?.is_some() {}
    source.py().detach(|| kind.read_records(&text)).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The games of a record file (a path, its text, or its bytes), in the format the
/// game's records come in, told from the text: PGN (Xiangqi in ICCS, WXF or Chinese),
/// PDN, Piskvork `.psq`, Little Golem `tsgf` or T1j. A text that cannot be read raises
/// `ValueError` naming the line.
#[pyfunction]
#[pyo3(signature = (game, source, *, encoding = None))]
pub(crate) fn read_records(
    game: &str,
    source: &Bound<'_, PyAny>,
    encoding: Option<&str>,
) -> PyResult<Vec<RecordedGame>> {
    let kind = crate::kind(game)?;
    Ok(read(kind, source, encoding)?
        .into_iter()
        .map(|g| RecordedGame {
            result: recorded_result(&g).token(kind),
            moves: g.moves.iter().map(|m| m.text.clone()).collect(),
            line: g.line,
            tags: g.tags,
        })
        .collect())
}

/// Each game of a record file replayed by the rules, as `arbiter check` gives it: the
/// first move refused, the rules' verdict against the recorded result. Keyword
/// options (`rules`, `move_limit`, ...) are those the records' tags do not give.
#[pyfunction]
#[pyo3(signature = (game, source, *, encoding = None, **options))]
pub(crate) fn check_records(
    game: &str,
    source: &Bound<'_, PyAny>,
    encoding: Option<&str>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<RecordCheck>> {
    let kind = crate::kind(game)?;
    let base = crate::options::input(kind, options)?;
    let games = read(kind, source, encoding)?;
    let checks = source.py().detach(|| {
        games
            .iter()
            .enumerate()
            .map(|(index, recorded)| {
                let replayed = replay(kind, recorded, &base, None);
                check(kind, index + 1, recorded, &replayed)
            })
            .collect()
    });
    Ok(checks)
}

fn check(kind: GameKind, number: usize, game: &arbiter::record::RecordedGame, replayed: &Replayed) -> RecordCheck {
    let result = match (&replayed.refusal, &replayed.verdict) {
        (Some(_), _) => "refused",
        (None, None) => "undecided",
        (None, Some(outcome)) => {
            if GameResult::of_winner(outcome.winner()) == replayed.recorded {
                "agree"
            } else {
                "differ"
            }
        }
    };
    let [first, second] = [arbiter::Side::First, arbiter::Side::Second].map(|side| {
        let word = kind.side_name(side);
        let tag: String = word[..1].to_uppercase() + &word[1..];
        game.tag(&tag).filter(|n| !n.is_empty()).unwrap_or("?").to_owned()
    });
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
        outcome: replayed.verdict.as_ref().map(|o| Outcome::new(kind, o)),
        verdict: replayed.verdict.as_ref().map(|o| o.describe(|side| kind.side_name(side))),
        result,
    }
}
