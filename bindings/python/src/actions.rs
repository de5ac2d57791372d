//! Moves as numbers, for learning agents (`arbiter.envs`): each game's moves mapped one
//! to one onto `0..action_count`, so that a policy is a fixed-size vector and the legal
//! moves are a mask over it. Each game numbers its moves in its own file of `games/`
//! (the numbering is documented there and in `docs/python.md`); a move is the actions
//! that make it, one for most games, one per landing for a draughts capture. What is
//! here is the same for every game: the actions that may come next after a route, and
//! what an action does.

/// What an action does, where the game stands and after the steps of `route`.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// It completes this legal move (its text, as `AnyGame::play_text` reads it).
    Completes(String),
    /// It is a step of a move that goes on (a landing of a draughts capture): the same
    /// side acts again.
    Continues,
    /// No legal move goes this way: the move the numbers spell, for the rules to say
    /// why they refuse it.
    Refused(String),
    /// The number is not an action of this game, or the route is none.
    OutOfRange,
}

/// The actions that may come next after `route`, in increasing order, from the
/// actions of every legal move.
pub(crate) fn next_actions(moves: impl Iterator<Item = Vec<usize>>, route: &[usize]) -> Vec<usize> {
    let mut actions: Vec<usize> =
        moves.filter(|steps| steps.starts_with(route)).filter_map(|steps| steps.get(route.len()).copied()).collect();
    actions.sort_unstable();
    actions.dedup();
    actions
}

/// What `action` does after `route`, given every legal move with its actions; `spell`
/// gives the move the numbers spell when no legal move goes this way.
pub(crate) fn resolve<M: std::fmt::Display>(
    moves: impl Iterator<Item = (Vec<usize>, M)>,
    route: &[usize],
    action: usize,
    spell: impl FnOnce() -> Option<String>,
) -> Step {
    let mut continues = false;
    for (steps, mv) in moves {
        if steps.len() > route.len() && steps.starts_with(route) && steps[route.len()] == action {
            if steps.len() == route.len() + 1 {
                return Step::Completes(mv.to_string());
            }
            continues = true;
        }
    }
    if continues {
        return Step::Continues;
    }
    spell().map_or(Step::OutOfRange, Step::Refused)
}
