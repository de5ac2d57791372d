//! Killer draughts, Breakthrough and Antidraughts (and the international rules) against
//! Scan 3.1 (Fabien Letouzey's engine, which plays them as its variants `killer`, `bt`,
//! `losing` and `normal`): perft to a few plies on random positions, every count equal.
//! Scan is the second independent program for these rule sets, after DCTL (which has
//! neither Breakthrough nor Antidraughts: `draughts_dctl.rs` compares their moves with
//! its international ones, one ply deep; Scan ends a Breakthrough game at the first king
//! itself, so its counts are compared to any depth).
//!
//! Scan is not part of arbiter: these tests are ignored unless asked for, and need
//! `ARBITER_SCAN_PERFT` to name `scan-variant-perft`, a driver of Scan's own move
//! generator and end-of-game test, built as docs/rules.md says.
//!
//! ```sh
//! ARBITER_SCAN_PERFT=/path/to/scan-variant-perft cargo test -p arbiter --test draughts_scan -- --ignored
//! ARBITER_SCAN_PERFT=... ARBITER_SCAN_POSITIONS=5000 cargo test ...   # the runs of docs/rules.md
//! ARBITER_SCAN_PERFT=... ARBITER_SCAN_RULES=killer cargo test ...     # some rule sets only
//! ```

use std::io::Write;
use std::process::{Command, Stdio};

use arbiter::draughts::{Color, Kind, Position, Rules};
use arbiter::perft;

mod draughts_positions;
use draughts_positions::{Random, positions};

/// Scan's name for each rule set it plays (its `var.cpp`, the values of its Hub
/// parameter `variant`).
const SCAN_VARIANTS: [(Rules, &str); 4] = [
    (Rules::International, "normal"),
    (Rules::Killer, "killer"),
    (Rules::Breakthrough, "bt"),
    (Rules::Antidraughts, "losing"),
];

/// The FEN with every square written: `W:W31,K32:B4,K19`.
fn plain_fen(position: &Position) -> String {
    let side = |color| if color == Color::White { "W" } else { "B" };
    let list = |color| {
        let squares = position.pieces().filter(|(_, p)| p.color == color);
        let items: Vec<String> =
            squares.map(|(s, p)| format!("{}{}", if p.kind == Kind::King { "K" } else { "" }, s.number())).collect();
        format!("{}{}", side(color), items.join(","))
    };
    format!("{}:{}:{}", side(position.turn()), list(Color::White), list(Color::Black))
}

/// Scan's perft of each position to `depth`, `None` for a position Scan does not read.
fn scan_perft(driver: &str, variant: &str, depth: u32, positions: &[Position]) -> Vec<Option<u64>> {
    let mut child = Command::new(driver)
        .args([variant, &depth.to_string(), "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("ARBITER_SCAN_PERFT runs");
    let mut input = String::new();
    for position in positions {
        input.push_str(&plain_fen(position));
        input.push('\n');
    }
    let mut stdin = child.stdin.take().expect("a pipe");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("scan-variant-perft ends");
    writer.join().expect("the writer ends").expect("scan-variant-perft reads its input");
    let text = String::from_utf8_lossy(&output.stdout);
    let counts: Vec<Option<u64>> = text
        .lines()
        .map(|line| match line {
            "refused" => None,
            number => Some(number.parse().unwrap_or_else(|_| panic!("scan-variant-perft said {line:?}"))),
        })
        .collect();
    assert_eq!(counts.len(), positions.len(), "one count a position: {text}");
    counts
}

/// Why Scan would not read `position` under `rules`, when it may refuse it: Scan reads
/// no position whose side not to move has no piece left (the game is over), and in
/// Breakthrough none where the side to move has a king (the game ended when it made it).
fn scan_may_refuse(rules: Rules, position: &Position) -> bool {
    let has = |color: Color, kings_only: bool| {
        position.pieces().any(|(_, p)| p.color == color && (!kings_only || p.kind == Kind::King))
    };
    let mover = position.turn();
    let other = if mover == Color::White { Color::Black } else { Color::White };
    !has(other, false) || (rules == Rules::Breakthrough && has(mover, true))
}

/// Each rule set Scan plays, on `count` positions (a quick slice unless
/// `ARBITER_SCAN_POSITIONS` asks for more), perft to `ARBITER_SCAN_DEPTH` (3) equal.
#[test]
#[ignore = "needs Scan: ARBITER_SCAN_PERFT names scan-variant-perft, built as docs/rules.md says"]
fn perft_agrees_with_scan_on_random_positions() {
    let driver = std::env::var("ARBITER_SCAN_PERFT").expect("ARBITER_SCAN_PERFT names scan-variant-perft");
    let count = std::env::var("ARBITER_SCAN_POSITIONS").ok().and_then(|n| n.parse().ok()).unwrap_or(300);
    let depth = std::env::var("ARBITER_SCAN_DEPTH").ok().and_then(|n| n.parse().ok()).unwrap_or(3);
    let only = std::env::var("ARBITER_SCAN_RULES").ok();
    let asked = |rules: Rules| only.as_deref().is_none_or(|names| names.split(',').any(|n| n == rules.name()));
    let mut random = Random(0x5ca1);
    for (rules, variant) in SCAN_VARIANTS {
        if !asked(rules) {
            continue;
        }
        let all = positions(rules, count, &mut random);
        let counts = scan_perft(&driver, variant, depth, &all);
        let (mut nodes, mut compared, mut refused) = (0, 0, 0);
        // The positions whose count the rule set's own rule changes from the
        // international one, so that the comparison is known to have tested it.
        let mut own_rule_applied = 0;
        for (position, theirs) in all.iter().zip(counts) {
            let ours = perft(position, depth);
            let Some(theirs) = theirs else {
                assert!(scan_may_refuse(rules, position), "Scan refused {rules} {}", plain_fen(position));
                refused += 1;
                continue;
            };
            assert_eq!(ours, theirs, "{rules} {} depth {depth}", plain_fen(position));
            nodes += ours;
            compared += 1;
            let international = Position::from_fen(&position.to_fen()).expect("the same board");
            own_rule_applied += usize::from(perft(&international, depth) != ours);
        }
        eprintln!(
            "{rules}: {compared} positions, perft {depth}: {nodes} nodes, every count equal to Scan's \
             ({own_rule_applied} of them counted apart from international draughts; \
             {refused} more that Scan does not read)"
        );
        // A third of the positions are pieces put at random, kings among them: Scan reads
        // few of those in Breakthrough, where a king of the side to move never arises.
        assert!(compared * 2 >= count, "{rules}: only {compared} of {count} positions compared");
        if matches!(rules, Rules::Killer | Rules::Breakthrough) {
            assert!(own_rule_applied * 50 >= count, "{rules}: only {own_rule_applied} positions test its own rule");
        }
    }
}
