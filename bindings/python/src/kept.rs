//! A placement game's next actions kept move by move (`Slot`, for
//! [`PyGame::keeps_lists`](crate::games::PyGame::keeps_lists)): a peg or a stone takes
//! one point out of both sides' actions, and the sides then trade places, instead of
//! the 500-odd points of a TwixT board being listed afresh and written into a mask at
//! every move. The two sides' actions differ only along the edges (a TwixT side may
//! not play on the other's edge lines), so the lists are kept as the actions both
//! sides may take, in no order, and each side's own few: the side to move's list is
//! the common ones then its own. Each action knows where it stands, so that taking it
//! out moves one other action into its place, and a vector environment's row of
//! legal actions, written once in full, is brought up to date by that one entry and
//! the side's own actions after the common ones.

/// The kept lists of a position, once a move has made them
/// ([`Kept::build`]); `on` false until then, and once the game has ended.
pub(crate) struct Kept {
    /// Whether the lists below are the position's.
    pub(crate) on: bool,
    /// The actions both sides may take, in no order.
    common: Vec<u32>,
    /// The actions only the side to move may take (`own[0]`), and only the other
    /// side (`own[1]`), in no order.
    own: [Vec<u32>; 2],
    /// Where each action stands in the one list that holds it (`NONE`: in none).
    at: Vec<u32>,
    /// The side to move's mask (its actions as a mask) and the other side's.
    pub(crate) mask: Vec<bool>,
    other_mask: Vec<bool>,
    /// Counts the changes of the lists: one a move, three for lists built afresh, so
    /// that a list written at one count is one or two moves behind at the next two
    /// and stale at any other.
    version: u64,
    /// The entries of `common` that the last move's taking out (`moved[0]`) and the
    /// one before's (`moved[1]`) wrote another action into, if any.
    moved: [Option<usize>; 2],
}

/// No place: the action is in no list.
const NONE: u32 = u32::MAX;

impl Kept {
    pub(crate) const fn new() -> Kept {
        Kept {
            on: false,
            common: Vec::new(),
            own: [Vec::new(), Vec::new()],
            at: Vec::new(),
            mask: Vec::new(),
            other_mask: Vec::new(),
            version: 0,
            moved: [None, None],
        }
    }

    pub(crate) fn copy_from(&mut self, other: &Kept) {
        self.on = other.on;
        self.version = other.version;
        self.moved = other.moved;
        if other.on {
            self.common.clone_from(&other.common);
            self.own[0].clone_from(&other.own[0]);
            self.own[1].clone_from(&other.own[1]);
            self.at.clone_from(&other.at);
            self.mask.clone_from(&other.mask);
            self.other_mask.clone_from(&other.other_mask);
        }
    }

    /// Builds the lists from the side to move's actions (`to_move`, any order) and the
    /// other side's (`other`), each below `count`.
    pub(crate) fn build(&mut self, to_move: &[u32], other: &[u32], count: usize) {
        mask_of(to_move, count, &mut self.mask);
        mask_of(other, count, &mut self.other_mask);
        self.common.clear();
        self.own[0].clear();
        self.own[1].clear();
        self.at.clear();
        self.at.resize(count, NONE);
        for (action, (&mine, &theirs)) in self.mask.iter().zip(&self.other_mask).enumerate() {
            let list = match (mine, theirs) {
                (true, true) => &mut self.common,
                (true, false) => &mut self.own[0],
                (false, true) => &mut self.own[1],
                (false, false) => continue,
            };
            // An action count fits a `u32` (the largest board has 4096 x 4096 + 1).
            self.at[action] = list.len() as u32;
            list.push(action as u32);
        }
        self.on = true;
        self.version += 3;
        self.moved = [None, None];
    }

    /// Takes `action` (the side to move's, just played) out of both sides' actions,
    /// and hands the move to the other side.
    pub(crate) fn play(&mut self, action: usize) {
        let (Some(&mine), Some(&theirs)) = (self.mask.get(action), self.other_mask.get(action)) else {
            return;
        };
        self.mask[action] = false;
        self.other_mask[action] = false;
        self.moved = [None, self.moved[0]];
        let common = mine && theirs;
        let list = match (mine, theirs) {
            (true, true) => Some(&mut self.common),
            (true, false) => Some(&mut self.own[0]),
            (false, true) => Some(&mut self.own[1]),
            (false, false) => None,
        };
        if let Some(list) = list {
            let at = self.at[action] as usize;
            list.swap_remove(at);
            self.at[action] = NONE;
            if let Some(&filler) = list.get(at) {
                self.at[filler as usize] = at as u32;
                if common {
                    self.moved[0] = Some(at);
                }
            }
        }
        self.own.swap(0, 1);
        std::mem::swap(&mut self.mask, &mut self.other_mask);
        self.version += 1;
    }

    /// How many actions the side to move has.
    pub(crate) fn len(&self) -> usize {
        self.common.len() + self.own[0].len()
    }

    /// The side to move's action `index` (below [`Kept::len`]).
    pub(crate) fn get(&self, index: usize) -> Option<u32> {
        match self.common.get(index) {
            Some(&action) => Some(action),
            None => self.own[0].get(index - self.common.len()).copied(),
        }
    }

    /// The side to move's actions, rising.
    pub(crate) fn rising(&self) -> Vec<usize> {
        let mut actions: Vec<usize> = self.common.iter().chain(&self.own[0]).map(|&a| a as usize).collect();
        actions.sort_unstable();
        actions
    }

    /// Writes the side to move's actions into `list` (the common ones, then its own),
    /// whole, or, when `written` says `list` holds them as they stood one or two moves
    /// ago (the version this method returned then), only what those moves changed:
    /// each took out one entry of the common actions and moved the last into it, so
    /// the common actions differ from `list`'s only there (and in their length).
    /// Returns how many there are and the version written.
    pub(crate) fn write(&self, list: &mut [i32], written: Option<u64>) -> (usize, u64) {
        let common = self.common.len();
        let behind = written.and_then(|written| self.version.checked_sub(written)).filter(|&moves| moves <= 2);
        if let Some(moves) = behind {
            for at in self.moved[..moves as usize].iter().flatten() {
                if let Some(&action) = self.common.get(*at) {
                    list[*at] = action as i32;
                }
            }
        } else {
            // A straight copy that the compiler vectorises. An action fits an i32.
            for (entry, &action) in list.iter_mut().zip(&self.common) {
                *entry = action as i32;
            }
        }
        for (entry, &action) in list[common..].iter_mut().zip(&self.own[0]) {
            *entry = action as i32;
        }
        (self.len(), self.version)
    }
}

/// `actions` as a mask of `count` entries, written over `mask`.
fn mask_of(actions: &[u32], count: usize, mask: &mut Vec<bool>) {
    mask.clear();
    mask.resize(count, false);
    for &action in actions {
        mask[action as usize] = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small generator for the tests' random plays.
    fn next(seed: &mut u64) -> u64 {
        *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        *seed >> 33
    }

    /// Along random games on lists whose sides differ at some actions, the kept lists
    /// are always the masks' set entries, and a row written at every move, brought up
    /// to date one move at a time, or two moves behind (written whole), holds the same
    /// actions as a row written whole.
    #[test]
    fn kept_lists_follow_the_masks_and_a_row_brought_up_to_date_is_a_whole_one() {
        let count = 60;
        for game in 0..40u64 {
            let mut seed = game;
            // Each side may not play some of the actions the other may (its edges).
            let first: Vec<u32> = (0..count).filter(|a| a % 7 != 1).collect();
            let second: Vec<u32> = (0..count).filter(|a| a % 5 != 2).collect();
            let mut kept = Kept::new();
            kept.build(&first, &second, count as usize);
            let (mut row, mut version) = (vec![-1; count as usize], None);
            let mut behind = vec![-1; count as usize];
            let mut behind_version = None;
            let mut to_move = [first, second];
            for ply in 0..45 {
                let mut expected = to_move[0].clone();
                expected.sort_unstable();
                let rising: Vec<u32> = kept.rising().into_iter().map(|a| a as u32).collect();
                assert_eq!(rising, expected, "game {game} ply {ply}");
                let from_mask: Vec<u32> = (0..count).filter(|&a| kept.mask[a as usize]).collect();
                assert_eq!(from_mask, expected);
                assert_eq!(kept.len(), expected.len());
                let listed: Vec<u32> = (0..kept.len()).map(|i| kept.get(i).unwrap()).collect();
                let mut sorted = listed.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, expected);
                let (n, v) = kept.write(&mut row, version);
                version = Some(v);
                assert_eq!(row[..n].iter().map(|&a| a as u32).collect::<Vec<_>>(), listed, "game {game} ply {ply}");
                if ply % 2 == 0 {
                    let (n, v) = kept.write(&mut behind, behind_version);
                    behind_version = Some(v);
                    assert_eq!(behind[..n].iter().map(|&a| a as u32).collect::<Vec<_>>(), listed);
                }
                if to_move[0].is_empty() {
                    break;
                }
                let action = to_move[0][next(&mut seed) as usize % to_move[0].len()];
                kept.play(action as usize);
                for list in &mut to_move {
                    list.retain(|&a| a != action);
                }
                to_move.swap(0, 1);
            }
        }
    }
}
