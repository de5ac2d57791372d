//! The record of a match game: the library's record of the moves with the match's
//! tags (event, date, round, players, time control, termination) and each engine
//! move's comment (score, depth, time), as cutechess-cli writes them.

use arbiter::{GameKind, Side};
use arbiter_formats::record::{GameResult, Record, pgn_date};

use crate::limits::TimeLimit;
use crate::protocol::Score;
use crate::referee::Played;

/// What a record needs beyond the game.
pub struct Tags<'a> {
    /// The `Event` tag: the match's name.
    pub event: &'a str,
    /// The `Round` tag.
    pub round: usize,
    /// The engines' names, the first side's first.
    pub players: [&'a str; 2],
    /// The `TimeControl` tag.
    pub limit: TimeLimit,
    /// The Xiangqi notation of the moves (`iccs`, `wxf`, `chinese`).
    pub notation: Option<&'a str>,
}

/// The record of `played`.
#[must_use]
pub fn record(played: &Played, tags: &Tags<'_>) -> Record {
    let mut record = Record::of(&played.game, tags.notation);
    record.set_tag("Event", tags.event);
    record.set_tag("Date", today());
    record.set_tag("Round", tags.round.to_string());
    record.set_player(Side::First, tags.players[0]);
    record.set_player(Side::Second, tags.players[1]);
    record.set_result(GameResult::of_winner(played.ending.winner));
    record.set_tag("Termination", played.ending.termination.as_str());
    record.set_tag("TimeControl", tags.limit.to_string());
    record.set_tag("PlyCount", played.game.moves().len().to_string());
    for index in 0..played.opening_plies {
        record.set_comment(index, "book");
    }
    for (offset, played_move) in played.moves.iter().enumerate() {
        record.set_comment(
            played.opening_plies + offset,
            move_comment(played_move.score, played_move.depth, played_move.ms),
        );
    }
    record.closing_comment = Some(played.ending.detail.clone());
    record
}

/// `+0.35/12 0.520s`: the score in pawns (or `+M3`), the depth, the time.
fn move_comment(score: Option<Score>, depth: Option<u32>, ms: u64) -> String {
    let time = format!("{:.3}s", ms as f64 / 1000.0);
    match (score, depth) {
        (Some(score), depth) => {
            let score = match score {
                Score::Centi(value) => format!("{:+.2}", f64::from(value) / 100.0),
                Score::Mate(moves) if moves >= 0 => format!("+M{moves}"),
                Score::Mate(moves) => format!("-M{}", -moves),
            };
            match depth {
                Some(depth) => format!("{score}/{depth} {time}"),
                None => format!("{score} {time}"),
            }
        }
        (None, _) => time,
    }
}

/// Today's date as PGN writes it, `2026.11.29` (UTC).
#[must_use]
pub fn today() -> String {
    let seconds = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    pgn_date(i64::try_from(seconds / 86_400).unwrap_or(0))
}

/// The word for a result in a game line: `1-0`, `2-0`, `1/2-1/2`.
#[must_use]
pub fn result_token(kind: GameKind, winner: Option<Side>) -> &'static str {
    GameResult::of_winner(winner).token(kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_show_score_depth_and_time() {
        assert_eq!(move_comment(Some(Score::Centi(35)), Some(12), 520), "+0.35/12 0.520s");
        assert_eq!(move_comment(Some(Score::Mate(-3)), None, 5), "-M3 0.005s");
        assert_eq!(move_comment(None, None, 1500), "1.500s");
    }
}
