//! The draughts family against DCTL (rhalbersma/dctl, an independent C++ template
//! library with every rule set): perft to a few plies on random positions of each rule
//! set, every count equal. DCTL is not part of arbiter and is not needed to build or
//! test it: these tests are ignored unless asked for, and need `ARBITER_DCTL` to name
//! a `dctl-perft` built as docs/rules.md says (`scripts/test` runs them when it does).
//!
//! ```sh
//! ARBITER_DCTL=/path/to/dctl-perft cargo test -p arbiter --test draughts_dctl -- --ignored
//! ARBITER_DCTL=... ARBITER_DCTL_POSITIONS=20000 cargo test ... # the larger runs of docs/rules.md
//! ARBITER_DCTL=... ARBITER_DCTL_RULES=killer,pool cargo test ... # some rule sets only
//! ```

use std::process::Command;

use arbiter::draughts::{Color, Kind, Piece, Position, Rules, Square};
use arbiter::{Game, perft};

/// A small generator of its own (SplitMix64), so that every run sees the same positions.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// DCTL's name for a rule set: Antidraughts and Breakthrough, which DCTL does not
/// have, move as international draughts does (only who wins at the end differs), so
/// their moves are compared with DCTL's international ones; Frysk! moves as Frisian
/// draughts does.
fn dctl_name(rules: Rules) -> &'static str {
    match rules {
        Rules::English => "checkers",
        Rules::Antidraughts | Rules::Breakthrough => "international",
        // Frysk! is Frisian draughts from another start.
        Rules::Frysk => "frisian",
        other => other.name(),
    }
}

/// DCTL's number for `square`: on the turned board (Spanish, Italian) DCTL numbers
/// each row from the right, where the federations (and arbiter) number it from the left.
fn dctl_number(position: &Position, square: Square) -> u8 {
    let n = square.number();
    if !position.layout().turned() {
        return n;
    }
    let s = n - 1;
    (s / 4) * 4 + (3 - s % 4) + 1
}

/// The FEN with every square written (DCTL reads no ranges), in DCTL's numbers.
fn plain_fen(position: &Position) -> String {
    let side = |color| if color == Color::White { "W" } else { "B" };
    let list = |color| {
        let squares = position.pieces().filter(|(_, p)| p.color == color);
        let items: Vec<String> = squares
            .map(|(s, p)| format!("{}{}", if p.kind == Kind::King { "K" } else { "" }, dctl_number(position, s)))
            .collect();
        format!("{}{}", side(color), items.join(","))
    };
    format!("{}:{}:{}", side(position.turn()), list(Color::White), list(Color::Black))
}

/// DCTL's perft of `position` to `depth`, the whole move list at the last ply, captures
/// that differ only in the order of the pieces taken counted once (`list drop`).
fn dctl_perft(dctl: &str, rules: Rules, position: &Position, depth: u32) -> u64 {
    let output = Command::new(dctl)
        .args([dctl_name(rules), &depth.to_string(), &plain_fen(position), "list", "drop"])
        .output()
        .expect("ARBITER_DCTL runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let nodes = text.split_whitespace().skip_while(|w| *w != "nodes").nth(1);
    nodes.and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("dctl-perft said {text:?} for {}", position.to_fen()))
}

/// Positions of `rules`: random games from the start (most of them), and pieces put
/// at random with kings, where long king captures and crowning in passing are common.
fn positions(rules: Rules, count: usize, random: &mut Random) -> Vec<Position> {
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while out.len() < count {
        if out.len() % 3 == 2 {
            let layout = Position::start_with(rules).layout();
            let mut pieces: Vec<(Square, Piece)> = Vec::new();
            for _ in 0..2 + random.below(14) {
                let square = layout.square(1 + random.below(layout.squares() as u64) as u8).unwrap();
                if pieces.iter().any(|&(s, _)| s == square) {
                    continue;
                }
                let color = if random.below(2) == 0 { Color::White } else { Color::Black };
                let crowning = layout.coordinates(square).0 == layout.crowning_row(color);
                let kind = if crowning || random.below(3) == 0 { Kind::King } else { Kind::Man };
                pieces.push((square, Piece { color, kind }));
            }
            let side = if random.below(2) == 0 { Color::White } else { Color::Black };
            if let Ok(position) = Position::from_pieces_with(rules, pieces, side) {
                out.push(position);
            }
            continue;
        }
        let mut position = Position::start_with(rules);
        for _ in 0..random.below(60) {
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            position.play(moves[random.below(moves.len() as u64) as usize]);
        }
        out.push(position);
    }
    out
}

/// Russian draughts: DCTL (de565a1c) leaves a man uncrowned after a capture that
/// crowns it in passing and stops off the last row (`B:WK9,24,K25,26,28:B4,5,7,17,22,K32`:
/// after c3:e1:h4 its h4 holds a man, which the FShR rules make a king; docs/rules.md),
/// so its counts below a ply that plays such a capture differ. Its move lists do not:
/// the moves of the position and of each position after one move are compared, DCTL
/// given each position by FEN.
fn compare_each_node(dctl: &str, position: &Position) -> u64 {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    assert_eq!(moves.len() as u64, dctl_perft(dctl, Rules::Russian, position, 1), "russian {}", position.to_fen());
    let mut nodes = moves.len() as u64;
    for mv in moves {
        let mut child = *position;
        child.play(mv);
        let ours = perft(&child, 1);
        assert_eq!(ours, dctl_perft(dctl, Rules::Russian, &child, 1), "russian {} after {mv}", position.to_fen());
        nodes += ours;
    }
    nodes
}

/// Every rule set DCTL has that arbiter plays, on `count` positions each (a quick slice
/// unless `ARBITER_DCTL_POSITIONS` asks for more), perft 1-3 each equal.
#[test]
#[ignore = "needs DCTL: ARBITER_DCTL names dctl-perft, built as docs/rules.md says"]
fn perft_agrees_with_dctl_on_random_positions() {
    let dctl = std::env::var("ARBITER_DCTL").expect("ARBITER_DCTL names dctl-perft (docs/rules.md)");
    let count = std::env::var("ARBITER_DCTL_POSITIONS").ok().and_then(|n| n.parse().ok()).unwrap_or(200);
    let depth = std::env::var("ARBITER_DCTL_DEPTH").ok().and_then(|n| n.parse().ok()).unwrap_or(3);
    // `ARBITER_DCTL_RULES=killer,russian` compares those rule sets only.
    let only = std::env::var("ARBITER_DCTL_RULES").ok();
    let asked = |rules: Rules| only.as_deref().is_none_or(|names| names.split(',').any(|n| n == rules.name()));
    let mut random = Random(0x5eed);
    for &rules in Rules::ALL {
        if !asked(rules) {
            continue;
        }
        let mut nodes = 0;
        // Killer draughts: the positions whose count the Killer rule changes, so that
        // the comparison is known to have tested it.
        let mut killer_rule_applied = 0;
        for position in positions(rules, count, &mut random) {
            if rules == Rules::Russian {
                nodes += compare_each_node(&dctl, &position);
                continue;
            }
            if rules == Rules::Breakthrough {
                // The first king ends the game: a board with one has no moves, and
                // below it the counts would part from international ones, so the
                // moves of each position without a king are compared.
                if position.pieces().any(|(_, p)| p.kind == Kind::King) {
                    assert_eq!(perft(&position, 1), 0, "breakthrough {}", position.to_fen());
                    continue;
                }
                let ours = perft(&position, 1);
                assert_eq!(ours, dctl_perft(&dctl, rules, &position, 1), "breakthrough {}", position.to_fen());
                nodes += ours;
                continue;
            }
            let ours = perft(&position, depth);
            let theirs = dctl_perft(&dctl, rules, &position, depth);
            assert_eq!(ours, theirs, "{rules} {} depth {depth}", position.to_fen());
            nodes += ours;
            if rules == Rules::Killer {
                let international = Position::from_fen(&position.to_fen()).expect("the same board");
                killer_rule_applied += usize::from(perft(&international, depth) != ours);
            }
        }
        if rules == Rules::Killer {
            eprintln!("killer: the Killer rule changed the count of {killer_rule_applied} positions");
            assert!(
                killer_rule_applied * 50 >= count,
                "only {killer_rule_applied} of {count} positions test the Killer rule"
            );
        }
        let compared = if rules == Rules::Russian {
            "moves of each position and its children".to_owned()
        } else if rules == Rules::Breakthrough {
            "moves of each position without a king".to_owned()
        } else {
            format!("perft {depth}")
        };
        eprintln!("{rules}: {count} positions, {compared}: {nodes} nodes, every count equal to DCTL's");
    }
}
