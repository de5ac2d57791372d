//! What the rules need to know of an entrant, worked out once per round: pairing
//! number, colour difference and preference (C.04.3 A.6), topscorer (A.7).

use super::entrant::{Colour, Entrant, Float};

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::First => Colour::Second,
            Colour::Second => Colour::First,
        }
    }
}

/// How strongly a player wants their preferred colour (A.6), weakest first, so that
/// the derived order compares strengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Strength {
    /// No game played yet: no preference.
    None,
    /// Colour difference 0: the colour other than the last one played.
    Mild,
    /// Colour difference ±1: the colour that evens it.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two games played.
    Absolute,
}

/// One player to pair, as the rules see them.
#[derive(Clone, Debug)]
pub(super) struct Player {
    /// The account id.
    pub id: i64,
    /// The pairing number, from 1: rank by rating (highest first), then id.
    pub pn: usize,
    /// Points so far.
    pub score: f64,
    /// The colours of the games played, oldest first: rounds without a game are
    /// skipped, as C.04.1 and A.6 count colours over games played only.
    pub played: Vec<Colour>,
    /// Colour difference: games with First minus games with Second.
    pub cd: i32,
    /// The preferred colour, if any.
    pub pref: Option<Colour>,
    /// How strong the preference is.
    pub strength: Strength,
    /// A topscorer (A.7): pairing the last round with more than half the points of
    /// the rounds played (one point a round).
    pub top: bool,
    /// Has had the pairing-allocated bye or a win without playing (C2).
    pub had_bye: bool,
    /// The floats of the rounds so far, oldest first.
    pub floats: Vec<Option<Float>>,
    /// Everyone met over the board.
    pub opponents: Vec<i64>,
}

impl Player {
    /// The player behind `entrant`, with pairing number `pn`, for round `round` of `rounds`.
    pub fn new(entrant: &Entrant, pn: usize, round: u32, rounds: u32) -> Player {
        let played: Vec<Colour> = entrant.colours.iter().flatten().copied().collect();
        let cd = played.iter().map(|c| if *c == Colour::First { 1 } else { -1 }).sum::<i32>();
        let last_two_same = played.len() >= 2 && played[played.len() - 1] == played[played.len() - 2];
        let (pref, strength) = match played.last() {
            None => (None, Strength::None),
            Some(_) if cd > 1 => (Some(Colour::Second), Strength::Absolute),
            Some(_) if cd < -1 => (Some(Colour::First), Strength::Absolute),
            Some(last) if last_two_same => (Some(last.other()), Strength::Absolute),
            Some(_) if cd == 1 => (Some(Colour::Second), Strength::Strong),
            Some(_) if cd == -1 => (Some(Colour::First), Strength::Strong),
            Some(last) => (Some(last.other()), Strength::Mild),
        };
        let top = round >= rounds && entrant.score > f64::from(round.saturating_sub(1)) / 2.0;
        Player {
            id: entrant.id,
            pn,
            // Plus zero turns -0 into 0, so that equal scores sort and group alike.
            score: entrant.score + 0.0,
            played,
            cd,
            pref,
            strength,
            top,
            had_bye: entrant.had_bye,
            floats: entrant.floats.clone(),
            opponents: entrant.opponents.clone(),
        }
    }

    /// The float `back` rounds ago (1: the last round), if any.
    pub fn float_ago(&self, back: usize) -> Option<Float> {
        self.floats.len().checked_sub(back).and_then(|i| self.floats[i])
    }

    /// Whether the two may meet under the absolute criteria C1 (never twice) and C3
    /// (non-topscorers with the same absolute colour preference do not meet).
    pub fn may_meet(&self, other: &Player) -> bool {
        if self.id == other.id || self.opponents.contains(&other.id) || other.opponents.contains(&self.id) {
            return false;
        }
        let same_absolute =
            self.strength == Strength::Absolute && other.strength == Strength::Absolute && self.pref == other.pref;
        !(same_absolute && !self.top && !other.top)
    }
}
