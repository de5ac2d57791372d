//! `arbiter match` and `arbiter engine` end to end: real matches between real
//! processes in every protocol, engines that misbehave, statistics that stop a match.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const ARBITER: &str = env!("CARGO_BIN_EXE_arbiter");
const ENGINES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/engines");

fn run(args: &[&str]) -> Output {
    Command::new(ARBITER).args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs a match with `--json` and returns the output and the results.
fn play(args: &[&str], dir: &Path) -> (Output, Value) {
    let json = dir.join("results.json");
    let mut all: Vec<&str> = vec!["match"];
    all.extend_from_slice(args);
    let json_text = json.to_str().unwrap().to_owned();
    all.extend_from_slice(&["--json", &json_text]);
    let output = run(&all);
    assert!(output.status.success(), "stdout: {}\nstderr: {}", text(&output.stdout), text(&output.stderr));
    let results = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    (output, results)
}

fn games(results: &Value) -> &Vec<Value> {
    results["games"].as_array().unwrap()
}

fn script(name: &str) -> String {
    format!("{ENGINES}/{name}")
}

/// The terminations an engine's fault gives; a game ended by the rules has none of them.
const FAULTS: [&str; 6] = ["time forfeit", "stalled", "illegal move", "unreadable answer", "crash", "adjudication"];

#[test]
fn every_protocol_plays_arbiter_against_arbiter() {
    let cases: [(&str, &str, &[&str], &str); 6] = [
        ("xiangqi", "uci", &[], "[Variant \"xiangqi\"]"),
        ("xiangqi", "uci-fsf", &[], "[Format \"ICCS\"]"),
        ("xiangqi", "ucci", &[], "[FEN \"rnbakabnr/"),
        ("draughts", "hub", &[], "[GameType \"20\"]"),
        ("gomoku", "gomocup", &[], "[Rules \"standard\"]"),
        ("gomoku", "gomocup", &["--rules", "renju"], "[Rules \"renju\"]"),
    ];
    for (game, protocol, extra, tag) in cases {
        let dir = tempfile::tempdir().unwrap();
        let pgn = dir.path().join("games.pgn");
        let proto = format!("proto={protocol}");
        let mut args =
            vec![game, "--engine", "name=one", "cmd=builtin", &proto, "--engine", "name=two", "cmd=builtin", &proto];
        args.extend_from_slice(&["--depth", "1", "--games", "2", "--pgnout", pgn.to_str().unwrap()]);
        args.extend_from_slice(extra);
        let (output, results) = play(&args, dir.path());
        let played = games(&results);
        assert_eq!(played.len(), 2, "{game} over {protocol}");
        for game_result in played {
            let termination = game_result["termination"].as_str().unwrap();
            assert!(!FAULTS.contains(&termination), "{game} over {protocol}: {game_result}");
        }
        assert_eq!(played[0]["players"], serde_json::json!(["one", "two"]));
        assert_eq!(played[1]["players"], serde_json::json!(["two", "one"]), "colours swap");
        let records = std::fs::read_to_string(&pgn).unwrap();
        assert_eq!(records.matches("[Event \"arbiter match\"]").count(), 2);
        assert!(records.contains(tag), "{game} over {protocol}: {records}");
        assert!(text(&output.stdout).contains("referee: "));
    }
}

#[test]
fn a_stronger_setting_beats_a_weaker_one() {
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("openings.txt");
    std::fs::write(&openings, "h2e2 h9g7\nc3c4 g6g5\nb0c2 b9c7\n").unwrap();
    let (_, results) = play(
        &[
            "xiangqi",
            "--engine",
            "name=strong",
            "cmd=builtin",
            "proto=uci",
            "option.Depth=3",
            "option.Seed=11",
            "--engine",
            "name=weak",
            "cmd=builtin",
            "proto=uci",
            "option.Depth=1",
            "option.Seed=11",
            "--depth",
            "3",
            "--games",
            "6",
            "--concurrency",
            "2",
            "--openings",
            openings.to_str().unwrap(),
        ],
        dir.path(),
    );
    let pairing = &results["standings"]["pairings"][0];
    let tally = &pairing["tally"];
    assert_eq!(pairing["first"], "strong");
    assert!(tally["wins"].as_u64().unwrap() >= 5, "{pairing}");
    assert!(pairing["los"].as_f64().unwrap() > 0.95, "{pairing}");
    let openings_played: Vec<&str> = games(&results).iter().map(|g| g["opening"].as_str().unwrap()).collect();
    assert_eq!(openings_played[0], openings_played[1], "each opening twice");
    assert_ne!(openings_played[1], openings_played[2]);
}

/// A port nothing listens on now: `addr=` it for an engine to listen on, or
/// `listen=` it for arbiter to.
fn free_address(key: &str) -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    format!("{key}={}", listener.local_addr().unwrap())
}

#[test]
fn dxp_engines_play_over_tcp_against_each_other_and_against_hub() {
    // The second engine: over DXP, listening or connecting to arbiter, or over Hub.
    for second_engine in ["addr", "listen", "hub"] {
        let dir = tempfile::tempdir().unwrap();
        let pdn = dir.path().join("games.pdn");
        let (first, second) = (free_address("addr"), free_address(second_engine));
        let mut args = vec!["draughts", "--engine", "name=one", "cmd=builtin", "proto=dxp", &first, "args=--depth 2"];
        if second_engine == "hub" {
            args.extend_from_slice(&["--engine", "name=two", "cmd=builtin", "proto=hub", "option.depth=1"]);
        } else {
            args.extend_from_slice(&["--engine", "name=two", "cmd=builtin", "proto=dxp", &second, "args=--depth 1"]);
        }
        args.extend_from_slice(&["--tc", "60", "--games", "2", "--pgnout", pdn.to_str().unwrap()]);
        let (_, results) = play(&args, dir.path());
        let played = games(&results);
        assert_eq!(played.len(), 2);
        for game in played {
            let termination = game["termination"].as_str().unwrap();
            assert!(!FAULTS.contains(&termination), "{game}");
            assert!(game["plies"].as_u64().unwrap() > 10, "{game}");
        }
        assert_eq!(played[1]["players"], serde_json::json!(["two", "one"]), "colours swap");
        let records = std::fs::read_to_string(&pdn).unwrap();
        assert_eq!(records.matches("[GameType \"20\"]").count(), 2, "{records}");
    }
}

#[test]
fn a_dxp_match_needs_a_clock_in_minutes_one_game_at_a_time_and_an_address_each() {
    let (first, second) = (free_address("addr"), free_address("addr"));
    let engines = ["--engine", "name=a", "cmd=builtin", "proto=dxp", &first, "--engine", "name=b", "cmd=builtin"];
    let with = |more: &[&str]| -> Vec<String> {
        ["match", "draughts"].iter().chain(&engines).chain(more).map(|s| (*s).to_owned()).collect()
    };
    let refused = |more: &[&str], needle: &str| {
        let args = with(more);
        assert_refused(&args.iter().map(String::as_str).collect::<Vec<_>>(), needle);
    };
    refused(&["proto=dxp", &second, "--depth", "2"], "whole minutes");
    refused(&["proto=dxp", &second, "--tc", "30+1"], "whole minutes");
    refused(&["proto=dxp", &second, "--tc", "60", "--concurrency", "2"], "one at a time");
    refused(&["proto=dxp", &first, "--tc", "60"], "both meet arbiter on");
    refused(&["proto=dxp", &first.replace("addr=", "listen="), "--tc", "60"], "both meet arbiter on");
    refused(&["proto=dxp", "--tc", "60"], "addr=HOST:PORT");
    refused(&["proto=hub", &second, "--tc", "60"], "addr= and listen= are for dxp");
    assert_refused(&["engine", "draughts", "--protocol", "hub", "--listen", "127.0.0.1:1"], "are for dxp");
    assert_refused(&["engine", "draughts", "--protocol", "hub", "--connect", "127.0.0.1:1"], "are for dxp");
    assert_refused(&["serve", "--engine", "cmd=builtin", "proto=dxp", &first], "play it with arbiter match");
    assert_refused(&["serve", "--engine", "cmd=builtin", "proto=uci", "ponder=true"], "ponder=true is for matches");
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("served.db").display());
    let serve = ["serve", "--addr", "127.0.0.1:0", "--database", &database, "--engine", "name=x", "proto=uci"];
    assert_refused(&[&serve[..], &["cmd=/nonexistent/engine"]].concat(), "engine x: cannot start the engine");
    assert_refused(&[&serve[..], &["cmd=builtin", "option.Dpth=2"]].concat(), "offers no option \"Dpth\"");
    assert!(!dir.path().join("served.db").exists(), "the engines are tried before the database is made");
}

#[test]
fn a_clock_with_periods_gives_the_base_again_after_each_period() {
    let periodic = format!("args={}", script("periodic.sh"));
    let engines = ["--engine", "name=a", "cmd=/bin/sh", &periodic, "proto=uci"];
    let match_with = |tc: &str| {
        let dir = tempfile::tempdir().unwrap();
        let pgn = dir.path().join("games.pgn");
        let mut args = vec!["xiangqi"];
        args.extend_from_slice(&engines);
        args.extend_from_slice(&["--engine", "name=b", "cmd=/bin/sh", &periodic, "proto=uci"]);
        args.extend_from_slice(&["--tc", tc, "--margin", "50", "--games", "1", "--pgnout", pgn.to_str().unwrap()]);
        let (_, results) = play(&args, dir.path());
        (games(&results)[0].clone(), std::fs::read_to_string(&pgn).unwrap())
    };
    let (game, record) = match_with("2/1.5");
    assert_eq!(game["termination"], "repetition", "{game}");
    assert!(record.contains("[TimeControl \"2/1.5\"]"), "{record}");
    let (game, _) = match_with("1.5");
    assert_eq!(game["termination"], "time forfeit", "without periods the same play runs out: {game}");
}

#[test]
fn an_engine_that_ponders_is_told_when_its_guess_came() {
    for (game, protocol, depth) in [
        ("xiangqi", "uci", "option.Depth=2"),
        ("xiangqi", "ucci", "option.depth=2"),
        ("draughts", "hub", "option.depth=2"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let proto = format!("proto={protocol}");
        let mut args = vec![game, "--engine", "name=one", "cmd=builtin", &proto, "ponder=true", depth];
        args.extend_from_slice(&["--engine", "name=two", "cmd=builtin", &proto, depth, "option.seed=5"]);
        args.extend_from_slice(&["--tc", "20+0.1", "--games", "2"]);
        let (_, results) = play(&args, dir.path());
        let mut hits = [0, 0];
        for game_result in games(&results) {
            let termination = game_result["termination"].as_str().unwrap();
            assert!(!FAULTS.contains(&termination), "{protocol}: {game_result}");
            let one = game_result["players"].as_array().unwrap().iter().position(|p| p == "one").unwrap();
            hits[0] += game_result["ponder_hits"][one].as_u64().unwrap();
            hits[1] += game_result["ponder_hits"][1 - one].as_u64().unwrap();
        }
        assert!(hits[0] > 0, "{protocol}: the pondering engine guessed right sometimes: {results}");
        assert_eq!(hits[1], 0, "{protocol}: the other never pondered");
    }
}

#[test]
fn debug_prints_every_line_to_and_from_each_engine() {
    let dir = tempfile::tempdir().unwrap();
    let (output, _) = play(
        &[
            "draughts",
            "--engine",
            "name=left",
            "cmd=builtin",
            "proto=hub",
            "--engine",
            "name=right",
            "cmd=builtin",
            "proto=hub",
            "--depth",
            "1",
            "--games",
            "1",
            "--debug",
        ],
        dir.path(),
    );
    let err = text(&output.stderr);
    for needle in ["] left > hub", "] left < wait", "] right > go think", "] right < done move="] {
        assert!(err.contains(needle), "{needle:?} in {err}");
    }
    let timed = err.lines().filter(|l| l.starts_with('[')).count();
    assert!(timed > 20 && timed == err.lines().count(), "every line is an engine's, with its time: {err}");
}

#[test]
fn openings_in_random_order_come_the_same_way_for_the_same_seed() {
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("openings.txt");
    let lines = ["h2e2", "c3c4", "b0c2", "g3g4", "h2d2", "b2e2"];
    std::fs::write(&openings, lines.join("\n")).unwrap();
    let order = |extra: &[&str]| {
        let mut args = vec!["xiangqi", "--engine", "name=a", "cmd=builtin", "proto=uci", "--engine", "name=b"];
        args.extend_from_slice(&["cmd=builtin", "proto=uci", "--depth", "1", "--games", "12"]);
        args.extend_from_slice(&["--openings", openings.to_str().unwrap()]);
        args.extend_from_slice(extra);
        let (output, results) = play(&args, dir.path());
        let played: Vec<String> = games(&results).iter().map(|g| g["opening"].as_str().unwrap().to_owned()).collect();
        (text(&output.stdout) + &format!("seed in the results: {}", results["openings_seed"]), played)
    };
    let (_, sequential) = order(&[]);
    assert_eq!(sequential.iter().step_by(2).collect::<Vec<_>>(), lines, "the file's order, each twice");
    let (stdout, first) = order(&["--openings-order", "random", "--seed", "7"]);
    assert!(stdout.contains("openings in random order: --seed 7"), "{stdout}");
    assert!(stdout.contains("seed in the results: 7"), "{stdout}");
    let (_, again) = order(&["--openings-order", "random", "--seed", "7"]);
    assert_eq!(first, again, "the same seed, the same order");
    assert_ne!(first, sequential, "seed 7 changes the order");
    let mut each: Vec<&String> = first.iter().step_by(2).collect();
    each.sort();
    let mut expected = lines.to_vec();
    expected.sort_unstable();
    assert_eq!(each, expected, "every opening once, each played twice");
    assert_refused(
        &["match", "xiangqi", "--engine", "cmd=builtin", "proto=uci", "--engine", "name=b", "cmd=builtin", "proto=uci"]
            .into_iter()
            .chain(["--depth", "1", "--openings", openings.to_str().unwrap(), "--seed", "3"])
            .collect::<Vec<_>>(),
        "add --openings-order random",
    );
}

/// Plays arbiter's engine against a misbehaving one, two games, and returns them.
fn against(script_name: &str, limit: &[&str]) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let script_args = format!("args={} {ARBITER}", script(script_name));
    let mut args = vec!["xiangqi", "--engine", "name=arbiter", "cmd=builtin", "proto=uci", "option.Depth=1"];
    args.extend_from_slice(&["--engine", "name=bad", "cmd=/bin/sh", &script_args, "proto=uci", "--games", "2"]);
    args.extend_from_slice(limit);
    let (_, results) = play(&args, dir.path());
    games(&results).clone()
}

#[track_caller]
fn assert_lost_by_bad(games: &[Value], termination: &str, detail: &str) {
    assert_eq!(games.len(), 2, "the match goes on after the fault");
    for game in games {
        assert_eq!(game["termination"], termination, "{game}");
        let bad_side = game["players"].as_array().unwrap().iter().position(|p| p == "bad").unwrap();
        let expected = if bad_side == 0 { "0-1" } else { "1-0" };
        assert_eq!(game["result"], expected, "{game}");
        assert!(game["detail"].as_str().unwrap().contains(detail), "{game}");
    }
}

#[test]
fn an_illegal_move_loses_with_the_rules_reason() {
    let games = against("illegal.sh", &["--movetime", "200"]);
    assert_lost_by_bad(&games, "illegal move", "played a0a5");
}

#[test]
fn an_engine_that_sleeps_past_its_time_loses_on_time() {
    let games = against("sleeper.sh", &["--tc", "0.5+0.1", "--margin", "50"]);
    assert_lost_by_bad(&games, "time forfeit", "ms left");
}

#[test]
fn an_engine_that_hangs_in_a_depth_search_is_stalled() {
    let games = against("sleeper.sh", &["--depth", "2", "--timeout", "300"]);
    assert_lost_by_bad(&games, "stalled", "gave no move in 300 ms");
}

#[test]
fn an_engine_that_dies_mid_game_loses_and_is_restarted() {
    let games = against("exiter.sh", &["--depth", "1"]);
    assert_lost_by_bad(&games, "crash", "stopped");
    // What it last wrote on its standard error is in the report.
    assert_lost_by_bad(&games, "crash", "it last wrote \"assertion failed: the board is broken\"");
    for game in &games {
        assert!(game["plies"].as_u64().unwrap() >= 4, "it played before it died: {game}");
    }
}

#[test]
fn an_engine_that_talks_nonsense_loses() {
    let games = against("garbage.sh", &["--movetime", "200"]);
    assert_lost_by_bad(&games, "unreadable answer", "走马");
}

#[test]
fn renju_forbidden_points_lose_for_black() {
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("renju.txt");
    // Black's f8, g8, h9 and h10 make h8 a double three.
    std::fs::write(&openings, "f8 a1 g8 a2 h9 a3 h10 a4\n").unwrap();
    let (_, results) = play(
        &[
            "gomoku",
            "--rules",
            "renju",
            "--engine",
            "name=bad",
            "cmd=/bin/sh",
            &format!("args={}", script("forbidden.sh")),
            "proto=gomocup",
            "--engine",
            "name=arbiter",
            "cmd=builtin",
            "proto=gomocup",
            "--movetime",
            "200",
            "--games",
            "1",
            "--openings",
            openings.to_str().unwrap(),
        ],
        dir.path(),
    );
    let game = &games(&results)[0];
    assert_eq!(game["termination"], "illegal move", "{game}");
    assert!(game["detail"].as_str().unwrap().contains("forbidden to Black"), "{game}");
    assert_eq!(game["result"], "0-1");
}

#[test]
fn swap2_is_played_through_swap2board_and_other_rules_from_openings() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    let engines = [
        "--engine",
        "name=one",
        "cmd=builtin",
        "proto=gomocup",
        "--engine",
        "name=two",
        "cmd=builtin",
        "proto=gomocup",
    ];
    let mut args = vec!["gomoku", "--opening", "swap2"];
    args.extend_from_slice(&engines);
    args.extend_from_slice(&["--depth", "1", "--games", "2", "--pgnout", pgn.to_str().unwrap()]);
    let (_, results) = play(&args, dir.path());
    for game in games(&results) {
        let termination = game["termination"].as_str().unwrap();
        assert!(!FAULTS.contains(&termination), "{game}");
    }
    let records = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(records.matches("[Opening \"swap2\"]").count(), 2, "{records}");
    // Each game's first three stones came from one answer, and the second engine chose.
    assert!(records.contains("1. h8 "), "{records}");
    // Soosõrv-8 has no Gomocup command: refused from the start, played from openings
    // that go past its opening.
    let mut refused = vec!["match", "gomoku", "--rules", "renju", "--opening", "soosorv-8"];
    refused.extend_from_slice(&engines);
    refused.extend_from_slice(&["--depth", "1", "--games", "2"]);
    let output = run(&refused);
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains("no command for the Soosõrv-8 opening rule's steps"),
        "{}",
        text(&output.stderr)
    );
    let openings = dir.path().join("soosorv.txt");
    std::fs::write(
        &openings,
        "h8 i9 j8 f10 declare:1 offer:g7 choose:g7\nh8 h9 h10 swap j7 declare:2 swap offer:g9 offer:i7 choose:i7\n",
    )
    .unwrap();
    let mut args =
        vec!["gomoku", "--rules", "renju", "--opening", "soosorv-8", "--openings", openings.to_str().unwrap()];
    args.extend_from_slice(&engines);
    args.extend_from_slice(&["--depth", "1", "--games", "4"]);
    let (_, results) = play(&args, dir.path());
    assert_eq!(games(&results).len(), 4);
    for game in games(&results) {
        let termination = game["termination"].as_str().unwrap();
        assert!(!FAULTS.contains(&termination), "{game}");
    }
}

#[test]
fn sprt_stops_the_match_once_it_has_decided() {
    let dir = tempfile::tempdir().unwrap();
    let (output, results) = play(
        &[
            "xiangqi",
            "--engine",
            "name=strong",
            "cmd=builtin",
            "proto=uci",
            "option.Depth=3",
            "option.Seed=5",
            "--engine",
            "name=weak",
            "cmd=builtin",
            "proto=uci",
            "option.Depth=1",
            "option.Seed=5",
            "--depth",
            "3",
            "--games",
            "200",
            "--sprt",
            "elo0=0",
            "elo1=150",
            "alpha=0.1",
            "beta=0.1",
        ],
        dir.path(),
    );
    assert_eq!(results["stopped_early"], true);
    assert_eq!(results["standings"]["sprt"]["verdict"], "h1");
    assert!(games(&results).len() < 200);
    assert!(text(&output.stdout).contains("H1 accepted"));
}

#[test]
fn adjudication_ends_lost_games_by_score() {
    let dir = tempfile::tempdir().unwrap();
    let (_, results) = play(
        &[
            "xiangqi",
            "--engine",
            "name=strong",
            "cmd=builtin",
            "proto=uci",
            "option.Depth=3",
            "--engine",
            "name=weak",
            "cmd=builtin",
            "proto=uci",
            "option.Depth=1",
            "--depth",
            "3",
            "--games",
            "2",
            "--resign",
            "movecount=2",
            "score=400",
        ],
        dir.path(),
    );
    for game in games(&results) {
        assert_eq!(game["termination"], "adjudication", "{game}");
        assert!(game["detail"].as_str().unwrap().contains("resigns"));
    }
}

#[test]
fn several_engines_meet_in_a_round_robin_or_a_gauntlet() {
    for (tournament, pairings) in [("round-robin", 3), ("gauntlet", 2)] {
        let dir = tempfile::tempdir().unwrap();
        let (_, results) = play(
            &[
                "draughts",
                "--tournament",
                tournament,
                "--engine",
                "name=a",
                "cmd=builtin",
                "proto=hub",
                "option.depth=1",
                "--engine",
                "name=b",
                "cmd=builtin",
                "proto=hub",
                "option.depth=1",
                "--engine",
                "name=c",
                "cmd=builtin",
                "proto=hub",
                "option.depth=1",
                "--nodes",
                "200",
                "--games",
                "2",
            ],
            dir.path(),
        );
        assert_eq!(results["standings"]["pairings"].as_array().unwrap().len(), pairings, "{tournament}");
        assert_eq!(games(&results).len(), pairings * 2);
    }
}

#[test]
fn engines_come_from_a_toml_file() {
    let dir = tempfile::tempdir().unwrap();
    let file: PathBuf = dir.path().join("engines.toml");
    std::fs::write(
        &file,
        "[[engine]]\nname = \"deep\"\ncmd = \"builtin\"\nprotocol = \"gomocup\"\noptions = { depth = 2 }\n\n\
         [[engine]]\nname = \"shallow\"\ncmd = \"builtin\"\nprotocol = \"gomocup\"\noptions = { depth = 1 }\n",
    )
    .unwrap();
    let (_, results) = play(
        &[
            "gomoku",
            "--engines-file",
            file.to_str().unwrap(),
            "--engine",
            "conf=deep",
            "--engine",
            "conf=shallow",
            "--movetime",
            "100",
        ],
        dir.path(),
    );
    assert_eq!(games(&results)[0]["players"], serde_json::json!(["deep", "shallow"]));
}

#[track_caller]
fn assert_refused(args: &[&str], needle: &str) {
    let output = run(args);
    let err = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(err.contains(needle), "{err:?} should mention {needle:?}");
}

/// Hub's `pos` and DXP's game request write the fifty squares of the 10x10 board, and
/// DXP's game request names no rule set (docs/matches.md): a match of draughts on an
/// 8x8 board with a Hub or DXP engine, or under Killer draughts with a DXP one, is
/// refused before any engine starts, naming the engine.
#[test]
fn hub_and_dxp_engines_are_refused_for_rule_sets_they_cannot_carry() {
    for rules in ["russian", "brazilian", "english"] {
        assert_refused(
            &[
                "match",
                "draughts",
                "--rules",
                rules,
                "--engine",
                "name=scan",
                "cmd=builtin",
                "proto=hub",
                "--engine",
                "name=b",
                "cmd=builtin",
                "proto=hub",
                "--depth",
                "1",
            ],
            "engine scan: hub carries draughts on the 10x10 board only; this game's board is 8x8",
        );
    }
    for (rules, refusal) in [
        ("russian", "engine kingsrow: dxp carries draughts on the 10x10 board only; this game's board is 8x8"),
        ("killer", "engine kingsrow: dxp carries the international rules only: not the killer rules"),
    ] {
        let address = free_address("addr");
        assert_refused(
            &[
                "match",
                "draughts",
                "--rules",
                rules,
                "--engine",
                "name=kingsrow",
                "cmd=builtin",
                "proto=dxp",
                &address,
                "--engine",
                "name=a",
                "cmd=/nonexistent/engine",
                "proto=hub",
                "--tc",
                "60",
            ],
            // Refused before any engine starts: the engine that cannot start is not tried.
            refusal,
        );
    }
}

/// Hub carries Killer draughts, Breakthrough, Frisian draughts and Antidraughts, the
/// engine told which by `set-param name=variant` (Scan's `killer`, `bt`, `frisian`,
/// `losing`): arbiter's engine plays itself under each, every game ended by the rules
/// and recorded under the rule set.
#[test]
fn hub_carries_the_ten_by_ten_rule_sets_its_variant_names() {
    for (rules, tag) in [
        ("killer", "[GameType \"20\"]"),
        ("breakthrough", "[GameType \"96\"]"),
        ("frisian", "[GameType \"40\"]"),
        ("antidraughts", "[GameType \"98\"]"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let pdn = dir.path().join("games.pdn");
        let (output, results) = play(
            &[
                "draughts",
                "--rules",
                rules,
                "--engine",
                "name=one",
                "cmd=builtin",
                "proto=hub",
                "--engine",
                "name=two",
                "cmd=builtin",
                "proto=hub",
                "--depth",
                "1",
                "--games",
                "2",
                "--debug",
                "--pgnout",
                pdn.to_str().unwrap(),
            ],
            dir.path(),
        );
        for game in games(&results) {
            let termination = game["termination"].as_str().unwrap();
            assert!(!FAULTS.contains(&termination), "{rules}: {game}");
        }
        let variant = ["killer", "bt", "frisian", "losing"]
            [["killer", "breakthrough", "frisian", "antidraughts"].iter().position(|r| *r == rules).unwrap()];
        let said = format!("set-param name=variant value={variant}");
        assert!(text(&output.stderr).contains(&said), "{rules}: {said} in {}", text(&output.stderr));
        let records = std::fs::read_to_string(&pdn).unwrap();
        assert_eq!(records.matches(tag).count(), 2, "{rules}: {records}");
    }
}

/// An engine that declares no Hub `variant` plays the international rules only (Hub's
/// specification: the engine declares its parameters, the GUI sets them): a Killer
/// match with it stops at its start, in one line that says why; an `option.variant=`
/// that is not the game's is refused the same way.
#[test]
fn a_hub_engine_without_the_games_variant_is_refused_at_its_start() {
    let plain = format!("args={}", script("hub-international.sh"));
    assert_refused(
        &[
            "match",
            "draughts",
            "--rules",
            "killer",
            "--engine",
            "name=plain",
            "cmd=/bin/sh",
            &plain,
            "proto=hub",
            "--engine",
            "name=b",
            "cmd=builtin",
            "proto=hub",
            "--depth",
            "1",
        ],
        "engine plain: cannot start the engine: it declares no variant parameter, so it plays international draughts only, not killer",
    );
    assert_refused(
        &[
            "match",
            "draughts",
            "--rules",
            "antidraughts",
            "--engine",
            "name=a",
            "cmd=builtin",
            "proto=hub",
            "option.variant=killer",
            "--engine",
            "name=b",
            "cmd=builtin",
            "proto=hub",
            "--depth",
            "1",
        ],
        "option variant=killer is not the game's: the antidraughts rules are variant=losing",
    );
}

/// The plies of a draughts record's games (PDN, under `rules`) at which the side to move
/// had a king rested by Frisian draughts' article 17 (three simple moves in a row with
/// it, while its side has men), each game replayed with its history.
fn plies_with_a_rested_king(rules: &str, pdn: &str) -> usize {
    use arbiter::{AnyGame, AnyHistory, GameKind, GameOptions, LookBack, OptionsInput};
    let mut rested = 0;
    for record in pdn.split("[Event ").skip(1) {
        let mut input = OptionsInput::new().with("rules", rules);
        if let Some(fen) = record.lines().find_map(|l| l.strip_prefix("[FEN \"")?.strip_suffix("\"]")) {
            input = input.with("fen", fen);
        }
        let options = GameOptions::new(GameKind::Draughts, &input).unwrap();
        let movetext: String = record.lines().filter(|l| !l.starts_with('[')).collect::<Vec<_>>().join(" ");
        let mut plain = String::new();
        let mut depth = 0;
        for c in movetext.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        let mut game = AnyGame::new(&options);
        for word in plain.split_whitespace() {
            if word.ends_with('.') || !word.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                continue;
            }
            if game.play_text(word).is_err() {
                break; // the result (2-0, 1-1, ...)
            }
            let AnyHistory::Draughts(history) = game.history() else { unreachable!("a draughts game") };
            rested += usize::from(history.position().restricts(history.memory()));
        }
    }
    rested
}

/// The count the Scan matches report: White's king on 46 has made three simple moves in
/// a row (46-41, 41-46, 46-41) while White has a man, so at the last ply it rests.
#[test]
fn a_rested_king_is_counted_in_a_record() {
    let pdn = "[Event \"x\"]\n[FEN \"W:WK46,50:BK9\"]\n\n1. 46-41 9-4 2. 41-46 4-9 3. 46-41 {-0.1/4 0.01s} 9-4 *\n";
    assert_eq!(plies_with_a_rested_king("frisian", pdn), 1);
    assert_eq!(plies_with_a_rested_king("frisian", &pdn.replace("3. 46-41", "3. 50-45")), 0);
}

/// Scan 3.1 through Hub under each rule set it shares with arbiter (its variants
/// `killer`, `bt`, `frisian`, `losing`), against arbiter's engine: every Scan move goes
/// through the referee, and every game must end by the rules, with the result they
/// give. Scan is not part of arbiter: `ARBITER_SCAN` names its binary, built as
/// docs/matches.md says, in a folder with its `scan.ini` and `data/` (the all-zero
/// `eval_killer`, `eval_bt`, `eval_frisian`, `eval_losing` let it start). Scan's Frisian
/// opening book (`data/book_frisian`) is left out of the snapshot it is built from, so
/// it plays Frisian draughts with `option.book=false`. In Frisian draughts Scan counts the same
/// king's simple moves in a row from the moves of `pos`, as the referee does (article
/// 17): a move past the limit would be refused and lose the game (`illegal move`). The
/// Frisian games are played from the start and from a position where each side has a
/// king and men and White's man cannot move, so that the limit binds.
#[test]
#[ignore = "needs Scan 3.1: ARBITER_SCAN names its binary (docs/matches.md)"]
fn scan_plays_killer_breakthrough_frisian_and_antidraughts_through_hub() {
    let scan = std::env::var("ARBITER_SCAN").expect("ARBITER_SCAN names Scan's binary");
    let folder = Path::new(&scan).parent().expect("Scan's folder").to_str().unwrap().to_owned();
    let games_each = std::env::var("ARBITER_SCAN_GAMES").unwrap_or_else(|_| "4".to_owned());
    let plays = [
        ("killer", None),
        ("breakthrough", None),
        ("frisian", None),
        // White's man on 46 is blocked by 41 and 37: its king moves, three times at most.
        ("frisian", Some("W:WK5,46:B37,41,K26")),
        ("antidraughts", None),
    ];
    let mut rested = 0;
    for (rules, fen) in plays {
        let dir = tempfile::tempdir().unwrap();
        let pdn = dir.path().join("games.pdn");
        let (cmd, folder_arg) = (format!("cmd={scan}"), format!("dir={folder}"));
        let mut scan_words = vec!["name=scan", &cmd, "args=hub", &folder_arg, "proto=hub"];
        if rules == "frisian" {
            let eval = Path::new(&folder).join("data/eval_frisian");
            assert!(
                eval.exists(),
                "{} is missing: an all-zero file of 8,503,280 bytes lets Scan start",
                eval.display()
            );
            scan_words.push("option.book=false");
        }
        let mut args = vec!["draughts", "--rules", rules, "--engine", "name=arbiter", "cmd=builtin", "proto=hub"];
        args.push("--engine");
        args.extend_from_slice(&scan_words);
        // A fast clock; the margin keeps a loaded machine (Scan answered 0.1 s late with
        // 2+0.05 and the default 100 ms while others were compiling) from losing games on
        // time that the test means to end by the rules.
        args.extend_from_slice(&["--tc", "3+0.05", "--margin", "1000", "--games", &games_each]);
        args.extend_from_slice(&["--pgnout", pdn.to_str().unwrap()]);
        if let Some(fen) = fen {
            args.extend_from_slice(&["--fen", fen]);
        }
        let (_, results) = play(&args, dir.path());
        let played = games(&results);
        assert_eq!(played.len().to_string(), games_each, "{rules}");
        for game in played {
            let termination = game["termination"].as_str().unwrap();
            assert!(!FAULTS.contains(&termination), "{rules}: {game}");
            let from = fen.map_or_else(String::new, |fen| format!(" from {fen}"));
            eprintln!(
                "{rules}{from}: {} {} {termination} after {} plies",
                game["players"], game["result"], game["plies"]
            );
        }
        // Each record is read back and checked, every move, under the rule set, and its
        // result is the one the rules give.
        let checked = run(&["check", "draughts", "--rules", rules, pdn.to_str().unwrap()]);
        let report = text(&checked.stdout);
        assert!(checked.status.success(), "{rules}: {report}{}", text(&checked.stderr));
        let agree = format!("recorded result: {games_each} agree, 0 differ, 0 not decided by the rules");
        assert!(report.contains(&agree), "{rules}: {report}");
        if rules == "frisian" {
            rested += plies_with_a_rested_king(rules, &std::fs::read_to_string(&pdn).unwrap());
        }
    }
    eprintln!("frisian: {rested} plies at which the side to move had a king rested by article 17");
    assert!(rested > 0, "the limit on a king's simple moves never bound");
}

#[test]
fn a_match_that_cannot_be_played_is_refused_in_one_line() {
    let builtin = ["--engine", "name=a", "cmd=builtin", "proto=uci"];
    let mut args = vec!["match", "xiangqi"];
    args.extend_from_slice(&builtin);
    args.extend_from_slice(&["--engine", "name=b", "cmd=/nonexistent/engine", "proto=uci", "--depth", "1"]);
    assert_refused(&args, "engine b: cannot start the engine");
    assert_refused(
        &["match", "xiangqi", "--engine", "cmd=builtin", "proto=hub", "--engine", "cmd=x", "proto=hub", "--depth", "1"],
        "plays draughts, not xiangqi",
    );
    assert_refused(
        &["match", "xiangqi", "--engine", "cmd=builtin", "proto=xboard", "--depth", "1"],
        "unknown protocol",
    );
    assert_refused(
        &[
            "match",
            "xiangqi",
            "--engine",
            "name=a",
            "cmd=builtin",
            "proto=uci",
            "--engine",
            "name=a",
            "cmd=builtin",
            "proto=uci",
            "--depth",
            "1",
        ],
        "two engines are named",
    );
    assert_refused(
        &[
            "match",
            "xiangqi",
            "--engine",
            "name=a",
            "cmd=builtin",
            "proto=uci",
            "--engine",
            "name=b",
            "cmd=builtin",
            "proto=uci",
        ],
        "needs a limit",
    );
    assert_refused(
        &[
            "match",
            "xiangqi",
            "--engine",
            "name=a",
            "cmd=builtin",
            "proto=uci",
            "--engine",
            "name=b",
            "cmd=builtin",
            "proto=uci",
            "--tc",
            "fast",
        ],
        "--tc",
    );
    assert_refused(
        &[
            "match",
            "xiangqi",
            "--engine",
            "name=a",
            "cmd=builtin",
            "proto=uci",
            "--engine",
            "name=b",
            "cmd=builtin",
            "proto=uci",
            "--depth",
            "1",
            "--sprt",
            "elo0=5",
        ],
        "--sprt",
    );
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("bad.txt");
    std::fs::write(&openings, "h2e2\nh2e2 h9g7 z9z9\n").unwrap();
    assert_refused(
        &[
            "match",
            "xiangqi",
            "--engine",
            "name=a",
            "cmd=builtin",
            "proto=uci",
            "--engine",
            "name=b",
            "cmd=builtin",
            "proto=uci",
            "--depth",
            "1",
            "--openings",
            openings.to_str().unwrap(),
        ],
        "line 2",
    );
    assert_refused(&["engine", "twixt", "--protocol", "uci"], "no engine protocol is in use");
    for (game, protocol, option) in [
        ("xiangqi", "uci", "option.Dpth=3"),
        ("xiangqi", "ucci", "option.dpth=3"),
        ("draughts", "hub", "option.dpth=3"),
    ] {
        let proto = format!("proto={protocol}");
        assert_refused(
            &["match", game, "--engine", "cmd=builtin", &proto, option, "--engine", "name=b", "cmd=builtin", &proto]
                .into_iter()
                .chain(["--depth", "1"])
                .collect::<Vec<_>>(),
            "offers no option \"",
        );
    }
}
