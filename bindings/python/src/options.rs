//! A game's options from Python keywords: the options of the games, named as the
//! registry names them (`fen`, `rules`, `size`, `move_limit`, ...), read by the type
//! the game's specs give and checked by the registry as every front end's are.

use arbiter::{GameKind, OptionInput, OptionSpec, OptionValue, OptionsInput};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};

use crate::OptionsError;

/// Every option of any game, each once, in the order the games list them.
fn every_option() -> Vec<OptionSpec> {
    let mut options: Vec<OptionSpec> = Vec::new();
    for kind in GameKind::ALL {
        for spec in kind.options() {
            if !options.iter().any(|o| o.name == spec.name) {
                options.push(*spec);
            }
        }
    }
    options
}

/// The options given as keywords, `None` values left out. A keyword that is no option
/// of any game is a `TypeError`, as for any Python function; an option the game does
/// not take, or a value out of range, is left to the registry (`OptionsError`).
pub(crate) fn input(kind: GameKind, options: Option<&Bound<'_, PyDict>>) -> PyResult<OptionsInput> {
    let mut input = OptionsInput::default();
    let Some(options) = options else { return Ok(input) };
    let every = every_option();
    for (key, value) in options.iter() {
        let key: String = key.extract()?;
        if value.is_none() {
            continue;
        }
        let Some(spec) = every.iter().find(|spec| spec.name == key) else {
            let names: Vec<&str> = every.iter().map(|spec| spec.name).collect();
            let (last, rest) = names.split_last().unwrap_or((&"", &[]));
            return Err(PyTypeError::new_err(format!(
                "unexpected option {:?}: the options are {} and {last}",
                arbiter::quote::excerpt(&key),
                rest.join(", ")
            )));
        };
        // A game's own range for the option, if it takes it; else any game's.
        let spec = kind.options().iter().find(|own| own.name == spec.name).unwrap_or(spec);
        input.set(spec.name, read(spec, &value)?);
    }
    Ok(input)
}

/// The value of option `spec` by the type the spec gives: `str`, `bool` or `int` (a
/// `bool` is no `int` here).
fn read(spec: &OptionSpec, value: &Bound<'_, PyAny>) -> PyResult<OptionValue> {
    let key = spec.name;
    match spec.input {
        OptionInput::Text | OptionInput::Choice { .. } => {
            let text =
                value.cast::<PyString>().map_err(|_| PyTypeError::new_err(format!("option {key} must be a str")))?;
            Ok(OptionValue::Text(text.extract::<String>()?))
        }
        OptionInput::Flag => {
            let flag =
                value.cast::<PyBool>().map_err(|_| PyTypeError::new_err(format!("option {key} must be a bool")))?;
            Ok(OptionValue::Flag(flag.is_true()))
        }
        OptionInput::Number { min, max } => {
            let int =
                value.cast::<PyInt>().map_err(|_| PyTypeError::new_err(format!("option {key} must be an int")))?;
            if value.is_instance_of::<PyBool>() {
                return Err(PyTypeError::new_err(format!("option {key} must be an int")));
            }
            int.extract::<u32>().map(|n| OptionValue::Number(i64::from(n))).map_err(|_| {
                OptionsError::new_err(format!(
                    "option {key:?}: {int} is out of range: expected a number from {min} to {max}"
                ))
            })
        }
    }
}
