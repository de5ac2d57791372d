//! Killer draughts, Breakthrough, Frisian draughts and Antidraughts (and the
//! international rules) against Scan 3.1 (Fabien Letouzey's engine, which plays them as
//! its variants `killer`, `bt`, `frisian`, `losing` and `normal`): perft to a few plies
//! on random positions, every count equal. Scan is the second independent program for
//! these rule sets, after DCTL (which has neither Breakthrough nor Antidraughts:
//! `draughts_dctl.rs` compares their moves with its international ones, one ply deep;
//! Scan ends a Breakthrough game at the first king itself, so its counts are compared
//! to any depth).
//!
//! Frisian draughts' limit on a king's simple moves (three in a row with the same king,
//! while its side has men) looks back over the game: a position read from a FEN has no
//! history in either program (Scan's `Pos` starts its count of the same king's moves at
//! zero, as arbiter's `Position` knows no history), and a walk of up to six plies makes
//! at most three moves of a side, so the limit cannot bind there (from seven plies,
//! Scan's walk would apply it, its `Pos` counting as it plays, and arbiter's perft of a
//! position would not: Frisian draughts is compared to six plies at most, whatever
//! `ARBITER_SCAN_DEPTH` asks). Neither perft stops at Frisian draughts' draw of one king
//! each (article 21, arbiter's `one_king_each`, a verdict on the game that Scan does not
//! make): both count the moves below it.
//!
//! Scan is not part of arbiter: these tests are ignored unless asked for, and need
//! `ARBITER_SCAN_PERFT` to name `scan-variant-perft`, a driver of Scan's own move
//! generator and end-of-game test, built as docs/rules.md says.
//!
//! ```sh
//! ARBITER_SCAN_PERFT=/path/to/scan-variant-perft cargo test -p arbiter --test draughts_scan -- --ignored
//! ARBITER_SCAN_PERFT=... ARBITER_SCAN_POSITIONS=5000 cargo test ...   # the runs of docs/rules.md
//! ARBITER_SCAN_PERFT=... ARBITER_SCAN_RULES=killer cargo test ...     # some rule sets only
//! ARBITER_SCAN_PERFT=... cargo test --release -p arbiter --test draughts_scan frisian_king -- --ignored
//! ```
//!
//! The last compares Frisian draughts with the game's history (the limit on a king's
//! simple moves), seven plies deep, where a side makes its fourth move.

use std::io::Write;
use std::process::{Command, Stdio};

use arbiter::draughts::{Color, Kind, Piece, Position, Rules, Square};
use arbiter::{Game, Termination, WithHistory, perft};

mod draughts_positions;
use draughts_positions::{Random, positions};

/// Scan's name for each rule set it plays (its `var.cpp`, the values of its Hub
/// parameter `variant`).
const SCAN_VARIANTS: [(Rules, &str); 5] = [
    (Rules::International, "normal"),
    (Rules::Killer, "killer"),
    (Rules::Breakthrough, "bt"),
    (Rules::Antidraughts, "losing"),
    // Last, so that the random positions of the others are those of docs/rules.md's
    // earlier runs (one generator feeds every rule set in turn).
    (Rules::Frisian, "frisian"),
];

/// The deepest Frisian walk in which no side makes a fourth move, so that the limit on
/// a king's simple moves, which Scan's walk applies, never binds.
const FRISIAN_DEPTH: u32 = 6;

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
        // Deeper, Scan's walk applies the limit on a king's simple moves (above).
        let depth = if rules == Rules::Frisian { depth.min(FRISIAN_DEPTH) } else { depth };
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
        if matches!(rules, Rules::Killer | Rules::Breakthrough | Rules::Frisian) {
            assert!(own_rule_applied * 50 >= count, "{rules}: only {own_rule_applied} positions test its own rule");
        }
    }
}

/// Perft of a Frisian game from `game` with the game's history (arbiter's
/// `WithHistory`, which applies the limit on a king's simple moves). Where article 21
/// draws the game (one king each), arbiter's game ends and Scan's walk goes on: with no
/// man left the limit binds no more, so the walk goes on there as the position's perft,
/// and `one_king_each` says it was met.
fn frisian_history_perft(game: &WithHistory<Position>, depth: u32, one_king_each: &mut bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.outcome().is_some_and(|outcome| outcome.termination() == Termination::OneKingEach) {
        *one_king_each = true;
        return perft(game.position(), depth);
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.play(mv);
            frisian_history_perft(&child, depth - 1, one_king_each)
        })
        .sum()
}

/// Frisian positions where each side has one or two kings and one to four men, put at
/// random (a man never on the row that crowns it), and neither side can capture: the
/// kings' simple moves fill the first plies, so that the limit binds.
fn kings_and_men(count: usize, random: &mut Random) -> Vec<Position> {
    let layout = Position::start_with(Rules::Frisian).layout();
    let mut out = Vec::new();
    while out.len() < count {
        let mut pieces: Vec<(Square, Piece)> = Vec::new();
        for color in [Color::White, Color::Black] {
            for (kind, most) in [(Kind::King, 2), (Kind::Man, 4)] {
                let mut left = 1 + random.below(most);
                while left > 0 {
                    let square = layout.square(1 + random.below(layout.squares() as u64) as u8).unwrap();
                    let crowning = layout.coordinates(square).0 == layout.crowning_row(color);
                    if pieces.iter().any(|&(s, _)| s == square) || (kind == Kind::Man && crowning) {
                        continue;
                    }
                    pieces.push((square, Piece { color, kind }));
                    left -= 1;
                }
            }
        }
        let side = if random.below(2) == 0 { Color::White } else { Color::Black };
        let other = if side == Color::White { Color::Black } else { Color::White };
        let position = Position::from_pieces_with(Rules::Frisian, pieces.clone(), side).expect("a Frisian position");
        let turned = Position::from_pieces_with(Rules::Frisian, pieces, other).expect("the same board");
        // Quiet, so that kings' simple moves, not captures, fill the first plies.
        if !position.has_capture() && !turned.has_capture() {
            out.push(position);
        }
    }
    out
}

/// Frisian draughts' limit on a king's simple moves (article 17: three in a row with the
/// same king while its side has men) against Scan's, which its `Pos` counts as it
/// plays (the king last moved and its moves in a row, `m_wolf` and `m_count`, its move
/// generator leaving out that king's simple moves at three): perft to
/// `ARBITER_SCAN_FRISIAN_DEPTH` (7, a side's fourth move) from
/// `ARBITER_SCAN_FRISIAN_POSITIONS` (100; 4 unoptimised) random positions where both
/// sides have kings and men, arbiter's walk a game with its history.
#[test]
#[ignore = "needs Scan: ARBITER_SCAN_PERFT names scan-variant-perft, built as docs/rules.md says"]
fn frisian_king_move_limit_agrees_with_scan() {
    let driver = std::env::var("ARBITER_SCAN_PERFT").expect("ARBITER_SCAN_PERFT names scan-variant-perft");
    // Two minutes in a release build; an unoptimised one walks far slower.
    let quick = if cfg!(debug_assertions) { 4 } else { 100 };
    let count = std::env::var("ARBITER_SCAN_FRISIAN_POSITIONS").ok().and_then(|n| n.parse().ok()).unwrap_or(quick);
    let depth = std::env::var("ARBITER_SCAN_FRISIAN_DEPTH").ok().and_then(|n| n.parse().ok()).unwrap_or(7);
    let mut random = Random(0xf215);
    let all = kings_and_men(count, &mut random);
    let counts = scan_perft(&driver, "frisian", depth, &all);
    let (mut nodes, mut compared, mut refused, mut met_one_king_each, mut limited) = (0, 0, 0, 0, 0);
    for (position, theirs) in all.iter().zip(counts) {
        let Some(theirs) = theirs else {
            assert!(scan_may_refuse(Rules::Frisian, position), "Scan refused {}", plain_fen(position));
            refused += 1;
            continue;
        };
        let mut one_king_each = false;
        let ours = frisian_history_perft(&WithHistory::new(*position), depth, &mut one_king_each);
        met_one_king_each += usize::from(one_king_each);
        assert_eq!(ours, theirs, "frisian {} depth {depth}, with the game's history", plain_fen(position));
        nodes += ours;
        compared += 1;
        limited += usize::from(perft(position, depth) != ours);
    }
    eprintln!(
        "frisian with history: {compared} positions with kings and men each, perft {depth}: {nodes} nodes, \
         every count equal to Scan's ({limited} of them changed by the limit on a king's simple moves; \
         {met_one_king_each} that meet one king each; {refused} more that Scan does not read)"
    );
    assert!(compared * 2 >= count, "only {compared} of {count} positions compared");
    if depth >= 7 {
        assert!(limited * 20 >= count, "only {limited} positions test the limit");
    }
}
