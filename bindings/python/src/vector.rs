//! The Python classes over the batched cores: `VectorCore` (what
//! `arbiter.envs.vector_env` steps) and `PositionBatch` (positions for tree search).
//! Each owns its NumPy arrays; a step writes them in place, the interpreter's lock
//! released, and Python reads the same arrays again without a copy.

use arbiter::{GameKind, GameOptions, Side, Termination};
use numpy::ndarray::{Array1, Array2, Array4};
use numpy::{
    AllowTypeChange, PyArray1, PyArray2, PyArray4, PyArrayDescrMethods, PyArrayLike1, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::batch::{AnyBatch, Autoreset, Config, IllegalPolicy, Outputs, Players, Refusal};
use crate::games;
use crate::planes::Frame;
use crate::positions::{AnyPositions, Results};
use crate::{IllegalMoveError, OptionsError};

/// A pointer to an array's data and its length, carried into the threads while the
/// interpreter's lock is released: the arrays are the core's own, C-contiguous, and
/// kept alive by it.
#[derive(Clone, Copy)]
struct Raw<T> {
    data: *mut T,
    len: usize,
}

// The data is only touched by the call that made the pointer, while the core (which
// owns the array) is borrowed mutably.
unsafe impl<T> Send for Raw<T> {}
unsafe impl<T> Sync for Raw<T> {}

impl<T> Raw<T> {
    fn of<D>(array: &Bound<'_, numpy::PyArray<T, D>>) -> Raw<T>
    where
        T: numpy::Element,
        D: numpy::ndarray::Dimension,
    {
        Raw { data: array.data(), len: array.len() }
    }

    /// # Safety
    /// No other slice over the same data may be alive.
    unsafe fn slice<'a>(self) -> &'a mut [T] {
        if self.len == 0 { &mut [] } else { unsafe { std::slice::from_raw_parts_mut(self.data, self.len) } }
    }
}

/// The most environments a vector environment holds.
const MAX_ENVS: usize = 1 << 20;

/// The most positions a `PositionBatch` holds.
const MAX_CAPACITY: usize = 1 << 24;

/// The most bytes one of a vector environment's arrays may take (4 GiB), and the most
/// board points a `PositionBatch` may hold in all (each slot keeps its board).
const MAX_ARRAY: usize = 1 << 32;

/// `ValueError` unless `count` of `each` fit in `MAX_ARRAY`.
fn check_size(count: usize, each: usize, what: &str) -> PyResult<()> {
    match count.checked_mul(each) {
        Some(total) if total <= MAX_ARRAY => Ok(()),
        _ => Err(PyValueError::new_err(format!(
            "{count} x {each} {what} is more than this batch may hold ({MAX_ARRAY}): fewer games or a smaller board"
        ))),
    }
}

/// The game named `name` with the options given as keywords.
fn game_options(name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<(GameKind, GameOptions)> {
    let kind = crate::kind(name)?;
    let input = crate::options::input(kind, options)?;
    let options = GameOptions::new(kind, &input).map_err(|e| OptionsError::new_err(e.to_string()))?;
    Ok((kind, options))
}

/// The side a game calls `name`.
fn side_named(kind: GameKind, name: &str) -> PyResult<Side> {
    Side::BOTH.into_iter().find(|&side| kind.side_name(side) == name).ok_or_else(|| {
        let [first, second] = Side::BOTH.map(|side| kind.side_name(side));
        PyValueError::new_err(format!("{kind} has no side {name:?}: {first} or {second}"))
    })
}

/// The threads a call may use: `None` is every core.
fn thread_count(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        None => Ok(std::thread::available_parallelism().map_or(1, usize::from)),
        Some(n) if (1..=1024).contains(&n) => Ok(n),
        Some(n) => Err(PyValueError::new_err(format!("threads {n}: expected 1 to 1024"))),
    }
}

/// The exception for an action refused before any change.
fn refused(py: Python<'_>, refusal: Refusal, what: &str) -> PyErr {
    match refusal {
        Refusal::Illegal { env, action, spelled, reason, message } => {
            let err = IllegalMoveError::new_err(format!("{what} {env}: action {action}: {message}"));
            let value = err.value(py);
            let _ = value.setattr("reason", reason);
            let _ = value.setattr("move", spelled.unwrap_or_default());
            let _ = value.setattr("index", env);
            let _ = value.setattr("action", action);
            err
        }
        Refusal::Ended { env } => PyValueError::new_err(format!(
            "environment {env} has ended and autoreset is disabled: reset it first (reset(options={{\"reset_mask\": ...}}))"
        )),
    }
}

/// `array` as a NumPy array that Python reads and never writes: its memory is Rust's
/// (a NumPy array that does not own its data, over no writable buffer), so that once
/// `writeable` is cleared NumPy refuses to set it again, and a step may trust what it
/// wrote in the step before (the planes kept in the observation rows).
fn sealed<A: numpy::Element, D: numpy::ndarray::Dimension>(
    py: Python<'_>,
    array: numpy::ndarray::Array<A, D>,
) -> PyResult<Py<numpy::PyArray<A, D>>> {
    let array = numpy::PyArray::from_owned_array(py, array);
    array.getattr("flags")?.setattr("writeable", false)?;
    Ok(array.unbind())
}

/// A batch of environments of one game, stepped in Rust: what
/// `arbiter.envs.vector_env` wraps. Its arrays are its own, written in place by each
/// step, and read-only to Python.
#[pyclass(module = "arbiter")]
pub struct VectorCore {
    batch: Box<dyn AnyBatch>,
    kind: GameKind,
    /// The game's options, which `PositionBatch.load` checks against its own.
    options: GameOptions,
    threads: usize,
    actions: Vec<i64>,
    observations: Py<PyArray4<u8>>,
    final_observations: Option<Py<PyArray4<u8>>>,
    rewards: Py<PyArray1<f32>>,
    terminations: Py<PyArray1<bool>>,
    truncations: Py<PyArray1<bool>>,
    masks: Py<PyArray2<bool>>,
    legal: Py<PyArray2<i32>>,
    counts: Py<PyArray1<i32>>,
    to_move: Py<PyArray1<i8>>,
    winners: Py<PyArray1<i8>>,
    endings: Py<PyArray1<i8>>,
    illegal: Py<PyArray1<bool>>,
    /// Each array's address and length when it was made ([`VectorCore::pointers`]).
    places: [(usize, usize); 12],
}

/// The raw pointers of a core's arrays.
struct Pointers {
    observations: Raw<u8>,
    final_observations: Raw<u8>,
    rewards: Raw<f32>,
    terminations: Raw<bool>,
    truncations: Raw<bool>,
    masks: Raw<bool>,
    legal: Raw<i32>,
    counts: Raw<i32>,
    to_move: Raw<i8>,
    winners: Raw<i8>,
    endings: Raw<i8>,
    illegal: Raw<bool>,
}

impl Pointers {
    /// # Safety
    /// Only while the core that made them is borrowed mutably, once at a time.
    unsafe fn outputs<'a>(&self) -> Outputs<'a> {
        unsafe {
            Outputs {
                observations: self.observations.slice(),
                final_observations: self.final_observations.slice(),
                rewards: self.rewards.slice(),
                terminations: self.terminations.slice(),
                truncations: self.truncations.slice(),
                masks: self.masks.slice(),
                legal: self.legal.slice(),
                counts: self.counts.slice(),
                to_move: self.to_move.slice(),
                winners: self.winners.slice(),
                endings: self.endings.slice(),
                illegal: self.illegal.slice(),
            }
        }
    }
}

// The raw pointers are carried as a whole.
unsafe impl Send for Pointers {}

impl Pointers {
    /// Each array's address and length, to compare.
    fn places(&self) -> [(usize, usize); 12] {
        fn place<T>(raw: Raw<T>) -> (usize, usize) {
            (raw.data as usize, raw.len)
        }
        [
            place(self.observations),
            place(self.final_observations),
            place(self.rewards),
            place(self.terminations),
            place(self.truncations),
            place(self.masks),
            place(self.legal),
            place(self.counts),
            place(self.to_move),
            place(self.winners),
            place(self.endings),
            place(self.illegal),
        ]
    }
}

impl VectorCore {
    /// The arrays' pointers, checked against those they had when they were made: a
    /// step trusts what it wrote in the step before (the kept planes, the rows of
    /// legal actions), and NumPy lets Python give an array other memory
    /// (`__setstate__`) or another type or shape in place, which would make the rows
    /// wrong or the slices longer than the memory.
    fn pointers(&self, py: Python<'_>) -> PyResult<Pointers> {
        let pointers = self.raw_pointers(py);
        if pointers.places() != self.places {
            return Err(PyRuntimeError::new_err(
                "the environment's arrays were given other memory, type or shape from Python: make a new environment",
            ));
        }
        Ok(pointers)
    }

    fn raw_pointers(&self, py: Python<'_>) -> Pointers {
        Pointers {
            observations: Raw::of(self.observations.bind(py)),
            final_observations: self
                .final_observations
                .as_ref()
                .map_or(Raw { data: std::ptr::null_mut(), len: 0 }, |a| Raw::of(a.bind(py))),
            rewards: Raw::of(self.rewards.bind(py)),
            terminations: Raw::of(self.terminations.bind(py)),
            truncations: Raw::of(self.truncations.bind(py)),
            masks: Raw::of(self.masks.bind(py)),
            legal: Raw::of(self.legal.bind(py)),
            counts: Raw::of(self.counts.bind(py)),
            to_move: Raw::of(self.to_move.bind(py)),
            winners: Raw::of(self.winners.bind(py)),
            endings: Raw::of(self.endings.bind(py)),
            illegal: Raw::of(self.illegal.bind(py)),
        }
    }
}

#[pymethods]
impl VectorCore {
    #[new]
    #[pyo3(signature = (game, num_envs, *, threads = None, side = None, opponent_depth = 2, illegal = "lose",
        illegal_reward = -1.0, autoreset = "next_step", max_steps = None, observer = None, planes_first = false,
        **options))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        py: Python<'_>,
        game: &str,
        num_envs: usize,
        threads: Option<usize>,
        side: Option<&str>,
        opponent_depth: u32,
        illegal: &str,
        illegal_reward: f32,
        autoreset: &str,
        max_steps: Option<u64>,
        observer: Option<&str>,
        planes_first: bool,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<VectorCore> {
        let (kind, options) = game_options(game, options)?;
        if !(1..=MAX_ENVS).contains(&num_envs) {
            return Err(PyValueError::new_err(format!("num_envs {num_envs}: expected 1 to {MAX_ENVS}")));
        }
        {
            // The arrays' sizes, checked before anything is made.
            let game = arbiter::AnyGame::try_new(&options).map_err(|e| OptionsError::new_err(e.to_string()))?;
            let (rows, columns, planes) = games::shape(game.history());
            let observation = rows.checked_mul(columns).and_then(|n| n.checked_mul(planes)).unwrap_or(usize::MAX);
            check_size(num_envs, observation, "bytes of observations")?;
            check_size(num_envs, games::action_count(game.history()).saturating_mul(4), "bytes of legal actions")?;
        }
        if opponent_depth > 20 {
            return Err(PyValueError::new_err(format!(
                "opponent_depth {opponent_depth} is not 0 (random moves) to 20"
            )));
        }
        let players = match side {
            None => Players::Both,
            Some(name) => Players::One { side: side_named(kind, name)?, depth: opponent_depth },
        };
        let observer = observer.map(|name| side_named(kind, name)).transpose()?;
        if let (Players::One { side, .. }, Some(observer)) = (players, observer)
            && side != observer
        {
            return Err(PyValueError::new_err(format!(
                "observer {:?}: against the engine the observations are the agent's side's ({:?})",
                kind.side_name(observer),
                kind.side_name(side)
            )));
        }
        let illegal = match illegal {
            "lose" => IllegalPolicy::Lose,
            "refuse" => IllegalPolicy::Refuse,
            other => return Err(PyValueError::new_err(format!("illegal {other:?}: \"lose\" or \"refuse\""))),
        };
        let autoreset = match autoreset {
            "next_step" => Autoreset::NextStep,
            "same_step" => Autoreset::SameStep,
            "disabled" => Autoreset::Disabled,
            other => {
                return Err(PyValueError::new_err(format!(
                    "autoreset {other:?}: \"next_step\", \"same_step\" or \"disabled\""
                )));
            }
        };
        if max_steps == Some(0) {
            return Err(PyValueError::new_err("max_steps must be at least 1 (or None)"));
        }
        let config = Config { players, illegal, illegal_reward, autoreset, max_steps, observer, planes_first };
        let batch = games::batch(&options, num_envs, config).map_err(|e| OptionsError::new_err(e.to_string()))?;
        let (a, b, c) = batch.frame().dims();
        let actions = batch.action_count();
        let observations = sealed(py, Array4::<u8>::zeros([num_envs, a, b, c]))?;
        let final_observations = match autoreset {
            Autoreset::SameStep => Some(sealed(py, Array4::<u8>::zeros([num_envs, a, b, c]))?),
            _ => None,
        };
        let mut core = VectorCore {
            batch,
            kind,
            options,
            threads: thread_count(threads)?,
            actions: vec![0; num_envs],
            observations,
            final_observations,
            rewards: sealed(py, Array1::zeros(num_envs))?,
            terminations: sealed(py, Array1::from_elem(num_envs, false))?,
            truncations: sealed(py, Array1::from_elem(num_envs, false))?,
            masks: sealed(py, Array2::from_elem([num_envs, actions], false))?,
            legal: sealed(py, Array2::zeros([num_envs, actions]))?,
            counts: sealed(py, Array1::zeros(num_envs))?,
            to_move: sealed(py, Array1::zeros(num_envs))?,
            winners: sealed(py, Array1::from_elem(num_envs, -1))?,
            endings: sealed(py, Array1::from_elem(num_envs, -1))?,
            illegal: sealed(py, Array1::from_elem(num_envs, false))?,
            places: [(0, 0); 12],
        };
        core.places = core.raw_pointers(py).places();
        Ok(core)
    }

    /// Restarts the environments (those whose `mask` entry is true, with a mask),
    /// each one's chance seeded by its entry of `seeds`, and writes their rows.
    #[pyo3(signature = (seeds, mask = None))]
    fn reset(&mut self, py: Python<'_>, seeds: Vec<u64>, mask: Option<Vec<bool>>) -> PyResult<()> {
        let n = self.batch.num_envs();
        if seeds.len() != n || mask.as_ref().is_some_and(|m| m.len() != n) {
            return Err(PyValueError::new_err(format!("expected {n} seeds (and a mask of {n})")));
        }
        let pointers = self.pointers(py)?;
        let (batch, threads) = (&mut self.batch, self.threads);
        py.detach(move || {
            // SAFETY: the arrays are this core's, borrowed mutably for the call.
            let out = unsafe { pointers.outputs() };
            batch.reset(&seeds, mask.as_deref(), out, threads);
        });
        Ok(())
    }

    /// Steps every environment with its action (any integer array or sequence of
    /// `num_envs`).
    fn step(&mut self, py: Python<'_>, actions: Integers<'_>) -> PyResult<()> {
        let n = self.batch.num_envs();
        let given = actions.as_array();
        if given.len() != n {
            return Err(PyValueError::new_err(format!("expected {n} actions, got {}", given.len())));
        }
        for (into, &action) in self.actions.iter_mut().zip(given.iter()) {
            *into = action;
        }
        let pointers = self.pointers(py)?;
        let (batch, threads, actions) = (&mut self.batch, self.threads, &self.actions);
        let result = py.detach(move || {
            // SAFETY: the arrays are this core's, borrowed mutably for the call.
            let out = unsafe { pointers.outputs() };
            batch.step(actions, out, threads)
        });
        result.map_err(|refusal| refused(py, refusal, "environment"))
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.batch.num_envs()
    }

    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    #[setter]
    fn set_threads(&mut self, threads: Option<usize>) -> PyResult<()> {
        self.threads = thread_count(threads)?;
        Ok(())
    }

    /// One observation's axes: `(rows, columns, planes)`, or `(planes, rows,
    /// columns)` with `planes_first`.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        self.batch.frame().dims()
    }

    #[getter]
    fn planes_first(&self) -> bool {
        self.batch.frame().planes_first
    }

    #[getter]
    fn action_count(&self) -> usize {
        self.batch.action_count()
    }

    /// `GAME-planes-vN`: the observation layout and its version.
    #[getter]
    fn layout(&self) -> String {
        format!("{}-planes-v{}", self.kind.name(), self.batch.layout())
    }

    #[getter]
    fn sides(&self) -> (&'static str, &'static str) {
        (self.kind.side_name(Side::First), self.kind.side_name(Side::Second))
    }

    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray4<u8>> {
        self.observations.bind(py).clone()
    }

    #[getter]
    fn final_observations<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray4<u8>>> {
        self.final_observations.as_ref().map(|a| a.bind(py).clone())
    }

    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        self.rewards.bind(py).clone()
    }

    #[getter]
    fn terminations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.terminations.bind(py).clone()
    }

    #[getter]
    fn truncations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.truncations.bind(py).clone()
    }

    #[getter]
    fn action_masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.masks.bind(py).clone()
    }

    #[getter]
    fn legal_actions<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i32>> {
        self.legal.bind(py).clone()
    }

    #[getter]
    fn legal_counts<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        self.counts.bind(py).clone()
    }

    #[getter]
    fn to_move<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        self.to_move.bind(py).clone()
    }

    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        self.winners.bind(py).clone()
    }

    #[getter]
    fn endings<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        self.endings.bind(py).clone()
    }

    #[getter]
    fn illegal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.illegal.bind(py).clone()
    }

    /// The codes of the ways a game ends, in the order of `endings`' numbers.
    #[staticmethod]
    fn termination_codes() -> Vec<&'static str> {
        Termination::ALL.iter().map(|t| t.code()).collect()
    }
}

/// An integer array or sequence from Python: a numpy array of integers, or a sequence
/// of Python or numpy integers. An array of floats is refused rather than cast, which
/// would truncate: action 1.5 is no action, and NaN is no index. An `int32` array (the
/// type of `info["legal_actions"]`, whose entries a learner picks) is read as it is:
/// NumPy's conversion to `int64` costs more than a step of a small game's batch.
enum Integers<'py> {
    Wide(PyArrayLike1<'py, i64, AllowTypeChange>),
    Narrow(Vec<i64>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Integers<'py> {
    type Error = PyErr;

    fn extract(ob: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let integers = match ob.cast::<PyUntypedArray>() {
            Ok(array) => matches!(array.dtype().kind(), b'i' | b'u'),
            Err(_) => ob.extract::<Vec<i64>>().is_ok(),
        };
        if !integers {
            return Err(PyTypeError::new_err("expected integers (an array of integers, or a sequence of ints)"));
        }
        if let Ok(narrow) = ob.cast::<PyArray1<i32>>() {
            return Ok(Integers::Narrow(narrow.readonly().as_array().iter().map(|&v| i64::from(v)).collect()));
        }
        Ok(Integers::Wide(ob.extract()?))
    }
}

impl Integers<'_> {
    fn as_array(&self) -> numpy::ndarray::ArrayView1<'_, i64> {
        match self {
            Integers::Wide(array) => array.as_array(),
            Integers::Narrow(values) => numpy::ndarray::ArrayView1::from(values.as_slice()),
        }
    }
}

/// Numbers from an integer array or sequence, each below `below`.
fn indices(values: &Integers<'_>, below: usize, what: &str) -> PyResult<Vec<usize>> {
    values
        .as_array()
        .iter()
        .map(|&v| {
            usize::try_from(v)
                .ok()
                .filter(|&v| v < below)
                .ok_or_else(|| PyIndexError::new_err(format!("{what} {v} is not 0 to {}", below.saturating_sub(1))))
        })
        .collect()
}

/// Positions of one game in numbered slots, for tree search: copied, played one
/// action in each and read (masks, outcomes, planes) a batch of slots a call, with no
/// Python object per position.
#[pyclass(module = "arbiter")]
pub struct PositionBatch {
    positions: Box<dyn AnyPositions>,
    kind: GameKind,
    /// The game's options: `load` takes games of these options only.
    options: GameOptions,
    /// For the checks that the slots a call writes are distinct: the call's stamp.
    stamps: Vec<u32>,
    stamp: u32,
}

impl PositionBatch {
    /// `ValueError` unless the slots written are distinct and none of them is read as
    /// a parent.
    fn check_distinct(&mut self, written: &[usize], read: &[usize]) -> PyResult<()> {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.fill(0);
            self.stamp = 1;
        }
        for &slot in written {
            if self.stamps[slot] == self.stamp {
                return Err(PyValueError::new_err(format!("slot {slot} is written twice in one call")));
            }
            self.stamps[slot] = self.stamp;
        }
        for &slot in read {
            if self.stamps[slot] == self.stamp {
                return Err(PyValueError::new_err(format!("slot {slot} is both a parent and a child in one call")));
            }
        }
        Ok(())
    }
}

#[pymethods]
impl PositionBatch {
    #[new]
    #[pyo3(signature = (game, capacity, **options))]
    fn py_new(game: &str, capacity: usize, options: Option<&Bound<'_, PyDict>>) -> PyResult<PositionBatch> {
        let (kind, options) = game_options(game, options)?;
        if capacity > MAX_CAPACITY {
            return Err(PyValueError::new_err(format!("capacity {capacity}: expected 0 to {MAX_CAPACITY}")));
        }
        {
            let game = arbiter::AnyGame::try_new(&options).map_err(|e| OptionsError::new_err(e.to_string()))?;
            let (rows, columns, _) = games::shape(game.history());
            check_size(capacity, rows.saturating_mul(columns), "board points")?;
        }
        let positions = games::positions(&options, capacity).map_err(|e| OptionsError::new_err(e.to_string()))?;
        Ok(PositionBatch { positions, kind, options, stamps: vec![0; capacity], stamp: 0 })
    }

    #[getter]
    fn capacity(&self) -> usize {
        self.positions.capacity()
    }

    #[getter]
    fn action_count(&self) -> usize {
        self.positions.action_count()
    }

    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        self.positions.shape()
    }

    #[getter]
    fn sides(&self) -> (&'static str, &'static str) {
        (self.kind.side_name(Side::First), self.kind.side_name(Side::Second))
    }

    /// The start position into each of `slots`.
    fn reset(&mut self, slots: Integers<'_>) -> PyResult<()> {
        let slots = indices(&slots, self.positions.capacity(), "slot")?;
        self.positions.reset(&slots);
        Ok(())
    }

    /// Slot `source[i]` copied into slot `target[i]`, in order.
    fn copy(&mut self, py: Python<'_>, source: Integers<'_>, target: Integers<'_>) -> PyResult<()> {
        let capacity = self.positions.capacity();
        let (source, target) = (indices(&source, capacity, "slot")?, indices(&target, capacity, "slot")?);
        if source.len() != target.len() {
            return Err(PyValueError::new_err("source and target differ in length"));
        }
        let positions = &mut self.positions;
        py.detach(|| positions.copy(&source, &target));
        Ok(())
    }

    /// The games of the vector environment's environments `envs` into `slots` (the
    /// roots of a search).
    fn load(&mut self, core: PyRef<'_, VectorCore>, envs: Integers<'_>, slots: Integers<'_>) -> PyResult<()> {
        let envs = indices(&envs, core.batch.num_envs(), "environment")?;
        let slots = indices(&slots, self.positions.capacity(), "slot")?;
        if envs.len() != slots.len() {
            return Err(PyValueError::new_err("envs and slots differ in length"));
        }
        if core.kind != self.kind {
            return Err(PyTypeError::new_err(format!(
                "the vector environment plays {}, these positions {}",
                core.kind, self.kind
            )));
        }
        if core.options != self.options {
            return Err(PyValueError::new_err(
                "the vector environment plays its game with other options than these positions",
            ));
        }
        if !self.positions.load(core.batch.as_ref(), &envs, &slots) {
            return Err(PyTypeError::new_err("the vector environment plays another game"));
        }
        Ok(())
    }

    /// Takes `actions[i]` in slot `slots[i]`; with `parents`, slot `parents[i]` is
    /// copied into `slots[i]` first (a child of a search tree). Returns
    /// `(masks, to_move, terminated, winners, rewards)` for the slots: the next
    /// actions, the side to act (0 the first side), whether the game ended, its
    /// winner (-1 none), and the reward of the side that acted (1 won, -1 lost, 0).
    /// An action no legal move takes raises `IllegalMoveError` before any change.
    #[pyo3(signature = (slots, actions, parents = None))]
    fn play<'py>(
        &mut self,
        py: Python<'py>,
        slots: Integers<'_>,
        actions: Integers<'_>,
        parents: Option<Integers<'_>>,
    ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let capacity = self.positions.capacity();
        let slots = indices(&slots, capacity, "slot")?;
        let actions: Vec<i64> = actions.as_array().to_vec();
        let parents = parents.map(|p| indices(&p, capacity, "slot")).transpose()?;
        if actions.len() != slots.len() || parents.as_ref().is_some_and(|p| p.len() != slots.len()) {
            return Err(PyValueError::new_err("slots, actions and parents differ in length"));
        }
        self.check_distinct(&slots, parents.as_deref().unwrap_or(&[]))?;
        let count = self.positions.action_count();
        let positions = &mut self.positions;
        result_arrays(py, slots.len(), count, |out| {
            let result = py.detach(|| positions.play(parents.as_deref(), &slots, &actions, out));
            result.map_err(|refusal| refused(py, refusal, "position"))
        })
    }

    /// `(masks, to_move, terminated, winners, rewards)` of `slots` as they stand
    /// (rewards 0).
    fn status<'py>(&self, py: Python<'py>, slots: Integers<'_>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let slots = indices(&slots, self.positions.capacity(), "slot")?;
        result_arrays(py, slots.len(), self.positions.action_count(), |out| {
            self.positions.status(&slots, out);
            Ok(())
        })
    }

    /// The positions of `slots` as planes, `(len(slots), rows, columns, planes)` of
    /// `uint8` (`(len(slots), planes, rows, columns)` with `planes_first`), each seen
    /// by its side to act (or by `observer`, a side's name).
    #[pyo3(signature = (slots, observer = None, *, planes_first = false))]
    fn observe<'py>(
        &self,
        py: Python<'py>,
        slots: Integers<'_>,
        observer: Option<&str>,
        planes_first: bool,
    ) -> PyResult<Bound<'py, PyArray4<u8>>> {
        let slots = indices(&slots, self.positions.capacity(), "slot")?;
        let observer = observer.map(|name| side_named(self.kind, name)).transpose()?;
        let (a, b, c) = Frame::new(self.positions.shape(), planes_first).dims();
        let array = PyArray4::<u8>::zeros(py, [slots.len(), a, b, c], false);
        let raw = Raw::of(&array);
        let positions = &self.positions;
        py.detach(|| {
            // SAFETY: a fresh array, not yet seen by Python.
            let out = unsafe { raw.slice() };
            positions.observe(&slots, observer, planes_first, out);
        });
        Ok(array)
    }

    /// The actions that may be taken in slot `slot`, in increasing order.
    fn legal_actions(&self, slot: usize) -> PyResult<Vec<usize>> {
        if slot >= self.positions.capacity() {
            return Err(PyIndexError::new_err(format!("slot {slot} is not 0 to {}", self.positions.capacity() - 1)));
        }
        Ok(self.positions.legal_actions(slot))
    }
}

/// Fresh arrays for `count` slots' results, written by `write`, as the tuple
/// `(masks, to_move, terminated, winners, rewards)`.
fn result_arrays<'py>(
    py: Python<'py>,
    count: usize,
    actions: usize,
    write: impl FnOnce(Results<'_>) -> PyResult<()>,
) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
    let masks = PyArray2::<bool>::zeros(py, [count, actions], false);
    let to_move = PyArray1::<i8>::zeros(py, [count], false);
    let terminated = PyArray1::<bool>::zeros(py, [count], false);
    let winners = PyArray1::<i8>::zeros(py, [count], false);
    let rewards = PyArray1::<f32>::zeros(py, [count], false);
    {
        // SAFETY: fresh arrays, not yet seen by Python.
        let out = unsafe {
            Results {
                masks: Raw::of(&masks).slice(),
                to_move: Raw::of(&to_move).slice(),
                terminated: Raw::of(&terminated).slice(),
                winners: Raw::of(&winners).slice(),
                rewards: Raw::of(&rewards).slice(),
            }
        };
        write(out)?;
    }
    pyo3::types::PyTuple::new(
        py,
        [masks.into_any(), to_move.into_any(), terminated.into_any(), winners.into_any(), rewards.into_any()],
    )
}
