//! Each protocol spoken through strings: what the engine answers to what a GUI sends.

use arbiter::{AnyGame, Side};

use super::thinker::budget;
use super::*;
use crate::protocol::Limit;

fn talk(protocol: Protocol, input: &str) -> Vec<String> {
    let mut output = Vec::new();
    serve(protocol, EngineSettings { depth: 2, seed: 0 }, input.as_bytes(), &mut output).unwrap();
    String::from_utf8(output).unwrap().lines().map(str::to_owned).collect()
}

fn last_word(lines: &[String], prefix: &str) -> String {
    let line = lines.iter().rev().find(|l| l.starts_with(prefix)).unwrap_or_else(|| panic!("no {prefix} in {lines:?}"));
    line[prefix.len()..].split_whitespace().next().unwrap_or("").to_owned()
}

#[test]
fn uci_greets_and_plays_from_a_position() {
    let lines = talk(
        Protocol::Uci,
        "uci\nsetoption name Depth value 1\nisready\nucinewgame\nposition startpos moves h2e2\ngo depth 1\nquit\n",
    );
    assert!(lines.contains(&"uciok".to_owned()) && lines.contains(&"readyok".to_owned()), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("option name Depth type spin")));
    let reply = last_word(&lines, "bestmove ");
    let mut game = AnyGame::new(
        &arbiter::GameOptions::new(arbiter::GameKind::Xiangqi, &arbiter::OptionsInput::default()).unwrap(),
    );
    game.play_text("h2e2").unwrap();
    game.play_text(&reply).expect("a legal reply, ranks from 0");
}

#[test]
fn uci_fsf_counts_ranks_from_one() {
    let lines = talk(
        Protocol::UciFsf,
        "uci\nsetoption name UCI_Variant value xiangqi\nposition fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h3e3\ngo movetime 50\n",
    );
    assert!(lines.iter().any(|l| l.contains("UCI_Variant")));
    let reply = last_word(&lines, "bestmove ");
    let ranks: Vec<u32> = reply.split(|c: char| c.is_ascii_alphabetic()).filter_map(|r| r.parse().ok()).collect();
    assert!(ranks.iter().all(|&r| (1..=10).contains(&r)), "{reply}");
    assert!(ranks.iter().any(|&r| r >= 7), "black answers from its own side: {reply}");
}

#[test]
fn ucci_reads_seconds_or_milliseconds_and_says_bye() {
    let lines = talk(
        Protocol::Ucci,
        "ucci\nsetoption usemillisec true\nisready\nposition startpos\ngo time 5000 increment 0 opptime 5000\nquit\n",
    );
    assert!(lines.contains(&"ucciok".to_owned()));
    assert!(lines.iter().any(|l| l.starts_with("option usemillisec")));
    assert_eq!(lines.last().map(String::as_str), Some("bye"));
    assert!(!last_word(&lines, "bestmove ").is_empty());
}

#[test]
fn ucci_says_nobestmove_when_the_game_is_over() {
    // Black is checkmated: two chariots on the back ranks.
    let lines = talk(Protocol::Ucci, "ucci\nposition fen 3k5/R8/9/9/9/9/9/9/9/1R3K3 w moves b0b9\ngo depth 1\n");
    assert!(lines.contains(&"nobestmove".to_owned()), "{lines:?}");
}

#[test]
fn hub_initialises_and_answers_captures_with_what_they_take() {
    let lines = talk(
        Protocol::Hub,
        "hub\nset-param name=depth value=1\ninit\nnew-game\npos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\"\nlevel depth=1\ngo think\nping\nquit\n",
    );
    assert!(
        lines.contains(&"wait".to_owned()) && lines.contains(&"ready".to_owned()) && lines.contains(&"pong".to_owned())
    );
    assert!(lines.iter().any(|l| l.starts_with("id name=arbiter")));
    // The capture is compulsory: 28x19 taking 23.
    assert_eq!(last_word(&lines, "done move="), "28x19x23");
}

/// Killer draughts (docs/rules.md, "Killer draughts"): a king whose capture takes a
/// king last stops right behind it. White's king on 46 takes Black's king on 28: the
/// international rules let it stop on 23, 19, 14, 10 or 5, the Killer rule on 23 only.
/// Told `variant=killer`, as Scan's Hub names the rule set, the engine plays it.
#[test]
fn hub_plays_the_variant_it_is_set_to() {
    let position = "WeebeeeeeeeeeeeeeeeeeeeeeeeeBeeeeeeeeeeeeeeeeeWeeee";
    let international = AnyGame::new(
        &arbiter::GameOptions::new(
            arbiter::GameKind::Draughts,
            &arbiter::OptionsInput::new().with("fen", "W:WK46:B3,K28"),
        )
        .unwrap(),
    );
    assert_eq!(international.legal_moves().len(), 5, "the international rules let it stop on five squares");
    for seed in 0..4 {
        let lines = talk(
            Protocol::Hub,
            &format!(
                "hub\nset-param name=variant value=killer\nset-param name=seed value={seed}\ninit\npos pos={position}\nlevel depth=1\ngo think\n"
            ),
        );
        assert!(lines.iter().any(|l| l.starts_with("param name=variant value=normal type=enum")), "{lines:?}");
        assert_eq!(last_word(&lines, "done move="), "46x23x28");
    }
    let refused = talk(Protocol::Hub, "hub\nset-param name=variant value=frysk\n");
    assert!(refused.iter().any(|l| l.starts_with("error message=") && l.contains("frysk")), "{refused:?}");
}

/// Frisian draughts (docs/rules.md, article 17): with kings and men, at most three
/// simple moves in a row with the same king. Told `variant=frisian`, the engine reads
/// the game's moves from `pos` and keeps to the limit: White's king has moved three
/// times (46-41, 41-46, 46-41), so only the man on 50 may move.
#[test]
fn hub_plays_frisian_draughts_with_the_games_history() {
    let mut squares = ['e'; 50];
    (squares[8], squares[45], squares[49]) = ('B', 'W', 'w');
    let position: String = squares.iter().collect();
    let moves = "46-41 9-4 41-46 4-9 46-41 9-4";
    for seed in 0..4 {
        let lines = talk(
            Protocol::Hub,
            &format!(
                "hub\nset-param name=variant value=frisian\nset-param name=seed value={seed}\ninit\npos pos=W{position} moves=\"{moves}\"\nlevel depth=1\ngo think\n"
            ),
        );
        assert!(lines.iter().any(|l| l.contains("values=\"normal killer bt frisian losing\"")), "{lines:?}");
        let played = last_word(&lines, "done move=");
        assert!(["50-44", "50-45"].contains(&played.as_str()), "seed {seed}: {played} ({lines:?})");
    }
}

#[test]
fn gomocup_starts_begins_and_answers_turns_on_the_board() {
    let lines = talk(Protocol::Gomocup, "START 15\nINFO rule 1\nINFO max_depth 1\nABOUT\nBEGIN\nTURN 8,8\nEND\n");
    assert_eq!(lines[0], "OK");
    assert!(lines.iter().any(|l| l.starts_with("name=\"arbiter\"")));
    let moves: Vec<&String> = lines.iter().filter(|l| l.contains(',') && !l.contains('=')).collect();
    assert_eq!(moves.len(), 2, "{lines:?}");
    assert_eq!(moves[0], "7,7", "the first stone goes in the centre");
    assert_ne!(moves[1], "8,8");
}

#[test]
fn gomocup_reads_a_board_and_refuses_nonsense() {
    let lines = talk(
        Protocol::Gomocup,
        "BEGIN\nSTART 2\nSTART 15\nINFO max_depth 1\nBOARD\n7,7,2\n8,8,1\n7,8,2\nDONE\nTURN 99,1\nYXWHATEVER\n",
    );
    assert!(lines[0].starts_with("ERROR"), "BEGIN before START: {lines:?}");
    assert!(lines[1].starts_with("ERROR"), "a board too small: {lines:?}");
    assert_eq!(lines[2], "OK");
    let reply = lines.iter().find(|l| l.contains(',') && !l.starts_with("MESSAGE")).unwrap();
    assert!(!["7,7", "8,8", "7,8"].contains(&reply.as_str()));
    assert!(lines.iter().any(|l| l.starts_with("ERROR") && l.contains("99,1")));
    assert_eq!(lines.last().unwrap(), "UNKNOWN YXWHATEVER");
}

#[test]
fn gomocup_answers_each_case_of_swap2board() {
    let words = |lines: &[String]| -> Vec<String> {
        let answer = lines.iter().rev().find(|l| !l.starts_with("MESSAGE") && *l != "OK").unwrap();
        answer.split_whitespace().map(str::to_owned).collect()
    };
    // Case 1: the first three stones.
    let lines = talk(Protocol::Gomocup, "START 15\nINFO rule 1\nSWAP2BOARD\nDONE\n");
    let first = words(&lines);
    assert_eq!(first.len(), 3, "{lines:?}");
    assert_eq!(first[0], "7,7");
    // Case 2: SWAP, one stone, or two. Two black stones side by side against a white
    // one in the corner: White is worse, so the engine takes Black.
    let lines = talk(Protocol::Gomocup, "START 15\nINFO rule 1\nSWAP2BOARD\n7,7\n0,0\n8,7\nDONE\n");
    assert_eq!(words(&lines), ["SWAP"], "{lines:?}");
    let lines = talk(Protocol::Gomocup, "START 15\nINFO rule 1\nSWAP2BOARD\n7,7\n8,7\n9,9\nDONE\n");
    let second = words(&lines);
    assert!(
        second == ["SWAP"] || (1..=2).contains(&second.len()) && second.iter().all(|w| w.contains(',')),
        "{lines:?}"
    );
    // Case 3: SWAP or the 6th stone.
    let lines = talk(Protocol::Gomocup, "START 15\nINFO rule 1\nSWAP2BOARD\n7,7\n8,7\n9,9\n8,8\n8,6\nDONE\n");
    let third = words(&lines);
    assert!(third == ["SWAP"] || third.len() == 1 && third[0].contains(','), "{lines:?}");
    // Anything else is refused.
    let lines = talk(Protocol::Gomocup, "START 15\nSWAP2BOARD\n7,7\nDONE\nSWAP2BOARD\n7,7\n7,7\n8,8\nDONE\n");
    assert!(lines[1].starts_with("ERROR SWAP2BOARD gives none, three or five stones, not 1"), "{lines:?}");
    assert!(lines[2].starts_with("ERROR") && lines[2].contains("occupied"), "{lines:?}");
}

/// The engine's DXP side over a real connection: what it answers to each message.
mod dxp {
    use std::io::{BufRead, BufReader, Write};
    use std::net::{TcpListener, TcpStream};

    use super::*;
    use crate::protocol::dxp_message::{GameRequest, Message};

    struct Peer {
        reader: BufReader<TcpStream>,
        writer: TcpStream,
    }

    impl Peer {
        fn send(&mut self, message: &Message) {
            self.writer.write_all(format!("{}\0", message.encode()).as_bytes()).unwrap();
        }

        fn receive(&mut self) -> Message {
            let mut bytes = Vec::new();
            self.reader.read_until(0, &mut bytes).unwrap();
            assert_eq!(bytes.pop(), Some(0), "a message ends with NUL");
            Message::decode(std::str::from_utf8(&bytes).unwrap()).unwrap()
        }
    }

    fn engine() -> (Peer, std::thread::JoinHandle<()>) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        let engine = std::thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            serve_dxp(EngineSettings { depth: 1, seed: 0 }, stream).unwrap();
        });
        let stream = TcpStream::connect(address).unwrap();
        (Peer { reader: BufReader::new(stream.try_clone().unwrap()), writer: stream }, engine)
    }

    fn request(follower: char, position: Option<String>) -> Message {
        Message::GameRequest(GameRequest { name: "tester".into(), follower, minutes: 1, moves: 0, position })
    }

    #[test]
    fn it_accepts_a_game_moves_when_its_turn_and_confirms_the_end() {
        let (mut peer, engine) = engine();
        peer.send(&request('W', None));
        assert_eq!(peer.receive(), Message::GameAccept { name: "arbiter".into(), code: '0' });
        let Message::Move(first) = peer.receive() else { panic!("white's first move") };
        let mut game = AnyGame::new(
            &arbiter::GameOptions::new(arbiter::GameKind::Draughts, &arbiter::OptionsInput::default()).unwrap(),
        );
        game.play_text(&first.hub_text()).expect("a legal first move");
        let reply = crate::protocol::dxp_message::Move::from_detail(&game.legal_moves()[0], 0).unwrap();
        peer.send(&Message::Move(reply));
        assert!(matches!(peer.receive(), Message::Move(_)), "it answers a move with a move");
        peer.send(&Message::BackRequest { move_number: 1, side: 'W' });
        assert_eq!(peer.receive(), Message::BackAccept { code: '1' }, "no take-backs");
        peer.send(&Message::GameEnd { reason: '0', stop: '1' });
        assert_eq!(peer.receive(), Message::GameEnd { reason: '0', stop: '1' });
        engine.join().unwrap();
    }

    #[test]
    fn it_ends_a_game_on_an_illegal_move_and_refuses_an_impossible_start() {
        let (mut peer, engine) = engine();
        peer.send(&request('Z', None));
        assert!(matches!(peer.receive(), Message::GameAccept { code: '0', .. }));
        let step =
            |from, to| Message::Move(crate::protocol::dxp_message::Move { seconds: 0, from, to, captured: vec![] });
        peer.send(&step(32, 23));
        assert!(matches!(peer.receive(), Message::Chat(text) if text.contains("illegal move 32-23")));
        assert_eq!(peer.receive(), Message::GameEnd { reason: '0', stop: '0' });
        peer.send(&request('Z', Some(format!("W{}", "b".repeat(50)))));
        assert!(matches!(peer.receive(), Message::Chat(text) if text.contains("'b' on square 1")));
        assert!(matches!(peer.receive(), Message::GameAccept { code: '3', .. }));
        peer.send(&step(32, 28));
        assert!(matches!(peer.receive(), Message::Chat(text) if text.contains("no game is in progress")));
        drop(peer);
        engine.join().unwrap();
    }
}

#[test]
fn the_clock_is_shared_over_the_moves_to_go() {
    let time = |moves_to_go| {
        let limit = Limit::Clock { remaining_ms: [60_000, 1_000], increment_ms: 0, moves_to_go };
        budget(limit, Side::First).time.unwrap().as_millis()
    };
    assert_eq!(time(None), 3_000, "a twentieth in sudden death");
    assert_eq!(time(Some(9)), 6_000, "a tenth with nine moves to go");
    assert_eq!(time(Some(1)), 20_000, "never more than a third");
}

#[test]
fn a_ponder_search_waits_for_the_hit_or_the_stop() {
    let go_ponder = "uci\nposition startpos moves h2e2 h9g7\ngo ponder depth 1\n";
    let waiting = talk(Protocol::Uci, go_ponder);
    assert!(!waiting.iter().any(|l| l.starts_with("bestmove")), "no move before the hit: {waiting:?}");
    for (word, protocol, setup) in [
        ("ponderhit", Protocol::Uci, go_ponder.to_owned()),
        ("stop", Protocol::Uci, go_ponder.to_owned()),
        ("ponderhit", Protocol::Ucci, "ucci\nposition startpos moves h2e2 h9g7\ngo ponder depth 1\n".to_owned()),
    ] {
        let lines = talk(protocol, &format!("{setup}{word}\n"));
        let best = lines.iter().find(|l| l.starts_with("bestmove ")).unwrap_or_else(|| panic!("{word}: {lines:?}"));
        let words: Vec<&str> = best.split_whitespace().collect();
        assert_eq!(words.len(), 4, "bestmove MOVE ponder REPLY: {best}");
        assert_eq!(words[2], "ponder");
    }
    let hub = talk(
        Protocol::Hub,
        "hub\ninit\npos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww\nlevel depth=1\ngo ponder\nponder-hit\n",
    );
    let done = hub.iter().find(|l| l.starts_with("done ")).unwrap_or_else(|| panic!("{hub:?}"));
    assert!(done.contains(" ponder="), "{done}");
    let stopped_before = talk(Protocol::Hub, "hub\ninit\nlevel depth=1\ngo ponder\n");
    assert!(!stopped_before.iter().any(|l| l.starts_with("done")), "{stopped_before:?}");
}
