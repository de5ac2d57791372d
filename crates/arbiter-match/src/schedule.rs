//! Which games a match plays, in order: the pairings of its engines (two engines; a
//! gauntlet of the first against each other; or a round robin), rounds, games per
//! encounter, and openings, each opening played twice with the colours swapped.

/// How several engines meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tournament {
    /// Every engine against every other.
    #[default]
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

/// A tournament name that is neither `round-robin` nor `gauntlet`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown tournament {0:?}: expected round-robin or gauntlet")]
pub struct UnknownTournament(pub String);

impl std::str::FromStr for Tournament {
    type Err = UnknownTournament;

    fn from_str(text: &str) -> Result<Tournament, UnknownTournament> {
        match text {
            "round-robin" => Ok(Tournament::RoundRobin),
            "gauntlet" => Ok(Tournament::Gauntlet),
            _ => Err(UnknownTournament(text.to_owned())),
        }
    }
}

/// One game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// From 1, in the order of the schedule.
    pub number: usize,
    /// From 1.
    pub round: usize,
    /// The pairing (index into [`pairings`]) the game belongs to.
    pub pairing: usize,
    /// The engines by side: `engines[0]` moves first.
    pub engines: [usize; 2],
    /// Which opening (index into the openings).
    pub opening: usize,
    /// Games of one opening with colours swapped share a pair number; a game
    /// without a partner has none.
    pub pair: Option<usize>,
}

/// The pairings of `engines` engines: (first, second) by index.
#[must_use]
pub fn pairings(engines: usize, tournament: Tournament) -> Vec<(usize, usize)> {
    match tournament {
        Tournament::Gauntlet => (1..engines).map(|other| (0, other)).collect(),
        Tournament::RoundRobin => (0..engines).flat_map(|a| (a + 1..engines).map(move |b| (a, b))).collect(),
    }
}

/// Every game of a match: for each round, for each pairing, `games` games, two by
/// two on one opening with the colours swapped. Openings are taken in order, one per
/// pair of games, and begun again when used up.
#[must_use]
pub fn schedule(engines: usize, tournament: Tournament, rounds: usize, games: usize, openings: usize) -> Vec<Job> {
    let pairings = pairings(engines, tournament);
    let mut jobs = Vec::new();
    let mut next_opening = 0;
    let mut pairs = 0;
    for round in 1..=rounds {
        for (pairing, &(a, b)) in pairings.iter().enumerate() {
            for game in 0..games {
                let swapped = game % 2 == 1;
                if !swapped {
                    next_opening += 1;
                }
                let partnered = swapped || game + 1 < games;
                if !swapped && partnered {
                    pairs += 1;
                }
                jobs.push(Job {
                    number: jobs.len() + 1,
                    round,
                    pairing,
                    engines: if swapped { [b, a] } else { [a, b] },
                    opening: (next_opening - 1) % openings.max(1),
                    pair: partnered.then(|| pairs - 1),
                });
            }
        }
    }
    jobs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_engines_swap_colours_on_each_opening() {
        let jobs = schedule(2, Tournament::RoundRobin, 2, 4, 3);
        assert_eq!(jobs.len(), 8);
        let sides: Vec<[usize; 2]> = jobs.iter().map(|j| j.engines).collect();
        assert_eq!(sides[..4], [[0, 1], [1, 0], [0, 1], [1, 0]]);
        let openings: Vec<usize> = jobs.iter().map(|j| j.opening).collect();
        assert_eq!(openings, [0, 0, 1, 1, 2, 2, 0, 0]);
        assert_eq!(jobs[7].round, 2);
        assert_eq!(jobs.iter().map(|j| j.pair).collect::<Vec<_>>(), [0, 0, 1, 1, 2, 2, 3, 3].map(Some));
    }

    #[test]
    fn an_odd_game_has_no_partner() {
        let jobs = schedule(2, Tournament::RoundRobin, 1, 3, 1);
        assert_eq!(jobs.iter().map(|j| j.pair).collect::<Vec<_>>(), [Some(0), Some(0), None]);
    }

    #[test]
    fn gauntlets_and_round_robins_pair_differently() {
        assert_eq!(pairings(4, Tournament::Gauntlet), [(0, 1), (0, 2), (0, 3)]);
        assert_eq!(pairings(3, Tournament::RoundRobin), [(0, 1), (0, 2), (1, 2)]);
        let jobs = schedule(3, Tournament::RoundRobin, 1, 2, 1);
        assert_eq!(jobs.len(), 6);
        assert_eq!(jobs[5].engines, [2, 1]);
    }
}
