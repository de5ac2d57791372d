//! The built-in engine's search: alpha-beta (negamax) with iterative deepening,
//! captures first, within a depth, a node count or a time, whichever comes first.
//! Small and plain on purpose: it is the protocols' reference player and the
//! computer a person plays, not a rival to the engines it referees.

use std::time::Instant;

use arbiter::random::SplitMix64;

pub use super::budget::{Budget, Style};
use super::eval::Evaluate;

/// A win found in the search: far above any evaluation, nearer wins higher.
pub const WIN: i32 = 1_000_000;

/// The result of a search.
#[derive(Clone, Debug)]
pub struct Found<M> {
    /// The move to play.
    pub best: M,
    /// From the side to move's point of view, in the evaluation's units.
    pub score: i32,
    /// The plies of the deepest search completed.
    pub depth: u32,
    /// The positions searched, for the budget and the tests.
    pub nodes: u64,
}

/// How often the clock is read, in nodes: a Gomoku node (a board copied, its lines
/// scanned) takes microseconds, so at a thousand nodes a search on a busy machine
/// overran its time by a tenth of a second; reading the clock costs a few tens of
/// nanoseconds.
const TIME_CHECK_NODES: u64 = 64;

struct Search {
    nodes: u64,
    budget: Budget,
    /// When the search began, if it has a time to keep: a search by depth or nodes
    /// never reads the clock, so it runs where there is none (WebAssembly in a browser).
    started: Option<Instant>,
    stopped: bool,
}

impl Search {
    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.budget.nodes.is_some_and(|n| self.nodes >= n)
            || (self.nodes.is_multiple_of(TIME_CHECK_NODES)
                && self.budget.time.zip(self.started).is_some_and(|(t, started)| started.elapsed() >= t))
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn negamax<G: Evaluate>(&mut self, position: &G, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if let Some(outcome) = position.outcome() {
            return match outcome.winner() {
                None => 0,
                Some(winner) if winner == position.side_to_move() => WIN - ply,
                Some(_) => -(WIN - ply),
            };
        }
        // The budget is looked at on every node, leaves too: most nodes are leaves.
        if self.out_of_budget() || depth == 0 {
            return position.evaluate();
        }
        let mut moves = Vec::new();
        position.candidate_moves(&mut moves);
        if moves.is_empty() {
            return position.evaluate();
        }
        order(position, &mut moves);
        let mut best = -WIN - 1;
        for mv in moves {
            let mut child = position.clone();
            child.play(mv);
            let score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta || self.stopped {
                break;
            }
        }
        best
    }
}

/// Captures first: they change the most, and cut the tree soonest.
fn order<G: Evaluate>(position: &G, moves: &mut [G::Move]) {
    moves.sort_by_key(|&mv| !position.is_capture(mv));
}

/// The best move of `position` within the budget (and `allowed`, which filters the
/// root moves: those the rules that look back would lose are left out by the caller).
/// `None` if there is no move.
pub fn best_move<G: Evaluate>(
    position: &G,
    budget: Budget,
    style: Style,
    allowed: impl Fn(G::Move) -> bool,
) -> Option<Found<G::Move>> {
    let mut roots = Vec::new();
    position.candidate_moves(&mut roots);
    let kept: Vec<G::Move> = roots.iter().copied().filter(|&mv| allowed(mv)).collect();
    if !kept.is_empty() {
        roots = kept;
    }
    order(position, &mut roots);
    let first = *roots.first()?;
    let mut search = Search { nodes: 0, budget, started: budget.time.map(|_| Instant::now()), stopped: false };
    let max_depth = budget.depth.unwrap_or(u32::MAX).min(style.max_depth).max(1);
    let mut found = Found { best: first, score: 0, depth: 0, nodes: 0 };
    let mut random = style.random.map(|(seed, margin)| (SplitMix64::new(seed ^ position_key(position)), margin));
    for depth in 1..=max_depth {
        let mut scored = Vec::with_capacity(roots.len());
        let mut alpha = -WIN - 1;
        for &mv in &roots {
            let mut child = position.clone();
            child.play(mv);
            // A full window at the root with random play, so every move's score is true.
            let window = if random.is_some() { -WIN - 1 } else { alpha };
            let score = -search.negamax(&child, depth - 1, -WIN - 1, -window, 1);
            if search.stopped && depth > 1 {
                break;
            }
            alpha = alpha.max(score);
            scored.push((mv, score));
        }
        if search.stopped && depth > 1 {
            break;
        }
        let best = scored.iter().map(|&(_, s)| s).max().unwrap_or(0);
        let pick = match &mut random {
            Some((generator, margin)) => {
                let near: Vec<G::Move> =
                    scored.iter().filter(|&&(_, s)| s >= best - *margin).map(|&(m, _)| m).collect();
                near[generator.index(near.len())]
            }
            None => scored.iter().find(|&&(_, s)| s == best).map_or(first, |&(m, _)| m),
        };
        found = Found { best: pick, score: best, depth, nodes: search.nodes };
        // The best move first next time: it is searched with the widest window.
        if let Some(index) = roots.iter().position(|&m| m == pick) {
            roots[..=index].rotate_right(1);
        }
        if best.abs() >= WIN - 1000 {
            break;
        }
    }
    found.nodes = search.nodes;
    Some(found)
}

/// A number that differs between positions, to vary the random picks by position.
fn position_key<G: Evaluate>(position: &G) -> u64 {
    position
        .position_text()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    use arbiter::Game;
    use arbiter::xiangqi::Position;

    #[test]
    fn it_finds_a_mate_in_one() {
        // Black's general can still step to e9, so only the chariot's check on the
        // back rank wins at once.
        let position = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/1R3K3 w").unwrap();
        let found =
            best_move(&position, Budget { depth: Some(2), ..Budget::default() }, Style::default(), |_| true).unwrap();
        assert_eq!(found.best.to_string(), "b0b9");
        assert!(found.score > WIN - 10);
    }

    #[test]
    fn it_takes_a_free_piece() {
        // Red's chariot can take Black's undefended chariot.
        let position = Position::from_fen("3k5/9/9/9/r8/9/9/9/9/R3K4 w").unwrap();
        let found =
            best_move(&position, Budget { depth: Some(2), ..Budget::default() }, Style::default(), |_| true).unwrap();
        assert_eq!(found.best.to_string(), "a0a5");
        let mut after = position;
        after.play(found.best);
        assert!(after.pieces().count() == 3);
    }

    #[test]
    fn a_search_out_of_time_stops_within_a_few_dozen_nodes() {
        // With no time at all, depth 1 is still searched whole (a move is needed), and
        // the deeper search stops at its first look at the clock.
        let mut gomoku = arbiter::gomoku::Position::new(arbiter::gomoku::Rules::Freestyle, 15, 15).unwrap();
        gomoku.play(gomoku.parse_move("h8").unwrap());
        let mut roots = Vec::new();
        gomoku.candidate_moves(&mut roots);
        let budget = Budget { time: Some(Duration::ZERO), ..Budget::default() };
        let found = best_move(&gomoku, budget, Style::default(), |_| true).unwrap();
        assert_eq!(found.depth, 1);
        assert!(found.nodes <= roots.len() as u64 + TIME_CHECK_NODES, "{} nodes", found.nodes);
    }

    #[test]
    fn random_play_repeats_itself_for_one_seed_only() {
        let start = Position::start();
        let pick = |seed| {
            let style = Style { max_depth: 1, random: Some((seed, 1000)) };
            best_move(&start, Budget::default(), style, |_| true).unwrap().best
        };
        assert_eq!(pick(1), pick(1));
        assert!((2..20).any(|seed| pick(seed) != pick(1)), "different seeds play differently");
    }
}
