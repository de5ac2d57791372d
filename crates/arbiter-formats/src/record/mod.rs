//! Game records in the formats players exchange. Each game's own `record.rs` says
//! which formats its records come in (PGN, PDN, Gomocup's `.psq`, Little Golem's
//! `tsgf`, T1j text), the tags its records carry and the notations its moves can be
//! written in; [`GameKind`](crate::GameKind) reaches them
//! ([`GameKind::record_formats`](crate::GameKind::record_formats),
//! [`GameKind::read_records`](crate::GameKind::read_records),
//! [`GameKind::record_notations`](crate::GameKind::record_notations)), and nothing here
//! names a game. [`Record::of`] takes the moves and the game's own tags from a game; a front
//! end adds its tags (event, players, termination) and comments, and
//! [`Record::write`] writes the file in the game's own format.

mod date;
mod encoding;
pub(crate) mod format;
pub(crate) mod game_record;
pub mod read;
pub mod replay;
mod result;
mod stream;
mod write;
#[cfg(feature = "xz")]
mod xz;

pub use date::pgn_date;
#[cfg(feature = "encodings")]
pub use encoding::{DecodeError, decode};
pub use encoding::{RecordEncoding, UnknownEncoding};
pub use format::{PGN, RecordFormat};
pub use game_record::Record;
pub use read::{ReadError, RecordedGame, RecordedMove, read_games};
pub use replay::{Agreement, Refusal, Replayed, recorded_result, replay};
pub use result::GameResult;
pub use stream::{BATCH, BATCH_GAMES, HEAD, MAX_WHOLE, RecordStream, StreamError};
#[cfg(feature = "xz")]
pub use xz::{MAX_UNPACKED, UnpackError, XzReader, is_xz, unpack_xz};

pub use crate::games::formats;

/// Every game of a record file's `text`, read in the first of `kind`'s [`formats`] that
/// the text looks like (the last when it looks like none).
pub fn read_records(kind: arbiter::GameKind, text: &str) -> Result<Vec<RecordedGame>, ReadError> {
    let formats = formats(kind);
    let format = formats.iter().find(|f| f.recognizes(text)).or(formats.last()).unwrap_or(&PGN);
    format.read(text)
}

#[cfg(test)]
pub(crate) mod tests;
