//! What a series of results says: the score, the Elo difference with its 95%
//! interval, the likelihood of superiority, and the sequential probability ratio test
//! (SPRT) that stops a match once it has shown enough.
//!
//! The Elo model is the logistic one of cutechess-cli and fastchess. Games played in
//! pairs (one opening, colours swapped) are counted as pairs too, and the SPRT uses
//! the pairs (the pentanomial model) once there are any, as the colours' and the
//! openings' own bias then cancels out.

use serde::Serialize;

/// Wins, draws and losses of one side of a pairing, and the same games as pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Pairs of games by their points: 0, ½, 1, 1½ and 2.
    pub pairs: [u32; 5],
}

/// The Elo difference and the half width of its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Elo {
    /// The most likely difference; positive when this side is the stronger.
    pub difference: f64,
    /// Half the width of the 95% interval around it.
    pub margin: f64,
}

/// The z value of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

impl Tally {
    /// Adds one game: `points` is 1, ½ or 0.
    pub fn add_game(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    /// Adds a finished pair of games worth `points` (0 to 2) together.
    pub fn add_pair(&mut self, points: f64) {
        let index = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.pairs[index] += 1;
    }

    #[must_use]
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points won.
    #[must_use]
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The share of the points won, 0 to 1.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        (self.games() > 0).then(|| self.points() / f64::from(self.games()))
    }

    /// The results seen from the other side.
    #[must_use]
    pub fn reversed(&self) -> Tally {
        let mut pairs = self.pairs;
        pairs.reverse();
        Tally { wins: self.losses, draws: self.draws, losses: self.wins, pairs }
    }

    /// The Elo difference and its 95% interval, from the games; `None` while every
    /// game was won or lost by one side (the difference is then unbounded).
    #[must_use]
    pub fn elo(&self) -> Option<Elo> {
        let n = f64::from(self.games());
        let score = self.score()?;
        if score <= 0.0 || score >= 1.0 {
            return None;
        }
        let variance = (f64::from(self.wins) * (1.0 - score).powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2)
            + f64::from(self.losses) * score.powi(2))
            / n;
        let spread = Z95 * (variance / n).sqrt();
        let low = elo_of_score((score - spread).max(1e-9));
        let high = elo_of_score((score + spread).min(1.0 - 1e-9));
        // `+ 0.0` writes an even score as 0, not -0.
        Some(Elo { difference: elo_of_score(score) + 0.0, margin: (high - low) / 2.0 })
    }

    /// The likelihood of superiority: how sure it is that this side is the stronger,
    /// from wins and losses (draws say nothing about it).
    #[must_use]
    pub fn los(&self) -> f64 {
        let decisive = f64::from(self.wins + self.losses);
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((f64::from(self.wins) - f64::from(self.losses)) / (2.0 * decisive).sqrt()))
    }

    /// The share of draws.
    #[must_use]
    pub fn draw_ratio(&self) -> f64 {
        if self.games() == 0 { 0.0 } else { f64::from(self.draws) / f64::from(self.games()) }
    }

    /// The log-likelihood ratio of "this side is `elo1` stronger" against "`elo0`",
    /// from the pairs if there are any, else from the games.
    ///
    /// It is the generalized SPRT's exact ratio (as fishtest computes it): each
    /// hypothesis is the most likely distribution of the results whose expected score
    /// is that hypothesis's, and the ratio is the likelihood of the results under one
    /// against the other. The normal approximation `n (s1 - s0) (2 mean - s0 - s1) /
    /// (2 variance)` is close to it after many games, but after a few alike results its
    /// variance is nearly nothing and it decides at once; the exact ratio stays small.
    #[must_use]
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let pair_count: u32 = self.pairs.iter().sum();
        let mut counts = [0.0; 5];
        let values: &[f64] = if pair_count > 0 {
            for (count, &pairs) in counts.iter_mut().zip(&self.pairs) {
                *count = f64::from(pairs);
            }
            &[0.0, 0.25, 0.5, 0.75, 1.0]
        } else {
            counts[..3].copy_from_slice(&[f64::from(self.losses), f64::from(self.draws), f64::from(self.wins)]);
            &[0.0, 0.5, 1.0]
        };
        let counts = &mut counts[..values.len()];
        if counts.iter().sum::<f64>() == 0.0 {
            return 0.0;
        }
        // An empty category would have no likelihood of its own to move; a tiny count
        // in its place (as fishtest does) lets each hypothesis give it some.
        for count in counts.iter_mut() {
            if *count == 0.0 {
                *count = 1e-3;
            }
        }
        let n: f64 = counts.iter().sum();
        let mut observed = [0.0; 5];
        for (share, count) in observed.iter_mut().zip(counts.iter()) {
            *share = count / n;
        }
        let observed = &observed[..values.len()];
        let under0 = most_likely_with_score(observed, values, score_of_elo(elo0));
        let under1 = most_likely_with_score(observed, values, score_of_elo(elo1));
        counts.iter().zip(under0.iter().zip(&under1)).map(|(count, (p0, p1))| count * (p1.ln() - p0.ln())).sum()
    }
}

/// The distribution nearest `observed` (the most likely for those results) among
/// those over `values` whose expected value is `score`: each share is the observed
/// one divided by `1 + x (value - score)`, with `x` the one root that makes the
/// shares sum to 1 (found by bisection, as the sum falls steadily with `x`).
fn most_likely_with_score(observed: &[f64], values: &[f64], score: f64) -> [f64; 5] {
    let gap =
        |x: f64| -> f64 { observed.iter().zip(values).map(|(p, v)| p * (v - score) / (1.0 + x * (v - score))).sum() };
    let highest = values.iter().map(|v| v - score).fold(f64::MIN, f64::max);
    let lowest = values.iter().map(|v| v - score).fold(f64::MAX, f64::min);
    // Every share stays positive while 1 + x (value - score) does, which bounds x.
    let (mut low, mut high) = (-1.0 / highest, -1.0 / lowest);
    for _ in 0..200 {
        let middle = (low + high) / 2.0;
        if gap(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let x = (low + high) / 2.0;
    let mut shares = [0.0; 5];
    for ((share, p), v) in shares.iter_mut().zip(observed).zip(values) {
        *share = p / (1.0 + x * (v - score));
    }
    let total: f64 = shares.iter().sum();
    for share in &mut shares[..values.len()] {
        *share /= total;
    }
    shares
}

/// The expected score of a side `elo` points stronger.
#[must_use]
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that gives an expected `score` (strictly between 0 and 1).
#[must_use]
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The error function, to 1.5e-7 (Abramowitz and Stegun 7.1.26).
fn erf(x: f64) -> f64 {
    let sign = x.signum();
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// A sequential probability ratio test: H0 "the difference is `elo0`" against H1
/// "it is `elo1`", with error rates `alpha` (accepting H1 wrongly) and `beta`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sprt {
    /// The difference of H0, in Elo.
    pub elo0: f64,
    /// The difference of H1, in Elo.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Why the words of `--sprt` were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SprtError {
    /// A word without `=`.
    #[error("--sprt: {0:?} is not key=value")]
    NotKeyValue(String),
    /// A value that is not a number.
    #[error("--sprt: {key}={value:?} is not a number")]
    NotANumber {
        /// The setting.
        key: String,
        /// Its value as given.
        value: String,
    },
    /// A setting the test does not have.
    #[error("--sprt: unknown setting {0:?}: expected elo0, elo1, alpha, beta")]
    UnknownSetting(String),
    /// `elo0=` or `elo1=` is missing.
    #[error("--sprt needs elo0= and elo1=")]
    Incomplete,
    /// `elo1` is not above `elo0`.
    #[error("--sprt: elo1 must be above elo0")]
    Bounds,
    /// `alpha` or `beta` is not between 0 and 0.5.
    #[error("--sprt: alpha and beta must be between 0 and 0.5")]
    ErrorRates,
}

/// What an SPRT has decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// H0: the first engine is not `elo1` stronger.
    H0,
    /// H1: it is.
    H1,
}

impl Sprt {
    /// Reads `elo0=0 elo1=5 alpha=0.05 beta=0.05` (alpha and beta 0.05 if left out).
    pub fn parse<S: AsRef<str>>(words: &[S]) -> Result<Sprt, SprtError> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
        for word in words {
            let word = word.as_ref();
            let (key, value) = word.split_once('=').ok_or_else(|| SprtError::NotKeyValue(word.to_owned()))?;
            let number: f64 =
                value.parse().map_err(|_| SprtError::NotANumber { key: key.to_owned(), value: value.to_owned() })?;
            match key {
                "elo0" => elo0 = Some(number),
                "elo1" => elo1 = Some(number),
                "alpha" => alpha = number,
                "beta" => beta = number,
                _ => return Err(SprtError::UnknownSetting(key.to_owned())),
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err(SprtError::Incomplete);
        };
        if elo1 <= elo0 {
            return Err(SprtError::Bounds);
        }
        if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
            return Err(SprtError::ErrorRates);
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }

    /// The bounds of the log-likelihood ratio: below the first H0 is accepted, above
    /// the second H1.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The verdict for `tally`, if the ratio has crossed a bound.
    #[must_use]
    pub fn verdict(&self, tally: &Tally) -> Option<Verdict> {
        let llr = tally.llr(self.elo0, self.elo1);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally { wins, draws, losses, pairs: [0; 5] }
    }

    #[test]
    fn elo_follows_the_score() {
        let even = tally(10, 20, 10).elo().unwrap();
        assert!(even.difference.abs() < 1e-9);
        // 75% is 190.8 Elo in the logistic model.
        let strong = tally(30, 0, 10).elo().unwrap();
        assert!((strong.difference - 190.85).abs() < 0.1, "{strong:?}");
        assert!(strong.margin > 50.0 && strong.margin < 200.0);
        assert_eq!(tally(5, 0, 0).elo(), None, "no loss: no finite difference");
        assert_eq!(tally(0, 0, 0).elo(), None);
    }

    #[test]
    fn the_interval_narrows_with_more_games() {
        let few = tally(6, 8, 6).elo().unwrap().margin;
        let many = tally(600, 800, 600).elo().unwrap().margin;
        assert!(many < few / 5.0, "{few} {many}");
    }

    #[test]
    fn los_is_a_half_without_decisive_games() {
        assert!((tally(0, 10, 0).los() - 0.5).abs() < 1e-12);
        assert!(tally(20, 0, 10).los() > 0.95);
        assert!(tally(10, 0, 20).los() < 0.05);
        // erf's known values.
        assert!((erf(1.0) - 0.842_700_79).abs() < 2e-7);
        assert!((erf(-0.5) + 0.520_499_88).abs() < 2e-7);
    }

    #[test]
    fn sprt_bounds_and_verdicts() {
        let sprt = Sprt::parse(&["elo0=0", "elo1=10", "alpha=0.05", "beta=0.05"]).unwrap();
        let (lower, upper) = sprt.bounds();
        assert!((lower + 2.944).abs() < 1e-3 && (upper - 2.944).abs() < 1e-3);
        assert_eq!(sprt.verdict(&tally(1, 1, 0)), None);
        assert_eq!(sprt.verdict(&tally(600, 200, 200)), Some(Verdict::H1));
        assert_eq!(sprt.verdict(&tally(200, 200, 600)), Some(Verdict::H0));
        // The LLR grows with the evidence.
        assert!(tally(60, 20, 20).llr(0.0, 10.0) < tally(600, 200, 200).llr(0.0, 10.0));
        assert!(Sprt::parse(&["elo0=5", "elo1=0"]).is_err());
        assert!(Sprt::parse(&["elo0=0"]).is_err());
        assert!(Sprt::parse(&["elo0=0", "elo1=5", "gamma=1"]).is_err());
    }

    #[test]
    fn one_pair_decides_nothing() {
        // After a single pair the evidence is one result: no test of usual bounds may
        // stop there, whatever the pair (the normal approximation stopped at once).
        // The second test is the widest a PostgreSQL run test uses: it must not stop
        // after one pair either.
        for words in [&["elo0=0", "elo1=150"][..], &["elo0=0", "elo1=400", "alpha=0.1", "beta=0.1"]] {
            let sprt = Sprt::parse(words).unwrap();
            for points in [0.0, 0.5, 1.0, 1.5, 2.0] {
                let mut one = Tally::default();
                one.add_pair(points);
                let llr = one.llr(sprt.elo0, sprt.elo1);
                assert!(llr.abs() < 1.75, "pair of {points}: {llr}");
                assert_eq!(sprt.verdict(&one), None, "{words:?}, pair of {points}");
            }
        }
    }

    #[test]
    fn the_exact_ratio_meets_the_normal_one_over_many_games() {
        // Over many games the results' distribution is well known, and the exact ratio
        // and its normal approximation agree to within a few percent.
        let mut many = Tally::default();
        for (points, count) in [(0.0, 300), (0.5, 1100), (1.0, 3000), (1.5, 1300), (2.0, 400)] {
            for _ in 0..count {
                many.add_pair(points);
            }
        }
        let (s0, s1) = (score_of_elo(0.0), score_of_elo(5.0));
        let values = [0.0, 0.25, 0.5, 0.75, 1.0];
        let n = f64::from(many.pairs.iter().sum::<u32>());
        let mean = many.pairs.iter().zip(values).map(|(&c, v)| f64::from(c) * v).sum::<f64>() / n;
        let variance = many.pairs.iter().zip(values).map(|(&c, v)| f64::from(c) * (v - mean).powi(2)).sum::<f64>() / n;
        let normal = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance);
        let exact = many.llr(0.0, 5.0);
        assert!(normal > 2.0, "{normal}");
        assert!((exact - normal).abs() < 0.03 * normal.abs(), "exact {exact}, normal {normal}");
    }

    #[test]
    fn each_hypothesis_is_the_nearest_distribution_with_its_score() {
        let observed = [0.1, 0.3, 0.6];
        let values = [0.0, 0.5, 1.0];
        let shares = most_likely_with_score(&observed, &values, 0.6);
        let total: f64 = shares[..3].iter().sum();
        let score: f64 = shares[..3].iter().zip(values).map(|(p, v)| p * v).sum();
        assert!((total - 1.0).abs() < 1e-12 && (score - 0.6).abs() < 1e-9, "{shares:?}");
        // The observed distribution is its own nearest when its score is asked.
        let same = most_likely_with_score(&observed, &values, 0.75);
        for (a, b) in same.iter().zip(observed) {
            assert!((a - b).abs() < 1e-9, "{same:?}");
        }
    }

    #[test]
    fn pairs_are_used_once_there_are_any() {
        let mut paired = tally(3, 2, 1);
        paired.add_pair(2.0);
        paired.add_pair(1.0);
        paired.add_pair(1.0);
        let games_only = tally(3, 2, 1);
        assert!(paired.llr(0.0, 10.0) != games_only.llr(0.0, 10.0));
        assert_eq!(paired.pairs, [0, 0, 2, 0, 1]);
        assert_eq!(paired.reversed().pairs, [1, 0, 2, 0, 0]);
    }
}
