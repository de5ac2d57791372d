//! Record files: `readRecords` gives their games as recorded, `checkRecords` replays
//! each by the rules as `arbiter check` does; `Game.record` writes one (its options
//! are read here).

use arbiter::GameKind;
use arbiter_formats::record::{RecordStream, RecordedGame, Replayed, recorded_result, replay};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::errors::{error, string_or_bytes, type_error};
use crate::values::{object, outcome_value, text_or_null, texts};

/// The games of a record file's text (a string, or its bytes in a `Uint8Array`, which
/// must be UTF-8), in the format the game's records come in, told from the text: PGN
/// (Xiangqi in ICCS, WXF or Chinese), PDN, Piskvork `.psq`, Little Golem `tsgf` or
/// T1j. Each is `{tags, moves, result, line}`. The text is read as `arbiter check`
/// reads a file (`RecordStream`: bounded lines, a batch of games at a time), and a
/// text it refuses throws an `Error` with `check`'s words, naming the line.
#[wasm_bindgen(js_name = "readRecords")]
pub fn read_records(game: JsValue, text: JsValue) -> Result<Array, JsValue> {
    let kind = crate::kind(&game)?;
    let games = Array::new();
    each_batch(kind, &text, |batch| {
        for g in batch {
            games.push(&object(&[
                ("tags", tags(g)),
                ("moves", texts(&g.moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>())),
                ("result", JsValue::from_str(recorded_result(g).token(kind))),
                ("line", JsValue::from_f64(g.line as f64)),
            ]));
        }
    })?;
    Ok(games)
}

/// Each game of a record file's text (a string or UTF-8 bytes) replayed by the rules,
/// as `arbiter check` gives it: the first move refused, the rules' verdict against the
/// recorded result. The options (`rules`, `moveLimit`, ...) are those the records'
/// tags do not give. Only each game's findings are kept, not its record.
#[wasm_bindgen(js_name = "checkRecords")]
pub fn check_records(game: JsValue, text: JsValue, options: JsValue) -> Result<Array, JsValue> {
    let kind = crate::kind(&game)?;
    let base = crate::options::input(kind, &options)?;
    let checks = Array::new();
    each_batch(kind, &text, |batch| {
        for recorded in batch {
            let number = checks.length() as usize + 1;
            checks.push(&check(kind, number, recorded, &replay(kind, recorded, &base, None)));
        }
    })?;
    Ok(checks)
}

/// Reads the record `text` a batch of games at a time, handing each batch to `take`.
fn each_batch(kind: GameKind, text: &JsValue, mut take: impl FnMut(&[RecordedGame])) -> Result<(), JsValue> {
    let bytes = string_or_bytes(text, "a record's text")?;
    let mut stream = RecordStream::open(bytes.as_slice(), kind, None).map_err(error)?;
    while let Some(batch) = stream.next_batch().map_err(error)? {
        take(&batch);
    }
    Ok(())
}

/// The tags as an object, in the order read; of a name given twice, the first.
fn tags(game: &RecordedGame) -> JsValue {
    let object = Object::new();
    for (name, value) in &game.tags {
        let key = JsValue::from_str(name);
        if !Reflect::has(&object, &key).unwrap_or(true) {
            // Setting a property of a fresh plain object cannot fail.
            let _ = Reflect::set(&object, &key, &JsValue::from_str(value));
        }
    }
    object.into()
}

fn check(kind: GameKind, number: usize, game: &RecordedGame, replayed: &Replayed) -> JsValue {
    let refusal = replayed.refusal.as_ref().map_or(JsValue::NULL, |r| {
        object(&[
            ("number", JsValue::from_str(&r.number)),
            ("text", JsValue::from_str(&r.text)),
            ("line", JsValue::from_f64(r.line as f64)),
            ("reason", JsValue::from_str(&r.reason)),
        ])
    });
    object(&[
        ("game", JsValue::from_f64(number as f64)),
        ("line", JsValue::from_f64(game.line as f64)),
        ("players", texts(&game.players(kind))),
        ("moves", JsValue::from_f64(replayed.played as f64)),
        ("legal", JsValue::from_bool(replayed.refusal.is_none())),
        ("refusal", refusal),
        ("notes", texts(&replayed.notes)),
        ("recorded", JsValue::from_str(replayed.recorded.token(kind))),
        (
            "outcome",
            replayed.verdict.as_ref().map_or(JsValue::NULL, |o| outcome_value(|side| replayed.game.side_name(side), o)),
        ),
        (
            "verdict",
            text_or_null(
                replayed.verdict.as_ref().map(|o| o.describe(|side| replayed.game.side_name(side))).as_deref(),
            ),
        ),
        ("result", JsValue::from_str(replayed.agreement().name())),
    ])
}

/// What `Game.record` is asked for.
pub(crate) struct RecordOptions {
    /// One of the game's record notations; `None` for its standard one.
    pub notation: Option<String>,
    /// Tags to set over those the game gives, in order.
    pub tags: Vec<(String, String)>,
}

/// `Game.record`'s options: `{notation, tags}`, the notation one of the game's record
/// notations, the tags an object of texts.
pub(crate) fn record_options(kind: GameKind, options: &JsValue) -> Result<RecordOptions, JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok(RecordOptions { notation: None, tags: Vec::new() });
    }
    if !options.is_object() {
        return Err(type_error("record options must be an object"));
    }
    let notation = Reflect::get(options, &JsValue::from_str("notation"))?;
    let notation = match notation.as_string() {
        Some(name) if kind.record_notations().contains(&name.as_str()) => Some(name),
        Some(name) => {
            let names = kind.record_notations();
            let expected = if names.is_empty() { "it has only its standard one".to_owned() } else { names.join(", ") };
            let name = arbiter::quote::excerpt(&name);
            return Err(error(format!("{kind} has no notation {name:?}: {expected}")));
        }
        None if notation.is_undefined() || notation.is_null() => None,
        None => return Err(type_error("notation must be a string")),
    };
    let given = Reflect::get(options, &JsValue::from_str("tags"))?;
    let mut tags = Vec::new();
    if given.is_object() {
        for entry in Object::entries(given.unchecked_ref::<Object>()).iter() {
            let entry: Array = entry.unchecked_into();
            let (name, value) = (entry.get(0).as_string().unwrap_or_default(), entry.get(1));
            let value = value
                .as_string()
                .ok_or_else(|| type_error(format!("tag {} must be a string", arbiter::quote::excerpt(&name))))?;
            tags.push((name, value));
        }
    } else if !given.is_undefined() && !given.is_null() {
        return Err(type_error("tags must be an object of strings"));
    }
    Ok(RecordOptions { notation, tags })
}
