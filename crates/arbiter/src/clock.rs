//! Game clocks, kept from times the caller gives (milliseconds on any steady scale):
//! the library reads no clock of its own, so a server, a match runner and a test all
//! drive the same rules.
//!
//! A side's clock runs while it is to move. With base and increment (Fischer), the time
//! a move took is taken from the mover's time and the increment added after it; with
//! periods (`40/90+30`: 40 moves in 90 minutes, again and again), the base comes again
//! after each period's last move, the time left carried over; with a time per move
//! (correspondence), each move must come within the time, which starts again after
//! every move. A side whose time runs out has lost on time.

use crate::game::Side;

/// How much time the players have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// `base_ms` for the whole game, `increment_ms` added after each move.
    Fischer {
        /// Each side's time for the whole game, in milliseconds.
        base_ms: u64,
        /// Milliseconds added to the mover's time after each of its moves.
        increment_ms: u64,
    },
    /// `base_ms` for every `moves` moves of a side, what is left carried over into the
    /// next period, and `increment_ms` after each move.
    Periods {
        /// The moves a side makes in each period; `0` means one period for the whole game
        /// (the base never comes again).
        moves: u32,
        /// Milliseconds each side gets at the start and again at the start of every period.
        base_ms: u64,
        /// Milliseconds added to the mover's time after each of its moves.
        increment_ms: u64,
    },
    /// `ms` for each move, whatever the earlier moves took.
    PerMove {
        /// Milliseconds each move may take; unused time is not carried over.
        ms: u64,
    },
}

impl TimeControl {
    /// The time each side starts with.
    #[must_use]
    pub const fn initial_ms(self) -> u64 {
        match self {
            TimeControl::Fischer { base_ms, .. } | TimeControl::Periods { base_ms, .. } => base_ms,
            TimeControl::PerMove { ms } => ms,
        }
    }
}

/// Two clocks, at most one running.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Time left for each side when its clock last stopped (or was set).
    remaining_ms: [u64; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Side, u64)>,
    /// The moves each side made on its clock, for periods.
    moves_made: [u32; 2],
}

impl Clock {
    /// Both sides with their full time, no clock running.
    #[must_use]
    pub const fn new(control: TimeControl) -> Clock {
        let initial = control.initial_ms();
        Clock { control, remaining_ms: [initial; 2], running: None, moves_made: [0; 2] }
    }

    /// A clock as it stood: each side's time left, the moves each made on its clock,
    /// and the side whose clock runs since `since` (for rebuilding a clock from stored
    /// times).
    #[must_use]
    pub const fn resume(
        control: TimeControl,
        remaining_ms: [u64; 2],
        moves_made: [u32; 2],
        running: Option<(Side, u64)>,
    ) -> Clock {
        Clock { control, remaining_ms, running, moves_made }
    }

    /// The time control the clock was made with; it never changes.
    #[must_use]
    pub const fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose clock runs.
    #[must_use]
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(side, _)| side)
    }

    /// The time `side` has left at `now`.
    #[must_use]
    pub fn remaining_ms(&self, side: Side, now: u64) -> u64 {
        let stored = self.remaining_ms[side.index()];
        match self.running {
            Some((running, since)) if running == side => stored.saturating_sub(now.saturating_sub(since)),
            _ => stored,
        }
    }

    /// The moves `side` has to make before its next period's time comes, with periods.
    #[must_use]
    pub fn moves_to_go(&self, side: Side) -> Option<u32> {
        match self.control {
            TimeControl::Periods { moves, .. } if moves > 0 => Some(moves - self.moves_made[side.index()] % moves),
            _ => None,
        }
    }

    /// When the running side's time runs out, if a clock runs.
    #[must_use]
    pub fn deadline(&self) -> Option<u64> {
        self.running.map(|(side, since)| since.saturating_add(self.remaining_ms[side.index()]))
    }

    /// The side whose time has run out at `now`, if any.
    #[must_use]
    pub fn flagged(&self, now: u64) -> Option<Side> {
        let (side, _) = self.running?;
        (self.remaining_ms(side, now) == 0).then_some(side)
    }

    /// Starts `side`'s clock at `now` (stopping the other).
    pub fn start(&mut self, side: Side, now: u64) {
        self.stop(now);
        self.running = Some((side, now));
    }

    /// Stops the running clock at `now`, charging its side for the time used.
    pub fn stop(&mut self, now: u64) {
        if let Some((side, _)) = self.running {
            self.remaining_ms[side.index()] = self.remaining_ms(side, now);
            self.running = None;
        }
    }

    /// `side` moved at `now`: its time is charged (if its clock ran), then it gets its
    /// increment (and the next period's time after a period's last move), or its full
    /// time again per move. Returns its time left, or `None` if
    /// its time had run out before the move.
    pub fn moved(&mut self, side: Side, now: u64) -> Option<u64> {
        let was_running = self.running() == Some(side);
        if was_running && self.flagged(now) == Some(side) {
            return None;
        }
        self.stop(now);
        if was_running {
            let made = &mut self.moves_made[side.index()];
            *made += 1;
            let left = &mut self.remaining_ms[side.index()];
            *left = match self.control {
                TimeControl::Fischer { increment_ms, .. } => left.saturating_add(increment_ms),
                TimeControl::Periods { moves, base_ms, increment_ms } => {
                    let period_over = moves > 0 && made.is_multiple_of(moves);
                    left.saturating_add(increment_ms).saturating_add(if period_over { base_ms } else { 0 })
                }
                TimeControl::PerMove { ms } => ms,
            };
        }
        Some(self.remaining_ms[side.index()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fischer_charges_the_mover_and_adds_the_increment() {
        let mut clock = Clock::new(TimeControl::Fischer { base_ms: 60_000, increment_ms: 2_000 });
        clock.start(Side::First, 1_000);
        assert_eq!(clock.remaining_ms(Side::First, 11_000), 50_000);
        assert_eq!(clock.remaining_ms(Side::Second, 11_000), 60_000, "the other clock stands");
        assert_eq!(clock.moved(Side::First, 11_000), Some(52_000));
        clock.start(Side::Second, 11_000);
        assert_eq!(clock.deadline(), Some(71_000));
        assert_eq!(clock.flagged(70_999), None);
        assert_eq!(clock.flagged(71_000), Some(Side::Second));
        assert_eq!(clock.moved(Side::Second, 71_500), None, "a move after the flag is too late");
    }

    #[test]
    fn a_move_while_no_clock_runs_costs_nothing_and_gains_nothing() {
        let mut clock = Clock::new(TimeControl::Fischer { base_ms: 5_000, increment_ms: 1_000 });
        assert_eq!(clock.moved(Side::First, 9_999), Some(5_000));
        assert_eq!(clock.deadline(), None);
    }

    #[test]
    fn periods_give_the_base_again_after_each_periods_last_move() {
        let control = TimeControl::Periods { moves: 2, base_ms: 10_000, increment_ms: 100 };
        let mut clock = Clock::new(control);
        assert_eq!(clock.moves_to_go(Side::First), Some(2));
        clock.start(Side::First, 0);
        assert_eq!(clock.moved(Side::First, 4_000), Some(6_100));
        assert_eq!(clock.moves_to_go(Side::First), Some(1));
        assert_eq!(clock.moves_to_go(Side::Second), Some(2), "each side counts its own moves");
        clock.start(Side::First, 10_000);
        assert_eq!(clock.moved(Side::First, 15_000), Some(11_200), "1,200 carried over, the base again");
        assert_eq!(clock.moves_to_go(Side::First), Some(2));
        let resumed = Clock::resume(control, [5_000, 10_000], [3, 0], None);
        assert_eq!(resumed.moves_to_go(Side::First), Some(1));
        assert_eq!(Clock::new(TimeControl::Fischer { base_ms: 1, increment_ms: 0 }).moves_to_go(Side::First), None);
    }

    #[test]
    fn per_move_time_starts_again_after_every_move() {
        let day = 86_400_000;
        let mut clock = Clock::new(TimeControl::PerMove { ms: 3 * day });
        clock.start(Side::Second, 0);
        assert_eq!(clock.moved(Side::Second, 2 * day), Some(3 * day));
        clock.start(Side::First, 2 * day);
        assert_eq!(clock.deadline(), Some(5 * day));
    }

    #[test]
    fn a_resumed_clock_gives_nobody_free_time() {
        let control = TimeControl::Fischer { base_ms: 10_000, increment_ms: 0 };
        let clock = Clock::resume(control, [4_000, 9_000], [0, 0], Some((Side::First, 100_000)));
        assert_eq!(clock.remaining_ms(Side::First, 103_000), 1_000);
        assert_eq!(clock.flagged(104_000), Some(Side::First));
    }
}
