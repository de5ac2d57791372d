//! An arena's pairings: the players waiting for a game, by score and then rating,
//! each with the nearest one below it that was not its last opponent (its last
//! opponent only when nobody else waits), the seats given to balance each player's.

use arbiter::Side;

/// A player waiting for its next arena game.
#[derive(Clone, Debug)]
pub struct Waiting {
    /// Its account.
    pub account: i64,
    /// Its points so far.
    pub score: f64,
    /// Its rating as it joined.
    pub rating: f64,
    /// Its last game's opponent.
    pub last_opponent: Option<i64>,
    /// Its games in the first seat less those in the second.
    pub balance: i64,
    /// Its seat in its last game.
    pub last_seat: Option<Side>,
}

/// Whether `a` should take the first seat against `b`: the one that had the second
/// seat more often, else the one that had it last, else the better placed.
fn first_seat(a: &Waiting, b: &Waiting) -> bool {
    if a.balance != b.balance {
        return a.balance < b.balance;
    }
    match (a.last_seat, b.last_seat) {
        (Some(Side::Second), Some(Side::First)) | (Some(Side::Second), None) => true,
        (Some(Side::First), Some(Side::Second)) | (None, Some(Side::Second)) => false,
        _ => true,
    }
}

/// Pairs the players waiting: games as (first seat, second seat); with an odd number
/// the last placed who could not be paired waits for the next round of pairings.
pub fn pair(mut waiting: Vec<Waiting>) -> Vec<(i64, i64)> {
    waiting.sort_by(|a, b| {
        b.score.total_cmp(&a.score).then(b.rating.total_cmp(&a.rating)).then(a.account.cmp(&b.account))
    });
    let mut games = Vec::new();
    while waiting.len() >= 2 {
        let top = waiting.remove(0);
        let fresh = waiting
            .iter()
            .position(|w| top.last_opponent != Some(w.account) && w.last_opponent != Some(top.account))
            .unwrap_or(0);
        let other = waiting.remove(fresh);
        games.push(if first_seat(&top, &other) { (top.account, other.account) } else { (other.account, top.account) });
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    fn waiting(account: i64, score: f64, last_opponent: Option<i64>, balance: i64) -> Waiting {
        Waiting { account, score, rating: 1500.0, last_opponent, balance, last_seat: None }
    }

    #[test]
    fn players_meet_the_nearest_in_score_but_not_their_last_opponent() {
        let games = pair(vec![
            waiting(1, 10.0, Some(2), 0),
            waiting(2, 8.0, Some(1), 0),
            waiting(3, 6.0, None, 1),
            waiting(4, 0.0, None, 0),
        ]);
        // 1 and 2 just met: 1 meets 3 (3 had the first seat more: 1 takes it), 2 meets 4.
        assert_eq!(games, vec![(1, 3), (2, 4)]);
    }

    #[test]
    fn two_players_alone_meet_again_and_an_odd_one_waits() {
        assert_eq!(pair(vec![waiting(1, 2.0, Some(2), 1), waiting(2, 0.0, Some(1), -1)]), vec![(2, 1)]);
        assert_eq!(pair(vec![waiting(1, 2.0, None, 0), waiting(2, 0.0, None, 0), waiting(3, 0.0, None, 0)]).len(), 1);
    }
}
