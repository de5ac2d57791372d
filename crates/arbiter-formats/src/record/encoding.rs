//! The text of a record file from its bytes: UTF-8, GB18030 (and GBK, its subset) or
//! Big5, told apart unless the caller names one. Archives of Chinese games come in all
//! three, and nothing in the files says which. GB18030 and Big5 are read with the
//! `encodings` feature (their tables are large); without it, records are UTF-8.

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "encodings")]
use encoding_rs::{BIG5, Encoding, GB18030, UTF_8};

/// An encoding records are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordEncoding {
    /// UTF-8 (a byte-order mark is allowed).
    Utf8,
    /// GB18030, which reads GBK and GB2312 too.
    Gb18030,
    /// Big5.
    Big5,
}

impl RecordEncoding {
    /// The encoding's own name: `UTF-8`, `gb18030`, `Big5`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            RecordEncoding::Utf8 => "UTF-8",
            RecordEncoding::Gb18030 => "gb18030",
            RecordEncoding::Big5 => "Big5",
        }
    }

    #[cfg(feature = "encodings")]
    fn encoding(self) -> &'static Encoding {
        match self {
            RecordEncoding::Utf8 => UTF_8,
            RecordEncoding::Gb18030 => GB18030,
            RecordEncoding::Big5 => BIG5,
        }
    }
}

impl fmt::Display for RecordEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`RecordEncoding`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: expected utf-8, gb18030, gbk or big5", arbiter::quote::excerpt(.0))]
pub struct UnknownEncoding(pub String);

impl FromStr for RecordEncoding {
    type Err = UnknownEncoding;

    /// Reads `utf-8` (`utf8`), `gb18030` (`gbk`, `gb2312`) or `big5`, in any case.
    fn from_str(name: &str) -> Result<RecordEncoding, UnknownEncoding> {
        match name.to_ascii_lowercase().as_str() {
            "utf-8" | "utf8" => Ok(RecordEncoding::Utf8),
            "gb18030" | "gbk" | "gb2312" => Ok(RecordEncoding::Gb18030),
            "big5" => Ok(RecordEncoding::Big5),
            _ => Err(UnknownEncoding(name.to_owned())),
        }
    }
}

/// Why bytes are no record text.
#[cfg(feature = "encodings")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// The bytes are not text in the encoding named.
    #[error("not {0} text")]
    NotIn(RecordEncoding),
    /// The bytes are none of UTF-8, GB18030 and Big5.
    #[error("neither UTF-8, GB18030 nor Big5 text")]
    Undetected,
}

/// The text of `bytes` in `encoding`, or in the encoding detected: UTF-8 if the bytes
/// are UTF-8; else whichever of GB18030 and Big5 reads them with the fewest faults, the
/// characters of Chinese game records breaking ties (both code the same bytes
/// differently).
#[cfg(feature = "encodings")]
pub fn decode(bytes: &[u8], encoding: Option<RecordEncoding>) -> Result<String, DecodeError> {
    if let Some(named) = encoding {
        // Not `decode`, which would follow a UTF-16 byte-order mark away from the
        // encoding named: only that encoding's own mark is taken off.
        let (text, faults) = named.encoding().decode_with_bom_removal(bytes);
        return if faults { Err(DecodeError::NotIn(named)) } else { Ok(text.into_owned()) };
    }
    detected(bytes).map(|(_, text)| text)
}

/// The encoding `bytes` are detected in, as [`decode`] tells it, and their text.
#[cfg(feature = "encodings")]
pub(crate) fn detected(bytes: &[u8]) -> Result<(RecordEncoding, String), DecodeError> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok((RecordEncoding::Utf8, text.to_owned()));
    }
    let score = |encoding: &'static Encoding| {
        let (text, _, _) = encoding.decode(bytes);
        let faults = text.matches('\u{fffd}').count();
        let familiar = text.chars().filter(|c| CHINESE_RECORD_CHARACTERS.contains(*c)).count();
        (faults, std::cmp::Reverse(familiar), text.into_owned())
    };
    let (gb, big5) = (score(GB18030), score(BIG5));
    let (best, encoding) =
        if (big5.0, big5.1) < (gb.0, gb.1) { (big5, RecordEncoding::Big5) } else { (gb, RecordEncoding::Gb18030) };
    if best.0 > 0 { Err(DecodeError::Undetected) } else { Ok((encoding, best.2)) }
}

/// One line's bytes as text in `encoding`, `None` if they are not: the encodings read
/// here never use a line end's byte inside a character, so lines decode one by one.
#[cfg(feature = "encodings")]
pub(crate) fn decode_line(bytes: &[u8], encoding: RecordEncoding) -> Option<std::borrow::Cow<'_, str>> {
    encoding.encoding().decode_without_bom_handling_and_without_replacement(bytes)
}

/// The text of `bytes`, a byte-order mark taken off, if they are UTF-8: without the
/// `encodings` feature, the only encoding told.
#[cfg(not(feature = "encodings"))]
pub(crate) fn detected(bytes: &[u8]) -> Result<(RecordEncoding, String), std::str::Utf8Error> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    std::str::from_utf8(bytes).map(|text| (RecordEncoding::Utf8, text.to_owned()))
}

/// One line's bytes as text, if they are UTF-8 and `encoding` is UTF-8: without the
/// `encodings` feature, the only encoding read.
#[cfg(not(feature = "encodings"))]
pub(crate) fn decode_line(bytes: &[u8], encoding: RecordEncoding) -> Option<std::borrow::Cow<'_, str>> {
    match encoding {
        RecordEncoding::Utf8 => std::str::from_utf8(bytes).ok().map(std::borrow::Cow::Borrowed),
        RecordEncoding::Gb18030 | RecordEncoding::Big5 => None,
    }
}

/// Characters every Chinese record of a Xiangqi game is full of, simplified and
/// traditional.
#[cfg(feature = "encodings")]
const CHINESE_RECORD_CHARACTERS: &str = "車车馬马炮砲兵卒帥帅將将仕士相象進进退平前後后紅红黑勝胜負负和";

#[cfg(test)]
mod tests {
    // What they test reads GB18030 and Big5.
    #[cfg(feature = "encodings")]
    use super::{DecodeError, RecordEncoding, decode};

    #[cfg(feature = "encodings")]
    #[test]
    fn a_named_encoding_is_held_to_whatever_mark_the_bytes_begin_with() {
        // A UTF-16 byte-order mark sent the named encoding's decoder to UTF-16, and
        // these bytes, no UTF-8, read as three UTF-16 characters without a fault.
        let bytes = b"\xff\xfe\x00h2e2\n";
        assert_eq!(decode(bytes, Some(RecordEncoding::Utf8)), Err(DecodeError::NotIn(RecordEncoding::Utf8)));
        assert_eq!(decode(b"\xef\xbb\xbfh2e2\n", Some(RecordEncoding::Utf8)).as_deref(), Ok("h2e2\n"));
        assert_eq!(
            decode(b"\xfe\xff\x00h", Some(RecordEncoding::Gb18030)),
            Err(DecodeError::NotIn(RecordEncoding::Gb18030))
        );
    }

    #[cfg(feature = "encodings")]
    #[test]
    fn utf8_gb18030_and_big5_are_told_apart() {
        let text = "1. 炮二平五 馬８進７";
        for encoding in [RecordEncoding::Utf8, RecordEncoding::Gb18030, RecordEncoding::Big5] {
            let (bytes, _, faults) = encoding.encoding().encode(text);
            assert!(!faults);
            assert_eq!(decode(&bytes, None).as_deref(), Ok(text), "{encoding}");
            assert_eq!(decode(&bytes, Some(encoding)).as_deref(), Ok(text), "{encoding}");
        }
    }

    #[cfg(feature = "encodings")]
    #[test]
    fn a_named_encoding_that_does_not_fit_is_refused() {
        let (big5, _, _) = RecordEncoding::Big5.encoding().encode("炮二平五");
        assert_eq!(decode(&big5, Some(RecordEncoding::Utf8)), Err(DecodeError::NotIn(RecordEncoding::Utf8)));
        assert_eq!("GBK".parse(), Ok(RecordEncoding::Gb18030));
        assert!("latin-1".parse::<RecordEncoding>().is_err());
    }
}
