//! A game's options from Python keywords: the fields of the library's `OptionsInput`
//! (`fen`, `board`, `rules`, `size`, `rows`, `cols`, `swap`, `move_limit`, `chase_rules`), checked by
//! the registry as every front end's are.

use arbiter::registry::OptionInput;
use arbiter::{GameKind, OptionsInput};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};

use crate::OptionsError;

/// The options given as keywords, `None` values left out. A keyword that is no option
/// of any game is a `TypeError`, as for any Python function; an option the game does
/// not take, or a value out of range, is left to the registry (`OptionsError`).
pub(crate) fn input(kind: GameKind, options: Option<&Bound<'_, PyDict>>) -> PyResult<OptionsInput> {
    let mut input = OptionsInput::default();
    let Some(options) = options else { return Ok(input) };
    for (key, value) in options.iter() {
        let key: String = key.extract()?;
        if value.is_none() {
            continue;
        }
        match key.as_str() {
            "fen" => input.fen = Some(text(&key, &value)?),
            "board" => input.board = Some(text(&key, &value)?),
            "rules" => input.rules = Some(text(&key, &value)?),
            "size" => input.size = Some(number(kind, "size", &value)?),
            "rows" => input.rows = Some(number(kind, "rows", &value)?),
            "cols" => input.cols = Some(number(kind, "cols", &value)?),
            "move_limit" => input.move_limit = Some(number(kind, "move_limit", &value)?),
            "chase_rules" => input.chase_rules = Some(text(&key, &value)?),
            "swap" => {
                let flag = value.cast::<PyBool>().map_err(|_| PyTypeError::new_err("option swap must be a bool"))?;
                input.swap = Some(flag.is_true());
            }
            other => {
                return Err(PyTypeError::new_err(format!(
                    "unexpected option {other:?}: the options are fen, board, rules, size, rows, cols, swap, move_limit and chase_rules"
                )));
            }
        }
    }
    Ok(input)
}

fn text(key: &str, value: &Bound<'_, PyAny>) -> PyResult<String> {
    let text = value.cast::<PyString>().map_err(|_| PyTypeError::new_err(format!("option {key} must be a str")))?;
    text.extract::<String>()
}

/// A whole number option. A value that fits no `u32` is refused with the range the
/// game takes (the registry refuses the others).
fn number(kind: GameKind, key: &'static str, value: &Bound<'_, PyAny>) -> PyResult<u32> {
    let int = value.cast::<PyInt>().map_err(|_| PyTypeError::new_err(format!("option {key} must be an int")))?;
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!("option {key} must be an int")));
    }
    int.extract::<u32>().map_err(|_| {
        let range = kind.options().iter().find(|o| o.name == key).and_then(|o| match o.input {
            OptionInput::Number { min, max } => Some(format!("from {min} to {max}")),
            _ => None,
        });
        let message = match range {
            Some(range) => format!("option {key:?}: {int} is out of range: expected a number {range}"),
            None => format!("option {key:?} does not apply to {kind}"),
        };
        OptionsError::new_err(message)
    })
}
