//! A game's options from a JavaScript object: the options of the games, each in
//! JavaScript's spelling (`moveLimit` for the registry's `move_limit`), read by the
//! type the game's specs give and checked by the registry as every front end's are.

use arbiter::{GameKind, GameOptions, OptionInput, OptionSpec, OptionValue, OptionsInput};
use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use crate::errors::{number_text, options_error, type_error};

/// `move_limit` as JavaScript spells it: `moveLimit`.
pub(crate) fn js_name(name: &str) -> String {
    let mut parts = name.split('_');
    let mut spelled = parts.next().unwrap_or_default().to_owned();
    for part in parts {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            spelled.extend(first.to_uppercase());
            spelled.push_str(chars.as_str());
        }
    }
    spelled
}

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

/// The options of `value` (`undefined` or `null` for none; a key set to `undefined` or
/// `null` is left out). A key that is no option of any game, or a value of the wrong
/// type, is a `TypeError`; an option the game does not take, or a value out of range,
/// is left to the registry (`OptionsError`).
pub(crate) fn input(kind: GameKind, value: &JsValue) -> Result<OptionsInput, JsValue> {
    let mut input = OptionsInput::default();
    if value.is_undefined() || value.is_null() {
        return Ok(input);
    }
    let Some(object) = value.dyn_ref::<Object>().filter(|_| value.is_object()) else {
        return Err(type_error("options must be an object"));
    };
    let options = every_option();
    for key in Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        let value = Reflect::get(object, &JsValue::from_str(&key))?;
        if value.is_undefined() || value.is_null() {
            continue;
        }
        let Some(spec) = options.iter().find(|spec| js_name(spec.name) == key) else {
            let names: Vec<String> = options.iter().map(|spec| js_name(spec.name)).collect();
            let other = arbiter::quote::excerpt(&key);
            return Err(type_error(format!("unexpected option {other:?}: the options are {}", names.join(", "))));
        };
        // A game's own range for the option, if it takes it; else any game's.
        let spec = kind.options().iter().find(|own| own.name == spec.name).unwrap_or(spec);
        input.set(spec.name, read(spec, &key, &value)?);
    }
    Ok(input)
}

/// The value of option `spec`, given under `key`, by the type the spec gives.
fn read(spec: &OptionSpec, key: &str, value: &JsValue) -> Result<OptionValue, JsValue> {
    match spec.input {
        OptionInput::Text | OptionInput::Choice { .. } => {
            value.as_string().map(OptionValue::Text).ok_or_else(|| type_error(format!("option {key} must be a string")))
        }
        OptionInput::Flag => {
            value.as_bool().map(OptionValue::Flag).ok_or_else(|| type_error(format!("option {key} must be a boolean")))
        }
        OptionInput::Number { min, max } => {
            let Some(number) = value.as_f64().filter(|n| n.fract() == 0.0) else {
                return Err(type_error(format!("option {key} must be a whole number")));
            };
            if (0.0..=f64::from(u32::MAX)).contains(&number) {
                // In range and whole, so the conversion is exact.
                return Ok(OptionValue::Number(number as i64));
            }
            Err(options_error(format!(
                "option {key:?}: {} is out of range: expected a number from {min} to {max}",
                number_text(number)
            )))
        }
    }
}

/// The registry's options for `kind` from `value`, or the exception that refuses them.
pub(crate) fn options(kind: GameKind, value: &JsValue) -> Result<GameOptions, JsValue> {
    GameOptions::new(kind, &input(kind, value)?).map_err(options_error)
}

/// The options as an object that starts the same game: `new Game(game.kind, game.options)`.
pub(crate) fn to_object(options: &GameOptions) -> JsValue {
    let object = Object::new();
    for (name, value) in options.to_input().iter() {
        let value = match value {
            OptionValue::Text(text) => JsValue::from_str(text),
            // Options' numbers are u32s, exact as f64s.
            OptionValue::Number(number) => JsValue::from_f64(*number as f64),
            OptionValue::Flag(flag) => JsValue::from_bool(*flag),
        };
        // Setting a property of a fresh plain object cannot fail.
        let _ = Reflect::set(&object, &JsValue::from_str(&js_name(name)), &value);
    }
    object.into()
}
