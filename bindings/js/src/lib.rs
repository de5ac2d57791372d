//! The npm package `arbiter` (WebAssembly, made by wasm-bindgen): arbiter's games
//! through the library's registry, so that every game is played, ended, read and judged
//! the same way as in the library, the command line and the Python package.
//! `index.js` loads it, `index.d.ts` types it, `docs/javascript.md` shows it in use.
//!
//! No panic is meant to reach JavaScript (on wasm32 a panic aborts the module): every
//! option, position, move and number is checked by the library's fallible calls or
//! here, and every refusal becomes a JavaScript exception.

mod errors;
mod game;
mod options;
mod records;
mod values;

use std::io::Cursor;

use arbiter::registry::PositionVisitor;
use arbiter::{AnyPosition, GameKind, LookBack};
use js_sys::{Array, Function};
use wasm_bindgen::prelude::*;

pub use errors::register_errors;
pub use game::Game;
pub use records::{check_records, read_records};

use errors::{error, options_error, range_error, type_error};

/// The game named `name`, or `OptionsError`.
pub(crate) fn kind(name: &JsValue) -> Result<GameKind, JsValue> {
    errors::string(name, "the game's name")?.parse::<GameKind>().map_err(options_error)
}

/// The number of positions reached after exactly `depth` plies of legal moves from the
/// start the options give (perft).
#[wasm_bindgen]
pub fn perft(game: JsValue, depth: f64, options: JsValue) -> Result<f64, JsValue> {
    let kind = kind(&game)?;
    // A number, not a `u32`: the glue would wrap -1 round to 4294967295.
    if depth.fract() != 0.0 || depth < 0.0 {
        return Err(type_error(format!("depth must be a whole number of plies, not {}", errors::number_text(depth))));
    }
    if depth > f64::from(arbiter::perft::MAX_DEPTH) {
        let depth = errors::number_text(depth);
        return Err(range_error(format!("depth {depth} is more than {} plies", arbiter::perft::MAX_DEPTH)));
    }
    // Whole and at most 64, so the conversion is exact.
    let depth = depth as u32;
    let options = options::options(kind, &options)?;
    let position = AnyPosition::new(&options).map_err(options_error)?;
    // Counts below 2^53 are exact as JavaScript numbers; no perft that finishes in a
    // page reaches that.
    Ok(position.visit(Perft { depth }) as f64)
}

struct Perft {
    depth: u32,
}

impl PositionVisitor for Perft {
    type Output = u64;

    fn visit<P: LookBack + Send + Sync + 'static>(self, position: &P) -> u64 {
        arbiter::perft(position, self.depth)
    }
}

/// A contest judge's answer to `input` (a string or a `Uint8Array`), byte for byte as
/// the judge writes it (see `docs/judges/`). Input the format tolerates but that is
/// probably a mistake is handed, line by line, to `onWarning` if given; input it
/// refuses throws an `Error`.
#[wasm_bindgen]
pub fn judge(game: JsValue, input: JsValue, on_warning: Option<Function>) -> Result<String, JsValue> {
    let kind = kind(&game)?;
    let bytes = errors::string_or_bytes(&input, "input")?;
    let mut output = Vec::new();
    let mut warnings = Vec::new();
    let answer = arbiter_formats::judge(kind, Cursor::new(bytes), &mut output, &mut warnings);
    if let Some(on_warning) = on_warning {
        for line in String::from_utf8_lossy(&warnings).lines().filter(|l| !l.is_empty()) {
            on_warning.call1(&JsValue::NULL, &JsValue::from_str(line))?;
        }
    }
    answer.map_err(error)?;
    String::from_utf8(output).map_err(|e| error(format!("the judge wrote no UTF-8 text: {e}")))
}

/// The board of `game` as an SVG document: its last move marked, a general in check
/// ringed, a winning line or chain drawn. Options: `flip` turns it round (the second
/// side at the bottom); `ended` says the game ended beside its rules (on time, by
/// resignation), so that no point is offered for a click.
#[wasm_bindgen(js_name = "renderSvg")]
pub fn render_svg(game: &Game, options: JsValue) -> Result<String, JsValue> {
    let flag = |name: &str| -> Result<bool, JsValue> {
        if !options.is_object() {
            return Ok(false);
        }
        let value = js_sys::Reflect::get(&options, &JsValue::from_str(name))?;
        if value.is_undefined() || value.is_null() {
            return Ok(false);
        }
        value.as_bool().ok_or_else(|| type_error(format!("{name} must be a boolean")))
    };
    if !options.is_undefined() && !options.is_null() && !options.is_object() {
        return Err(type_error("the drawing's options must be an object"));
    }
    let view = arbiter_render::View { flip: flag("flip")?, ended: flag("ended")? };
    Ok(arbiter_render::svg(game.any(), view))
}

/// The names of the games, in the order front ends list them.
#[wasm_bindgen]
pub fn games() -> Array {
    GameKind::ALL.iter().map(|k| JsValue::from_str(k.name())).collect()
}

/// The options `game` takes, as objects: `name` (in JavaScript's spelling), `help`,
/// `type` (`text`, `choice`, `number` or `flag`), `default` (in words), and `choices`
/// or `min` and `max` where the type has them.
#[wasm_bindgen(js_name = "gameOptions")]
pub fn game_options(game: JsValue) -> Result<Array, JsValue> {
    let kind = kind(&game)?;
    Ok(kind
        .options()
        .iter()
        .map(|spec| {
            let object = js_sys::Object::new();
            let set = |key: &str, value: JsValue| {
                // Setting a property of a fresh plain object cannot fail.
                let _ = js_sys::Reflect::set(&object, &JsValue::from_str(key), &value);
            };
            set("name", JsValue::from_str(&options::js_name(spec.name)));
            set("help", JsValue::from_str(spec.help));
            set("default", JsValue::from_str(spec.default));
            let kind = match spec.input {
                arbiter::OptionInput::Text => "text",
                arbiter::OptionInput::Choice { choices } => {
                    set("choices", choices.iter().map(|c| JsValue::from_str(c)).collect::<Array>().into());
                    "choice"
                }
                arbiter::OptionInput::Number { min, max } => {
                    set("min", JsValue::from_f64(f64::from(min)));
                    set("max", JsValue::from_f64(f64::from(max)));
                    "number"
                }
                arbiter::OptionInput::Flag => "flag",
            };
            set("type", JsValue::from_str(kind));
            JsValue::from(object)
        })
        .collect())
}
