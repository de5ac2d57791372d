//! Swiss pairings by the FIDE (Dutch) System: FIDE Handbook C.04.3 as approved in
//! Baku 2016 and in force from 1 July 2017 to 30 June 2025 (criterion numbers C1-C19
//! and sections A-E are that text's; the 2025 revision is not followed), with the
//! basic rules of C.04.1. A pure function of the players' records: no I/O.
//!
//! What is implemented:
//!
//! - Order (A.2): score, then pairing number; pairing numbers by rating (highest
//!   first), then account id (lowest first).
//! - Absolute criteria, always: C1 (no two players meet twice), C2 (no second
//!   pairing-allocated bye, counting wins without playing), C3 (non-topscorers with
//!   the same absolute colour preference do not meet).
//! - Completion (C4): a pairing of the round is found whenever one exists. The bye
//!   and every bracket are chosen only if the players left can still all be paired,
//!   as a maximum matching (Edmonds' blossom algorithm) on the graph of allowed pairs
//!   tells; players float down as far as they must. With no pairing at all, the
//!   round fails with [`PairingError::NoPairing`].
//! - The bye (C.04.1 c, A.5): with an odd number of players, to the lowest ranked
//!   player (lowest score, then highest pairing number) who has not had one and
//!   without whom the rest can be paired. Deviation: it is chosen before the
//!   brackets, so the colour criteria never move it to another player of the lowest
//!   score group, as the rules' last bracket might.
//! - Brackets (A.3, A.8, B): score groups from the top, each with the players moved
//!   down into it (MDPs). Most pairs first (C5), then the highest MDPs paired (C6,
//!   pairing score differences, a floater counting against one point below the
//!   bracket). S1 and S2 as A.8 defines them; candidates in the rules' order:
//!   transpositions of S2 (D.1), exchanges between S1 and S2 (D.2, by size, sum of
//!   BSNs, highest from S1, lowest from S2), MDPs paired in order or left in limbo
//!   (a simplified D.3). The first candidate best by C6, then C8 (topscorers'
//!   colour difference beyond ±2), C9 (topscorers' colour three times running),
//!   C10 (colour preferences), C11 (strong colour preferences), C12-C15 (the same
//!   float as one or two rounds before) is taken. The search (see `bracket`) finds
//!   the fewest shortfalls of C8-C10 taken together, then orders by the rules;
//!   C11-C15 are bettered only within a budget, and a bracket whose budget runs
//!   out before any candidate is found is paired greedily (see below).
//! - Topscorers (A.7): in the last round, more than half a point a round played.
//! - Colours (E.1-E.5): both preferences; the stronger (of two absolute ones, the
//!   wider colour difference); alternate from the latest game, counted back over
//!   games played, in which the two had different colours; the higher ranked
//!   player's preference; else the initial colour, fixed as `First` (the player with
//!   pairing number 1 has `First` in round 1), to a higher ranked player with an odd
//!   pairing number and `Second` to an even one.
//!
//! Not implemented: C7 (choosing the downfloaters for the next bracket's sake), C16-C19
//! (score differences of repeated floats), D.3's exchanges between MDPs of S1 and
//! limbo beyond pairing the highest MDPs first, and the collapsed last bracket (the
//! completion test takes its place: it lets players float as far down as needed).
//!
//! Bounds: a bracket's search stops after `bracket::NODE_BUDGET` (100 000) steps or
//! `bracket::CHECK_BUDGET` (64) completion tests; a cut search takes the best candidate
//! seen, or pairs greedily while keeping the rest pairable (O(n²) completion tests
//! at worst). Each completion test is a few augmenting-path searches, O(n·e) at
//! worst for n players and e allowed pairs; memory is O(n²). So a round takes
//! polynomial time always, and in the tests nine rounds of 500 players take about
//! five seconds in an unoptimised build.

mod bracket;
mod colour;
mod entrant;
mod matching;
mod player;
#[cfg(test)]
mod tests;

use std::collections::HashSet;

use bracket::{Field, pair_bracket};
pub use entrant::{Colour, Entrant, Float};
use matching::Matching;
use player::Player;

/// The most entrants a round pairs: the search keeps a table of who may meet whom
/// and a list of whom each may meet (n² entries, some 40 MB at 2048) and recurses
/// once per pair of a bracket.
pub const MAX_ENTRANTS: usize = 2048;

/// A round's pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The games, as (first seat, second seat) account ids, board by board: by the
    /// higher score in the game, then the sum of both scores, then the rank of the
    /// higher ranked player.
    pub games: Vec<(i64, i64)>,
    /// The player given the pairing-allocated bye, if the number of players is odd.
    pub bye: Option<i64>,
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// No pairing satisfies the absolute criteria (C1-C3).
    #[error("no pairing satisfies the absolute criteria")]
    NoPairing,
    /// The same account appears twice among the entrants.
    #[error("entrant {0} appears twice")]
    DuplicateEntrant(i64),
    /// An entrant's rating or score is not a finite number.
    #[error("entrant {0} has a rating or score that is not a finite number")]
    NotFinite(i64),
    /// More entrants than [`MAX_ENTRANTS`].
    #[error("{0} entrants are more than the {MAX_ENTRANTS} a round can pair")]
    TooManyEntrants(usize),
    /// The round is not one of the tournament's.
    #[error("round {round} is not one of 1 to {rounds}")]
    BadRound {
        /// The round asked for.
        round: u32,
        /// The number of rounds.
        rounds: u32,
    },
}

/// Pairs round `round` (from 1) of a `rounds`-round Swiss among `entrants`, the
/// players still in the tournament. See the module's description for the rules.
pub fn pair(entrants: &[Entrant], round: u32, rounds: u32) -> Result<Pairing, PairingError> {
    if round == 0 || round > rounds {
        return Err(PairingError::BadRound { round, rounds });
    }
    if entrants.len() > MAX_ENTRANTS {
        return Err(PairingError::TooManyEntrants(entrants.len()));
    }
    let mut seen = HashSet::new();
    for e in entrants {
        if !seen.insert(e.id) {
            return Err(PairingError::DuplicateEntrant(e.id));
        }
        if !e.rating.is_finite() || !e.score.is_finite() {
            return Err(PairingError::NotFinite(e.id));
        }
    }
    // Pairing numbers: rating, then id.
    let mut initial: Vec<&Entrant> = entrants.iter().collect();
    initial.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.id.cmp(&b.id)));
    // Players in rank order (A.2): score, then pairing number.
    let mut players: Vec<Player> =
        initial.iter().enumerate().map(|(i, e)| Player::new(e, i + 1, round, rounds)).collect();
    players.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.pn.cmp(&b.pn)));
    let n = players.len();
    let compat: Vec<Vec<bool>> = (0..n).map(|a| (0..n).map(|b| players[a].may_meet(&players[b])).collect()).collect();
    let adj: Vec<Vec<usize>> = compat.iter().map(|row| (0..n).filter(|&b| row[b]).collect()).collect();
    let field = Field { players: &players, compat: &compat, adj: &adj };

    let mut matching = Matching::new(n);
    let exposed = matching.maximise(&adj);
    let mut bye = None;
    if n % 2 == 1 {
        // The lowest ranked eligible player without whom the rest can be paired.
        let found = (0..n).rev().filter(|&b| !players[b].had_bye).find_map(|b| {
            let mut trial = matching.clone();
            trial.remove(b);
            trial.complete(&adj).then_some((b, trial))
        });
        let (b, trial) = found.ok_or(PairingError::NoPairing)?;
        bye = Some(b);
        matching = trial;
    } else if exposed > 0 {
        return Err(PairingError::NoPairing);
    }

    // Score groups, top down, each with the players moved down into it.
    let mut games = Vec::new();
    let mut mdps: Vec<usize> = Vec::new();
    let mut start = 0;
    while start < n {
        let score = players[start].score;
        let end = (start..n).find(|&i| players[i].score != score).unwrap_or(n);
        let residents: Vec<usize> = (start..end).filter(|&i| Some(i) != bye).collect();
        let last = (end..n).all(|i| Some(i) == bye);
        start = end;
        if residents.is_empty() && !last {
            continue;
        }
        let outcome = pair_bracket(&field, &mdps, &residents, last, &mut matching);
        for (a, b) in outcome.pairs {
            let (high, low) = if a < b { (a, b) } else { (b, a) };
            games.push((high, low));
        }
        mdps = outcome.floaters;
        mdps.sort_unstable();
    }
    if !mdps.is_empty() {
        // The completion test rules this out; refuse rather than leave players out.
        return Err(PairingError::NoPairing);
    }
    // Boards: the higher player's score, the sum of both scores, the higher player's rank.
    games.sort_by(|&(h1, l1), &(h2, l2)| {
        let sum = |h: usize, l: usize| players[h].score + players[l].score;
        players[h2].score.total_cmp(&players[h1].score).then(sum(h2, l2).total_cmp(&sum(h1, l1))).then(h1.cmp(&h2))
    });
    let games = games
        .into_iter()
        .map(|(high, low)| {
            let (h, l) = (&players[high], &players[low]);
            match colour::colour_of_higher(h, l) {
                Colour::First => (h.id, l.id),
                Colour::Second => (l.id, h.id),
            }
        })
        .collect();
    Ok(Pairing { games, bye: bye.map(|b| players[b].id) })
}

/// A player's float in a round, from the scores before it (A.4): `Down` for the
/// higher score of a game between different scores and for a player who did not play
/// (`opponent` `None`: the bye, an absence, or a game scored as a forfeit), `Up` for
/// the lower score, `None` otherwise.
pub fn float(own: f64, opponent: Option<f64>) -> Option<Float> {
    match opponent {
        None => Some(Float::Down),
        Some(theirs) if own > theirs => Some(Float::Down),
        Some(theirs) if own < theirs => Some(Float::Up),
        Some(_) => None,
    }
}

/// Each entrant's float in `pairing` (for [`Entrant::floats`] next round), its score
/// the one before the round: see [`float`].
#[cfg(test)]
pub fn floats(entrants: &[Entrant], pairing: &Pairing) -> Vec<(i64, Option<Float>)> {
    let score = |id: i64| entrants.iter().find(|e| e.id == id).map_or(0.0, |e| e.score);
    entrants
        .iter()
        .map(|e| {
            let opponent = pairing.games.iter().find_map(|&(a, b)| {
                if a == e.id {
                    Some(b)
                } else if b == e.id {
                    Some(a)
                } else {
                    None
                }
            });
            let opponent = opponent.filter(|_| pairing.bye != Some(e.id));
            (e.id, float(e.score, opponent.map(score)))
        })
        .collect()
}
