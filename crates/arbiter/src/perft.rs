//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth, the
//! standard test of a move generator against published figures.

use crate::game::Game;

/// Counts the positions reached after exactly `depth` plies of legal moves.
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    position.perft(depth)
}

/// The tree walk behind [`Game::perft`]: leaves are counted in bulk (the number of
/// legal moves one ply up), and one move buffer per ply is reused, so the walk
/// allocates only `depth` vectors in all.
pub fn walk_tree<G: Game>(position: &G, depth: u32) -> u64 {
    let mut buffers = move_buffers::<G>(depth);
    walk(position, depth, &mut buffers)
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

fn move_buffers<G: Game>(depth: u32) -> Vec<Vec<G::Move>> {
    (0..depth).map(|_| Vec::with_capacity(128)).collect()
}

fn walk<G: Game>(position: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return position.count_legal_moves() as u64;
    }
    let Some((moves, deeper)) = buffers.split_first_mut() else {
        return 1;
    };
    position.legal_moves(moves);
    let mut nodes = 0;
    for &mv in moves.iter() {
        let mut child = position.clone();
        child.play(mv);
        nodes += walk(&child, depth - 1, deeper);
    }
    nodes
}
