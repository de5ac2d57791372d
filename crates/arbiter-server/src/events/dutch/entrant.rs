//! What the Dutch system is given of each player: its record so far, its colours and
//! its floats.

/// A colour: the seat a player has in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// The seat that moves first ("white").
    First,
    /// The seat that moves second ("black").
    Second,
}

/// A float: a player paired outside their score group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Float {
    /// Paired with a lower score, or given the bye.
    Down,
    /// Paired with a higher score.
    Up,
}

/// A player to pair this round, with their record so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// The account id.
    pub id: i64,
    /// The rating: the initial order is rating (highest first), then id (lowest
    /// first); the position in it is the pairing number.
    pub rating: f64,
    /// Points so far: a win 1, a draw 0.5, a bye or a win without playing as the
    /// caller scores it.
    pub score: f64,
    /// Everyone met over the board (forfeited games not included).
    pub opponents: Vec<i64>,
    /// One entry per round so far: the colour played, `None` where no game was played
    /// (a bye, a forfeit either way, an absence): only games played count for colours.
    pub colours: Vec<Option<Colour>>,
    /// Has already received a pairing-allocated bye or scored a win without playing
    /// (an opponent who did not come): C2 then refuses them the bye. A bye the player
    /// asked for (a round left out) does not count.
    pub had_bye: bool,
    /// One entry per round so far: the float of that round (see [`super::float`]): `Down`
    /// for the higher score of a game between different scores and for a player who
    /// did not play (bye, forfeit either way, absence), `Up` for the lower score.
    pub floats: Vec<Option<Float>>,
}
