//! The standings: a Swiss's by score, then the Buchholz and Sonneborn-Berger
//! tie-breaks, then rating; an arena's by its points, a win worth 2 and a draw 1, and
//! twice as much once a player has won two games running (lichess's arena scoring).

use std::collections::HashMap;

use super::results::{GameResult, Played};
use crate::store::Entry;

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The player's account.
    pub account: i64,
    /// Its name.
    pub name: String,
    /// Its rating as it joined.
    pub rating: f64,
    /// Whether it has withdrawn.
    pub withdrawn: bool,
    /// A Swiss's score: 1 a win (a bye and a forfeit win too), ½ a draw; an arena's
    /// points.
    pub score: f64,
    /// The Buchholz tie-break: the scores of the opponents met over the board, added
    /// up (a Swiss).
    pub buchholz: f64,
    /// The Sonneborn-Berger tie-break: the scores of the opponents beaten, and half
    /// of those drawn with (a Swiss).
    pub sonneborn_berger: f64,
    /// An arena player on a winning streak: its next win and draw count twice.
    pub fire: bool,
    /// Games won, drawn and lost over the board.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Games won by the opponent's forfeit, and byes.
    pub unplayed_wins: u32,
    /// Games lost by forfeit.
    pub forfeits: u32,
}

impl Standing {
    fn new(entry: &Entry) -> Standing {
        Standing {
            account: entry.account,
            name: entry.name.clone(),
            rating: entry.rating,
            withdrawn: entry.withdrawn,
            score: 0.0,
            buchholz: 0.0,
            sonneborn_berger: 0.0,
            fire: false,
            wins: 0,
            draws: 0,
            losses: 0,
            unplayed_wins: 0,
            forfeits: 0,
        }
    }

    fn count(&mut self, played: &Played) {
        let Some(score) = played.score() else { return };
        if played.forfeited() {
            self.forfeits += 1;
        } else if played.unplayed_win() {
            self.unplayed_wins += 1;
        } else if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }
}

/// Orders two standings: the better first, by `keys` (each larger is better), then
/// by rating, then by name.
fn order(a: &Standing, b: &Standing, keys: fn(&Standing) -> [f64; 3]) -> std::cmp::Ordering {
    let (ka, kb) = (keys(a), keys(b));
    kb.iter()
        .zip(ka.iter())
        .map(|(x, y)| x.total_cmp(y))
        .find(|o| o.is_ne())
        .unwrap_or(std::cmp::Ordering::Equal)
        .then(b.rating.total_cmp(&a.rating))
        .then_with(|| a.name.cmp(&b.name))
}

/// A Swiss's standings, best first.
pub fn swiss(entries: &[Entry], histories: &HashMap<i64, Vec<Played>>) -> Vec<Standing> {
    let none = Vec::new();
    let score =
        |account: i64| -> f64 { histories.get(&account).unwrap_or(&none).iter().filter_map(Played::score).sum() };
    let mut table: Vec<Standing> = entries
        .iter()
        .map(|entry| {
            let mut line = Standing::new(entry);
            for played in histories.get(&entry.account).unwrap_or(&none) {
                line.count(played);
                let Some(own) = played.score() else { continue };
                line.score += own;
                if let (true, Some(opponent)) = (played.over_the_board(), played.opponent) {
                    let theirs = score(opponent);
                    line.buchholz += theirs;
                    line.sonneborn_berger += theirs * own;
                }
            }
            line
        })
        .collect();
    table.sort_by(|a, b| order(a, b, |s| [s.score, s.buchholz, s.sonneborn_berger]));
    table
}

/// The points of one arena game for a player who had won its last `streak` games
/// running: a win 2 and a draw 1, twice that from two wins running on.
fn arena_points(score: f64, streak: u32) -> f64 {
    let base = if score > 0.75 {
        2.0
    } else if score > 0.25 {
        1.0
    } else {
        0.0
    };
    if streak >= 2 { base * 2.0 } else { base }
}

/// An arena's standings, best first, counting the games that ended by `ends_at`, in
/// the order they ended. A game lost by forfeit scores nothing for either player.
pub fn arena(entries: &[Entry], histories: &HashMap<i64, Vec<Played>>, ends_at: i64) -> Vec<Standing> {
    let mut table: Vec<Standing> = entries
        .iter()
        .map(|entry| {
            let mut line = Standing::new(entry);
            let mut games: Vec<&Played> = histories
                .get(&entry.account)
                .map(|h| h.iter().filter(|p| p.ended_at.is_some_and(|at| at <= ends_at)).collect())
                .unwrap_or_default();
            games.sort_by_key(|p| (p.ended_at, p.round));
            let mut streak = 0;
            for played in games {
                line.count(played);
                if matches!(played.result, GameResult::Forfeit(_)) {
                    continue;
                }
                let Some(score) = played.score() else { continue };
                line.score += arena_points(score, streak);
                streak = if score > 0.75 { streak + 1 } else { 0 };
            }
            line.fire = streak >= 2;
            line
        })
        .collect();
    table.sort_by(|a, b| order(a, b, |s| [s.score, 0.0, 0.0]));
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter::Side;

    fn entry(account: i64, rating: f64) -> Entry {
        Entry {
            account,
            name: format!("p{account}"),
            joined_at: 0,
            joined_round: 1,
            rating,
            withdrawn: false,
            bot: false,
        }
    }

    fn game(round: i64, opponent: i64, seat: Side, first_score: f64, ended_at: i64) -> Played {
        Played {
            round,
            opponent: Some(opponent),
            seat: Some(seat),
            result: GameResult::Played(first_score),
            paired_at: ended_at - 1,
            ended_at: Some(ended_at),
        }
    }

    /// Four players, two rounds: 1 beats 2 and draws 3; 3 beats 4 and draws 1; 2 beats
    /// 4 in round 2; 4 loses twice. Scores 1½, 1½, 1, 0. Buchholz: player 1 met 2 (1)
    /// and 3 (1½): 2½; player 3 met 4 (0) and 1 (1½): 1½. Sonneborn-Berger: player 1
    /// beat 2 (1) and drew 3 (½ of 1½): 1¾; player 3 beat 4 (0) and drew 1: ¾.
    #[test]
    fn swiss_ties_are_broken_by_buchholz_then_sonneborn_berger() {
        let entries: Vec<Entry> = (1..=4).map(|a| entry(a, 1500.0)).collect();
        let mut h: HashMap<i64, Vec<Played>> = HashMap::new();
        h.insert(1, vec![game(1, 2, Side::First, 1.0, 10), game(2, 3, Side::First, 0.5, 20)]);
        h.insert(2, vec![game(1, 1, Side::Second, 1.0, 10), game(2, 4, Side::First, 1.0, 20)]);
        h.insert(3, vec![game(1, 4, Side::First, 1.0, 10), game(2, 1, Side::Second, 0.5, 20)]);
        h.insert(4, vec![game(1, 3, Side::Second, 1.0, 10), game(2, 2, Side::Second, 1.0, 20)]);
        let table = swiss(&entries, &h);
        let lines: Vec<(i64, f64, f64, f64)> =
            table.iter().map(|s| (s.account, s.score, s.buchholz, s.sonneborn_berger)).collect();
        // Player 2: met 1 (1½) and 4 (0): Buchholz 1½, Sonneborn-Berger 0 + 0 = 0.
        assert_eq!(lines, vec![(1, 1.5, 2.5, 1.75), (3, 1.5, 1.5, 0.75), (2, 1.0, 1.5, 0.0), (4, 0.0, 2.5, 0.0)]);
    }

    #[test]
    fn a_bye_scores_a_point_and_adds_no_tie_break() {
        let entries = vec![entry(1, 1500.0)];
        let bye = Played {
            round: 1,
            opponent: None,
            seat: None,
            result: GameResult::Played(1.0),
            paired_at: 0,
            ended_at: Some(0),
        };
        let h = HashMap::from([(1, vec![bye])]);
        let line = &swiss(&entries, &h)[0];
        assert_eq!((line.score, line.buchholz, line.unplayed_wins), (1.0, 0.0, 1));
    }

    /// An arena game lost by forfeit scores nothing for either player and leaves the
    /// winner's streak as it was: win, win (2 + 2), a forfeit (0), win (4 on the streak).
    #[test]
    fn an_arena_forfeit_scores_nothing_either_way() {
        let entries = vec![entry(1, 1500.0), entry(2, 1500.0)];
        let forfeit = Played { result: GameResult::Forfeit(Side::Second), ..game(3, 2, Side::First, 1.0, 30) };
        let h = HashMap::from([
            (
                1,
                vec![
                    game(1, 2, Side::First, 1.0, 10),
                    game(2, 2, Side::First, 1.0, 20),
                    forfeit,
                    game(4, 2, Side::First, 1.0, 40),
                ],
            ),
            (2, vec![Played { seat: Some(Side::Second), opponent: Some(1), ..forfeit_of(3, 30) }]),
        ]);
        let table = arena(&entries, &h, 1000);
        assert_eq!((table[0].account, table[0].score, table[0].unplayed_wins), (1, 8.0, 1));
        assert_eq!((table[1].account, table[1].score, table[1].forfeits), (2, 0.0, 1));
    }

    fn forfeit_of(round: i64, ended_at: i64) -> Played {
        Played {
            round,
            opponent: None,
            seat: None,
            result: GameResult::Forfeit(Side::Second),
            paired_at: ended_at - 1,
            ended_at: Some(ended_at),
        }
    }

    /// Win, win (2 + 2, on fire), win (4), draw (2, the streak ends), win (2): 12.
    #[test]
    fn an_arena_counts_double_after_two_wins_running() {
        let entries = vec![entry(1, 1500.0), entry(2, 1500.0)];
        let results = [1.0, 1.0, 1.0, 0.5, 1.0];
        let h = HashMap::from([
            (
                1,
                results
                    .iter()
                    .enumerate()
                    .map(|(i, &r)| game(i as i64 + 1, 2, Side::First, r, i as i64 * 10 + 10))
                    .collect(),
            ),
            (
                2,
                results
                    .iter()
                    .enumerate()
                    .map(|(i, &r)| game(i as i64 + 1, 1, Side::Second, r, i as i64 * 10 + 10))
                    .collect(),
            ),
        ]);
        let table = arena(&entries, &h, 1000);
        assert_eq!((table[0].account, table[0].score, table[0].fire), (1, 12.0, false));
        assert_eq!((table[1].account, table[1].score), (2, 1.0));
        // Only the games ended by the end count: the first three.
        let table = arena(&entries, &h, 30);
        assert_eq!((table[0].score, table[0].fire), (8.0, true));
    }
}
