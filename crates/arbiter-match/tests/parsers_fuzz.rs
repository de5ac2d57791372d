//! Property-based fuzzing of what the match runner reads from outside: openings files,
//! engine descriptions, time controls, statistics settings, and everything a GUI may
//! send arbiter's own engine (DXP's messages too). Nothing panics; the engine answers what it can.

use arbiter::{GameKind, OptionsInput};
use arbiter_match::adjudication::{Draw, Resign};
use arbiter_match::builtin::serve::{EngineSettings, serve};
use arbiter_match::engine::{EngineSpec, read_engines_file};
use arbiter_match::limits::TimeLimit;
use arbiter_match::opening::read_openings;
use arbiter_match::protocol::Protocol;
use arbiter_match::stats::Sprt;
use proptest::prelude::*;

/// Lines made of a protocol's own words and numbers, shuffled: close enough to the
/// protocol to reach the engine's deeper paths.
fn protocol_lines(words: &'static [&'static str]) -> impl Strategy<Value = String> {
    let word = prop_oneof![
        prop::sample::select(words.to_vec()).prop_map(str::to_owned),
        "[0-9]{1,3}",
        "[0-9]{1,2},[0-9]{1,2}(,[12])?",
        "[a-j][0-9]{1,2}[a-j][0-9]{1,2}",
        "[0-9]{1,2}[-x][0-9]{1,2}(x[0-9]{1,2})?",
        ".{0,6}",
    ];
    prop::collection::vec(prop::collection::vec(word, 0..6).prop_map(|w| w.join(" ")), 0..12)
        .prop_map(|lines| lines.join("\n") + "\n")
}

const UCI: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "depth",
    "movetime",
    "nodes",
    "wtime",
    "btime",
    "setoption",
    "name",
    "value",
    "Depth",
    "Seed",
    "w",
    "b",
    "-",
];
const UCCI: &[&str] = &[
    "ucci",
    "isready",
    "setoption",
    "newgame",
    "usemillisec",
    "true",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "depth",
    "time",
    "increment",
    "opptime",
    "movestogo",
];
const HUB: &[&str] = &[
    "hub",
    "init",
    "new-game",
    "pos",
    "pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
    "moves=\"32-28 19-23\"",
    "level",
    "depth=1",
    "move-time=0.01",
    "time=1",
    "go",
    "think",
    "set-param",
    "name=depth",
    "value=1",
    "ping",
];
const GOMOCUP: &[&str] = &[
    "START",
    "RECTSTART",
    "RESTART",
    "INFO",
    "rule",
    "max_depth",
    "1",
    "timeout_turn",
    "10",
    "BEGIN",
    "TURN",
    "BOARD",
    "DONE",
    "ABOUT",
    "TAKEBACK",
];

/// DXP messages, each ended by NUL: real requests and moves among broken ones, so
/// that games start and moves reach the rules.
fn dxp_messages() -> impl Strategy<Value = String> {
    let message = prop_oneof![
        prop::sample::select(vec!["W", "Z"]).prop_map(|side| format!("R01{:<32}{side}001000A", "fuzz")),
        "M000[0-9]{2}[0-9]{2}0[0-2]([0-9]{2}){0,2}",
        "M0001(3[1-5]2[6-9]|1[6-9]2[0-4])00",
        "E[0-3][01]",
        "[RAMECBK][0-9WZABe ]{0,60}",
        "R01.{32}[WZ][0-9]{6}B[WZ][ewzWZ]{50}",
        ".{0,10}",
    ];
    prop::collection::vec(message, 0..12).prop_map(|messages| messages.join("\0") + "\0")
}

fn talk(protocol: Protocol, input: &str) {
    let mut output = Vec::new();
    serve(protocol, EngineSettings { depth: 1, seed: 0 }, input.as_bytes(), &mut output).unwrap();
    let text = String::from_utf8(output).expect("the engine writes UTF-8");
    // Every answer is whole: a line, or for DXP a message ended by NUL.
    let end = if protocol == Protocol::Dxp { '\0' } else { '\n' };
    assert!(text.is_empty() || text.ends_with(end));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_uci_engine_survives_any_input(input in protocol_lines(UCI)) {
        talk(Protocol::Uci, &input);
        talk(Protocol::UciFsf, &input);
    }

    #[test]
    fn the_ucci_engine_survives_any_input(input in protocol_lines(UCCI)) {
        talk(Protocol::Ucci, &input);
    }

    #[test]
    fn the_hub_engine_survives_any_input(input in protocol_lines(HUB)) {
        talk(Protocol::Hub, &input);
    }

    #[test]
    fn the_dxp_engine_survives_any_message(input in dxp_messages()) {
        talk(Protocol::Dxp, &input);
    }

    #[test]
    fn the_gomocup_engine_survives_any_input(input in protocol_lines(GOMOCUP)) {
        talk(Protocol::Gomocup, &input);
    }

    #[test]
    fn openings_files_never_panic(text in ".{0,200}", kind in prop::sample::select(GameKind::ALL.to_vec())) {
        if let Ok(openings) = read_openings(&text, kind, &OptionsInput::default()) {
            for opening in openings {
                prop_assert!(opening.start_game().outcome().is_none());
            }
        }
    }

    #[test]
    fn move_lines_are_checked_by_the_rules(moves in prop::collection::vec("[a-i][0-9][a-i][0-9]", 0..8)) {
        let text = moves.join(" ");
        if let Ok(openings) = read_openings(&text, GameKind::Xiangqi, &OptionsInput::default()) {
            prop_assert_eq!(openings[0].moves.len(), moves.len());
        }
    }

    #[test]
    fn engine_words_never_panic(words in prop::collection::vec(".{0,20}", 0..6)) {
        let _ = EngineSpec::from_words(&words, &[]);
    }

    #[test]
    fn engines_files_never_panic(text in ".{0,200}") {
        let _ = read_engines_file(&text);
    }

    #[test]
    fn settings_never_panic(text in ".{0,16}") {
        let _ = TimeLimit::parse_clock(&text);
        let words: Vec<&str> = text.split(' ').collect();
        let _ = Sprt::parse(&words);
        let _ = Resign::parse(&words);
        let _ = Draw::parse(&words);
    }
}
