//! The library's values as plain JavaScript objects: a move, an outcome, lists of
//! texts. Plain objects, not classes, so that they print, spread, compare with
//! `deepEqual` and go through `JSON.stringify` as data does.

use arbiter::explain::{Explanation, PieceAt};
use arbiter::{GameKind, MoveDetail, Outcome, Side, Termination};
use std::fmt::Write;

use js_sys::{Array, JSON, Object, Reflect};
use wasm_bindgen::JsValue;

/// An object with `fields`, in order.
pub(crate) fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    for (name, value) in fields {
        // Setting a property of a fresh plain object cannot fail.
        let _ = Reflect::set(&object, &JsValue::from_str(name), value);
    }
    object.into()
}

/// A text, or `null`.
pub(crate) fn text_or_null(text: Option<&str>) -> JsValue {
    text.map_or(JsValue::NULL, JsValue::from_str)
}

/// An array of texts.
pub(crate) fn texts<S: AsRef<str>>(texts: &[S]) -> JsValue {
    texts.iter().map(|t| JsValue::from_str(t.as_ref())).collect::<Array>().into()
}

/// A move: `{text, from, to, path, captured}`; `from` is `null` for a placed stone or
/// peg, `from` and `to` for TwixT's swap; `path` and `captured` are empty but for
/// draughts captures.
pub(crate) fn move_value(detail: &MoveDetail) -> JsValue {
    object(&[
        ("text", JsValue::from_str(&detail.text)),
        ("from", text_or_null(detail.from.as_deref())),
        ("to", text_or_null(detail.to.as_deref())),
        ("path", texts(&detail.path)),
        ("captured", texts(&detail.captured)),
    ])
}

/// How a game ended: `{result, winner, termination, detail, description}`, the sides
/// named by `name` (the game's words for them as they stand: a Gomoku swap changes
/// them).
pub(crate) fn outcome_value(name: impl Fn(Side) -> &'static str, outcome: &Outcome) -> JsValue {
    let termination = outcome.termination();
    let result = match (termination, outcome.winner()) {
        (Termination::Aborted, _) => "aborted",
        (_, Some(_)) => "win",
        (_, None) => "draw",
    };
    object(&[
        ("result", JsValue::from_str(result)),
        ("winner", text_or_null(outcome.winner().map(&name))),
        ("termination", JsValue::from_str(termination.code())),
        ("detail", text_or_null(outcome.detail())),
        ("description", JsValue::from_str(&outcome.describe(name))),
    ])
}

/// A repetition's explanation: `{rules, reading, decided, moves, sides, winner,
/// termination, rule, reason, text}`; each move `{ply, side, text, readings}`, each
/// reading `{act, target, by, joint, unprotected}` (`target` and `by` `{piece, point}` or `null`),
/// each side `{side, conduct, forbidden}`; sides by their names (`red`).
pub(crate) fn explanation_value(kind: GameKind, explanation: &Explanation) -> JsValue {
    let piece = |at: &Option<PieceAt>| match at {
        Some(at) => object(&[("piece", JsValue::from_str(at.piece)), ("point", JsValue::from_str(&at.point))]),
        None => JsValue::NULL,
    };
    let moves: Array = explanation
        .moves
        .iter()
        .map(|mv| {
            let readings: Array = mv
                .readings
                .iter()
                .map(|reading| {
                    object(&[
                        ("act", JsValue::from_str(reading.act.code())),
                        ("target", piece(&reading.target)),
                        ("by", piece(&reading.by)),
                        ("joint", JsValue::from_bool(reading.joint)),
                        ("unprotected", JsValue::from_bool(reading.unprotected)),
                    ])
                })
                .collect();
            object(&[
                ("ply", JsValue::from_f64(mv.ply as f64)),
                ("side", JsValue::from_str(kind.side_name(mv.side))),
                ("text", JsValue::from_str(&mv.text)),
                ("readings", readings.into()),
            ])
        })
        .collect();
    let sides: Array = explanation
        .sides
        .iter()
        .map(|side| {
            object(&[
                ("side", JsValue::from_str(kind.side_name(side.side))),
                ("conduct", JsValue::from_str(side.conduct.code())),
                ("forbidden", JsValue::from_bool(side.forbidden)),
            ])
        })
        .collect();
    object(&[
        ("rules", JsValue::from_str(explanation.rules)),
        ("reading", text_or_null(explanation.reading)),
        ("decided", JsValue::from_bool(explanation.decided)),
        ("moves", moves.into()),
        ("sides", sides.into()),
        ("winner", text_or_null(explanation.winner.map(|side| kind.side_name(side)))),
        ("termination", JsValue::from_str(explanation.termination.code())),
        ("rule", text_or_null(explanation.rule)),
        ("reason", JsValue::from_str(&explanation.reason)),
        ("text", JsValue::from_str(&explanation.describe(|side| kind.side_name(side)))),
    ])
}

/// Moves as an array of move objects. The list is written as JSON and parsed in one
/// call: made field by field, each move crossed between WebAssembly and JavaScript a
/// dozen times, and the 500 moves of a 24x24 TwixT position took 3.5 ms instead of
/// 0.7 (`bench/legal-moves.mjs`).
pub(crate) fn moves_value(details: &[MoveDetail]) -> Result<JsValue, JsValue> {
    let mut json = String::with_capacity(details.len() * 64 + 2);
    json.push('[');
    for (index, detail) in details.iter().enumerate() {
        if index > 0 {
            json.push(',');
        }
        json.push_str("{\"text\":");
        quote(&mut json, &detail.text);
        for (name, point) in [("from", &detail.from), ("to", &detail.to)] {
            let _ = write!(json, ",\"{name}\":");
            match point {
                Some(point) => quote(&mut json, point),
                None => json.push_str("null"),
            }
        }
        for (name, points) in [("path", &detail.path), ("captured", &detail.captured)] {
            let _ = write!(json, ",\"{name}\":[");
            for (index, point) in points.iter().enumerate() {
                if index > 0 {
                    json.push(',');
                }
                quote(&mut json, point);
            }
            json.push(']');
        }
        json.push('}');
    }
    json.push(']');
    JSON::parse(&json)
}

/// `text` as a JSON string.
fn quote(json: &mut String, text: &str) {
    json.push('"');
    for c in text.chars() {
        match c {
            '"' => json.push_str("\\\""),
            '\\' => json.push_str("\\\\"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(json, "\\u{:04x}", u32::from(c));
            }
            c => json.push(c),
        }
    }
    json.push('"');
}
