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

use arbiter::draughts::{Captures, Color, Kind, Position, Rules, Square};
use arbiter::{Game, perft};

mod draughts_positions;
use draughts_positions::{Random, positions};

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
    dctl_perft_counting(dctl, rules, position, depth, "drop")
}

/// DCTL's perft with captures that differ only in order counted once (`drop`) or
/// apart (`keep`).
fn dctl_perft_counting(dctl: &str, rules: Rules, position: &Position, depth: u32, orders: &str) -> u64 {
    let output = Command::new(dctl)
        .args([dctl_name(rules), &depth.to_string(), &plain_fen(position), "list", orders])
        .output()
        .expect("ARBITER_DCTL runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let nodes = text.split_whitespace().skip_while(|w| *w != "nodes").nth(1);
    nodes.and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("dctl-perft said {text:?} for {}", position.to_fen()))
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

/// The routes of `mv` that take its pieces in some order, each landing right behind the
/// piece it takes (Thai draughts, where no route takes one order in two ways): every
/// order of the pieces is tried as a path and read back by the rules (`parse_move`),
/// which accept a path only if a capture route lands on those squares.
fn thai_routes(position: &Position, mv: &arbiter::draughts::Move) -> u64 {
    let layout = position.layout();
    let pieces: Vec<Square> = mv.captured().collect();
    let orders: Vec<Vec<Square>> = match pieces.as_slice() {
        &[a, b, c] => vec![vec![a, b, c], vec![a, c, b], vec![b, a, c], vec![b, c, a], vec![c, a, b], vec![c, b, a]],
        _ => return 1,
    };
    let landing_behind = |at: Square, piece: Square| {
        let ((r0, c0), (r1, c1)) = (layout.coordinates(at), layout.coordinates(piece));
        let (dr, dc) = (i16::from(r1) - i16::from(r0), i16::from(c1) - i16::from(c0));
        if dr == 0 || dr.abs() != dc.abs() {
            return None;
        }
        let (row, column) = (i16::from(r1) + dr.signum(), i16::from(c1) + dc.signum());
        layout.square_at(u8::try_from(row).ok()?, u8::try_from(column).ok()?)
    };
    let mut routes = 0;
    for order in orders {
        let mut at = mv.from();
        let mut path = vec![layout.name(at)];
        for &piece in &order {
            let Some(landing) = landing_behind(at, piece) else { break };
            path.push(layout.name(landing));
            at = landing;
        }
        if path.len() != 4 || at != mv.to() {
            continue;
        }
        let read = position.parse_move(&path.join("x"));
        if read.is_ok_and(|m| m.from() == mv.from() && m.to() == mv.to() && m.captured().eq(mv.captured())) {
            routes += 1;
        }
    }
    assert!(routes >= 1, "no route of {mv} in {}", position.to_fen());
    routes
}

/// Thai draughts: perft as DCTL (de565a1c) counts it with `drop`. DCTL merges captures
/// that take the same pieces in another order from four pieces up only (its
/// `large_jump_v` for Thai), but a Thai king that turns back can take three pieces in
/// two orders from one start to one end (`W:WK5,K10,14:B6,K15,24,25`: the king on d6
/// takes c7, then e5 and g3 on the way back; or e5, then c7 turning back, then g3
/// turning back again; both end on h2), which
/// arbiter counts once, as every rule set counts such captures (docs/rules.md). So each
/// move counts here once for each of its routes when it takes three pieces.
fn thai_perft_as_dctl(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play(mv);
            thai_routes(position, &mv) * thai_perft_as_dctl(&child, depth - 1)
        })
        .sum()
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
        // Thai draughts: the positions whose count differs from that of the same board
        // under the Czech rules, whose men move alike and whose kings land anywhere
        // behind a piece, with the pieces taken left standing until the move ends.
        let mut thai_kings_applied = 0;
        // And those where arbiter merges three-piece captures that DCTL counts apart.
        let mut thai_orders_merged = 0;
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
            if rules == Rules::Thai {
                let as_dctl = thai_perft_as_dctl(&position, depth);
                assert_eq!(as_dctl, theirs, "{rules} {} depth {depth}, DCTL's duplicates", position.to_fen());
                thai_orders_merged += usize::from(as_dctl != ours);
            } else {
                assert_eq!(ours, theirs, "{rules} {} depth {depth}", position.to_fen());
            }
            nodes += ours;
            if rules == Rules::Killer {
                let international = Position::from_fen(&position.to_fen()).expect("the same board");
                killer_rule_applied += usize::from(perft(&international, depth) != ours);
            }
            if rules == Rules::Thai {
                let czech = Position::from_fen_with(Rules::Czech, &position.to_fen()).expect("the same board");
                thai_kings_applied += usize::from(perft(&czech, depth) != ours);
            }
        }
        if rules == Rules::Killer {
            eprintln!("killer: the Killer rule changed the count of {killer_rule_applied} positions");
            assert!(
                killer_rule_applied * 50 >= count,
                "only {killer_rule_applied} of {count} positions test the Killer rule"
            );
        }
        if rules == Rules::Thai {
            eprintln!("thai: the Thai kings' captures changed the count of {thai_kings_applied} positions");
            eprintln!(
                "thai: {thai_orders_merged} positions counted a three-piece capture once where DCTL counts its routes"
            );
            assert!(
                thai_kings_applied * 50 >= count,
                "only {thai_kings_applied} of {count} positions test the Thai kings"
            );
        }
        let compared = if rules == Rules::Russian {
            "moves of each position and its children".to_owned()
        } else if rules == Rules::Breakthrough {
            "moves of each position without a king".to_owned()
        } else {
            format!("perft {depth}")
        };
        let equal = if rules == Rules::Thai {
            "every count equal to DCTL's, its repeated three-piece captures counted as it counts them"
        } else {
            "every count equal to DCTL's"
        };
        eprintln!("{rules}: {count} positions, {compared}: {nodes} nodes, {equal}");
    }
}

/// Captures kept apart (the `captures` option's `apart`): one move for each order in
/// which a capture can take its pieces, as DCTL counts them with `keep`, perft equal
/// on the same random positions. Russian draughts and Breakthrough compare the moves
/// of each position (see above why deeper counts part there). In Frisian draughts and
/// Frysk! a king can reach the same next piece along two lines (a diagonal and a row
/// or column), and DCTL keeps such routes apart though they take the pieces in the
/// same order (`draughts_captures.rs`): there arbiter's count lies between the merged
/// count and DCTL's, and the positions where it is below DCTL's are counted.
#[test]
#[ignore = "needs DCTL: ARBITER_DCTL names dctl-perft, built as docs/rules.md says"]
fn captures_kept_apart_agree_with_dctl_keep() {
    let dctl = std::env::var("ARBITER_DCTL").expect("ARBITER_DCTL names dctl-perft (docs/rules.md)");
    let count = std::env::var("ARBITER_DCTL_POSITIONS").ok().and_then(|n| n.parse().ok()).unwrap_or(200);
    let depth = std::env::var("ARBITER_DCTL_DEPTH").ok().and_then(|n| n.parse().ok()).unwrap_or(3);
    let only = std::env::var("ARBITER_DCTL_RULES").ok();
    let asked = |rules: Rules| only.as_deref().is_none_or(|names| names.split(',').any(|n| n == rules.name()));
    let mut random = Random(0x0a9a);
    let mut apart_in_all = 0;
    for &rules in Rules::ALL {
        if !asked(rules) {
            continue;
        }
        let (mut nodes, mut apart, mut dctl_routes) = (0, 0, 0);
        for position in positions(rules, count, &mut random) {
            let one_ply = matches!(rules, Rules::Russian | Rules::Breakthrough);
            if rules == Rules::Breakthrough && position.pieces().any(|(_, p)| p.kind == Kind::King) {
                continue;
            }
            let depth = if one_ply { 1 } else { depth };
            let kept = position.with_captures(Captures::Apart);
            let ours = perft(&kept, depth);
            let theirs = dctl_perft_counting(&dctl, rules, &position, depth, "keep");
            let merged = perft(&position, depth);
            if matches!(rules, Rules::Frisian | Rules::Frysk) {
                assert!(
                    merged <= ours && ours <= theirs,
                    "{rules} {} depth {depth}, captures apart",
                    position.to_fen()
                );
                dctl_routes += usize::from(ours != theirs);
            } else {
                assert_eq!(ours, theirs, "{rules} {} depth {depth}, captures apart", position.to_fen());
            }
            nodes += ours;
            apart += usize::from(ours != merged);
        }
        apart_in_all += apart;
        let equal = if matches!(rules, Rules::Frisian | Rules::Frysk) {
            format!("each count from the merged one to DCTL's `keep`, {dctl_routes} below it (routes by other lines)")
        } else {
            "every count equal to DCTL's `keep`".to_owned()
        };
        eprintln!(
            "{rules}: {count} positions, captures apart: {nodes} nodes, {equal} \
             ({apart} positions counted apart differ from the merged count)"
        );
    }
    assert!(only.is_some() || count < 200 || apart_in_all > 0, "no position had captures in several orders");
}
