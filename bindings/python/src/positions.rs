//! Positions for tree search (`arbiter.PositionBatch`): a store of games of one game
//! and options, in numbered slots, that a search copies, plays one action in each of
//! and reads the masks and outcomes of, a batch of slots a call, with no Python object
//! per position. Which game it is was settled once, when the store was made
//! (`games::positions`).

use arbiter::Side;
use arbiter_engine::eval::Evaluate;

use crate::batch::{AnyBatch, Batch, Refusal, refusal};
use crate::games::{History, PyGame};
use crate::planes::Frame;
use crate::slot::{Acted, Slot};

/// What a call writes for each slot it names: the next actions as a mask, the side to
/// act, whether the game has ended, its winner (-1: none yet, or a draw) and the
/// reward of the side that took the action (1 won, -1 lost, 0 otherwise).
pub(crate) struct Results<'a> {
    pub(crate) masks: &'a mut [bool],
    pub(crate) to_move: &'a mut [i8],
    pub(crate) terminated: &'a mut [bool],
    pub(crate) winners: &'a mut [i8],
    pub(crate) rewards: &'a mut [f32],
}

/// A store of any game, for the Python class.
pub(crate) trait AnyPositions: Send + Sync {
    fn capacity(&self) -> usize;
    fn shape(&self) -> (usize, usize, usize);
    fn action_count(&self) -> usize;
    /// The start position into each of `slots`.
    fn reset(&mut self, slots: &[usize]);
    /// Slot `from[i]` copied into slot `to[i]`, in order.
    fn copy(&mut self, from: &[usize], to: &[usize]);
    /// The games of environments `envs` of a vector environment copied into `slots`;
    /// `false` if the environment is of another game.
    fn load(&mut self, batch: &dyn AnyBatch, envs: &[usize], slots: &[usize]) -> bool;
    /// Slot `parents[i]` copied into `slots[i]` (none: in place), then `actions[i]`
    /// taken there; `Err` before any change if one is illegal. The slots are checked
    /// apart from the parents by the caller.
    fn play(
        &mut self,
        parents: Option<&[usize]>,
        slots: &[usize],
        actions: &[i64],
        out: Results<'_>,
    ) -> Result<(), Refusal>;
    /// The status of `slots`, as `play` writes it (rewards 0).
    fn status(&self, slots: &[usize], out: Results<'_>);
    /// The positions of `slots` as the side to act sees them (`observer` `None`), or
    /// as `observer` does, planes last or first.
    fn observe(&self, slots: &[usize], observer: Option<Side>, planes_first: bool, out: &mut [u8]);
    /// The next actions of slot `slot`.
    fn legal_actions(&self, slot: usize) -> Vec<usize>;
}

/// A store of one game's positions.
pub(crate) struct Positions<G: PyGame> {
    start: History<G>,
    slots: Vec<Slot<G>>,
    shape: (usize, usize, usize),
    actions: usize,
}

impl<G: PyGame> Positions<G> {
    pub(crate) fn new(start: History<G>, capacity: usize) -> Positions<G> {
        let shape = G::shape(&start);
        let actions = G::action_count(&start);
        let slots = (0..capacity).map(|_| Slot::new(&start)).collect();
        Positions { start, slots, shape, actions }
    }

    /// Writes slot `slot`'s status into row `i` of `out`.
    fn write(&self, slot: usize, i: usize, out: &mut Results<'_>) {
        let slot = &self.slots[slot];
        let mask = &mut out.masks[i * self.actions..(i + 1) * self.actions];
        if let Some(kept) = slot.kept_mask() {
            mask.copy_from_slice(kept);
        } else {
            for &action in slot.next() {
                mask[action as usize] = true;
            }
        }
        out.to_move[i] = slot.to_move().index() as i8;
        let end = slot.end();
        out.terminated[i] = end.is_some();
        out.winners[i] = end.and_then(|(winner, _)| winner).map_or(-1, |side| side.index() as i8);
    }
}

impl<G: PyGame> AnyPositions for Positions<G>
where
    G::Position: Evaluate,
{
    fn capacity(&self) -> usize {
        self.slots.len()
    }

    fn shape(&self) -> (usize, usize, usize) {
        self.shape
    }

    fn action_count(&self) -> usize {
        self.actions
    }

    fn reset(&mut self, slots: &[usize]) {
        for &slot in slots {
            self.slots[slot].restart(&self.start);
        }
    }

    fn copy(&mut self, from: &[usize], to: &[usize]) {
        for (&from, &to) in from.iter().zip(to) {
            if from != to {
                let (source, target) = pair(&mut self.slots, from, to);
                target.copy_from(source);
            }
        }
    }

    fn load(&mut self, batch: &dyn AnyBatch, envs: &[usize], slots: &[usize]) -> bool {
        let Some(batch) = batch.as_any().downcast_ref::<Batch<G>>() else { return false };
        for (&env, &slot) in envs.iter().zip(slots) {
            if let Some(source) = batch.slot(env) {
                self.slots[slot].copy_from(source);
            }
        }
        true
    }

    fn play(
        &mut self,
        parents: Option<&[usize]>,
        slots: &[usize],
        actions: &[i64],
        mut out: Results<'_>,
    ) -> Result<(), Refusal> {
        for (i, (&slot, &action)) in slots.iter().zip(actions).enumerate() {
            let from = &self.slots[parents.map_or(slot, |parents| parents[i])];
            if !usize::try_from(action).is_ok_and(|a| a < self.actions && from.allows(a)) {
                return Err(refusal(from, i, action, self.actions));
            }
        }
        for (i, (&slot, &action)) in slots.iter().zip(actions).enumerate() {
            if let Some(parents) = parents
                && parents[i] != slot
            {
                let (source, target) = pair(&mut self.slots, parents[i], slot);
                target.copy_from(source);
            }
            let target = &mut self.slots[slot];
            let mover = target.to_move();
            // Checked above: the action is one of the next ones.
            let acted = target.act(usize::try_from(action).unwrap_or(usize::MAX));
            debug_assert_ne!(acted, Acted::Illegal);
            self.write(slot, i, &mut out);
            out.rewards[i] = match self.slots[slot].end() {
                Some((Some(winner), _)) if winner == mover => 1.0,
                Some((Some(_), _)) => -1.0,
                _ => 0.0,
            };
        }
        Ok(())
    }

    fn status(&self, slots: &[usize], mut out: Results<'_>) {
        for (i, &slot) in slots.iter().enumerate() {
            self.write(slot, i, &mut out);
        }
    }

    fn observe(&self, slots: &[usize], observer: Option<Side>, planes_first: bool, out: &mut [u8]) {
        let frame = Frame::new(self.shape, planes_first);
        for (&slot, bytes) in slots.iter().zip(out.chunks_exact_mut(frame.len())) {
            let slot = &self.slots[slot];
            slot.observe(observer.unwrap_or_else(|| slot.to_move()), frame, bytes);
        }
    }

    fn legal_actions(&self, slot: usize) -> Vec<usize> {
        self.slots[slot].rising()
    }
}

/// Slots `from` and `to` (different) of `slots`, the first to read, the second to
/// write.
fn pair<T>(slots: &mut [T], from: usize, to: usize) -> (&T, &mut T) {
    if from < to {
        let (low, high) = slots.split_at_mut(to);
        (&low[from], &mut high[0])
    } else {
        let (low, high) = slots.split_at_mut(from);
        (&high[0], &mut low[to])
    }
}
