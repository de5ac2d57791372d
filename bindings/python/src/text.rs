//! Record files as text: a path, a text, or bytes, unpacked if they are an xz archive,
//! decoded from UTF-8, GB18030 (and GBK, its subset) or Big5, detected unless an
//! encoding is named, as `arbiter check` reads them.

use std::path::PathBuf;

use arbiter::record::{DecodeError, RecordEncoding};
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
        return decode(&unpacked(bytes.as_bytes().to_vec(), "the bytes")?, encoding, "the bytes");
    }
    if source.hasattr("__fspath__")? {
        let path: PathBuf = source.extract()?;
        return decode(&read(&path)?, encoding, &path.display().to_string());
    }
    Err(PyTypeError::new_err("source must be a path, a str or bytes"))
}

/// The bytes of the file at `path`, unpacked if they are an xz archive.
fn read(path: &PathBuf) -> PyResult<Vec<u8>> {
    let bytes = std::fs::read(path).map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
    unpacked(bytes, &path.display().to_string())
}

/// `bytes`, unpacked if they are an xz archive (`.xz`).
fn unpacked(bytes: Vec<u8>, name: &str) -> PyResult<Vec<u8>> {
    if arbiter::record::is_xz(&bytes) {
        return arbiter::record::unpack_xz(&bytes).map_err(|e| PyValueError::new_err(format!("{name}: {e}")));
    }
    Ok(bytes)
}

fn encoding_named(name: &str) -> PyResult<RecordEncoding> {
    name.parse().map_err(|e| PyValueError::new_err(format!("encoding {e}")))
}

/// The text of `bytes` in `encoding`, or in the encoding detected (see
/// `arbiter::record::decode`); `name` names the source in the error.
fn decode(bytes: &[u8], encoding: Option<RecordEncoding>, name: &str) -> PyResult<String> {
    arbiter::record::decode(bytes, encoding).map_err(|e| match e {
        DecodeError::Undetected => PyValueError::new_err(format!("{name}: {e} (name it with encoding=)")),
        _ => PyValueError::new_err(format!("{name}: {e}")),
    })
}
