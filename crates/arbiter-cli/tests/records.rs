//! `arbiter check` and `arbiter convert` on real records: samples kept in the repository
//! (see `tests/data/records/SOURCES.md`), and the full archives of `../shared/archives/`
//! when they are there.

use std::path::Path;

use arbiter::xiangqi::{ChaseRules, Position, START_FEN, Settings};
use arbiter::{Game, GameKind, OptionsInput, Outcome, Side, WithHistory};
use arbiter_formats::record::{read_games, replay};
use std::process::{Command, Output};

const RECORDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records");
const ARCHIVES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/archives");

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter")).args(args).output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn sample(name: &str) -> String {
    format!("{RECORDS}/{name}")
}

fn last_line(output: &Output) -> String {
    stdout(output).lines().last().unwrap_or("").to_owned()
}

#[test]
fn xiangqi_master_games_check_with_their_one_recording_error() {
    let output = arbiter(&["check", "-v", "xiangqi", &sample("ccpd_sample.pgn")]);
    assert_eq!(output.status.code(), Some(1), "a refused game: status 1");
    let text = stdout(&output);
    assert_eq!(
        last_line(&output),
        "47 games: 46 legal to the end, 1 refused; recorded result: 0 agree, 1 differ, 45 not decided by the rules"
    );
    assert!(
        text.contains("ccpd_sample.pgn:2970: game 45 (尚威 vs 胡榮華): move 35...: illegal move 士６進５: no legal move of black fits it"),
        "{text}"
    );
    assert!(
        text.contains("game 47 (李來群 vs 張宏群): recorded 1/2-1/2, the rules say red wins by checkmate"),
        "{text}"
    );
}

#[test]
fn big5_with_crlf_and_gb18030_are_detected() {
    let utf8 = arbiter(&["check", "xiangqi", &sample("ccpd_sample.pgn")]);
    let big5 = arbiter(&["check", "xiangqi", &sample("ccpd_sample.big5.pgn")]);
    assert_eq!(last_line(&big5), last_line(&utf8));
    let forced = arbiter(&["check", "--encoding", "big5", "xiangqi", &sample("ccpd_sample.big5.pgn")]);
    assert_eq!(last_line(&forced), last_line(&utf8));
    let gb = arbiter(&["check", "xiangqi", &sample("wukong_chinese.gb18030.pgn")]);
    let plain = arbiter(&["check", "xiangqi", &sample("wukong_chinese.pgn")]);
    assert_eq!(last_line(&gb), last_line(&plain));
    assert!(last_line(&gb).starts_with("15 games: 15 legal to the end"));
    let wrong = arbiter(&["check", "--encoding", "utf-8", "xiangqi", &sample("ccpd_sample.big5.pgn")]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("not UTF-8 text"));
}

/// The moves of every game of a record, as ICCS, by `arbiter convert`.
fn iccs_moves(file: &str) -> Vec<Vec<String>> {
    let output = arbiter(&["convert", "xiangqi", "--to", "iccs", file]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = stdout(&output);
    text.split("\n\n[")
        .map(|game| {
            game.lines()
                .filter(|l| !l.starts_with('['))
                .flat_map(str::split_whitespace)
                .filter(|w| w.contains('-') && !w.ends_with('.') && w.len() == 5)
                .map(str::to_owned)
                .collect()
        })
        .collect()
}

#[test]
fn the_same_games_read_the_same_in_iccs_wxf_and_chinese() {
    let iccs = iccs_moves(&sample("wukong_iccs.pgn"));
    let wxf = iccs_moves(&sample("wukong_wxf.pgn"));
    let chinese = iccs_moves(&sample("wukong_chinese.pgn"));
    assert_eq!(iccs.len(), 15);
    assert_eq!(wxf, chinese, "WXF and Chinese notation give the same moves");
    // The ICCS file differs in one move: game 2, move 36, where WXF writes -P+1 and
    // Chinese 后兵进一, the rear of the two soldiers on the file (e3), and the ICCS file
    // the front one (e5).
    for (game, (a, b)) in iccs.iter().zip(&wxf).enumerate() {
        let differing: Vec<usize> = (0..a.len().max(b.len())).filter(|&i| a.get(i) != b.get(i)).collect();
        if game == 1 {
            assert_eq!(differing, [70]);
            assert_eq!((a[70].as_str(), b[70].as_str()), ("E5-E6", "E3-E4"));
        } else {
            assert!(differing.is_empty(), "game {}: {differing:?}", game + 1);
        }
    }
}

#[test]
fn converting_to_each_notation_and_back_keeps_the_moves() {
    let dir = tempfile::tempdir().unwrap();
    let mut file = sample("ccpd_sample.pgn");
    let first = {
        let output = arbiter(&["convert", "xiangqi", "--skip-refused", "--to", "iccs", &file]);
        assert_eq!(output.status.code(), Some(1), "the refused game is named and left out");
        assert!(String::from_utf8_lossy(&output.stderr).contains("game 45: move 35...: illegal move 士６進５"));
        stdout(&output)
    };
    let path = dir.path().join("0.pgn");
    std::fs::write(&path, &first).unwrap();
    file = path.to_str().unwrap().to_owned();
    for (step, notation) in ["wxf", "chinese", "chinese-traditional", "iccs"].iter().enumerate() {
        let output = arbiter(&["convert", "xiangqi", "--to", notation, &file]);
        assert!(output.status.success(), "{notation}: {}", String::from_utf8_lossy(&output.stderr));
        let path = dir.path().join(format!("{}.pgn", step + 1));
        std::fs::write(&path, stdout(&output)).unwrap();
        file = path.to_str().unwrap().to_owned();
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), first, "ICCS, WXF, Chinese, traditional, ICCS");
    assert!(first.contains("[Format \"ICCS\"]") && first.contains("1. H2-E2 H9-G7"));
}

#[test]
fn pdn_as_archives_write_it() {
    let output = arbiter(&["check", "draughts", &sample("draughts_styles.pdn")]);
    assert_eq!(
        last_line(&output),
        "4 games: 4 legal to the end, 0 refused; recorded result: 0 agree, 0 differ, 4 not decided by the rules"
    );
    // Game 4's [GameType "21"] makes it English draughts; asked for international
    // draughts, the record is refused by name.
    let international = arbiter(&["check", "draughts", "--rules", "international", &sample("draughts_styles.pdn")]);
    let text = stdout(&international);
    assert!(
        text.contains("game 4 (? vs ?): [GameType \"21\"] is English draughts (checkers), not International draughts"),
        "{text}"
    );
    let converted = arbiter(&["convert", "draughts", "--skip-refused", "--to", "pdn", &sample("draughts_styles.pdn")]);
    let pdn = stdout(&converted);
    assert!(pdn.contains("6. 42-38 3-8 7. 48-42 20-25"), "padded squares come out plain: {pdn}");
    assert!(pdn.contains("1. 33-29 19-23 2. 35-30 13-19 3. 38-33 8-13 *"), "zero-led squares too: {pdn}");
}

#[test]
fn gomoku_and_twixt_records_check() {
    let psq = arbiter(&["check", "gomoku", &sample("gomoku.psq")]);
    assert!(last_line(&psq).starts_with("1 games: 1 legal to the end"), "{}", stdout(&psq));
    let json = tempfile::NamedTempFile::new().unwrap();
    let twixt = arbiter(&[
        "check",
        "--json",
        json.path().to_str().unwrap(),
        "twixt",
        &sample("twixtbot-ui_game2206555.tsgf"),
        &sample("twixtbot-ui_game2209801.tsgf"),
        &sample("twixtbot-ui_drawngame.T1"),
    ]);
    assert!(twixt.status.success());
    assert!(last_line(&twixt).starts_with("3 games: 3 legal to the end, 0 refused"));
    let report: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(json.path()).unwrap()).unwrap();
    assert_eq!(report[0]["players"], serde_json::json!(["Hekate", "Goro56"]));
    assert_eq!(report[0]["moves"], 17);
    assert_eq!(report[2]["result"], "undecided");
}

/// Little Golem's own records of TwixT PP on 24, 30 and 48 points a side: the largest
/// board's coordinates go on past `z` (`b[\u{8d}n]`, `b[x|]`), with a draw offer
/// (`r[\u{80}\u{80}|draw]`). Each is legal to the end and ends by a resignation.
#[test]
fn little_golem_records_of_every_board_size_check() {
    let records = ["game-comment_game1107581.tsgf", "game-comment_game2221003.tsgf", "game-comment_game2298348.tsgf"];
    let paths: Vec<String> = records.iter().map(|name| sample(name)).collect();
    let json = tempfile::NamedTempFile::new().unwrap();
    let mut args = vec!["check", "--json", json.path().to_str().unwrap(), "twixt"];
    args.extend(paths.iter().map(String::as_str));
    let checked = arbiter(&args);
    assert!(checked.status.success(), "{}", stdout(&checked));
    assert!(last_line(&checked).starts_with("3 games: 3 legal to the end, 0 refused"), "{}", stdout(&checked));
    let report: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(json.path()).unwrap()).unwrap();
    let moves: Vec<u64> = (0..3).map(|i| report[i]["moves"].as_u64().unwrap()).collect();
    assert_eq!(moves, [38, 34, 54]);
    // The 48-point game read past `z`: its first peg is the record's column 45, row 14
    // (arbiter's n45, turned a quarter), and written back it reads the same.
    let text = std::fs::read_to_string(&paths[2]).unwrap();
    let games = arbiter_formats::record::read_records(GameKind::Twixt, &text).unwrap();
    assert_eq!(games[0].moves[0].text, "n45");
    let replayed = replay(GameKind::Twixt, &games[0], &OptionsInput::default(), None);
    let (written, format) = arbiter_formats::record::Record::of(&replayed.game, None).write();
    assert_eq!(format.extension, "tsgf");
    let again = arbiter_formats::record::read_records(GameKind::Twixt, &written).unwrap();
    let texts =
        |game: &arbiter_formats::record::RecordedGame| game.moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&again[0]), texts(&games[0]));
}

/// A game in Little Golem's `tsgf` form (constructed for this test: no Little Golem
/// record at hand has one) whose last peg wins through a link that crosses the
/// winner's own link: a win under TwixT PP, which a `tsgf` record is played by, and
/// no win where no link crosses another.
#[test]
fn a_little_golem_record_replays_as_twixt_pp_through_an_own_crossing_link() {
    let record = sample("twixt_pp_own_crossing.tsgf");
    let pp = arbiter(&["check", "twixt", &record]);
    assert_eq!(
        last_line(&pp),
        "1 games: 1 legal to the end, 0 refused; recorded result: 1 agree, 0 differ, 0 not decided by the rules"
    );
    let auto = arbiter(&["check", "twixt", "--rules", "auto", &record]);
    assert_eq!(
        last_line(&auto),
        "1 games: 1 legal to the end, 0 refused; recorded result: 0 agree, 0 differ, 1 not decided by the rules"
    );
    let games =
        arbiter_formats::record::read_records(GameKind::Twixt, &std::fs::read_to_string(&record).unwrap()).unwrap();
    let replayed = replay(GameKind::Twixt, &games[0], &OptionsInput::default(), None);
    assert_eq!(replayed.played, 31, "the swap and every peg");
    let arbiter::AnyHistory::Twixt(game) = replayed.game.history() else { panic!("a TwixT game") };
    let board = game.position().board();
    let crossings: Vec<String> = board.crossings().map(|((a, b), (c, d))| format!("{a}-{b} x {c}-{d}")).collect();
    assert_eq!(crossings, ["k12-m11 x k13-l11"]);
    assert_eq!(board.rules(), arbiter::twixt::Rules::Pp);
    assert!(game.position().swap_rule());
    // The swap took the first peg, c21, to u3, White's.
    assert_eq!(board.peg_at(arbiter::twixt::Peg::parse("u3").unwrap()), Some(arbiter::twixt::Color::White));
}

#[test]
fn unreadable_files_are_refused_in_one_line() {
    let missing = arbiter(&["check", "xiangqi", "/nonexistent.pgn"]);
    assert_eq!(missing.status.code(), Some(1));
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.pgn");
    std::fs::write(&broken, "[Event \"x\"]\n1. h2e2 {never closed\n").unwrap();
    let output = arbiter(&["check", "xiangqi", broken.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(err.lines().count(), 1);
    assert!(err.contains("broken.pgn: line 2: a `{` comment is never closed"), "{err}");
    let convert = arbiter(&["convert", "gomoku", "--to", "pdn", &sample("gomoku.psq")]);
    assert_eq!(convert.status.code(), Some(2));
}

/// A file or folder of the full archives, `../shared/archives/` (or the folder
/// `ARBITER_ARCHIVES` names, for a clone elsewhere). The tests that read them are
/// ignored unless asked for (scripts/test asks when the archives are there, and counts
/// them as skipped when not).
fn archive(path: &str) -> String {
    let root = std::env::var("ARBITER_ARCHIVES").unwrap_or_else(|_| ARCHIVES.to_owned());
    let full = format!("{root}/{path}");
    assert!(Path::new(&full).exists(), "{full} is not here (the archives live outside the repository)");
    full
}

#[test]
#[ignore = "reads ../shared/archives, outside the repository: scripts/test runs it when they are there"]
fn every_twixt_archive_game_replays() {
    // Little Golem's games under TwixT PP, T1j's where no link crosses another: every
    // move legal, and no result the rules contradict (two resigned, the others not
    // finished: none ended by the rules).
    let files: Vec<String> = [
        "game2206555.tsgf",
        "game2209801.tsgf",
        "game2220939.tsgf",
        "game2232217.tsgf",
        "drawngame.T1",
        "scl-issue.T1",
    ]
    .iter()
    .map(|name| archive(&format!("twixt/twixtbot-ui_{name}")))
    .collect();
    let mut args = vec!["check", "twixt"];
    args.extend(files.iter().map(String::as_str));
    let output = arbiter(&args);
    assert!(output.status.success(), "{}", stdout(&output));
    assert_eq!(
        last_line(&output),
        "6 games: 6 legal to the end, 0 refused; recorded result: 0 agree, 0 differ, 6 not decided by the rules"
    );
}

#[test]
#[ignore = "reads ../shared/archives, outside the repository: scripts/test runs it when they are there"]
fn the_whole_ccpd_master_archive_checks() {
    let file = archive("xiangqi/ccpd_master_games_chinese_notation.utf8.pgn.xz");
    let output = arbiter(&["check", "-v", "xiangqi", &file]);
    let text = stdout(&output);
    assert_eq!(
        last_line(&output),
        "27919 games: 27918 legal to the end, 1 refused; recorded result: 468 agree, 18 differ, 27432 not decided by the rules",
        "{text}"
    );
    // Game 5250 ends in Red's horse attacking Black's chariot, which steps between g0 and
    // h0 as the screen of Black's cannon on i0 against Red's chariot on f0: by the rule
    // book (rule 26) each step is a chase too, so both sides chase, a draw as recorded.
    // The engines count only a new attack: Red alone chases and loses.
    assert!(!text.contains("game 5250 (廈門鄭乃東 vs 廣東許銀川): recorded"), "{text}");
    assert!(text.contains(":1191630: game 19847 (尚威 vs 胡榮華): move 35...: illegal move 士６進５"), "{text}");
    // By the rule book, the chased side's check in the cycle does not excuse the chaser;
    // the engines draw every cycle with a check in it. The two readings part on a few
    // master games, in both directions.
    assert!(text.contains("game 6848 (江蘇徐天紅 vs 黑龍江趙國榮): recorded 1/2-1/2, the rules say black wins by perpetual chase: red's advisor chased the soldier on f2"), "{text}");
    assert!(!text.contains("game 16105 (湖南朱貴友 vs 上海於紅木): recorded"), "{text}");
    let engines = arbiter(&["check", "-v", "--chase-rules", "engines", "xiangqi", &file]);
    let text = stdout(&engines);
    assert_eq!(
        last_line(&engines),
        "27919 games: 27918 legal to the end, 1 refused; recorded result: 469 agree, 17 differ, 27432 not decided by the rules",
        "{text}"
    );
    assert!(!text.contains("game 6848 (江蘇徐天紅 vs 黑龍江趙國榮): recorded"), "{text}");
    assert!(text.contains("game 5250 (廈門鄭乃東 vs 廣東許銀川): recorded 1/2-1/2, the rules say black wins by perpetual chase: red's horse chased the chariot on g0"), "{text}");
    assert!(text.contains("game 16105 (湖南朱貴友 vs 上海於紅木): recorded 1/2-1/2, the rules say red wins by perpetual chase (AXF rule 23): black's chariot chased the horse on g8"), "{text}");
}

#[test]
#[ignore = "reads ../shared/archives, outside the repository: scripts/test runs it when they are there"]
fn every_draughts_archive_game_replays() {
    let dir = archive("draughts");
    let mut files = Vec::new();
    for folder in ["wiegerw_pdn_games_succeed", "wiegerw_pdn_games_fail", "mobydam_book_games"] {
        for entry in std::fs::read_dir(format!("{dir}/{folder}")).unwrap() {
            files.push(entry.unwrap().path().to_str().unwrap().to_owned());
        }
    }
    files.push(format!("{dir}/wiegerw_draughts_wiersma.pdn"));
    files.sort();
    let mut args = vec!["check", "-v", "draughts"];
    args.extend(files.iter().map(String::as_str));
    let output = arbiter(&args);
    let text = stdout(&output);
    assert_eq!(
        last_line(&output),
        "1138 games: 1138 legal to the end, 0 refused; recorded result: 2 agree, 1 differ, 1135 not decided by the rules",
        "{text}"
    );
    // Where pydraughts stops: two captures written by their ends fit two routes each,
    // and the moves after them tell which.
    assert!(text.contains("game 3 (schildpad vs ArthurdeSwart): note: move 35 36x16 fits 2 captures (36x18x7x16, 36x13x2x16): only 36x13x2x16 lets the game go on"), "{text}");
    assert!(text.contains("note: move 56 4x24 fits 2 captures"), "{text}");
    assert!(text.contains("note: move 16 30-39: written as a step, it is a capture"), "{text}");
}

#[test]
#[ignore = "reads ../shared/archives, outside the repository: scripts/test runs it when they are there"]
fn the_whole_ccpd_master_archive_converts_and_back() {
    let file = archive("xiangqi/ccpd_master_games_chinese_notation.utf8.pgn.xz");
    let dir = tempfile::tempdir().unwrap();
    let convert = |to: &str, from: &str, name: &str| {
        let output = arbiter(&["convert", "xiangqi", "--skip-refused", "--to", to, from]);
        let path = dir.path().join(name);
        std::fs::write(&path, &output.stdout).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let iccs = convert("iccs", &file, "iccs.pgn");
    // Chinese notation is read on the way in; the sample test above goes through
    // every notation.
    let wxf = convert("wxf", &iccs, "wxf.pgn");
    let back = convert("iccs", &wxf, "back.pgn");
    let (first, last) = (std::fs::read_to_string(&iccs).unwrap(), std::fs::read_to_string(&back).unwrap());
    assert_eq!(first.matches("[Event ").count(), 27_918, "every legal game");
    assert!(first == last, "Chinese, ICCS, WXF and ICCS again give the same moves");
}

/// The rules' verdict on the final position of each game of a Xiangqi record, under
/// `rules`, as Fairy-Stockfish judges a final position: every move played with the whole
/// history kept, play going on past any earlier ending (a draw the players could have
/// claimed). `None` for a game that is not over by the rules at its end.
fn final_verdicts(file: &str, rules: ChaseRules) -> Vec<Option<Outcome>> {
    let text = std::fs::read_to_string(file).unwrap();
    let options = OptionsInput::default();
    read_games(&text)
        .unwrap()
        .iter()
        .map(|recorded| {
            let replayed = replay(GameKind::Xiangqi, recorded, &options, Some("iccs"));
            assert!(replayed.refusal.is_none(), "{:?}", replayed.refusal);
            let fen = recorded.tag("FEN").unwrap_or(START_FEN);
            let start = Position::from_fen(fen).unwrap();
            let mut game = WithHistory::with_settings(start, Settings { chase_rules: rules, ..Settings::default() });
            for text in &replayed.texts {
                let mv = game.position().parse_move(text).unwrap();
                game.play(mv);
            }
            game.outcome()
        })
        .collect()
}

/// An outcome in the few words a table of verdicts keeps: `1-0`, `0-1` or `1/2-1/2`,
/// and how the game ended (`0-1 perpetual chase`); `-` when the game goes on.
fn in_brief(outcome: Option<&Outcome>) -> String {
    outcome.map_or("-".to_owned(), |o| {
        let result = match o.winner() {
            Some(Side::First) => "1-0",
            Some(Side::Second) => "0-1",
            None => "1/2-1/2",
        };
        format!("{result} {}", o.termination().as_str())
    })
}

/// The committed table of expected verdicts on the 167 master games of
/// `ccpd_repetition_endings_subset.utf8.pgn`, each game's final position judged with its
/// whole history; beside each, Fairy-Stockfish's verdict on it (from the archive's
/// index), and where arbiter's reading differs from it, the reason.
const REPETITION_ENDINGS: &str = include_str!("data/records/ccpd_repetition_endings_verdicts.tsv");

#[test]
#[ignore = "reads ../shared/archives, outside the repository: scripts/test runs it when they are there"]
fn the_master_games_ending_in_a_repetition_are_judged_as_the_table_says() {
    let file = archive("xiangqi/ccpd_repetition_endings_subset.utf8.pgn");
    let index = std::fs::read_to_string(archive("xiangqi/ccpd_repetition_endings_index.tsv")).unwrap();
    let fairy: Vec<&str> = index.lines().skip(1).map(|l| l.split('\t').nth(3).unwrap()).collect();
    let axf = final_verdicts(&file, ChaseRules::Axf);
    let engines = final_verdicts(&file, ChaseRules::Engines);
    let mut found = String::new();
    for (game, ((fs, axf), engines)) in fairy.iter().zip(&axf).zip(&engines).enumerate() {
        found += &format!("{}\t{fs}\t{}\t{}\n", game + 1, in_brief(axf.as_ref()), in_brief(engines.as_ref()));
    }
    let rows: Vec<Vec<&str>> = REPETITION_ENDINGS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("game\t"))
        .map(|l| l.split('\t').collect())
        .collect();
    let expected: String = rows.iter().map(|row| row[..4].join("\t") + "\n").collect();
    assert_eq!(fairy.len(), 167);
    assert_eq!(found, expected, "the verdicts found:\n{found}");
    // Every verdict that is not Fairy-Stockfish's says why.
    for row in &rows {
        let fs = if row[1] == "draw" { "1/2-1/2" } else { row[1] };
        let differs = [row[2], row[3]].iter().any(|verdict| !verdict.starts_with(fs));
        assert_eq!(differs, !row[6].is_empty(), "game {}: {row:?}", row[0]);
    }
}

#[test]
fn the_perpetual_chase_games_of_the_engines_issue_threads_are_judged_by_the_rule_book() {
    // Three engine games that their programs ended as perpetual chases, and their
    // verdicts by the rule book, under both readings (docs/rules.md):
    // 1. Black's chariot chases Red's unprotected cannon with every move (rule 18), as the
    //    game's program said; Pikafish agrees, Fairy-Stockfish draws.
    // 2. Red's chariot attacks Black's cannon on i3 and on i0 in turn, but on i3 Black's
    //    horse on h5 guards it: a chariot may chase a cannon guarded on one of its points
    //    (rule 17). A draw, as both engines say; the game's program scored it 0-1.
    // 3. Red's cannon leaving b8 and coming back takes the guard off Black's cannon on g8
    //    each time (Red's chariot chases it, as in the rule book's appendix), and Black's
    //    advisor stepping off e8 and back gives its cannon on a8 a shot at Red's chariot
    //    each time: both chase, a draw, as Pikafish says; Fairy-Stockfish and the game's
    //    program scored it 1-0.
    let file = sample("issue_threads_perpetual_chase_games.iccs.pgn");
    for rules in ChaseRules::ALL {
        let verdicts: Vec<String> = final_verdicts(&file, rules).iter().map(|o| in_brief(o.as_ref())).collect();
        assert_eq!(verdicts, ["1-0 perpetual chase", "1/2-1/2 repetition", "1/2-1/2 repetition"], "{rules}");
    }
}
