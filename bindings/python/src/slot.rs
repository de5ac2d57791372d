//! One game of a batch (`batch.rs`, `positions.rs`), in its game's own types: the game
//! with its history, its legal moves and the actions that may come next, kept in
//! buffers that are reused from step to step, so that a step allocates nothing once
//! the buffers have grown (the history's one memory a ply aside, which grows as a
//! vector grows).

use arbiter::{Game, Side, Termination};

use crate::games::{History, Mv, PyGame, observe_into};
use crate::kept::Kept;
use crate::planes::Frame;

/// What an action did (`M`: the game's move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Acted<M> {
    /// It completed this move, which was played.
    Played(M),
    /// It was a landing of a capture that goes on: the same side acts again.
    Continues,
    /// No legal move goes this way (or the number is no action): nothing changed.
    Illegal,
}

/// One game and what its next step needs.
pub(crate) struct Slot<G: PyGame> {
    pub(crate) game: History<G>,
    /// The legal moves of the position; none while the lists are kept (`kept`),
    /// whose actions say the moves then.
    legal: Vec<Mv<G>>,
    /// The steps of the move chosen so far (the landings of a draughts capture).
    route: Vec<usize>,
    /// The actions that may come next, each once, in the order of the legal moves;
    /// empty while the lists are kept (`kept`) (an action count fits a `u32`: the
    /// largest board has 4096 x 4096 + 1 actions; half the bytes of a `usize` to move).
    next: Vec<u32>,
    /// Whether `next` is one action a legal move, in the same order (no move of
    /// several steps, no route): then an action's move is found in `next`, at its
    /// index in `legal` (or, while the lists are kept and `legal` is empty, by
    /// [`PyGame::placement`]).
    one_each: bool,
    /// A move's actions, worked out in place.
    steps: Vec<usize>,
    /// A buffer for the mover's actions when the lists start to be kept.
    spare: Vec<u32>,
    /// A placement game's lists kept move by move ([`PyGame::keeps_lists`]).
    kept: Kept,
}

impl<G: PyGame> Slot<G> {
    /// The game `start`, ready to be stepped.
    pub(crate) fn new(start: &History<G>) -> Slot<G> {
        let mut slot = Slot {
            game: start.clone(),
            legal: Vec::new(),
            route: Vec::new(),
            next: Vec::new(),
            one_each: true,
            steps: Vec::new(),
            spare: Vec::new(),
            kept: Kept::new(),
        };
        slot.update();
        slot
    }

    /// Back to `start`.
    pub(crate) fn restart(&mut self, start: &History<G>) {
        self.game.clone_from(start);
        self.route.clear();
        self.kept.on = false;
        self.update();
    }

    /// Becomes a copy of `other`, reusing its own buffers.
    pub(crate) fn copy_from(&mut self, other: &Slot<G>) {
        self.game.clone_from(&other.game);
        self.legal.clone_from(&other.legal);
        self.route.clone_from(&other.route);
        self.next.clone_from(&other.next);
        self.one_each = other.one_each;
        self.kept.copy_from(&other.kept);
    }

    /// Works out the legal moves and the next actions of the position and route.
    fn update(&mut self) {
        self.game.legal_moves(&mut self.legal);
        self.update_next();
    }

    /// Works out the next actions of the position and route from its legal moves.
    fn update_next(&mut self) {
        self.next.clear();
        let depth = self.route.len();
        // A game whose every move is one action: its actions in one pass.
        if depth == 0 && G::single_actions(&self.game, &self.legal, &mut self.next) {
            self.one_each = true;
            return;
        }
        let mut several = false;
        for &mv in &self.legal {
            self.steps.clear();
            G::push_actions(&self.game, mv, &mut self.steps);
            several |= self.steps.len() > 1;
            if self.steps.len() > depth && (depth == 0 || self.steps[..depth] == self.route[..]) {
                self.next.push(self.steps[depth] as u32);
            }
        }
        // Moves of one action each give each action once; moves of several steps may
        // share their next one.
        if several {
            self.next.sort_unstable();
            self.next.dedup();
        }
        self.one_each = !several && depth == 0;
    }

    /// The actions that may come next, when the lists are not kept (`kept` says them
    /// then); empty once the game is over.
    pub(crate) fn next(&self) -> &[u32] {
        &self.next
    }

    /// The actions that may come next, rising.
    pub(crate) fn rising(&self) -> Vec<usize> {
        if let Some(kept) = self.kept() {
            return kept.rising();
        }
        let mut actions: Vec<usize> = self.next.iter().map(|&action| action as usize).collect();
        actions.sort_unstable();
        actions
    }

    /// The side to act.
    pub(crate) fn to_move(&self) -> Side {
        self.game.side_to_move()
    }

    /// Whether `action` may come next.
    pub(crate) fn allows(&self, action: usize) -> bool {
        if self.kept.on {
            return self.kept.mask.get(action).copied().unwrap_or(false);
        }
        u32::try_from(action).is_ok_and(|action| self.next.contains(&action))
    }

    /// The lists kept move by move, when the slot keeps them (a placement game's,
    /// [`PyGame::keeps_lists`]).
    pub(crate) fn kept(&self) -> Option<&Kept> {
        self.kept.on.then_some(&self.kept)
    }

    /// The next actions as a mask of every action, when the slot keeps it.
    pub(crate) fn kept_mask(&self) -> Option<&[bool]> {
        self.kept().map(|kept| &kept.mask[..])
    }

    /// How many legal moves the position has.
    pub(crate) fn move_count(&self) -> usize {
        if self.kept.on { self.kept.len() } else { self.legal.len() }
    }

    /// The legal move `index` (below [`Slot::move_count`]).
    pub(crate) fn move_at(&self, index: usize) -> Option<Mv<G>> {
        if self.kept.on {
            G::placement(&self.game, self.kept.get(index)? as usize)
        } else {
            self.legal.get(index).copied()
        }
    }

    /// Whether `mv` is a legal move of the position.
    pub(crate) fn is_legal_move(&self, mv: Mv<G>) -> bool {
        if self.kept.on {
            G::single_action(&self.game, mv).is_some_and(|action| self.allows(action))
        } else {
            self.legal.contains(&mv)
        }
    }

    /// Takes `action`: plays the move it completes, or goes on with the route.
    pub(crate) fn act(&mut self, action: usize) -> Acted<Mv<G>> {
        if self.kept.on {
            // A placement: its action says its move.
            return match G::placement(&self.game, action).filter(|_| self.allows(action)) {
                Some(mv) => {
                    self.play(mv);
                    Acted::Played(mv)
                }
                None => Acted::Illegal,
            };
        }
        if self.one_each {
            // The next actions are the legal moves' own, in order.
            let index = u32::try_from(action).ok().and_then(|action| self.next.iter().position(|&a| a == action));
            return match index {
                Some(index) => {
                    let mv = self.legal[index];
                    self.play(mv);
                    Acted::Played(mv)
                }
                None => Acted::Illegal,
            };
        }
        let depth = self.route.len();
        let mut found = None;
        let mut continues = false;
        for &mv in &self.legal {
            self.steps.clear();
            G::push_actions(&self.game, mv, &mut self.steps);
            if self.steps.len() > depth
                && self.steps[depth] == action
                && (depth == 0 || self.steps[..depth] == self.route[..])
            {
                if self.steps.len() == depth + 1 {
                    found = Some(mv);
                    break;
                }
                continues = true;
            }
        }
        if let Some(mv) = found {
            self.play(mv);
            Acted::Played(mv)
        } else if continues {
            self.route.push(action);
            self.update();
            Acted::Continues
        } else {
            Acted::Illegal
        }
    }

    /// Plays the legal move `mv` whole.
    pub(crate) fn play(&mut self, mv: Mv<G>) {
        if self.one_each
            && self.route.is_empty()
            && G::keeps_lists(&self.game, mv)
            && let Some(action) = G::single_action(&self.game, mv)
        {
            self.play_keeping(mv, action);
            return;
        }
        if self.kept.on {
            // The kept lists hold no moves to update: listed afresh after the move.
            self.kept.on = false;
            self.game.play(mv);
            self.route.clear();
            self.update();
            return;
        }
        // The legal moves before `mv` made into those after it (a placement game takes
        // one point away instead of listing them all again), and the game's end judged
        // from them (Xiangqi's "no legal move" read from the list, not looked for again).
        self.game.play_listing(mv, &mut self.legal);
        self.route.clear();
        self.update_next();
    }

    /// Plays `mv`, the move of the one action `action`, that keeps the lists
    /// ([`PyGame::keeps_lists`]): takes its point out of both sides' actions, which
    /// the sides then trade. The first such move lists the next side's moves afresh
    /// and keeps the mover's, less the point.
    fn play_keeping(&mut self, mv: Mv<G>, action: usize) {
        if self.kept.on {
            self.game.play(mv);
            if self.game.outcome().is_some() {
                self.end_lists();
                return;
            }
            self.kept.play(action);
            return;
        }
        let count = G::action_count(&self.game);
        // The mover's actions less `mv`'s are its own after `mv`.
        std::mem::swap(&mut self.next, &mut self.spare);
        self.spare.retain(|&a| a as usize != action);
        self.game.play_listing(mv, &mut self.legal);
        self.route.clear();
        if self.game.outcome().is_some() {
            self.end_lists();
            return;
        }
        G::single_actions(&self.game, &self.legal, &mut self.next);
        self.kept.build(&self.next, &self.spare, count);
        self.next.clear();
        self.legal.clear();
        self.one_each = true;
    }

    /// The game has ended: no move, no action.
    fn end_lists(&mut self) {
        self.legal.clear();
        self.next.clear();
        self.kept.on = false;
        self.one_each = true;
    }

    /// The legal moves of the position, as its game's `observe` reads them: none
    /// while the lists are kept (see [`PyGame::keeps_lists`]); [`Slot::move_at`]
    /// says each move whatever the slot keeps.
    pub(crate) fn legal(&self) -> &[Mv<G>] {
        &self.legal
    }

    /// The steps chosen so far in the move under way.
    pub(crate) fn route(&self) -> &[usize] {
        &self.route
    }

    /// The game's end: the winner (`None` for a draw) and how; `None` while it goes
    /// on.
    pub(crate) fn end(&self) -> Option<(Option<Side>, Termination)> {
        // Asked once a step: `outcome` clones, which allocates only for an ending
        // with words of its own (a perpetual chase's detail).
        self.game.outcome().map(|outcome| (outcome.winner(), outcome.termination()))
    }

    /// Writes the position as `observer` sees it over `bytes`.
    pub(crate) fn observe(&self, observer: Side, frame: Frame, bytes: &mut [u8]) {
        observe_into::<G>(&self.game, &self.legal, observer, &self.route, frame, bytes);
    }

    /// Writes the next actions, when the lists are not kept, into a mask row (whose
    /// entries are all clear) and into `list`; returns how many there are.
    pub(crate) fn write_actions(&self, mask: &mut [bool], list: &mut [i32]) -> usize {
        // A straight copy that the compiler vectorises. An action fits an i32: the
        // largest board has 4096 x 4096 + 1.
        for (entry, &action) in list.iter_mut().zip(&self.next) {
            *entry = action as i32;
        }
        for &action in &self.next {
            mask[action as usize] = true;
        }
        self.next.len()
    }
}

/// The seeded generator of the environments' chance (the engine's choice among its
/// near-best moves, a random opponent's move): SplitMix64, small and the same
/// everywhere.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix64(u64);

impl SplitMix64 {
    pub(crate) fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// The index of `termination` in `Termination::ALL`, as the environments' arrays
/// give it.
pub(crate) fn termination_index(termination: Termination) -> i8 {
    Termination::ALL.iter().position(|&t| t == termination).map_or(-1, |i| i as i8)
}
