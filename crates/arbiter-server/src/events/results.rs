//! What each pairing gave each player: a game's result read from its stored row (a
//! game aborted because a side made no first move is that side's loss by forfeit),
//! and each player's rounds in order, as the standings and the pairings read them.

use std::collections::HashMap;

use arbiter::Side;

use crate::ratings::first_score;
use crate::rows::{FINISHED, GameRow, seat_of};
use crate::store::PairingRow;

/// A pairing's game as the tournament scores it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GameResult {
    /// The game goes on (or is not made yet).
    Pending,
    /// The game was played to its end: the first seat's score (1, ½ or 0).
    Played(f64),
    /// The seat made no first move in time (or aborted the game): it loses by
    /// forfeit, and the game does not count as played between the two.
    Forfeit(Side),
}

impl GameResult {
    /// The result of the game of `row`. An aborted game is lost by the seat that was
    /// to move (which an opening rule's moves, not the count of moves, may decide).
    pub fn of(row: &GameRow) -> GameResult {
        if row.status != FINISHED {
            return GameResult::Pending;
        }
        match row.outcome.as_deref().and_then(first_score) {
            Some(score) => GameResult::Played(score),
            None => {
                let parity = if row.ply % 2 == 0 { Side::First } else { Side::Second };
                GameResult::Forfeit(row.to_move.as_deref().and_then(seat_of).unwrap_or(parity))
            }
        }
    }

    /// The score `seat` gets: `None` while the game goes on.
    pub fn score(self, seat: Side) -> Option<f64> {
        match self {
            GameResult::Pending => None,
            GameResult::Played(first) => Some(if seat == Side::First { first } else { 1.0 - first }),
            GameResult::Forfeit(loser) => Some(if loser == seat { 0.0 } else { 1.0 }),
        }
    }

    /// The result as a crosstable writes it, from the first seat's side: `1-0`,
    /// `½-½`, `0-1`, `+-` / `-+` for a forfeit, `*` while it goes on.
    pub fn text(self) -> &'static str {
        match self {
            GameResult::Pending => "*",
            GameResult::Played(s) if s > 0.75 => "1-0",
            GameResult::Played(s) if s < 0.25 => "0-1",
            GameResult::Played(_) => "½-½",
            GameResult::Forfeit(Side::First) => "-+",
            GameResult::Forfeit(Side::Second) => "+-",
        }
    }
}

/// One of a player's rounds (or, in an arena, one of its games).
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The round, or the arena's wave.
    pub round: i64,
    /// The opponent; `None` for a bye.
    pub opponent: Option<i64>,
    /// The player's seat; `None` for a bye.
    pub seat: Option<Side>,
    /// The game's result; a bye is [`GameResult::Played`] `1.0` for its player.
    pub result: GameResult,
    /// When it was paired, milliseconds since the epoch.
    pub paired_at: i64,
    /// When its game ended, if it has.
    pub ended_at: Option<i64>,
}

impl Played {
    /// The player's score from it: `None` while the game goes on.
    pub fn score(&self) -> Option<f64> {
        match self.seat {
            Some(seat) => self.result.score(seat),
            None => Some(1.0),
        }
    }

    /// Whether a game was played between the two over the board (not a bye, not a
    /// forfeit, not one going on).
    pub fn over_the_board(&self) -> bool {
        matches!(self.result, GameResult::Played(_)) && self.seat.is_some()
    }

    /// Whether the player lost it by forfeit.
    pub fn forfeited(&self) -> bool {
        matches!((self.result, self.seat), (GameResult::Forfeit(loser), Some(seat)) if loser == seat)
    }

    /// Whether the player scored it without playing: a bye, or the opponent's forfeit.
    pub fn unplayed_win(&self) -> bool {
        self.seat.is_none()
            || matches!((self.result, self.seat), (GameResult::Forfeit(loser), Some(seat)) if loser != seat)
    }
}

/// Every player's rounds in order, from the pairings and the games they name.
pub fn histories(pairings: &[PairingRow], games: &[GameRow]) -> HashMap<i64, Vec<Played>> {
    let by_id: HashMap<&str, &GameRow> = games.iter().map(|g| (g.id.as_str(), g)).collect();
    let mut histories: HashMap<i64, Vec<Played>> = HashMap::new();
    for p in pairings {
        let game = p.game_id.as_deref().and_then(|id| by_id.get(id));
        let result = game.map_or(GameResult::Pending, |g| GameResult::of(g));
        let ended_at = game.and_then(|g| g.ended_at.filter(|_| g.status == FINISHED));
        let Some(second) = p.second else {
            let bye = Played {
                round: p.round,
                opponent: None,
                seat: None,
                result: GameResult::Played(1.0),
                paired_at: p.created_at,
                ended_at: Some(p.created_at),
            };
            histories.entry(p.first).or_default().push(bye);
            continue;
        };
        for (account, opponent, seat) in [(p.first, second, Side::First), (second, p.first, Side::Second)] {
            let played = Played {
                round: p.round,
                opponent: Some(opponent),
                seat: Some(seat),
                result,
                paired_at: p.created_at,
                ended_at,
            };
            histories.entry(account).or_default().push(played);
        }
    }
    histories
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(status: &str, outcome: Option<&str>, ply: i64) -> GameRow {
        let setup = crate::setup::Setup::read(arbiter::GameKind::Gomoku, &serde_json::json!({})).unwrap();
        let mut row = GameRow::new(&setup, "g".into(), "a".into(), "b".into(), 0);
        row.status = status.into();
        row.outcome = outcome.map(str::to_owned);
        row.ply = ply;
        row.to_move = Some(if ply % 2 == 0 { "first" } else { "second" }.to_owned());
        row
    }

    #[test]
    fn an_abort_is_lost_by_the_seat_to_move() {
        let aborted = r#"{"result":"aborted","winner_seat":null}"#;
        assert_eq!(GameResult::of(&row(FINISHED, Some(aborted), 0)), GameResult::Forfeit(Side::First));
        assert_eq!(GameResult::of(&row(FINISHED, Some(aborted), 1)), GameResult::Forfeit(Side::Second));
        assert_eq!(GameResult::Forfeit(Side::Second).score(Side::First), Some(1.0));
        assert_eq!(GameResult::Forfeit(Side::Second).text(), "+-");
        // An opening rule's turn: the first seat to move again after one ply.
        let mut swapped = row(FINISHED, Some(aborted), 1);
        swapped.to_move = Some("first".to_owned());
        assert_eq!(GameResult::of(&swapped), GameResult::Forfeit(Side::First));
    }

    #[test]
    fn a_game_played_scores_as_it_ended() {
        let won = r#"{"result":"win","winner_seat":"second"}"#;
        let result = GameResult::of(&row(FINISHED, Some(won), 30));
        assert_eq!(
            (result.score(Side::First), result.score(Side::Second), result.text()),
            (Some(0.0), Some(1.0), "0-1")
        );
        assert_eq!(GameResult::of(&row("ongoing", None, 3)), GameResult::Pending);
        let drawn = r#"{"result":"draw","winner_seat":null}"#;
        assert_eq!(GameResult::of(&row(FINISHED, Some(drawn), 30)).text(), "½-½");
    }
}
