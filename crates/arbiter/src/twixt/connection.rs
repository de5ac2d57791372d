//! Who is connected to what: a union-find over the pegs plus four virtual nodes, one
//! per end zone, so "does Black join its two edges" is one comparison.

/// The virtual nodes, after the board's points.
pub(crate) const BLACK_LOW: usize = 0;
pub(crate) const BLACK_HIGH: usize = 1;
pub(crate) const WHITE_LOW: usize = 2;
pub(crate) const WHITE_HIGH: usize = 3;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Connection {
    parent: Vec<u32>,
    rank: Vec<u8>,
    points: usize,
}

impl Connection {
    pub(crate) fn new(points: usize) -> Connection {
        let nodes = points + 4;
        Connection { parent: (0..nodes as u32).collect(), rank: vec![0; nodes], points }
    }

    /// The node of end zone `zone` (one of the constants above).
    pub(crate) const fn zone(&self, zone: usize) -> usize {
        self.points + zone
    }

    /// The representative of `node`'s set; halves the path as it goes.
    pub(crate) fn find(&mut self, mut node: usize) -> usize {
        while self.parent[node] as usize != node {
            let grandparent = self.parent[self.parent[node] as usize];
            self.parent[node] = grandparent;
            node = grandparent as usize;
        }
        node
    }

    pub(crate) fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return;
        }
        let (low, high) = if self.rank[a] < self.rank[b] { (a, b) } else { (b, a) };
        self.parent[low] = high as u32;
        if self.rank[low] == self.rank[high] {
            self.rank[high] += 1;
        }
    }

    /// The representative of `node`'s set, without shortening paths (for reading).
    pub(crate) fn root(&self, mut node: usize) -> usize {
        while self.parent[node] as usize != node {
            node = self.parent[node] as usize;
        }
        node
    }

    pub(crate) fn connected(&mut self, a: usize, b: usize) -> bool {
        self.find(a) == self.find(b)
    }
}
