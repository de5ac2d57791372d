//! The completion test (C4): can the players not yet paired all be paired with one
//! another under the absolute criteria? A maximum matching in the graph of pairs
//! allowed by C1 and C3, kept up to date by Edmonds' blossom algorithm: after players
//! leave (paired in a bracket, or given the bye), only their partners in the
//! matching are left without one, and each needs one augmenting-path search,
//! O(n + e) plus O(n) per blossom shrunk, rather than a fresh matching.

use std::collections::VecDeque;

const NONE: usize = usize::MAX;

/// A matching on the players still to pair (the active ones).
#[derive(Clone, Debug)]
pub(super) struct Matching {
    mate: Vec<usize>,
    active: Vec<bool>,
}

impl Matching {
    /// The empty matching on `n` players, all active.
    pub fn new(n: usize) -> Matching {
        Matching { mate: vec![NONE; n], active: vec![true; n] }
    }

    /// Takes player `v` out (paired elsewhere, or given the bye); their partner loses it.
    pub fn remove(&mut self, v: usize) {
        self.active[v] = false;
        let m = self.mate[v];
        if m != NONE {
            self.mate[m] = NONE;
            self.mate[v] = NONE;
        }
    }

    /// `v`'s partner in the matching.
    pub fn mate(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then_some(self.mate[v])
    }

    /// Grows the matching to a maximum one; the number of active players left without
    /// a partner.
    pub fn maximise(&mut self, adj: &[Vec<usize>]) -> usize {
        let mut exposed = 0;
        for v in 0..self.mate.len() {
            if self.active[v] && self.mate[v] == NONE && !self.augment(adj, v) {
                exposed += 1;
            }
        }
        exposed
    }

    /// Grows the matching to a perfect one on the active players, or returns false if
    /// there is none. A player with no augmenting path from them stays unmatched in
    /// some maximum matching (Berge), so the first failure settles it.
    pub fn complete(&mut self, adj: &[Vec<usize>]) -> bool {
        for v in 0..self.mate.len() {
            if self.active[v] && self.mate[v] == NONE && !self.augment(adj, v) {
                return false;
            }
        }
        true
    }

    /// Searches an augmenting path from the unmatched `root` and flips it.
    fn augment(&mut self, adj: &[Vec<usize>], root: usize) -> bool {
        let n = self.mate.len();
        let mut used = vec![false; n];
        let mut parent = vec![NONE; n];
        let mut base: Vec<usize> = (0..n).collect();
        let mut queue = VecDeque::from([root]);
        used[root] = true;
        while let Some(v) = queue.pop_front() {
            for &to in &adj[v] {
                if !self.active[to] || base[v] == base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && parent[self.mate[to]] != NONE) {
                    // An odd cycle: shrink it into its base.
                    let cur = self.lca(&base, &parent, root, v, to);
                    let mut blossom = vec![false; n];
                    self.mark_path(&mut base, &mut parent, &mut blossom, v, cur, to);
                    self.mark_path(&mut base, &mut parent, &mut blossom, to, cur, v);
                    for i in 0..n {
                        if blossom[base[i]] {
                            base[i] = cur;
                            if !used[i] {
                                used[i] = true;
                                queue.push_back(i);
                            }
                        }
                    }
                } else if parent[to] == NONE {
                    parent[to] = v;
                    if self.mate[to] == NONE {
                        // Flip the path from `to` back to the root.
                        let mut x = to;
                        while x != NONE {
                            let px = parent[x];
                            let next = self.mate[px];
                            self.mate[x] = px;
                            self.mate[px] = x;
                            x = next;
                        }
                        return true;
                    }
                    used[self.mate[to]] = true;
                    queue.push_back(self.mate[to]);
                }
            }
        }
        false
    }

    /// The base of the blossom the paths from `a` and `b` to the root meet in.
    fn lca(&self, base: &[usize], parent: &[usize], root: usize, a: usize, b: usize) -> usize {
        let mut seen = vec![false; self.mate.len()];
        let mut a = a;
        loop {
            a = base[a];
            seen[a] = true;
            if a == root || self.mate[a] == NONE {
                break;
            }
            a = parent[self.mate[a]];
        }
        let mut b = b;
        loop {
            b = base[b];
            if seen[b] {
                return b;
            }
            b = parent[self.mate[b]];
        }
    }

    fn mark_path(
        &self,
        base: &mut [usize],
        parent: &mut [usize],
        blossom: &mut [bool],
        mut v: usize,
        b: usize,
        mut child: usize,
    ) {
        while base[v] != b {
            blossom[base[v]] = true;
            blossom[base[self.mate[v]]] = true;
            parent[v] = child;
            child = self.mate[v];
            v = parent[self.mate[v]];
        }
    }
}
