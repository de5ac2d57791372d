//! Ending games early from the engines' own scores, as cutechess-cli does: a side
//! resigns when its score stays below `-score` for `moves` of its moves in a row (and,
//! two-sided, its opponent agrees); a game is drawn when after move `after` both
//! sides' scores stay within `score` of zero for `moves` moves each. Off unless asked
//! for: the rules end every game on their own.

use arbiter::Side;

/// Resignation by score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resign {
    /// Its own moves in a row with the score that low.
    pub moves: usize,
    /// Centipawns (hundredths of a man in draughts).
    pub score: i32,
    /// Whether the winner's scores must agree.
    pub two_sided: bool,
}

/// A draw by score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draw {
    /// Not before this move number.
    pub after: usize,
    /// Each side's moves in a row with its score that near zero.
    pub moves: usize,
    /// The most a score may be from zero, in centipawns.
    pub score: i32,
}

/// The adjudication rules of a match; both off by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// When a side resigns by its score; `None`: never.
    pub resign: Option<Resign>,
    /// When a game is drawn by the scores; `None`: never.
    pub draw: Option<Draw>,
}

/// What adjudication decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// This side lost by its own score.
    Resigned(Side),
    /// Both sides' scores stayed near zero: a draw.
    Drawn,
}

/// Why the words of `--resign` or `--draw` (the flag, named in each) were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AdjudicationError {
    /// A word without `=`.
    #[error("{flag}: {word:?} is not key=value")]
    NotKeyValue {
        /// `--resign` or `--draw`.
        flag: &'static str,
        /// The word as given.
        word: String,
    },
    /// A value that should be a number.
    #[error("{flag}: {key}={value:?} is not a number")]
    NotANumber {
        /// `--resign` or `--draw`.
        flag: &'static str,
        /// The setting.
        key: String,
        /// Its value as given.
        value: String,
    },
    /// A setting the flag does not have.
    #[error("{flag}: unknown setting {key:?}: expected {expected}")]
    UnknownSetting {
        /// `--resign` or `--draw`.
        flag: &'static str,
        /// The setting as given.
        key: String,
        /// The flag's settings, for the message.
        expected: &'static str,
    },
    /// `movecount=` or `score=` is missing, or the count is 0.
    #[error("{flag} needs movecount=N (above 0) and score=S")]
    Incomplete {
        /// `--resign` or `--draw`.
        flag: &'static str,
    },
}

fn words<'a>(flag: &'static str, text: &[&'a str]) -> Result<Vec<(&'a str, &'a str)>, AdjudicationError> {
    text.iter()
        .map(|w| w.split_once('=').ok_or_else(|| AdjudicationError::NotKeyValue { flag, word: (*w).to_owned() }))
        .collect()
}

fn number<T: std::str::FromStr>(flag: &'static str, key: &str, value: &str) -> Result<T, AdjudicationError> {
    value.parse().map_err(|_| AdjudicationError::NotANumber { flag, key: key.to_owned(), value: value.to_owned() })
}

impl Resign {
    /// Reads `movecount=N score=S [twosided=true]`.
    pub fn parse(text: &[&str]) -> Result<Resign, AdjudicationError> {
        const FLAG: &str = "--resign";
        let (mut moves, mut score, mut two_sided) = (None, None, false);
        for (key, value) in words(FLAG, text)? {
            match key {
                "movecount" => moves = Some(number(FLAG, key, value)?),
                "score" => score = Some(number::<i32>(FLAG, key, value)?.abs()),
                "twosided" => two_sided = value == "true",
                _ => {
                    return Err(AdjudicationError::UnknownSetting {
                        flag: FLAG,
                        key: key.to_owned(),
                        expected: "movecount, score, twosided",
                    });
                }
            }
        }
        match (moves, score) {
            (Some(moves), Some(score)) if moves > 0 => Ok(Resign { moves, score, two_sided }),
            _ => Err(AdjudicationError::Incomplete { flag: FLAG }),
        }
    }
}

impl Draw {
    /// Reads `movenumber=N movecount=N score=S`.
    pub fn parse(text: &[&str]) -> Result<Draw, AdjudicationError> {
        const FLAG: &str = "--draw";
        let (mut after, mut moves, mut score) = (0, None, None);
        for (key, value) in words(FLAG, text)? {
            match key {
                "movenumber" => after = number(FLAG, key, value)?,
                "movecount" => moves = Some(number(FLAG, key, value)?),
                "score" => score = Some(number::<i32>(FLAG, key, value)?.abs()),
                _ => {
                    return Err(AdjudicationError::UnknownSetting {
                        flag: FLAG,
                        key: key.to_owned(),
                        expected: "movenumber, movecount, score",
                    });
                }
            }
        }
        match (moves, score) {
            (Some(moves), Some(score)) if moves > 0 => Ok(Draw { after, moves, score }),
            _ => Err(AdjudicationError::Incomplete { flag: FLAG }),
        }
    }
}

/// Each side's scores, its own moves in order (`None` where it gave none).
#[derive(Clone, Debug, Default)]
pub struct Scores {
    by_side: [Vec<Option<i32>>; 2],
}

impl Scores {
    /// Adds `side`'s score for its move just made (`None`: it gave none).
    pub fn record(&mut self, side: Side, score: Option<i32>) {
        self.by_side[side.index()].push(score);
    }

    /// Whether `side`'s last `count` scores all pass `test`.
    fn last(&self, side: Side, count: usize, test: impl Fn(i32) -> bool) -> bool {
        let scores = &self.by_side[side.index()];
        scores.len() >= count && scores[scores.len() - count..].iter().all(|s| s.is_some_and(&test))
    }
}

impl Adjudication {
    /// The decision after `side` moved, at full move `move_number`.
    #[must_use]
    pub fn decide(&self, scores: &Scores, side: Side, move_number: usize) -> Option<Decision> {
        if let Some(resign) = self.resign {
            let losing = scores.last(side, resign.moves, |s| s <= -resign.score);
            let agreed = !resign.two_sided || scores.last(side.opponent(), resign.moves, |s| s >= resign.score);
            if losing && agreed {
                return Some(Decision::Resigned(side));
            }
        }
        if let Some(draw) = self.draw {
            let near = |s: i32| s.abs() <= draw.score;
            if move_number > draw.after
                && scores.last(Side::First, draw.moves, near)
                && scores.last(Side::Second, draw.moves, near)
            {
                return Some(Decision::Drawn);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_resigns_after_enough_bad_scores() {
        let rules = Adjudication { resign: Some(Resign::parse(&["movecount=3", "score=500"]).unwrap()), draw: None };
        let mut scores = Scores::default();
        for score in [-600, -700] {
            scores.record(Side::Second, Some(score));
            assert_eq!(rules.decide(&scores, Side::Second, 10), None);
        }
        scores.record(Side::Second, Some(-800));
        assert_eq!(rules.decide(&scores, Side::Second, 10), Some(Decision::Resigned(Side::Second)));
        let two_sided = Adjudication {
            resign: Some(Resign::parse(&["movecount=3", "score=500", "twosided=true"]).unwrap()),
            draw: None,
        };
        assert_eq!(two_sided.decide(&scores, Side::Second, 10), None, "the winner did not agree");
    }

    #[test]
    fn a_quiet_game_is_drawn_late_enough() {
        let rules = Adjudication {
            resign: None,
            draw: Some(Draw::parse(&["movenumber=20", "movecount=2", "score=10"]).unwrap()),
        };
        let mut scores = Scores::default();
        for _ in 0..2 {
            scores.record(Side::First, Some(5));
            scores.record(Side::Second, Some(-3));
        }
        assert_eq!(rules.decide(&scores, Side::Second, 15), None, "too early");
        assert_eq!(rules.decide(&scores, Side::Second, 21), Some(Decision::Drawn));
        scores.record(Side::First, None);
        assert_eq!(rules.decide(&scores, Side::First, 22), None, "a move without a score breaks the run");
    }

    #[test]
    fn bad_settings_are_refused() {
        assert!(Resign::parse(&["movecount=3"]).is_err());
        assert!(Resign::parse(&["movecount=0", "score=5"]).is_err());
        assert!(Draw::parse(&["movecount=x", "score=5"]).is_err());
        assert!(Draw::parse(&["moves=3"]).is_err());
    }
}
