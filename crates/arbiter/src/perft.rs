//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth, the
//! standard test of a move generator against published figures.
//!
//! Perft walks the rules of one position ([`Game`]), never the rules that look back
//! over a game: published perft figures count every line of play, drawn or not.
//!
//! Xiangqi and draughts positions are `Copy`, so the walk copies them without
//! allocating; a Gomoku or TwixT position holds its board in a vector, so each node
//! of their walk allocates one board.

use crate::game::Game;

/// The deepest perft the front ends (the command line, the bindings) accept: the walk
/// recurses once per ply, and no tree this deep could finish anyway.
pub const MAX_DEPTH: u32 = 64;

/// The most threads the front ends share a perft among: far more than the root moves
/// there are to share out.
pub const MAX_THREADS: usize = 256;

/// Whether the processor counts and scans bits in one instruction (popcnt, lzcnt and
/// tzcnt), which the x86-64 baseline the default build targets lacks: the games' own
/// walks are compiled a second time for such processors and chosen by this at run
/// time, so one binary runs anywhere.
#[cfg(target_arch = "x86_64")]
pub(crate) fn has_bit_instructions() -> bool {
    std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
}

/// Counts the positions reached after exactly `depth` plies of legal moves, with the
/// game's own walk ([`Game::own_perft`]) or the shared one. The walk recurses once per
/// ply: keep `depth` to what could finish.
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    position.own_perft(depth).unwrap_or_else(|| walk_legal_moves(position, depth))
}

/// The shared walk: leaves are counted in bulk (the number of legal moves one ply up),
/// and one move buffer per ply is reused, so the walk allocates one vector per ply it
/// actually reaches, whatever depth is asked.
pub(crate) fn walk_legal_moves<G: Game>(position: &G, depth: u32) -> u64 {
    let mut buffers = PlyBuffers::default();
    walk(position, depth, 0, &mut buffers)
}

/// Perft below each legal move of `position`: `(move, leaf count)` in move order.
pub fn divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let mut roots = Vec::new();
    position.legal_moves(&mut roots);
    roots.into_iter().map(|mv| (mv, perft_after(position, mv, depth))).collect()
}

/// Perft below one root move; the unit of work that threads and progress bars share.
pub fn perft_after<G: Game>(position: &G, mv: G::Move, depth: u32) -> u64 {
    let mut child = position.clone();
    child.play(mv);
    perft(&child, depth.saturating_sub(1))
}

/// One reusable move list per ply, made when a ply is first reached: a walk asked
/// for an absurd depth allocates no more than the tree it really visits.
struct PlyBuffers<M> {
    buffers: Vec<Vec<M>>,
}

impl<M> Default for PlyBuffers<M> {
    fn default() -> Self {
        PlyBuffers { buffers: Vec::new() }
    }
}

impl<M> PlyBuffers<M> {
    /// The list for `ply`, lent out until [`PlyBuffers::give_back`].
    fn take(&mut self, ply: usize) -> Vec<M> {
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, || Vec::with_capacity(128));
        }
        std::mem::take(&mut self.buffers[ply])
    }

    fn give_back(&mut self, ply: usize, moves: Vec<M>) {
        self.buffers[ply] = moves;
    }
}

fn walk<G: Game>(position: &G, depth: u32, ply: usize, buffers: &mut PlyBuffers<G::Move>) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return position.count_legal_moves() as u64;
    }
    let mut moves = buffers.take(ply);
    position.legal_moves(&mut moves);
    let mut nodes = 0;
    for &mv in &moves {
        let mut child = position.clone();
        child.play(mv);
        nodes += walk(&child, depth - 1, ply + 1, buffers);
    }
    buffers.give_back(ply, moves);
    nodes
}
