//! Progress bars for long work, drawn on standard error only when it is a terminal,
//! so that scripts and pipes see nothing but the answers.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Inputs smaller than this are read too fast for a bar to help.
const WORTH_A_BAR: u64 = 16 << 20;

fn bar(length: u64, template: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(length), ProgressDrawTarget::stderr());
    bar.set_style(ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()));
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A bar over perft's units of work (root moves, or root moves and replies).
pub fn work_units(units: u64) -> ProgressBar {
    bar(units, "{spinner} perft {bar:30} {pos}/{len} subtrees, {elapsed} elapsed, about {eta} left")
}

/// A bar over the bytes of an input file, for files big enough to take a while.
pub fn bytes(length: u64) -> ProgressBar {
    if length < WORTH_A_BAR {
        return ProgressBar::hidden();
    }
    bar(length, "{spinner} reading {bar:30} {bytes}/{total_bytes}, {elapsed} elapsed, about {eta} left")
}

/// A bar over the games of record files.
pub fn games(games: u64) -> ProgressBar {
    bar(games, "{spinner} checking {bar:30} {pos}/{len} games, {elapsed} elapsed, about {eta} left")
}
