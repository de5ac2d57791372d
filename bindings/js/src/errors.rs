//! The package's exceptions. Their classes are JavaScript's own (`errors.js`, so that
//! `instanceof` and `.name` behave as JavaScript users expect); `index.js` hands them
//! here once, and every refusal is made with them.

use std::cell::RefCell;
use std::fmt::Display;

use arbiter::MoveError;
use js_sys::{Array, Function, Reflect};
use wasm_bindgen::prelude::*;

struct Classes {
    illegal_move: Function,
    options: Function,
}

thread_local! {
    static CLASSES: RefCell<Option<Classes>> = const { RefCell::new(None) };
}

/// Called by `index.js` with the classes of `errors.js`, before any other call.
#[wasm_bindgen(js_name = "__registerErrors")]
pub fn register_errors(illegal_move: Function, options: Function) {
    CLASSES.with(|classes| *classes.borrow_mut() = Some(Classes { illegal_move, options }));
}

/// `new class(...args)`, or a plain `Error` named `name` when the glue is used
/// without `index.js` and no class was handed over.
fn make(pick: fn(&Classes) -> &Function, name: &str, args: &Array) -> JsValue {
    let made = CLASSES.with(|classes| classes.borrow().as_ref().map(|c| Reflect::construct(pick(c), args)));
    match made {
        Some(Ok(error)) | Some(Err(error)) => error,
        None => {
            let error = js_sys::Error::new(&args.get(0).as_string().unwrap_or_default());
            error.set_name(name);
            error.into()
        }
    }
}

/// An `IllegalMoveError`: the sentence a player is told, the refusal's stable code as
/// `reason`, and the move as given.
pub(crate) fn illegal_move(error: &MoveError, text: &str) -> JsValue {
    let args = Array::of3(&error.to_string().into(), &error.code().into(), &text.into());
    make(|c| &c.illegal_move, "IllegalMoveError", &args)
}

/// An `OptionsError`: options that start no game.
pub(crate) fn options_error(message: impl Display) -> JsValue {
    make(|c| &c.options, "OptionsError", &Array::of1(&message.to_string().into()))
}

/// A `TypeError`: an argument of the wrong type.
pub(crate) fn type_error(message: impl Display) -> JsValue {
    js_sys::TypeError::new(&message.to_string()).into()
}

/// A `RangeError`: a number out of the range a call takes.
pub(crate) fn range_error(message: impl Display) -> JsValue {
    js_sys::RangeError::new(&message.to_string()).into()
}

/// A plain `Error`: input that a reader or a judge refuses.
pub(crate) fn error(message: impl Display) -> JsValue {
    js_sys::Error::new(&message.to_string()).into()
}

/// A string argument, or a `TypeError` naming it. Every string crosses as a `JsValue`
/// checked here: the glue's own conversion of a `&str` reads a number's bytes from
/// wherever it points.
pub(crate) fn string(value: &JsValue, what: &str) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| type_error(format!("{what} must be a string")))
}

/// A string argument's UTF-8 bytes, or a `Uint8Array`'s, or a `TypeError` naming it.
pub(crate) fn string_or_bytes(value: &JsValue, what: &str) -> Result<Vec<u8>, JsValue> {
    if let Some(text) = value.as_string() {
        return Ok(text.into_bytes());
    }
    match value.dyn_ref::<js_sys::Uint8Array>() {
        Some(bytes) => Ok(bytes.to_vec()),
        None => Err(type_error(format!("{what} must be a string or a Uint8Array"))),
    }
}

/// A number as a message quotes it: as JavaScript writes it up to 10^21, in exponent
/// form beyond, so that `1e300` is not written out in 301 digits.
pub(crate) fn number_text(number: f64) -> String {
    if number.abs() < 1e21 { number.to_string() } else { format!("{number:e}") }
}
