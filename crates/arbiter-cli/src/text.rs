//! Record files as text: read from a path or standard input (`-`), unpacked when
//! xz-compressed (`.xz`), and decoded from UTF-8, GB18030 (and GBK, its subset) or
//! Big5, detected unless `--encoding` says which; line ends CRLF or LF alike.

use std::io::Read;
use std::path::Path;

use encoding_rs::{BIG5, Encoding, GB18030, UTF_8};

use crate::fail::Failure;

/// The encodings a record may be written in, by the names `--encoding` takes.
pub fn encoding_named(name: &str) -> Result<&'static Encoding, Failure> {
    match name.to_ascii_lowercase().as_str() {
        "utf-8" | "utf8" => Ok(UTF_8),
        "gb18030" | "gbk" | "gb2312" => Ok(GB18030),
        "big5" => Ok(BIG5),
        _ => Err(Failure::bad_input(format!("--encoding {name}: expected utf-8, gb18030, gbk or big5"))),
    }
}

/// The bytes of `path` (`-`: standard input), unpacked if it ends in `.xz`.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, Failure> {
    let name = path.display();
    let mut bytes = Vec::new();
    if path == Path::new("-") {
        std::io::stdin().lock().read_to_end(&mut bytes).map_err(|e| Failure::environment(format!("-: {e}")))?;
    } else {
        bytes = std::fs::read(path).map_err(|e| Failure::environment(format!("{name}: {e}")))?;
    }
    if path.extension().is_some_and(|e| e == "xz") {
        let mut unpacked = Vec::with_capacity(bytes.len() * 8);
        lzma_rs::xz_decompress(&mut bytes.as_slice(), &mut unpacked)
            .map_err(|e| Failure::bad_input(format!("{name}: not an xz file: {e}")))?;
        bytes = unpacked;
    }
    Ok(bytes)
}

/// The text of `bytes` in `encoding`, or in the encoding detected: UTF-8 if the bytes
/// are UTF-8; else whichever of GB18030 and Big5 reads them with the fewest faults,
/// Xiangqi's own characters breaking ties (both code the same bytes differently).
pub fn decode(bytes: &[u8], encoding: Option<&'static Encoding>, name: &str) -> Result<String, Failure> {
    if let Some(encoding) = encoding {
        let (text, _, faults) = encoding.decode(bytes);
        if faults {
            return Err(Failure::bad_input(format!("{name}: not {} text", encoding.name())));
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
        return Err(Failure::bad_input(format!(
            "{name}: neither UTF-8, GB18030 nor Big5 text (name it with --encoding)"
        )));
    }
    Ok(best.2)
}

/// Characters every Chinese Xiangqi record is full of, simplified and traditional.
const XIANGQI_CHARACTERS: &str = "車车馬马炮砲兵卒帥帅將将仕士相象進进退平前後后紅红黑勝胜負负和";
