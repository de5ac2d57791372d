//! Record files as streams, as `arbiter check` reads them: a path is read from its file
//! as the games are taken, `bytes` from the object itself and a `str` from its UTF-8
//! form (neither copied into Rust), an xz archive is unpacked as it is read (`arbiter_formats::record::XzReader`), and
//! `arbiter_formats::record::RecordStream` tells the encoding (UTF-8, GB18030 or Big5, unless
//! one is named) and reads a batch of games at a time, each line bounded.

use std::io::{BufRead, BufReader, Cursor};
use std::path::PathBuf;

use arbiter::GameKind;
use arbiter_formats::lines::LineError;
use arbiter_formats::record::{RecordEncoding, RecordStream, StreamError, UnpackError, XzReader, is_xz};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::{PyBytes, PyString};

/// A record source's bytes as they are read.
pub(crate) type Source = Box<dyn BufRead + Send>;

/// A record source opened: its games as a stream, and the file's name for refusals
/// (`None` for a `str` or `bytes`, whose refusals name only the line).
pub(crate) struct Records {
    pub(crate) stream: RecordStream<Source>,
    pub(crate) name: Option<String>,
}

impl Records {
    /// Opens `source` and reads its start: an `os.PathLike` is a file; a `str` is a
    /// file's path when it is one line naming a file that exists, else the records'
    /// text itself (UTF-8 whatever `encoding` says, as Python holds it); `bytes` are the
    /// file's contents.
    pub(crate) fn open(source: &Bound<'_, PyAny>, kind: GameKind, encoding: Option<&str>) -> PyResult<Records> {
        let encoding = encoding.map(encoding_named).transpose()?;
        let (bytes, name, encoding): (Source, Option<String>, Option<RecordEncoding>) =
            if let Ok(text) = source.cast::<PyString>() {
                let text = PyBackedStr::try_from(text.clone())?;
                let path = PathBuf::from(&*text);
                if !text.contains('\n') && !text.is_empty() && path.is_file() {
                    (file(&path)?, Some(path.display().to_string()), encoding)
                } else {
                    (Box::new(Cursor::new(text)), None, None)
                }
            } else if let Ok(bytes) = source.cast::<PyBytes>() {
                (unpacked(Cursor::new(PyBackedBytes::from(bytes.clone())), "the bytes")?, None, encoding)
            } else if source.hasattr("__fspath__")? {
                let path: PathBuf = source.extract()?;
                (file(&path)?, Some(path.display().to_string()), encoding)
            } else {
                return Err(PyTypeError::new_err("source must be a path, a str or bytes"));
            };
        let stream = source
            .py()
            .detach(|| RecordStream::open(bytes, kind, encoding))
            .map_err(|e| refusal(name.as_deref(), e))?;
        Ok(Records { stream, name })
    }
}

/// The file at `path`, read as it is taken, unpacked if it is an xz archive.
fn file(path: &PathBuf) -> PyResult<Source> {
    let opened = std::fs::File::open(path).map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
    unpacked(BufReader::new(opened), &path.display().to_string())
}

/// `reader`'s bytes, unpacked as they are read if they begin as an xz archive does;
/// `name` names the source if its first bytes cannot be read.
fn unpacked(mut reader: impl BufRead + Send + 'static, name: &str) -> PyResult<Source> {
    let head = reader.fill_buf().map_err(|e| PyOSError::new_err(format!("{name}: {e}")))?;
    if is_xz(head) {
        return Ok(Box::new(BufReader::new(XzReader::new(reader))));
    }
    Ok(Box::new(reader))
}

/// What a record stream's refusal says, as `arbiter check` says it: the file named
/// first when there is one; bytes that are no xz archive, and text that is no record,
/// raise `ValueError`, and a file that cannot be read `OSError`.
pub(crate) fn refusal(name: Option<&str>, error: StreamError) -> PyErr {
    let message = match name {
        Some(name) => format!("{name}: {error}"),
        None => error.to_string(),
    };
    match &error {
        StreamError::Line(LineError::Io(e)) if !unpack_error(e) => PyOSError::new_err(message),
        StreamError::Undetected { .. } => PyValueError::new_err(format!("{message} (name it with encoding=)")),
        _ => PyValueError::new_err(message),
    }
}

/// Whether a read failed because the bytes are no xz archive, or a damaged one.
fn unpack_error(error: &std::io::Error) -> bool {
    error.get_ref().is_some_and(|inner| inner.downcast_ref::<UnpackError>().is_some())
}

fn encoding_named(name: &str) -> PyResult<RecordEncoding> {
    name.parse().map_err(|e| PyValueError::new_err(format!("encoding {e}")))
}
