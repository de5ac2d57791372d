//! TwixT's records.

use super::Position;
use crate::record::MoveNotations;

/// One notation: nothing is written besides the moves' own text.
impl MoveNotations for Position {}
