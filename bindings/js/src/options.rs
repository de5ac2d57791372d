//! A game's options from a JavaScript object: the fields of the library's
//! `OptionsInput` in JavaScript's spelling (`fen`, `board`, `rules`, `size`, `rows`,
//! `cols`, `swap`, `moveLimit`, `chaseRules`), checked by the registry as every front end's are.

use arbiter::registry::OptionInput;
use arbiter::{GameKind, GameOptions, OptionsInput};
use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use crate::errors::{number_text, options_error, type_error};

/// The names of the options, as JavaScript spells them, and as the library does.
const NAMES: [(&str, &str); 9] = [
    ("fen", "fen"),
    ("board", "board"),
    ("rules", "rules"),
    ("size", "size"),
    ("rows", "rows"),
    ("cols", "cols"),
    ("swap", "swap"),
    ("moveLimit", "move_limit"),
    ("chaseRules", "chase_rules"),
];

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
    for key in Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        let value = Reflect::get(object, &JsValue::from_str(&key))?;
        if value.is_undefined() || value.is_null() {
            continue;
        }
        match key.as_str() {
            "fen" => input.fen = Some(text(&key, &value)?),
            "board" => input.board = Some(text(&key, &value)?),
            "rules" => input.rules = Some(text(&key, &value)?),
            "size" => input.size = Some(number(kind, "size", &value)?),
            "rows" => input.rows = Some(number(kind, "rows", &value)?),
            "cols" => input.cols = Some(number(kind, "cols", &value)?),
            "moveLimit" => input.move_limit = Some(number(kind, "move_limit", &value)?),
            "chaseRules" => input.chase_rules = Some(text(&key, &value)?),
            "swap" => input.swap = Some(value.as_bool().ok_or_else(|| type_error("option swap must be a boolean"))?),
            other => {
                let names: Vec<&str> = NAMES.iter().map(|(js, _)| *js).collect();
                let other = arbiter::lines::excerpt(other);
                return Err(type_error(format!("unexpected option {other:?}: the options are {}", names.join(", "))));
            }
        }
    }
    Ok(input)
}

/// The registry's options for `kind` from `value`, or the exception that refuses them.
pub(crate) fn options(kind: GameKind, value: &JsValue) -> Result<GameOptions, JsValue> {
    GameOptions::new(kind, &input(kind, value)?).map_err(options_error)
}

/// The options as an object that starts the same game: `new Game(game.kind, game.options)`.
pub(crate) fn to_object(options: &GameOptions) -> JsValue {
    let OptionsInput { fen, board, rules, size, rows, cols, swap, move_limit, chase_rules } = options.to_input();
    let object = Object::new();
    let set = |name: &str, value: JsValue| {
        // Setting a property of a fresh plain object cannot fail.
        let _ = Reflect::set(&object, &JsValue::from_str(name), &value);
    };
    for (name, value) in [("fen", fen), ("board", board), ("rules", rules), ("chaseRules", chase_rules)] {
        if let Some(value) = value {
            set(name, JsValue::from_str(&value));
        }
    }
    for (name, value) in [("size", size), ("rows", rows), ("cols", cols), ("moveLimit", move_limit)] {
        if let Some(value) = value {
            set(name, JsValue::from_f64(f64::from(value)));
        }
    }
    if let Some(swap) = swap {
        set("swap", JsValue::from_bool(swap));
    }
    object.into()
}

fn text(key: &str, value: &JsValue) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| type_error(format!("option {key} must be a string")))
}

/// A whole number option. A number that is no whole number is a `TypeError`; one that
/// fits no `u32` is refused with the range the game takes (the registry refuses the
/// others).
fn number(kind: GameKind, key: &'static str, value: &JsValue) -> Result<u32, JsValue> {
    let js_name = NAMES.iter().find(|(_, name)| *name == key).map_or(key, |(js, _)| *js);
    let Some(number) = value.as_f64().filter(|n| n.fract() == 0.0) else {
        return Err(type_error(format!("option {js_name} must be a whole number")));
    };
    if (0.0..=f64::from(u32::MAX)).contains(&number) {
        // In range and whole, so the conversion is exact.
        return Ok(number as u32);
    }
    let range = kind.options().iter().find(|o| o.name == key).and_then(|o| match o.input {
        OptionInput::Number { min, max } => Some(format!("from {min} to {max}")),
        _ => None,
    });
    Err(options_error(match range {
        Some(range) => {
            format!("option {js_name:?}: {} is out of range: expected a number {range}", number_text(number))
        }
        None => format!("option {js_name:?} does not apply to {kind}"),
    }))
}
