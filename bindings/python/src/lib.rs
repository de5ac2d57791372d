//! The native part of the Python package `arbiter` (`arbiter._arbiter`, re-exported by
//! `python/arbiter/__init__.py`): arbiter's games through the library's registry, so
//! that every game is played, ended, read and judged the same way. Its stubs are
//! `python/arbiter/_arbiter.pyi`; `docs/python.md` shows it in use.
//!
//! No panic is meant to reach Python: every option, position and move is checked by
//! the library's fallible calls, and its errors become Python exceptions.

mod actions;
mod batch;
mod game;
mod games;
mod kept;
mod moves;
mod options;
mod planes;
mod positions;
mod records;
mod slot;
mod text;
mod vector;

use std::io::Cursor;

use arbiter::registry::PositionVisitor;
use arbiter::{AnyPosition, GameKind, GameOptions, LookBack};
use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

pub use game::{Game, Outcome};
pub use moves::Move;
pub use records::{RecordCheck, RecordCheckIterator, RecordIterator, RecordRefusal, RecordedGame};
pub use vector::{PositionBatch, VectorCore};

pyo3::create_exception!(
    arbiter,
    IllegalMoveError,
    PyValueError,
    "A move the rules refuse, or a text that is no move. `reason` is the refusal's stable \
     code (`leaves_general_in_check`, `capture_compulsory`, `forbidden`, `unreadable`, \
     `game_over`); the message is the sentence a player is told."
);
pyo3::create_exception!(
    arbiter,
    OptionsError,
    PyValueError,
    "Options that start no game: an unknown game, an option the game does not take, a \
     value out of range, a start position that cannot be read."
);

/// The game named `name`, or `OptionsError`.
pub(crate) fn kind(name: &str) -> PyResult<GameKind> {
    name.parse::<GameKind>().map_err(|e| OptionsError::new_err(e.to_string()))
}

/// The number of positions reached after exactly `depth` plies of legal moves from the
/// start the options give (perft), the root moves shared among `threads` threads.
/// The interpreter's lock is released while it counts.
#[pyfunction]
#[pyo3(signature = (game, depth, *, threads = 1, **options))]
fn perft(py: Python<'_>, game: &str, depth: u32, threads: usize, options: Option<&Bound<'_, PyDict>>) -> PyResult<u64> {
    let kind = kind(game)?;
    if depth > arbiter::perft::MAX_DEPTH {
        return Err(PyValueError::new_err(format!("depth {depth} is more than {} plies", arbiter::perft::MAX_DEPTH)));
    }
    if !(1..=arbiter::perft::MAX_THREADS).contains(&threads) {
        return Err(PyValueError::new_err(format!("threads {threads}: expected 1 to {}", arbiter::perft::MAX_THREADS)));
    }
    let input = options::input(kind, options)?;
    let options = GameOptions::new(kind, &input).map_err(|e| OptionsError::new_err(e.to_string()))?;
    let position = AnyPosition::new(&options).map_err(|e| OptionsError::new_err(e.to_string()))?;
    py.detach(|| position.visit(Perft { depth, threads }))
        .ok_or_else(|| pyo3::exceptions::PyRuntimeError::new_err("a perft thread failed"))
}

/// Perft with the root moves shared out among threads.
struct Perft {
    depth: u32,
    threads: usize,
}

impl PositionVisitor for Perft {
    /// The count; `None` if a thread failed.
    type Output = Option<u64>;

    fn visit<P: LookBack + Send + Sync + 'static>(self, position: &P) -> Option<u64> {
        if self.depth == 0 {
            return Some(1);
        }
        let mut roots = Vec::new();
        position.legal_moves(&mut roots);
        let threads = self.threads.min(roots.len()).max(1);
        if threads == 1 {
            return Some(arbiter::perft(position, self.depth));
        }
        let next = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut nodes = 0;
                        loop {
                            let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            let Some(&mv) = roots.get(index) else { break nodes };
                            nodes += arbiter::perft_after(position, mv, self.depth);
                        }
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().ok()).sum()
        })
    }
}

/// A contest judge's answer to `input` (text or bytes), byte for byte as the judge
/// writes it (see `docs/judges/`). Input the format tolerates but that is probably a
/// mistake is reported as a `UserWarning`; input it refuses raises `ValueError`.
#[pyfunction]
fn judge(py: Python<'_>, game: &str, input: &Bound<'_, PyAny>) -> PyResult<String> {
    let kind = kind(game)?;
    let bytes: Vec<u8> = if let Ok(text) = input.cast::<PyString>() {
        text.extract::<String>()?.into_bytes()
    } else if let Ok(bytes) = input.cast::<PyBytes>() {
        bytes.as_bytes().to_vec()
    } else {
        return Err(pyo3::exceptions::PyTypeError::new_err("input must be str or bytes"));
    };
    let (answer, warnings) = py.detach(|| {
        let mut output = Vec::new();
        let mut warnings = Vec::new();
        let answer = arbiter_formats::judge(kind, Cursor::new(bytes), &mut output, &mut warnings);
        (answer.map(|()| output), warnings)
    });
    for line in String::from_utf8_lossy(&warnings).lines().filter(|l| !l.is_empty()) {
        let message = std::ffi::CString::new(line.replace('\0', " ")).unwrap_or_default();
        PyErr::warn(py, &py.get_type::<PyUserWarning>(), &message, 1)?;
    }
    let output = answer.map_err(|e| PyValueError::new_err(e.to_string()))?;
    String::from_utf8(output).map_err(|e| PyValueError::new_err(format!("the judge wrote no UTF-8 text: {e}")))
}

/// The board of `game` as an SVG document: its last move marked, a general in check
/// ringed, a winning line or chain drawn; `flip` turns it round (the second side at
/// the bottom).
#[pyfunction]
#[pyo3(signature = (game, *, flip = false))]
fn render_svg(game: PyRef<'_, Game>, flip: bool) -> String {
    game.svg(flip)
}

/// The names of the games, in the order front ends list them.
#[pyfunction(name = "games")]
fn game_names() -> Vec<&'static str> {
    GameKind::ALL.iter().map(|k| k.name()).collect()
}

/// The options `game` takes, as dicts: `name` (the keyword), `help`, `type` (`text`,
/// `choice`, `number` or `flag`), `default` (in words), and `choices` or `min` and
/// `max` where the type has them; `ValueError` for a name that is no game.
#[pyfunction]
fn game_options<'py>(py: Python<'py>, game: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let kind: GameKind = game.parse().map_err(|e: arbiter::OptionsError| PyValueError::new_err(e.to_string()))?;
    kind.options()
        .iter()
        .map(|spec| {
            let dict = PyDict::new(py);
            dict.set_item("name", spec.name)?;
            dict.set_item("help", spec.help)?;
            dict.set_item("default", spec.default)?;
            let kind = match spec.input {
                arbiter::OptionInput::Text => "text",
                arbiter::OptionInput::Choice { choices } => {
                    dict.set_item("choices", choices.to_vec())?;
                    "choice"
                }
                arbiter::OptionInput::Number { min, max } => {
                    dict.set_item("min", min)?;
                    dict.set_item("max", max)?;
                    "number"
                }
                arbiter::OptionInput::Flag => "flag",
            };
            dict.set_item("type", kind)?;
            Ok(dict)
        })
        .collect()
}

/// arbiter: a referee for Xiangqi, international draughts, Gomoku/Renju and TwixT.
#[pymodule]
#[pyo3(name = "_arbiter")]
fn arbiter_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("OptionsError", py.get_type::<OptionsError>())?;
    m.add_class::<Game>()?;
    m.add_class::<Move>()?;
    m.add_class::<Outcome>()?;
    m.add_class::<RecordedGame>()?;
    m.add_class::<RecordCheck>()?;
    m.add_class::<RecordRefusal>()?;
    m.add_class::<RecordIterator>()?;
    m.add_class::<RecordCheckIterator>()?;
    m.add_class::<VectorCore>()?;
    m.add_class::<PositionBatch>()?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(judge, m)?)?;
    m.add_function(wrap_pyfunction!(render_svg, m)?)?;
    m.add_function(wrap_pyfunction!(game_names, m)?)?;
    m.add_function(wrap_pyfunction!(game_options, m)?)?;
    m.add_function(wrap_pyfunction!(records::read_records, m)?)?;
    m.add_function(wrap_pyfunction!(records::check_records, m)?)?;
    m.add_function(wrap_pyfunction!(records::iter_records, m)?)?;
    m.add_function(wrap_pyfunction!(records::iter_check_records, m)?)?;
    Ok(())
}
