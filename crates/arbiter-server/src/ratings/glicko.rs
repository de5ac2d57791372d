//! Glicko-2, as Mark Glickman's paper "Example of the Glicko-2 system" (2022) states
//! it, step by step: a player's rating, rating deviation (RD) and volatility after one
//! rating period, from the results of the games played in it. The steps' numbers are
//! the paper's; its worked example is a test below.
//!
//! Two things the paper leaves to the system that uses it, as the server chooses them:
//! each rated game is a rating period of its own for both players (as lichess does),
//! and a player's RD grows with the time since their last rated game as if
//! [`PERIODS_PER_DAY`] rating periods passed each day without a game (the paper's
//! step 6 for a player who does not compete), never beyond [`START`]'s 350.

/// Glicko-2's scale factor between the Glicko scale (1500 ± 350) and its own.
const SCALE: f64 = 173.7178;
/// The convergence tolerance of step 5's iteration (the paper's ε).
const EPSILON: f64 = 0.000_001;

/// τ, the system constant that bounds how fast volatility changes: 0.75, within the
/// paper's 0.3 to 1.2.
pub const TAU: f64 = 0.75;

/// How many rating periods a day away from rated games counts as, for the growth of
/// RD: 0.21436, lichess's figure (RD grows from 50 back to 350 in about a year away).
pub const PERIODS_PER_DAY: f64 = 0.21436;

/// The RD above which a rating is provisional: too uncertain to rank (lichess's 110).
pub const PROVISIONAL_RD: f64 = 110.0;

/// A player's rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating, 1500 to start.
    pub rating: f64,
    /// The rating deviation, 350 to start: how uncertain the rating is.
    pub rd: f64,
    /// The volatility, 0.06 to start: how erratic the player's results are.
    pub volatility: f64,
}

/// Every player's rating before their first rated game.
pub const START: Rating = Rating { rating: 1500.0, rd: 350.0, volatility: 0.06 };

impl Rating {
    /// Whether the rating is provisional: its RD above [`PROVISIONAL_RD`].
    pub fn provisional(&self) -> bool {
        self.rd > PROVISIONAL_RD
    }

    /// The rating after `days` without a rated game: its RD grown as step 6 grows it
    /// for a player who does not compete, one rating period a [`PERIODS_PER_DAY`]-th of
    /// a day, never beyond the starting 350.
    pub fn aged(self, days: f64) -> Rating {
        if days <= 0.0 {
            return self;
        }
        let phi = self.rd / SCALE;
        let grown = (phi * phi + self.volatility * self.volatility * days * PERIODS_PER_DAY).sqrt();
        Rating { rd: (grown * SCALE).min(START.rd), ..self }
    }
}

/// The paper's g(φ).
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The paper's E(μ, μj, φj).
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The player's rating after one rating period in which they played `games`: each the
/// opponent's rating before the period and the player's score (1 a win, 0.5 a draw, 0
/// a loss), with system constant `tau`. A period without games only grows the RD.
pub fn rate(player: Rating, games: &[(Rating, f64)], tau: f64) -> Rating {
    // Step 2: to the Glicko-2 scale.
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.rd / SCALE;
    let sigma = player.volatility;
    if games.is_empty() {
        // Step 6 alone: φ' = √(φ² + σ²).
        return Rating { rd: (phi * phi + sigma * sigma).sqrt() * SCALE, ..player };
    }
    let opponents: Vec<(f64, f64, f64)> =
        games.iter().map(|(o, score)| ((o.rating - 1500.0) / SCALE, o.rd / SCALE, *score)).collect();
    // Step 3: the estimated variance v of the rating from the game outcomes alone.
    let v = 1.0
        / opponents
            .iter()
            .map(|&(mu_j, phi_j, _)| {
                let e = expected(mu, mu_j, phi_j);
                g(phi_j) * g(phi_j) * e * (1.0 - e)
            })
            .sum::<f64>();
    // Step 4: the estimated improvement Δ.
    let sum: f64 = opponents.iter().map(|&(mu_j, phi_j, s)| g(phi_j) * (s - expected(mu, mu_j, phi_j))).sum();
    let delta = v * sum;
    // Step 5: the new volatility σ', by the Illinois algorithm.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let denominator = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * denominator * denominator) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    while (big_b - big_a).abs() > EPSILON {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    let sigma_new = (big_a / 2.0).exp();
    // Step 6: the pre-rating-period value φ*.
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    // Step 7: the new RD and rating.
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    // Step 8: back to the Glicko scale.
    Rating { rating: SCALE * mu_new + 1500.0, rd: SCALE * phi_new, volatility: sigma_new }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(got: f64, want: f64, within: f64) -> bool {
        (got - want).abs() <= within
    }

    /// The paper's worked example: a player rated 1500, RD 200, volatility 0.06, with
    /// τ = 0.5, beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300):
    /// 1464.06, RD 151.52, volatility 0.05999.
    #[test]
    fn the_papers_worked_example() {
        let player = Rating { rating: 1500.0, rd: 200.0, volatility: 0.06 };
        let opponents = [
            (Rating { rating: 1400.0, rd: 30.0, volatility: 0.06 }, 1.0),
            (Rating { rating: 1550.0, rd: 100.0, volatility: 0.06 }, 0.0),
            (Rating { rating: 1700.0, rd: 300.0, volatility: 0.06 }, 0.0),
        ];
        let after = rate(player, &opponents, 0.5);
        assert!(close(after.rating, 1464.06, 0.01), "{after:?}");
        assert!(close(after.rd, 151.52, 0.01), "{after:?}");
        assert!(close(after.volatility, 0.05999, 0.000_01), "{after:?}");
    }

    /// One rated game between two new players (1500, RD 350, volatility 0.06) with the
    /// server's τ of 0.75, as its own rating period: the winner goes to 1662.31, the
    /// loser to 1337.69, both to RD 290.32, the volatility staying at 0.06 (within a
    /// millionth). The figures were worked out apart from this code, from the paper's
    /// formulas by a separate script (g = 0.66907, E = 0.5, v = 8.93547, Δ = 2.98923).
    #[test]
    fn one_game_between_new_players() {
        let winner = rate(START, &[(START, 1.0)], TAU);
        let loser = rate(START, &[(START, 0.0)], TAU);
        assert!(close(winner.rating, 1662.31, 0.01), "{winner:?}");
        assert!(close(loser.rating, 1337.69, 0.01), "{loser:?}");
        assert!(close(winner.rd, 290.32, 0.01) && close(loser.rd, 290.32, 0.01), "{winner:?} {loser:?}");
        assert!(close(winner.volatility, 0.06, 0.000_001), "{winner:?}");
        let drawn = rate(START, &[(START, 0.5)], TAU);
        assert!(close(drawn.rating, 1500.0, 1e-9) && close(drawn.rd, 290.32, 0.01), "{drawn:?}");
    }

    #[test]
    fn rd_grows_with_time_away_and_never_past_350() {
        let settled = Rating { rating: 1800.0, rd: 50.0, volatility: 0.06 };
        assert_eq!(settled.aged(0.0), settled);
        let month = settled.aged(30.0);
        assert!(month.rd > 50.0 && month.rd < 70.0, "{month:?}");
        assert_eq!(month.rating, 1800.0);
        assert_eq!(settled.aged(100_000.0).rd, 350.0);
        assert!(!settled.provisional() && START.provisional());
        let no_games = rate(settled, &[], TAU);
        assert!(close(no_games.rd, (50.0f64.powi(2) + (0.06 * SCALE).powi(2)).sqrt(), 1e-9));
    }
}
