//! Record files as text: a path, a text, or bytes, decoded from UTF-8, GB18030 (and
//! GBK, its subset) or Big5, detected unless an encoding is named, as `arbiter check`
//! reads them.

use std::path::PathBuf;

use encoding_rs::{BIG5, Encoding, GB18030, UTF_8};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The text of `source`: an `os.PathLike` is a file; a `str` is a file's path when it
/// is one line naming a file that exists, else the records' text itself; `bytes` are
/// the file's contents.
pub(crate) fn source_text(source: &Bound<'_, PyAny>, encoding: Option<&str>) -> PyResult<String> {
    let encoding = encoding.map(encoding_named).transpose()?;
    if let Ok(text) = source.cast::<PyString>() {
        let text: String = text.extract()?;
        let text = text.as_str();
        let path = PathBuf::from(text);
        if !text.contains('\n') && !text.is_empty() && path.is_file() {
            return decode(&read(&path)?, encoding, text);
        }
        return Ok(text.to_owned());
    }
    if let Ok(bytes) = source.cast::<PyBytes>() {
        return decode(bytes.as_bytes(), encoding, "the bytes");
    }
    if source.hasattr("__fspath__")? {
        let path: PathBuf = source.extract()?;
        return decode(&read(&path)?, encoding, &path.display().to_string());
    }
    Err(PyTypeError::new_err("source must be a path, a str or bytes"))
}

fn read(path: &PathBuf) -> PyResult<Vec<u8>> {
    std::fs::read(path).map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))
}

fn encoding_named(name: &str) -> PyResult<&'static Encoding> {
    match name.to_ascii_lowercase().as_str() {
        "utf-8" | "utf8" => Ok(UTF_8),
        "gb18030" | "gbk" | "gb2312" => Ok(GB18030),
        "big5" => Ok(BIG5),
        _ => Err(PyValueError::new_err(format!("encoding {name:?}: expected utf-8, gb18030, gbk or big5"))),
    }
}

/// The text of `bytes` in `encoding`, or in the encoding detected: UTF-8 if the bytes
/// are UTF-8; else whichever of GB18030 and Big5 reads them with the fewest faults,
/// Xiangqi's own characters breaking ties.
fn decode(bytes: &[u8], encoding: Option<&'static Encoding>, name: &str) -> PyResult<String> {
    if let Some(encoding) = encoding {
        let (text, _, faults) = encoding.decode(bytes);
        if faults {
            return Err(PyValueError::new_err(format!("{name}: not {} text", encoding.name())));
        }
        return Ok(text.into_owned());
    }
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(text.to_owned());
    }
    let score = |encoding: &'static Encoding| {
        let (text, _, _) = encoding.decode(bytes);
        let faults = text.matches('\u{fffd}').count();
        let familiar = text.chars().filter(|c| XIANGQI_CHARACTERS.contains(*c)).count();
        (faults, std::cmp::Reverse(familiar), text.into_owned())
    };
    let (gb, big5) = (score(GB18030), score(BIG5));
    let best = if (big5.0, big5.1) < (gb.0, gb.1) { big5 } else { gb };
    if best.0 > 0 {
        return Err(PyValueError::new_err(format!(
            "{name}: neither UTF-8, GB18030 nor Big5 text (name it with encoding=)"
        )));
    }
    Ok(best.2)
}

/// Characters every Chinese Xiangqi record is full of, simplified and traditional.
const XIANGQI_CHARACTERS: &str = "車车馬马炮砲兵卒帥帅將将仕士相象進进退平前後后紅红黑勝胜負负和";
