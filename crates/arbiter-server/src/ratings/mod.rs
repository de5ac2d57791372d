//! Ratings: a rated game, once over, changes both players' Glicko-2 ratings in its
//! game (see [`glicko`]): it is a rating period of its own for both, each player's RD
//! first grown for the days since their last rated game. An aborted game changes
//! nothing. The change is made once, in one transaction that marks the game rated
//! (see `Store::rate_game`); a server that stops between storing the ending and
//! rating the game leaves it to the sweep (`rate_left`), on any server.

pub mod glicko;

use serde_json::Value;

use crate::app::AppState;
use crate::live::LiveGame;
use crate::rows::GameRow;
use crate::store::{RATED, Rated, Standing, StoreError};
use glicko::{Rating, TAU};

const DAY_MS: f64 = 86_400_000.0;

/// A standing's rating at `now`: its RD grown for the days since its last rated game.
pub fn rating_at(standing: &Standing, now: i64) -> Rating {
    if standing.games == 0 {
        return standing.rating;
    }
    standing.rating.aged((now - standing.rated_at).max(0) as f64 / DAY_MS)
}

/// Both players' ratings after a game in which the first seat scored `score`, ended at
/// `at`: one rating period for both, from their ratings grown for their time away.
pub fn after_game(standings: [Standing; 2], score: f64, at: i64) -> [Rating; 2] {
    let [first, second] = standings.map(|s| rating_at(&s, at));
    [glicko::rate(first, &[(second, score)], TAU), glicko::rate(second, &[(first, 1.0 - score)], TAU)]
}

/// The first seat's score in a finished game's stored outcome, or `None` if the game
/// was aborted (or its outcome cannot be read).
pub(crate) fn first_score(outcome: &str) -> Option<f64> {
    let value: Value = serde_json::from_str(outcome).ok()?;
    match (value["result"].as_str()?, value["winner_seat"].as_str()) {
        ("aborted", _) => None,
        ("win", Some("first")) => Some(1.0),
        ("win", Some("second")) => Some(0.0),
        ("draw", _) => Some(0.5),
        _ => None,
    }
}

/// Rates the finished rated game of `row`, once: both players' ratings change, or for
/// an aborted game nothing does. `Ok(false)` if it was rated already.
pub async fn rate(app: &AppState, row: &GameRow) -> Result<bool, StoreError> {
    let [Some(first), Some(second)] = row.accounts() else { return app.store.unrate(&row.id).await };
    let score = row.outcome.as_deref().and_then(first_score);
    let Some(score) = score else { return app.store.unrate(&row.id).await };
    let at = row.ended_at.unwrap_or(row.created_at);
    let game = Rated { id: row.id.clone(), game: row.game.clone(), accounts: [first, second], at };
    app.store.rate_game(&game, |standings| after_game(standings, score, at)).await
}

/// Rates the game of `live` if it is rated and has just ended; a failure is left to
/// the sweep.
pub async fn rate_if_over(app: &AppState, live: &mut LiveGame) {
    if live.row.rated != RATED || live.state().outcome().is_none() {
        return;
    }
    // The row as stored now: its outcome and when it ended.
    let row = match app.store.game(&live.row.id).await {
        Ok(Some(row)) => row,
        _ => return,
    };
    match rate(app, &row).await {
        Ok(_) => live.row.rated = crate::store::RATED_DONE,
        Err(e) => eprintln!("arbiter: game {}: ratings left for later: {e}", live.row.id),
    }
}

/// Rates the finished rated games that are still unrated (their server stopped first).
pub async fn rate_left(app: &AppState) {
    let Ok(rows) = app.store.games_to_rate().await else { return };
    for row in rows {
        if let Err(e) = rate(app, &row).await {
            eprintln!("arbiter: game {}: cannot rate it yet: {e}", row.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_from_outcomes() {
        assert_eq!(first_score(r#"{"result":"win","winner_seat":"first"}"#), Some(1.0));
        assert_eq!(first_score(r#"{"result":"win","winner_seat":"second"}"#), Some(0.0));
        assert_eq!(first_score(r#"{"result":"draw","winner_seat":null}"#), Some(0.5));
        assert_eq!(first_score(r#"{"result":"aborted","winner_seat":null}"#), None);
    }

    #[test]
    fn a_game_after_time_away_moves_the_rating_more() {
        let settled =
            Standing { rating: Rating { rating: 1500.0, rd: 60.0, volatility: 0.06 }, games: 30, rated_at: 0 };
        let now = [settled, settled];
        let year = 365 * 86_400_000;
        let [fresh, _] = after_game(now, 1.0, 0);
        let [back, _] = after_game(now, 1.0, year);
        assert!(back.rating - 1500.0 > fresh.rating - 1500.0, "{fresh:?} {back:?}");
    }
}
