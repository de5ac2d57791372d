//! `arbiter perft GAME --depth N`: the node count, with per-move counts (`--divide`),
//! root moves shared out among threads, and a progress bar on a terminal.

use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use arbiter::registry::PositionVisitor;
use arbiter::{Game, LookBack, perft};

use crate::args::PerftArgs;
use crate::fail::Failure;
use arbiter::perft::{MAX_DEPTH, MAX_THREADS};

pub fn run(args: &PerftArgs) -> Result<(), Failure> {
    if !(1..=MAX_THREADS).contains(&args.threads) {
        return Err(Failure::bad_input(format!("--threads {}: expected 1 to {MAX_THREADS}", args.threads)));
    }
    // The walk recurses once per ply; no perft this deep could ever finish anyway.
    if args.depth > MAX_DEPTH {
        return Err(Failure::bad_input(format!("--depth {} is more than {MAX_DEPTH} plies", args.depth)));
    }
    crate::position::position(args.game, &args.position)?.visit(Report(args))
}

struct Report<'a>(&'a PerftArgs);

impl PositionVisitor for Report<'_> {
    type Output = Result<(), Failure>;

    fn visit<P: LookBack + Send + Sync + 'static>(self, position: &P) -> Result<(), Failure> {
        let args = self.0;
        let started = Instant::now();
        let counts = parallel_divide(position, args.depth, args.threads);
        let elapsed = started.elapsed();
        let total: u64 = if args.depth == 0 { 1 } else { counts.iter().map(|&(_, n)| n).sum() };
        let mut out = std::io::stdout().lock();
        let mut write = || -> std::io::Result<()> {
            if args.divide {
                for (mv, nodes) in &counts {
                    writeln!(out, "{mv}: {nodes}")?;
                }
                writeln!(out)?;
            }
            writeln!(out, "{total}")
        };
        write().map_err(Failure::environment)?;
        eprintln!("{}", speed_line(args.depth, total, elapsed, args.threads));
        Ok(())
    }
}

fn speed_line(depth: u32, nodes: u64, elapsed: Duration, threads: usize) -> String {
    let seconds = elapsed.as_secs_f64();
    let rate = if seconds > 0.0 { nodes as f64 / seconds / 1e6 } else { f64::INFINITY };
    let plural = if threads == 1 { "" } else { "s" };
    format!("perft {depth}: {nodes} nodes in {seconds:.3} s, {rate:.1} M nodes/s, {threads} thread{plural}")
}

/// Work units per thread below which the root moves are split one ply further: a
/// position with few root moves (draughts has 9) would leave a thread idle while the
/// other finishes the largest subtree.
const UNITS_PER_THREAD: usize = 8;

/// Perft below each root move, in move order. The work is cut into units (a root move,
/// or a root move and a reply when root moves are few), and threads take the next
/// unit from a shared counter, so a slow subtree does not hold the others up.
pub fn parallel_divide<G: Game + Send + Sync>(position: &G, depth: u32, threads: usize) -> Vec<(G::Move, u64)> {
    let mut roots = Vec::new();
    position.legal_moves(&mut roots);
    if depth == 0 {
        return Vec::new();
    }
    // Each unit: the root move it belongs to, the position to count from, the depth left.
    let mut units: Vec<(usize, G, u32)> = Vec::new();
    let split = threads > 1 && depth > 2 && roots.len() < UNITS_PER_THREAD * threads;
    let mut replies = Vec::new();
    for (index, &mv) in roots.iter().enumerate() {
        let mut child = position.clone();
        child.play(mv);
        if split {
            child.legal_moves(&mut replies);
            for &reply in &replies {
                let mut grandchild = child.clone();
                grandchild.play(reply);
                units.push((index, grandchild, depth - 2));
            }
        } else {
            units.push((index, child, depth - 1));
        }
    }
    let progress = crate::progress::work_units(units.len() as u64);
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![0u64; roots.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(units.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let unit = next.fetch_add(1, Ordering::Relaxed);
                    let Some((root, child, left)) = units.get(unit) else { break };
                    let nodes = perft(child, *left);
                    results.lock().unwrap_or_else(|e| e.into_inner())[*root] += nodes;
                    progress.inc(1);
                }
            });
        }
    });
    progress.finish_and_clear();
    let counts = results.into_inner().unwrap_or_else(|e| e.into_inner());
    roots.into_iter().zip(counts).collect()
}
