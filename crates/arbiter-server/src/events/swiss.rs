//! A Swiss round's players as the Dutch system pairs them: each one's score, the
//! opponents it met over the board, its colours, its byes and forfeit wins, and its
//! floats, read from its rounds so far.

use std::collections::HashMap;

use arbiter::Side;

use super::dutch::{self, Colour, Entrant};
use super::results::Played;
use crate::store::Entry;

fn colour(seat: Side) -> Colour {
    match seat {
        Side::First => Colour::First,
        Side::Second => Colour::Second,
    }
}

/// The players to pair in round `round` (those not withdrawn who had joined by it),
/// as the Dutch system takes them, from their rounds so far.
pub fn entrants(entries: &[Entry], histories: &HashMap<i64, Vec<Played>>, round: i64) -> Vec<Entrant> {
    let none = Vec::new();
    let history = |account: i64| histories.get(&account).unwrap_or(&none);
    // Each player's score before each round, for the floats.
    let score_before = |account: i64, r: i64| -> f64 {
        history(account).iter().filter(|p| p.round < r).filter_map(Played::score).sum()
    };
    entries
        .iter()
        .filter(|e| !e.withdrawn && e.joined_round <= round)
        .map(|e| {
            let rounds = history(e.account);
            let in_round = |r: i64| rounds.iter().find(|p| p.round == r);
            let previous = 1..round;
            Entrant {
                id: e.account,
                rating: e.rating,
                score: rounds.iter().filter_map(Played::score).sum(),
                opponents: rounds.iter().filter(|p| p.over_the_board()).filter_map(|p| p.opponent).collect(),
                colours: previous
                    .clone()
                    .map(|r| in_round(r).filter(|p| p.over_the_board()).and_then(|p| p.seat).map(colour))
                    .collect(),
                had_bye: rounds.iter().any(Played::unplayed_win),
                // A round not played over the board (a bye, an absence, a forfeit
                // either way) is a downfloat, as the Dutch system counts it.
                floats: previous
                    .map(|r| {
                        let opponent = in_round(r).filter(|p| p.over_the_board()).and_then(|p| p.opponent);
                        dutch::float(score_before(e.account, r), opponent.map(|o| score_before(o, r)))
                    })
                    .collect(),
            }
        })
        .collect()
}
