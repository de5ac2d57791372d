//! Pairing one bracket (C.04.3 B, C, D): its moved-down players (MDPs) and residents,
//! the candidates in the order the rules generate them, the best one kept.
//!
//! The bracket's shape is chosen first, as C5 and C6 rank shapes: the most pairs,
//! then the most MDPs paired. For a shape the candidates come in the rules' order:
//! each MDP in turn is paired with a resident (in order) or left in limbo, higher
//! MDPs paired first (D.3); the residents left (the remainder) are split into S1 and
//! S2, then paired S1 against S2 in the lexicographic order of S2's transpositions
//! (D.1), for the unchanged split first and then for each exchange of players
//! between S1 and S2 in the order of D.2. A candidate breaking C1 or C3 is never
//! generated; one whose remaining players could not all be paired (C4) is not taken.
//! Of the rest the first one best by C6 (pairing score differences), then C8-C15, is
//! taken, and the search stops at a candidate that cannot be bettered.
//!
//! Where the MDPs' scores differ, the candidates pairing the highest of them (the
//! best C6 the shape allows) are searched first, the others only if none of those
//! passes.
//!
//! Walking the candidates in that order, a large bracket would spend any budget on
//! transpositions of its last few pairs. So the walk is made in passes, each
//! allowing at most 0, 1, 2, ... shortfalls of C8-C10 together, and cut short by a
//! bound: the colour preferences the pairs still to make must leave ungranted
//! whatever they are (counting preferences for each colour among the players left
//! in S1 and S2, or in the whole remainder before it is split). The first pass that
//! finds a candidate finds the first in the rules' order among those with the
//! fewest shortfalls of C10 (for topscorers, of C8-C10 together); it then goes on
//! for [`IMPROVE_BUDGET`] steps at most to better it on C11-C15, the rest of the walk
//! cut short by the same bound against the best found.
//!
//! The search is bounded: [`NODE_BUDGET`] steps of candidate generation and
//! [`CHECK_BUDGET`] completion tests per bracket, exchanges only while there are at
//! most [`EXCHANGE_CAP`] of a size. A bracket whose search is cut (or left
//! exchanges out) takes the best candidate seen; if none passed C4, it is paired
//! greedily: each player in rank
//! order with the first one after them, by fewest colour shortfalls then rank, whose
//! pairing leaves the rest pairable.

use std::collections::HashMap;
use std::rc::Rc;

use super::colour::shortfalls;
use super::entrant::Float;
use super::matching::Matching;
use super::player::Player;

/// Steps of candidate generation (one pair placed, or one candidate scored) per bracket.
pub(super) const NODE_BUDGET: usize = 100_000;
/// Steps the search goes on for, once a candidate has passed, to better it on the
/// criteria after C10: past them it takes the best one found.
pub(super) const IMPROVE_BUDGET: usize = 5_000;
/// Completion tests per bracket.
pub(super) const CHECK_BUDGET: usize = 64;
/// Exchanges of one size (that many players of S1 for as many of S2) are tried only
/// while there are at most this many of them.
pub(super) const EXCHANGE_CAP: usize = 20_000;

/// Exchanges between S1 and S2: the positions leaving S1, and those leaving S2.
type Exchanges = Vec<(Vec<usize>, Vec<usize>)>;

/// The players of the round and what may be paired, shared by every bracket.
pub(super) struct Field<'a> {
    pub players: &'a [Player],
    /// `compat[a][b]`: a and b may meet (C1, C3).
    pub compat: &'a [Vec<bool>],
    /// The same as adjacency lists.
    pub adj: &'a [Vec<usize>],
}

/// A bracket's pairing: pairs (higher ranked first) and the players moved down.
#[derive(Clone, Debug, Default)]
pub(super) struct Outcome {
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
}

/// The quality of a candidate, smaller is better: C6's pairing score differences
/// (largest first), then the counts of players falling short of C8-C15.
#[derive(Clone, Debug, PartialEq, PartialOrd)]
struct Quality {
    psd: Vec<f64>,
    shortfalls: [u32; 8],
}

/// The search's running state for one bracket.
struct Search<'a, 'b> {
    field: &'b Field<'a>,
    /// A perfect matching of the players not yet paired before this bracket.
    matching: Matching,
    /// The score given to a player moved down in C6's sums: one point below the
    /// bracket's lowest score.
    float_score: f64,
    /// The best possible quality of the shape being searched: stop when reached.
    ideal: Quality,
    nodes: usize,
    /// The step at which the first candidate of the shape passed.
    found_at: Option<usize>,
    checks: usize,
    /// Cut short by a budget.
    cut: bool,
    best: Option<(Quality, Outcome, Matching)>,
    /// The candidate being built.
    pairs: Vec<(usize, usize)>,
    /// The most shortfalls of C8-C10 together a candidate may have in this pass.
    limit: u32,
    /// Whether `limit` turned a candidate away in this pass.
    limited: bool,
    /// When set, only candidates whose MDPs, paired and in limbo, give these pairing
    /// score differences (C6), largest first.
    mdp_psd: Option<Vec<f64>>,
    /// Whether `mdp_psd` turned a candidate away.
    mdp_rejected: bool,
    /// Whether a shape's candidates were left out for want of a budget (exchanges).
    incomplete: bool,
    /// The exchanges of each size, by the sizes of S1 and S2.
    exchange_cache: HashMap<(usize, usize, usize), Option<Rc<Exchanges>>>,
    /// Each pair's shortfalls (C8-C15), and their sum.
    costs: Vec<[u32; 8]>,
    partial: [u32; 8],
    floaters: Vec<usize>,
}

/// How a search of one shape ended.
enum End {
    /// Stop generating: the ideal was reached or a budget ran out.
    Stop,
    Go,
}

impl Search<'_, '_> {
    fn step(&mut self) -> End {
        self.nodes += 1;
        if self.nodes > NODE_BUDGET || self.found_at.is_some_and(|at| self.nodes > at + IMPROVE_BUDGET) {
            self.cut = true;
            return End::Stop;
        }
        End::Go
    }

    /// Scores the candidate built, and keeps it if it is the best so far and passes C4.
    fn leaf(&mut self) -> End {
        if let End::Stop = self.step() {
            return End::Stop;
        }
        let quality = self.quality();
        if self.best.as_ref().is_some_and(|(q, _, _)| quality >= *q) {
            return End::Go;
        }
        if self.checks >= CHECK_BUDGET {
            self.cut = true;
            return End::Stop;
        }
        self.checks += 1;
        let mut trial = self.matching.clone();
        for &(a, b) in &self.pairs {
            trial.remove(a);
            trial.remove(b);
        }
        if !trial.complete(self.field.adj) {
            return End::Go;
        }
        let ideal = quality == self.ideal;
        self.found_at.get_or_insert(self.nodes);
        let outcome = Outcome { pairs: self.pairs.clone(), floaters: self.floaters.clone() };
        self.best = Some((quality, outcome, trial));
        if ideal { End::Stop } else { End::Go }
    }

    fn quality(&self) -> Quality {
        let players = self.field.players;
        let mut psd: Vec<f64> = self.pairs.iter().map(|&(a, b)| (players[a].score - players[b].score).abs()).collect();
        psd.extend(self.floaters.iter().map(|&f| players[f].score - self.float_score));
        psd.sort_by(|a, b| b.total_cmp(a));
        let mut out = self.partial;
        for &f in &self.floaters {
            out[4] += u32::from(players[f].float_ago(1) == Some(Float::Down));
            out[6] += u32::from(players[f].float_ago(2) == Some(Float::Down));
        }
        Quality { psd, shortfalls: out }
    }

    /// Adds the pair `a`-`b` (`a` the higher ranked) to the candidate, unless every
    /// candidate with it would be worse than the best one found (a branch and bound:
    /// shortfalls only grow as pairs are added).
    fn push(&mut self, a: usize, b: usize) -> bool {
        let players = self.field.players;
        let (high, low) = (&players[a], &players[b]);
        let colour = shortfalls(high, low);
        let mut cost = [colour[0], colour[1], colour[2], colour[3], 0, 0, 0, 0];
        // C12-C15: a float the same way as one or two rounds before: the higher of a
        // pair of different scores floats down, the lower up.
        if high.score > low.score {
            cost[4] = u32::from(high.float_ago(1) == Some(Float::Down));
            cost[5] = u32::from(low.float_ago(1) == Some(Float::Up));
            cost[6] = u32::from(high.float_ago(2) == Some(Float::Down));
            cost[7] = u32::from(low.float_ago(2) == Some(Float::Up));
        }
        let mut partial = self.partial;
        partial.iter_mut().zip(cost).for_each(|(p, c)| *p += c);
        if partial[..3].iter().sum::<u32>() > self.limit {
            self.limited = true;
            return false;
        }
        if self.best.as_ref().is_some_and(|(q, _, _)| q.psd == self.ideal.psd && partial >= q.shortfalls) {
            return false;
        }
        self.partial = partial;
        self.costs.push(cost);
        self.pairs.push((a, b));
        true
    }

    /// Takes the last pair off the candidate.
    fn pop(&mut self) {
        self.pairs.pop();
        if let Some(cost) = self.costs.pop() {
            self.partial.iter_mut().zip(cost).for_each(|(p, c)| *p -= c);
        }
    }

    /// Pairs MDPs from index `i` on, `left` of them still to pair, with residents not
    /// yet `taken`; then the remainder, `rem_pairs` pairs of it.
    fn mdps(
        &mut self,
        mdps: &[usize],
        i: usize,
        left: usize,
        residents: &[usize],
        taken: &mut [bool],
        rem_pairs: usize,
    ) -> End {
        if let End::Stop = self.step() {
            return End::Stop;
        }
        if left == 0 {
            let mark = self.floaters.len();
            self.floaters.extend_from_slice(&mdps[i..]);
            if let Some(want) = &self.mdp_psd {
                // C6 first: the MDPs paired and left in limbo as good as they can be.
                let players = self.field.players;
                let mut got: Vec<f64> = self.pairs.iter().map(|&(a, b)| players[a].score - players[b].score).collect();
                got.extend(self.floaters.iter().map(|&f| players[f].score - self.float_score));
                got.sort_by(|a, b| b.total_cmp(a));
                if got != *want {
                    self.mdp_rejected = true;
                    self.floaters.truncate(mark);
                    return End::Go;
                }
            }
            let remainder: Vec<usize> =
                residents.iter().zip(taken.iter()).filter(|(_, t)| !**t).map(|(r, _)| *r).collect();
            let end = self.remainder(&remainder, rem_pairs);
            self.floaters.truncate(mark);
            return end;
        }
        if mdps.len() - i < left {
            return End::Go;
        }
        let m = mdps[i];
        for (k, &r) in residents.iter().enumerate() {
            if taken[k] || !self.field.compat[m][r] {
                continue;
            }
            if !self.push(m, r) {
                continue;
            }
            taken[k] = true;
            let end = self.mdps(mdps, i + 1, left - 1, residents, taken, rem_pairs);
            self.pop();
            taken[k] = false;
            if let End::Stop = end {
                return End::Stop;
            }
        }
        // Limbo: this MDP moves down again.
        if mdps.len() - i > left {
            self.floaters.push(m);
            let end = self.mdps(mdps, i + 1, left, residents, taken, rem_pairs);
            self.floaters.pop();
            return end;
        }
        End::Go
    }

    /// Pairs the remainder (ranked), `p` pairs: the unchanged split, then each exchange.
    fn remainder(&mut self, rem: &[usize], p: usize) -> End {
        // Bound, whatever the split: the preferences `p` pairs of the remainder must
        // leave ungranted.
        let mut counts = [0u32; 3];
        for &x in rem {
            counts[class(&self.field.players[x])] += 1;
        }
        let [w, b, n] = counts;
        let opposite = w.min(b);
        let with_none = n.min(w.max(b) - opposite);
        let free = opposite + with_none + (n - with_none) / 2;
        let bound = u32::try_from(p).unwrap_or(u32::MAX).saturating_sub(free);
        if self.partial[..3].iter().sum::<u32>() + bound > self.limit {
            self.limited = true;
            return End::Go;
        }
        let (s1, s2) = rem.split_at(p);
        if let End::Stop = self.transpositions(s1, s2) {
            return End::Stop;
        }
        for k in 1..=p.min(s2.len()) {
            let Some(exchanges) = self.exchanges(p, s2.len(), k) else {
                // Too many to try: the shape's search is not exhaustive.
                self.incomplete = true;
                break;
            };
            for (out1, in2) in exchanges.iter() {
                if let End::Stop = self.step() {
                    return End::Stop;
                }
                // BSNs (0-based positions in the remainder): S1 loses `out1`, gains `in2`.
                let mut in_s1 = vec![false; rem.len()];
                in_s1[..p].fill(true);
                out1.iter().for_each(|&i| in_s1[i] = false);
                in2.iter().for_each(|&j| in_s1[p + j] = true);
                let s1: Vec<usize> = (0..rem.len()).filter(|&i| in_s1[i]).map(|i| rem[i]).collect();
                let s2: Vec<usize> = (0..rem.len()).filter(|&i| !in_s1[i]).map(|i| rem[i]).collect();
                if let End::Stop = self.transpositions(&s1, &s2) {
                    return End::Stop;
                }
            }
        }
        End::Go
    }

    /// The exchanges of `k` players between S1 and S2 of sizes `n1` and `n2`, in
    /// D.2's order, worked out once per bracket.
    fn exchanges(&mut self, n1: usize, n2: usize, k: usize) -> Option<Rc<Exchanges>> {
        self.exchange_cache.entry((n1, n2, k)).or_insert_with(|| exchanges(n1, n2, k).map(Rc::new)).clone()
    }

    /// Pairs S1 against S2 in the lexicographic order of S2's transpositions.
    fn transpositions(&mut self, s1: &[usize], s2: &[usize]) -> End {
        let mut taken = vec![false; s2.len()];
        let mut counts = [[0u32; 3]; 2];
        for (side, group) in [s1, s2].into_iter().enumerate() {
            for &x in group {
                counts[side][class(&self.field.players[x])] += 1;
            }
        }
        self.transpose(s1, s2, 0, &mut taken, &mut counts)
    }

    /// Pairs `s1[i..]` with S2's players not `taken`; `counts` holds the colour
    /// preferences (see [`class`]) of `s1[i..]` and of S2's players not taken.
    fn transpose(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        i: usize,
        taken: &mut [bool],
        counts: &mut [[u32; 3]; 2],
    ) -> End {
        if i == s1.len() {
            let mark = self.floaters.len();
            self.floaters.extend(s2.iter().zip(taken.iter()).filter(|(_, t)| !**t).map(|(x, _)| *x));
            let end = self.leaf();
            self.floaters.truncate(mark);
            return end;
        }
        if let End::Stop = self.step() {
            return End::Stop;
        }
        // Bound: the preferences the pairs still to make must leave ungranted.
        let mut bound = self.partial;
        bound[2] += colour_bound(counts);
        if bound[..3].iter().sum::<u32>() > self.limit {
            self.limited = true;
            return End::Go;
        }
        if self.best.as_ref().is_some_and(|(q, _, _)| q.psd == self.ideal.psd && bound >= q.shortfalls) {
            return End::Go;
        }
        let a = s1[i];
        counts[0][class(&self.field.players[a])] -= 1;
        let mut end = End::Go;
        for k in 0..s2.len() {
            if taken[k] || !self.field.compat[a][s2[k]] || !self.push(a, s2[k]) {
                continue;
            }
            taken[k] = true;
            let c = class(&self.field.players[s2[k]]);
            counts[1][c] -= 1;
            end = self.transpose(s1, s2, i + 1, taken, counts);
            counts[1][c] += 1;
            self.pop();
            taken[k] = false;
            if let End::Stop = end {
                break;
            }
        }
        counts[0][class(&self.field.players[a])] += 1;
        end
    }
}

/// A player's colour preference as an index: 0 First, 1 Second, 2 none.
fn class(player: &Player) -> usize {
    match player.pref {
        Some(super::entrant::Colour::First) => 0,
        Some(super::entrant::Colour::Second) => 1,
        None => 2,
    }
}

/// The fewest colour preferences (C10) left ungranted by pairing every player counted
/// in `counts[0]` (S1) with one counted in `counts[1]` (S2), ignoring who may meet:
/// a pair of opposite preferences, or with a player without one, grants both; a pair
/// of the same preference leaves one ungranted. Preferences are matched greedily,
/// opposite ones first, which is optimal as a player without one fits anyone.
fn colour_bound(counts: &[[u32; 3]; 2]) -> u32 {
    let [w1, b1, n1] = counts[0];
    let [w2, b2, n2] = counts[1];
    let (wb, bw) = (w1.min(b2), b1.min(w2));
    let with_n2 = (w1 - wb + b1 - bw).min(n2);
    let s2_left = (w2 - bw) + (b2 - wb) + (n2 - with_n2);
    let free = wb + bw + with_n2 + n1.min(s2_left);
    (w1 + b1 + n1).saturating_sub(free)
}

/// The exchanges of `k` players of S1 (size `n1`) for `k` of S2 (size `n2`), as
/// (positions in S1, positions in S2), in D.2's order: the smallest difference of
/// the BSN sums, then the highest BSNs out of S1, then the lowest out of S2. `None`
/// when there are more than [`EXCHANGE_CAP`].
fn exchanges(n1: usize, n2: usize, k: usize) -> Option<Exchanges> {
    let from1 = combinations(n1, k, EXCHANGE_CAP)?;
    let from2 = combinations(n2, k, EXCHANGE_CAP)?;
    if from1.len().saturating_mul(from2.len()) > EXCHANGE_CAP {
        return None;
    }
    let mut all: Vec<(Vec<usize>, Vec<usize>)> =
        from1.iter().flat_map(|a| from2.iter().map(move |b| (a.clone(), b.clone()))).collect();
    let key = |(a, b): &(Vec<usize>, Vec<usize>)| {
        let sum1: usize = a.iter().sum();
        let sum2: usize = b.iter().map(|j| n1 + j).sum();
        let mut high1 = a.clone();
        high1.sort_unstable_by(|x, y| y.cmp(x));
        (sum2 - sum1, std::cmp::Reverse(high1), b.clone())
    };
    all.sort_by_cached_key(key);
    Some(all)
}

/// The `k`-subsets of `0..n`, increasing, or `None` past `cap` of them.
fn combinations(n: usize, k: usize, cap: usize) -> Option<Vec<Vec<usize>>> {
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(k);
    fn walk(n: usize, k: usize, from: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>, cap: usize) -> bool {
        if current.len() == k {
            out.push(current.clone());
            return out.len() <= cap;
        }
        for x in from..n {
            if n - x < k - current.len() {
                break;
            }
            current.push(x);
            let ok = walk(n, k, x + 1, current, out, cap);
            current.pop();
            if !ok {
                return false;
            }
        }
        true
    }
    walk(n, k, 0, &mut current, &mut out, cap).then_some(out)
}

/// Pairs one bracket: `mdps` and `residents` each ranked (score, then pairing
/// number), `last` when no bracket follows (everyone must then be paired).
/// `matching` is a perfect matching of every player not yet paired; it stays one of
/// those left after the bracket. Never fails while `matching` is perfect.
pub(super) fn pair_bracket(
    field: &Field<'_>,
    mdps: &[usize],
    residents: &[usize],
    last: bool,
    matching: &mut Matching,
) -> Outcome {
    let players = field.players;
    let n = mdps.len() + residents.len();
    let lowest = mdps.iter().chain(residents).map(|&p| players[p].score).fold(f64::INFINITY, f64::min);
    let float_score = lowest - 1.0;
    let mut search = Search {
        field,
        matching: matching.clone(),
        float_score,
        ideal: Quality { psd: Vec::new(), shortfalls: [0; 8] },
        nodes: 0,
        found_at: None,
        checks: 0,
        cut: false,
        best: None,
        pairs: Vec::new(),
        costs: Vec::new(),
        partial: [0; 8],
        limit: 0,
        limited: false,
        mdp_psd: None,
        mdp_rejected: false,
        incomplete: false,
        exchange_cache: HashMap::new(),
        floaters: Vec::new(),
    };
    // Shapes: the most pairs (C5), then the most MDPs paired (C6).
    for total in (0..=n / 2).rev() {
        if last && total * 2 != n {
            continue;
        }
        for m1 in (0..=mdps.len().min(total)).rev() {
            let rem_pairs = total - m1;
            if residents.len() < m1 + 2 * rem_pairs {
                continue;
            }
            search.ideal = ideal(players, mdps, residents, m1, rem_pairs, float_score);
            // The MDPs' part of C6 at its best: the highest `m1` paired.
            let resident_score = residents.first().map_or(0.0, |&r| players[r].score);
            let mut mdp_psd: Vec<f64> = mdps[..m1].iter().map(|&m| players[m].score - resident_score).collect();
            mdp_psd.extend(mdps[m1..].iter().map(|&m| players[m].score - float_score));
            mdp_psd.sort_by(|a, b| b.total_cmp(a));
            // First only the candidates with the MDPs' part of C6 at its best, then
            // (if that left some out and found none) all of them.
            for strict in [true, false] {
                search.mdp_psd = strict.then(|| mdp_psd.clone());
                search.mdp_rejected = false;
                // Passes allowing ever more shortfalls of C8-C10, so that the first
                // candidates met are good ones rather than the first in the rules'
                // order; a pair falls short of them at most 3 times, and the last
                // pass has no limit.
                let most = u32::try_from(3 * n + 3).unwrap_or(u32::MAX);
                for limit in (0..most).chain([u32::MAX]) {
                    search.limit = limit;
                    search.limited = false;
                    let mut taken = vec![false; residents.len()];
                    search.mdps(mdps, 0, m1, residents, &mut taken, rem_pairs);
                    if search.best.is_some() || search.cut || !search.limited {
                        break;
                    }
                }
                if search.best.is_some() || search.cut || search.incomplete || !search.mdp_rejected {
                    break;
                }
            }
            if let Some((_, outcome, trial)) = search.best.take() {
                *matching = trial;
                return outcome;
            }
            if search.cut || search.incomplete {
                return greedy(field, mdps, residents, matching);
            }
        }
    }
    greedy(field, mdps, residents, matching)
}

/// The best quality a shape could have: its `m1` highest MDPs paired, no shortfalls.
fn ideal(
    players: &[Player],
    mdps: &[usize],
    residents: &[usize],
    m1: usize,
    rem_pairs: usize,
    float_score: f64,
) -> Quality {
    let resident_score = residents.first().map_or(0.0, |&r| players[r].score);
    let mut psd: Vec<f64> = mdps[..m1].iter().map(|&m| players[m].score - resident_score).collect();
    psd.extend(mdps[m1..].iter().map(|&m| players[m].score - float_score));
    psd.extend(std::iter::repeat_n(0.0, rem_pairs));
    let floating_residents = residents.len() - m1 - 2 * rem_pairs;
    psd.extend(std::iter::repeat_n(resident_score - float_score, floating_residents));
    psd.sort_by(|a, b| b.total_cmp(a));
    Quality { psd, shortfalls: [0; 8] }
}

/// The fallback when the search is cut: each player in rank order paired with the
/// first one after them whose pairing leaves everyone else pairable, trying first
/// those who fall short of fewer colour criteria (C8-C11) with them.
fn greedy(field: &Field<'_>, mdps: &[usize], residents: &[usize], matching: &mut Matching) -> Outcome {
    let ranked: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    let mut paired = vec![false; ranked.len()];
    let mut outcome = Outcome::default();
    for i in 0..ranked.len() {
        if paired[i] {
            continue;
        }
        let a = ranked[i];
        // The partners after `a`: those granting the colour criteria best first.
        let mut partners: Vec<usize> =
            (i + 1..ranked.len()).filter(|&j| !paired[j] && field.compat[a][ranked[j]]).collect();
        partners.sort_by_cached_key(|&j| (shortfalls(&field.players[a], &field.players[ranked[j]]), j));
        for j in partners {
            let b = ranked[j];
            // Pairing two who are partners in the matching keeps it perfect.
            let mut trial = matching.clone();
            let partners = matching.mate(a) == Some(b);
            trial.remove(a);
            trial.remove(b);
            if partners || trial.complete(field.adj) {
                *matching = trial;
                paired[i] = true;
                paired[j] = true;
                outcome.pairs.push((a, b));
                break;
            }
        }
        if !paired[i] {
            outcome.floaters.push(a);
        }
    }
    outcome
}
