//! The `arbiter` binary end to end: output, exit status and error lines.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../arbiter-formats/tests/data/judges");
const RULES_DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../arbiter/tests/data");

fn arbiter(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[track_caller]
fn assert_bad_input(output: &Output, needle: &str) {
    assert_eq!(output.status.code(), Some(2), "stderr: {}", stderr(output));
    let err = stderr(output);
    assert_eq!(err.lines().count(), 1, "one line on stderr: {err:?}");
    assert!(err.contains(needle), "{err:?} should mention {needle:?}");
}

#[test]
fn judge_reads_a_file_or_stdin() {
    let path = format!("{DATA}/xiangqi/edge.in");
    let expected = std::fs::read_to_string(format!("{DATA}/xiangqi/edge.out")).unwrap();
    let from_file = arbiter(&["judge", "xiangqi", &path], "");
    assert!(from_file.status.success());
    assert_eq!(stdout(&from_file), expected);
    let from_stdin = arbiter(&["judge", "xiangqi"], &std::fs::read_to_string(&path).unwrap());
    assert_eq!(stdout(&from_stdin), expected);
}

#[test]
fn judge_bad_input_exits_2_with_one_line() {
    let output = arbiter(&["judge", "xiangqi"], "2 1 4\nG 10 5\nR 6 4\n2 1 4\nG 10 5\nX 1 1\n");
    assert_eq!(stdout(&output), "YES\n");
    assert_bad_input(&output, "line 6 (case 2)");
}

#[test]
fn judge_unreadable_file_exits_1() {
    let output = arbiter(&["judge", "xiangqi", "/nonexistent/input"], "");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn perft_ends_with_the_count_alone() {
    let output = arbiter(&["perft", "xiangqi", "--depth", "3"], "");
    assert!(output.status.success());
    assert_eq!(stdout(&output).lines().last(), Some("79666"));
    let threaded = arbiter(&["perft", "xiangqi", "--depth", "3", "--threads", "2", "--divide"], "");
    let text = stdout(&threaded);
    assert_eq!(text.lines().last(), Some("79666"));
    assert!(text.contains("h2e2: "), "{text}");
    let per_move: u64 = text.lines().filter_map(|l| l.split_once(": ")).map(|(_, n)| n.parse::<u64>().unwrap()).sum();
    assert_eq!(per_move, 79666);
}

#[test]
fn perft_from_a_fen() {
    let fen = "4k4/9/9/4N4/9/9/4C4/9/9/4K4 b - - 0 1";
    let output = arbiter(&["perft", "xiangqi", "--depth", "4", "--fen", fen], "");
    assert_eq!(stdout(&output).lines().last(), Some("998"));
}

#[test]
fn moves_lists_moves_and_status() {
    let output = arbiter(&["moves", "xiangqi", "--fen", "4k4/9/9/4N4/9/9/4C4/9/9/4K4 b - - 0 1"], "");
    assert_eq!(stdout(&output), "e9f9\ne9d9\nstatus: check\n");
    let mate = arbiter(&["moves", "xiangqi", "--fen", "C8/3k4R/9/4N4/2N6/3R5/3C5/9/5K3/9 b - - 0 1"], "");
    assert_eq!(stdout(&mate), "status: checkmate\n");
    let start = arbiter(&["moves", "xiangqi"], "");
    assert_eq!(stdout(&start).lines().count(), 45);
}

#[test]
fn bad_fen_exits_2() {
    let output = arbiter(&["moves", "xiangqi", "--fen", "4k4/9/9 w"], "");
    assert_bad_input(&output, "board");
    let output = arbiter(&["perft", "xiangqi", "--depth", "2", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 x"], "");
    assert_bad_input(&output, "side to move");
    let endless = arbiter(&["perft", "xiangqi", "--depth", "4000000000", "--fen", "4k4/9/9/9/9/9/9/9/9/3K5 w"], "");
    assert_bad_input(&endless, "--depth 4000000000 is more than 64 plies");
}

#[test]
fn replay_prints_the_outcome_or_the_first_illegal_move() {
    let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
    let mate = arbiter(&["replay", "xiangqi", "--fen", fen], "b0b9\n");
    assert!(mate.status.success(), "{}", stderr(&mate));
    assert_eq!(
        stdout(&mate),
        "position: 1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 1 1\nplies: 1\noutcome: red wins by checkmate on move 1\n"
    );
    let after_mate = arbiter(&["replay", "xiangqi", "--fen", fen], "b0b9\ne9f9\n");
    assert_bad_input(&after_mate, "line 2: move 2: the game is over");
    let opening = arbiter(&["replay", "xiangqi"], "1. h2e2 h9g7\n2. h0g2 i9h8\n");
    assert_bad_input(&opening, "line 2: move 4: illegal move i9h8");
    let garbled = arbiter(&["replay", "xiangqi"], "h2e2 h9\n");
    assert_bad_input(&garbled, "line 1: move 2: cannot read move \"h9\"");
}

/// A record's tags before its first move say where the game starts, as `check` reads
/// them (docs/records.md): `[GameType]` chooses the draughts rule set, `[FEN]` the
/// position, unless the flags say otherwise; a record of another rule set than
/// `--rules` asks for is refused by name.
#[test]
fn replay_starts_where_the_records_tags_say() {
    let russian = "[Event \"club\"]\n[GameType \"25\"]\n\n1. c3-d4 f6-e5 2. d4:f6 *\n";
    let output = arbiter(&["replay", "draughts"], russian);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("position: B:W11,21,23-32:B1-10,12\nplies: 3\n"), "{}", stdout(&output));
    assert_bad_input(
        &arbiter(&["replay", "draughts", "--rules", "brazilian"], russian),
        "[GameType \"25\"] is Russian draughts, not Brazilian draughts",
    );
    let thai = "[GameType \"31\"]\n[FEN \"W:W25:B1\"]\n1. 25-21 *\n";
    assert!(stdout(&arbiter(&["replay", "draughts"], thai)).starts_with("position: B:W21:B1\n"));
    // `--fen` wins over the record's.
    assert_bad_input(&arbiter(&["replay", "draughts", "--fen", "W:W26:B1"], thai), "there is no piece on 25");
    // Tags after the first move (a second game's) change nothing.
    let two = "1. 32-28 *\n[GameType \"25\"]\n";
    assert!(stdout(&arbiter(&["replay", "draughts"], two)).starts_with("position: B:W28,31,33-50:B1-20\n"));
}

#[test]
fn replay_ends_xiangqi_games_by_the_rules_that_look_back() {
    let chase = "a5a7 b7b5 a7a5 b5b7\na5a7 b7b5 a7a5 b5b7\n";
    let output = arbiter(&["replay", "xiangqi", "--fen", "4k4/9/1c7/9/R8/9/9/9/9/3K5 w"], chase);
    assert_eq!(
        stdout(&output),
        "position: 4k4/9/1c7/9/R8/9/9/9/9/3K5 w - - 8 5\nplies: 8\n\
         outcome: black wins by perpetual chase (AXF rule 18) on move 8: red's chariot chased the cannon on b7\n"
    );
    let over = arbiter(&["replay", "xiangqi", "--fen", "4k4/9/1c7/9/R8/9/9/9/9/3K5 w"], &format!("{chase}a5a6\n"));
    assert_bad_input(&over, "line 3: move 9: the game is over");
    // The move limit: 3 moves each from a clock of 114 reach 60 moves by each side.
    let fen = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 114 80";
    let shuffle = "a8a7 d9d8 a7a8 d8d9 a8a7 d9d8\n";
    let limit = arbiter(&["replay", "xiangqi", "--fen", fen], shuffle);
    assert!(
        stdout(&limit).ends_with("outcome: draw by move limit on move 6: 60 moves by each side without a capture\n")
    );
    let longer = arbiter(&["replay", "xiangqi", "--fen", fen, "--move-limit", "0"], shuffle);
    assert!(stdout(&longer).ends_with("outcome: none, red to move\n"), "{}", stdout(&longer));
    let wrong = arbiter(&["replay", "draughts", "--move-limit", "10"], "");
    assert_bad_input(&wrong, "--move-limit does not apply to draughts");
    // The reading of the chase rules: Red's chariot attacks Black's chariot held by the
    // horse on c8; the rule book makes it a chase, the engines do not.
    let held = "2b1k4/2Nr2R2/9/9/9/9/9/9/9/5K3 w";
    let attacks = "g8h8 c9a7 h8g8 a7c9 g8h8 c9a7 h8g8 a7c9\n";
    let axf = arbiter(&["replay", "xiangqi", "--fen", held], attacks);
    assert!(
        stdout(&axf).ends_with(
            "black wins by perpetual chase (AXF rule 19) on move 8: red's chariot chased the chariot on d8\n"
        ),
        "{}",
        stdout(&axf)
    );
    let engines = arbiter(&["replay", "xiangqi", "--fen", held, "--chase-rules", "engines"], attacks);
    assert!(stdout(&engines).contains("outcome: draw by repetition on move 8"), "{}", stdout(&engines));
    let unknown = arbiter(&["replay", "xiangqi", "--chase-rules", "asian"], "");
    assert_bad_input(&unknown, "--chase-rules: unknown chase rules \"asian\" (expected axf or engines)");
}

#[test]
fn replay_explains_the_repetition_by_the_rules_chosen() {
    let chase = "a5a7 b7b5 a7a5 b5b7\na5a7 b7b5 a7a5 b5b7\n";
    let fen = "4k4/9/1c7/9/R8/9/9/9/9/3K5 w";
    let explained = stdout(&arbiter(&["replay", "xiangqi", "--explain", "--fen", fen], chase));
    let (_, explanation) = explained.split_once("explanation:\n").expect("an explanation");
    assert!(explanation.starts_with("rules: axf (reading: axf)\n"), "{explanation}");
    assert!(
        explanation.contains("    1. red    a5a7   chase of the cannon on b7 by the chariot on a7\n"),
        "{explanation}"
    );
    assert!(explanation.contains("    2. black  b7b5   idle\n"), "{explanation}");
    assert!(explanation.contains("red: perpetual chase (forbidden)\n"), "{explanation}");
    assert!(
        explanation
            .ends_with("verdict: black wins by perpetual chase (AXF rule 18): red's chariot chased the cannon on b7\n")
    );
    // Half the cycle: the position stood twice; the verdict is what a third time brings.
    let half = stdout(&arbiter(&["replay", "xiangqi", "--explain", "--fen", fen], "a5a7 b7b5 a7a5 b5b7\n"));
    assert!(half.contains("stood again after move 4"), "{half}");
    assert!(half.contains("verdict if it stands a third time: black wins by perpetual chase"), "{half}");
    let none = stdout(&arbiter(&["replay", "xiangqi", "--explain"], "h2e2 h9g7\n"));
    assert!(none.ends_with("explanation:\nno position has stood twice since the last capture\n"), "{none}");
    // The Chinese rules: a perpetual threat to mate loses (the rule book's diagram 7); the
    // AXF rules draw it (rule 9).
    let mate = "i0h0 i8h8 h0i0 h8i8 i0h0 i8h8 h0i0 h8i8\n";
    let fen = "2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w";
    let chinese = stdout(&arbiter(&["replay", "xiangqi", "--rules", "chinese", "--explain", "--fen", fen], mate));
    assert!(chinese.contains("outcome: black wins by perpetual mate threat (Chinese rules 25) on move 8"), "{chinese}");
    assert!(chinese.contains("rules: chinese\n") && chinese.contains("1. red    i0h0   mate threat"), "{chinese}");
    let asian = stdout(&arbiter(&["replay", "xiangqi", "--fen", fen], mate));
    assert!(!asian.contains("perpetual mate threat"), "{asian}");
    let mixed = arbiter(&["replay", "xiangqi", "--rules", "chinese", "--chase-rules", "engines"], "");
    assert_bad_input(&mixed, "--chase-rules: engines reads the AXF rules: leave it out under rules chinese");
}

#[test]
fn draughts_judge_perft_moves_and_replay() {
    for name in ["sample", "edge-13", "edge-33", "case-001"] {
        let path = format!("{DATA}/draughts/{name}.in");
        let expected = std::fs::read_to_string(format!("{DATA}/draughts/{name}.out")).unwrap();
        let output = arbiter(&["judge", "draughts", &path], "");
        assert!(output.status.success(), "{name}: {}", stderr(&output));
        assert_eq!(stdout(&output), expected, "{name}");
    }
    let perft = arbiter(&["perft", "draughts", "--depth", "5", "--threads", "2"], "");
    assert_eq!(stdout(&perft).lines().last(), Some("27117"));
    let woldouby = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38";
    let perft = arbiter(&["perft", "draughts", "--depth", "9", "--fen", woldouby], "");
    assert_eq!(stdout(&perft).lines().last(), Some("22369"));
    let moves = arbiter(&["moves", "draughts", "--fen", "W:WK30:B8,33,34,42"], "");
    assert_eq!(stdout(&moves), "30x39x17x3\n30x48x26x3\nstatus: capture compulsory\n");
    let replay = arbiter(&["replay", "draughts"], "1. 32-28 19-23 2. 28x19 14x23\n");
    assert_eq!(stdout(&replay), "position: W:W31,33-50:B1-13,15-18,20,23\nplies: 4\noutcome: none, white to move\n");
    let illegal = arbiter(&["replay", "draughts"], "32-28 19-23\n33-29\n");
    assert_bad_input(&illegal, "line 2: move 3: illegal move 33-29: capturing is compulsory");
}

#[test]
fn draughts_bad_input_exits_2() {
    let short = arbiter(&["judge", "draughts"], "0000000000\n0000100000\n");
    assert_bad_input(&short, "the input ends after 2 of the 20 rows");
    assert!(stdout(&short).is_empty());
    let mut rows = "0000000000\n".repeat(20);
    rows.replace_range(0..10, "0000300000");
    let bad_digit = arbiter(&["judge", "draughts"], &rows);
    assert_bad_input(&bad_digit, "line 1");
    let fen = arbiter(&["moves", "draughts", "--fen", "W:W31-51:B1-20"], "");
    assert_bad_input(&fen, "square 51 is not on the board");
}

#[test]
fn draughts_judge_warns_about_king_flags_on_empty_cells() {
    let mut input = "0000000000\n".repeat(19);
    input.push_str("1000000000\n");
    let output = arbiter(&["judge", "draughts"], &input);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "0\n");
    assert!(
        stderr(&output).contains("warning: line 20: king flag on the empty cell (10,1) ignored"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn gomoku_judge_moves_and_replay() {
    for name in ["sample", "edge-10", "edge-24", "case-001"] {
        let path = format!("{DATA}/gomoku/{name}.in");
        let expected = std::fs::read_to_string(format!("{DATA}/gomoku/{name}.out")).unwrap();
        let output = arbiter(&["judge", "gomoku", &path], "");
        assert!(output.status.success(), "{name}: {}", stderr(&output));
        assert_eq!(stdout(&output), expected, "{name}");
    }
    let bad = arbiter(&["judge", "gomoku"], "5 5 2\n1 1\n1 1\n");
    assert_bad_input(&bad, "line 3 (stone 2): (1,1) is already occupied");
    assert!(stdout(&bad).is_empty());

    let replay = arbiter(&["replay", "gomoku", "--size", "9"], "e5\nd4\nf5\nd5\ng5\nd6\nh5\nd7\ni5\n");
    assert_eq!(
        stdout(&replay),
        "position: ........./........./...o...../...o...../...oxxxxx/...o...../........./........./.........\n\
         plies: 9\noutcome: black wins by five in a row on move 9\n"
    );
    let late = arbiter(&["replay", "gomoku", "--size", "9"], "e5\nd4\nf5\nd5\ng5\nd6\nh5\nd7\ni5\na1\n");
    assert_bad_input(&late, "line 10: move 10: the game is over");
    let overline = arbiter(&["replay", "gomoku", "--rules", "renju"], "c3\na1\nd3\na2\ne3\na3\ng3\na4\nh3\na6\nf3\n");
    assert_bad_input(&overline, "line 11: move 11: illegal move f3: f3 is forbidden to Black: it makes an overline");
    let off = arbiter(&["replay", "gomoku", "--rows", "5", "--cols", "7"], "g5\nh1\n");
    assert_bad_input(&off, "line 2: move 2: illegal move h1: h1 is off the 7x5 board");

    let board = "...../...../..x../...../.....";
    let moves = arbiter(&["moves", "gomoku", "--board", board], "");
    let text = stdout(&moves);
    assert_eq!(text.lines().count(), 25);
    assert!(text.ends_with("status: white to move\n"), "{text}");
    let forbidden = arbiter(
        &[
            "moves",
            "gomoku",
            "--rules",
            "renju",
            "--board",
            "ooo..../......./..xx.../....x../....x../......./......o",
            "--forbidden",
        ],
        "",
    );
    assert_eq!(stdout(&forbidden), "e5\n");
    let none = arbiter(&["moves", "gomoku", "--rules", "renju", "--forbidden"], "");
    assert_eq!(stdout(&none), "\n");
    let wrong = arbiter(&["moves", "xiangqi", "--size", "15"], "");
    assert_bad_input(&wrong, "--size does not apply to xiangqi");
    // Xiangqi has rule books of its own.
    let wrong = arbiter(&["moves", "xiangqi", "--rules", "renju"], "");
    assert_bad_input(&wrong, "--rules: unknown rules \"renju\" (expected axf or chinese)");
}

#[test]
fn renju_forbidden_points_match_the_data() {
    let text = std::fs::read_to_string(format!("{RULES_DATA}/renju/positions.tsv")).unwrap();
    for line in text.lines().skip(1).take(5) {
        let cols: Vec<&str> = line.split('\t').collect();
        let output = arbiter(&["moves", "gomoku", "--rules", "renju", "--board", cols[1], "--forbidden"], "");
        assert_eq!(stdout(&output), format!("{}\n", cols[2]), "{}", cols[0]);
    }
}

#[test]
fn twixt_judge_moves_and_replay() {
    for name in ["sample", "edge", "edge2", "crossings-1", "crossings-2", "case-01"] {
        let path = format!("{DATA}/twixt/{name}.in");
        let expected = std::fs::read_to_string(format!("{DATA}/twixt/{name}.out")).unwrap();
        let output = arbiter(&["judge", "twixt", &path], "");
        assert!(output.status.success(), "{name}: {}", stderr(&output));
        assert_eq!(stdout(&output), expected, "{name}");
    }
    let bad = arbiter(&["judge", "twixt"], "4 5\n0 2 2 4 4 2 3 2 2 1\n4 3\n0 2 0 1 2 2\n0 0\n");
    assert_eq!(stdout(&bad), "yes\n");
    assert_bad_input(&bad, "line 4 (dataset 2, move 2): (0,1) is in black's end zone");

    // Black joins column a to column e on a 5x5 board: a3, c2, e3.
    let win = arbiter(&["replay", "twixt", "--size", "5"], "a3\nb1\nc2\nd5\ne3\n");
    assert_eq!(stdout(&win), "position: 5 b:c2,a3,e3 w:b1,d5\nplies: 5\noutcome: black wins by connection on move 5\n");
    let zone = arbiter(&["replay", "twixt", "--size", "6"], "c3\nf2\n");
    assert_bad_input(&zone, "line 2: move 2: illegal move f2: f2 is in black's end zone");
    let swap = arbiter(&["replay", "twixt", "--size", "6", "--swap"], "c4\nswap\nb5\n");
    assert_eq!(stdout(&swap), "position: 6 b:b5 w:d3\nplies: 3\noutcome: none, white to move\n");
    let no_swap = arbiter(&["replay", "twixt"], "c4\nswap\n");
    assert_bad_input(&no_swap, "line 2: move 2: illegal move swap");

    let moves = arbiter(&["moves", "twixt", "--size", "4"], "");
    assert_eq!(stdout(&moves), "a2\nb2\nc2\nd2\na3\nb3\nc3\nd3\nstatus: black to move\n");
    let bad_size = arbiter(&["moves", "twixt", "--size", "2"], "");
    assert_bad_input(&bad_size, "a TwixT board is 3 to 4096 points a side, not 2");
}

#[test]
fn replay_reads_pdn_movetext() {
    let pdn = "[Event \"club\"]\n[White \"a\"]\n1. 32-28 19-23 {a comment\nover two lines} 2. 28x19! (2. 33-29 23x34) 14x23 $1 3.31-27 *\n";
    let output = arbiter(&["replay", "draughts"], pdn);
    assert_eq!(stdout(&output), "position: B:W27,33-50:B1-13,15-18,20,23\nplies: 5\noutcome: none, black to move\n");
    let bad = arbiter(&["replay", "draughts"], "[Event \"x\"]\n1. 32-28 19-23\n2. 28-22\n");
    assert_bad_input(&bad, "line 3: move 3: illegal move 28-22");
}

#[test]
fn render_draws_what_the_browser_shows() {
    let dir = tempfile::tempdir().unwrap();
    let moves = dir.path().join("moves.txt");
    std::fs::write(&moves, "h2e2 h7e7 e2e6\n").unwrap();
    let out = dir.path().join("board.svg");
    let output = arbiter(&["render", "xiangqi", "--moves", moves.to_str().unwrap(), "-o", out.to_str().unwrap()], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"piece ").count(), 31);
    assert_eq!(svg.matches("class=\"last\"").count(), 2);
    assert!(svg.contains("帥") && svg.contains("將"));

    let gomoku = arbiter(&["render", "gomoku", "--board", "...../.xo../...../...../....."], "");
    let svg = stdout(&gomoku);
    assert_eq!(svg.matches("stone stone-").count(), 2);
    assert_eq!(svg.matches("class=\"spot\"").count(), 23);

    let twixt_moves = dir.path().join("twixt.txt");
    std::fs::write(&twixt_moves, "c4\nh8\ne5\n").unwrap();
    let twixt = arbiter(&["render", "twixt", "--size", "12", "--moves", twixt_moves.to_str().unwrap()], "");
    let svg = stdout(&twixt);
    assert_eq!(svg.matches("peg peg-").count(), 3);
    assert_eq!(svg.matches("link link-black").count(), 1);

    let draughts = arbiter(&["render", "draughts", "--fen", "W:WK46,31:B5"], "");
    let svg = stdout(&draughts);
    assert_eq!(svg.matches("class=\"piece ").count(), 3);
    assert_eq!(svg.matches("class=\"crown\"").count(), 1);

    let bad = arbiter(&["render", "draughts", "--fen", "W:W51"], "");
    assert_bad_input(&bad, "square 51");
}

/// `--rules` chooses a draughts rule set in every command (docs/cli.md): perft from
/// each start as DCTL counts it, moves written as each rule set's players write them,
/// records replayed; the judge refuses a rule set other than the contest's.
#[test]
fn draughts_rule_sets_in_every_command() {
    for (rules, count) in [
        ("brazilian", "37628"),
        ("russian", "37986"),
        ("english", "36768"),
        ("pool", "37986"),
        ("czech", "36768"),
        ("spanish", "36473"),
        ("italian", "36473"),
        ("thai", "218695"),
    ] {
        let output = arbiter(&["perft", "draughts", "--rules", rules, "--depth", "6"], "");
        assert_eq!(stdout(&output).lines().last(), Some(count), "{rules}");
    }
    let english = arbiter(&["moves", "draughts", "--rules", "english"], "");
    assert!(stdout(&english).starts_with("9-13\n"), "Black moves first: {}", stdout(&english));
    let crowned = arbiter(&["moves", "draughts", "--rules", "russian", "--fen", "W:W9:B6,11"], "");
    assert_eq!(stdout(&crowned), "b6:g5\nb6:h4\nstatus: capture compulsory\n");
    let replayed = arbiter(&["replay", "draughts", "--rules", "russian"], "c3-d4\nf6-e5\nd4:f6\n");
    assert!(stdout(&replayed).contains("position: B:W11,21,23-32:B1-10,12"), "{}", stdout(&replayed));
    assert_bad_input(&arbiter(&["perft", "draughts", "--rules", "turkish", "--depth", "2"], ""), "unknown rules");
    assert_bad_input(&arbiter(&["judge", "draughts", "--rules", "russian"], ""), "--rules russian cannot apply");
    // The contest's own rules pass on to the input (here empty, and refused for that).
    let contest = arbiter(&["judge", "draughts", "--rules", "international"], "");
    assert!(stderr(&contest).contains("the input ends"), "{}", stderr(&contest));
}
