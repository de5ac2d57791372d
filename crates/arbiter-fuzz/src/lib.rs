//! The fuzz targets' bodies. Each takes arbitrary bytes and feeds them to one family
//! of readers; it panics only where a reader broke its contract (panicked itself, or
//! refused with a message longer than one short line). `fuzz/` runs them under
//! libFuzzer (`cargo +nightly fuzz run TARGET`); `tests/corpus.rs` replays the committed
//! corpus through them on stable, so the suite keeps every input the fuzzer found.

use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput};
use arbiter_match::builtin::serve::{EngineSettings, serve};
use arbiter_match::protocol::Protocol;

/// The targets, by the names of their folders in `fuzz/corpus/`.
/// A target's body: arbitrary bytes in, a panic only for a broken contract.
pub type Target = fn(&[u8]);

/// The targets, by the names of their folders in `fuzz/corpus/`.
pub const TARGETS: &[(&str, Target)] = &[
    ("fen", fen),
    ("moves", moves),
    ("records", records),
    ("judges", judges),
    ("engine", engine),
    ("replies", replies),
    ("options", options),
    ("server", server),
];

const KINDS: [GameKind; GameKind::ALL.len()] = GameKind::ALL;

/// The game a first byte picks, and the rest of the input as text (lossily).
fn split(data: &[u8]) -> Option<(u8, String)> {
    let (&first, rest) = data.split_first()?;
    Some((first, String::from_utf8_lossy(rest).into_owned()))
}

/// A refusal's text is one line of reasonable length.
#[track_caller]
fn short(message: &str) {
    assert!(!message.contains('\n'), "a message of several lines: {message:?}");
    assert!(message.chars().count() < 400, "a message of {} characters", message.chars().count());
}

/// FEN (Xiangqi), PDN FEN (draughts) and the board texts (Gomoku, TwixT) as start
/// positions, then every legal move played by its own text.
pub fn fen(data: &[u8]) {
    let Some((first, text)) = split(data) else { return };
    let kind = KINDS[usize::from(first) % 4];
    let input = match (first / 4) % 2 {
        0 => OptionsInput::new().with("fen", text),
        _ => OptionsInput::new().with("board", text),
    };
    match GameOptions::new(kind, &input) {
        Ok(options) => {
            let Ok(mut game) = AnyGame::try_new(&options) else { return };
            let _ = game.position_text();
            if let Some(first) = game.legal_moves().first() {
                game.play_text(&first.text.clone()).expect("a legal move plays");
            }
        }
        Err(e) => short(&e.to_string()),
    }
}

/// Move text in every notation of each game, played from the start one token at a time.
pub fn moves(data: &[u8]) {
    let Some((first, text)) = split(data) else { return };
    let kind = KINDS[usize::from(first) % 4];
    let options = GameOptions::new(kind, &OptionsInput::default()).expect("the default start");
    let mut game = AnyGame::new(&options);
    for token in text.split_whitespace().take(64) {
        if let Err(e) = game.play_text(token) {
            let _ = e.to_string();
        }
        for notation in kind.notations() {
            if let Some(last) = game.last_move() {
                let _ = game.write_move(&last.text.clone(), notation);
            }
        }
    }
}

/// Record files: unpacked if xz, read through [`arbiter_formats::record::RecordStream`] as the
/// commands read them (encoding detected or named, a batch of games at a time, the
/// first games replayed), and read whole as the packages read a record.
pub fn records(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else { return };
    let kind = KINDS[usize::from(first) % 4];
    let encoding = match (first / 4) % 4 {
        0 => None,
        1 => Some(arbiter_formats::record::RecordEncoding::Utf8),
        2 => Some(arbiter_formats::record::RecordEncoding::Gb18030),
        _ => Some(arbiter_formats::record::RecordEncoding::Big5),
    };
    let unpacked;
    let bytes = if arbiter_formats::record::is_xz(rest) {
        match arbiter_formats::record::unpack_xz(rest) {
            Ok(bytes) => {
                unpacked = bytes;
                &unpacked[..]
            }
            Err(_) => return,
        }
    } else {
        rest
    };
    // As `arbiter check` and `convert` read a file: a batch at a time.
    let mut replayed = 0;
    match arbiter_formats::record::RecordStream::open(bytes, kind, encoding) {
        Ok(mut stream) => loop {
            match stream.next_batch() {
                Ok(Some(games)) => {
                    for game in games.iter().take(8 - replayed.min(8)) {
                        replayed += 1;
                        let _ = arbiter_formats::record::replay(
                            kind,
                            game,
                            &OptionsInput::default(),
                            kind.notations().first().copied(),
                        );
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    short(&e.to_string());
                    break;
                }
            }
        },
        Err(e) => short(&e.to_string()),
    }
    // As the packages read a record given whole.
    let Ok(text) = arbiter_formats::record::decode(bytes, encoding) else { return };
    if let Err(e) = arbiter_formats::record::read_records(kind, &text) {
        short(&e.to_string());
    }
}

/// The four judges' contest formats.
pub fn judges(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else { return };
    let kind = KINDS[usize::from(first) % 4];
    let mut out = Vec::new();
    // A bad case may follow answers already written; the message says which.
    if let Err(e) = arbiter_formats::judge(kind, rest, &mut out, std::io::sink()) {
        short(&e.to_string());
    }
}

/// The engine protocols as the built-in engine reads them (UCI, UCCI, Hub, Gomocup,
/// and DXP's messages), searching one ply deep.
pub fn engine(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else { return };
    let protocols = [Protocol::Uci, Protocol::UciFsf, Protocol::Ucci, Protocol::Hub, Protocol::Gomocup, Protocol::Dxp];
    let protocol = protocols[usize::from(first) % protocols.len()];
    let mut out = Vec::new();
    let _ = serve(protocol, EngineSettings { depth: 1, seed: u64::from(first / 8) }, rest, &mut out);
}

/// The match side of each protocol: an engine's replies as the match runner reads
/// them (UCI and UCCI `info`/`bestmove`, Hub `info`/`done`, Gomocup's points and
/// chatter, DXP's messages), each move read looked up among the legal moves.
pub fn replies(data: &[u8]) {
    let Some((first, text)) = split(data) else { return };
    let protocol = Protocol::ALL[usize::from(first) % Protocol::ALL.len()];
    let options = GameOptions::new(protocol.game(), &OptionsInput::default()).expect("the default start");
    for refusal in arbiter_match::protocol::replies::read_replies(protocol, &text, &AnyGame::new(&options)) {
        short(&refusal);
    }
}

/// A game's options as JSON, as the server's bodies and the packages' option
/// dictionaries give them, checked for each game.
pub fn options(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else { return };
    let kind = KINDS[usize::from(first) % 4];
    let input: OptionsInput = match serde_json::from_slice(rest) {
        Ok(input) => input,
        // As the server answers it: a parser's message may quote a field's name whole.
        Err(e) => return short(&arbiter::quote::one_line(&e.to_string(), arbiter::quote::MAX_MESSAGE)),
    };
    match GameOptions::new(kind, &input) {
        Ok(options) => {
            if let Ok(game) = AnyGame::try_new(&options) {
                let _ = game.position_text();
            }
        }
        Err(e) => short(&e.to_string()),
    }
}

/// The server's requests as a client sends them: each JSON body (a new game, its
/// options read as creating reads them; a join, a move, a draw or takeback offer) and
/// each query string (`legal`, a board's `flip`, the lobby's page, a watcher's,
/// a run's records), read by the functions the handlers call. A refusal is a `400`
/// of one short line.
pub fn server(data: &[u8]) {
    use arbiter_server::requests;
    let Some((&first, rest)) = data.split_first() else { return };
    let refused = |e: arbiter_server::ApiError| {
        assert_eq!(e.status(), 400, "{e:?}");
        short(e.message());
    };
    let body = |read: &dyn Fn(&[u8]) -> Result<(), arbiter_server::ApiError>| {
        if let Err(e) = read(rest) {
            refused(e);
        }
    };
    match first % 9 {
        0 => body(&|bytes| {
            let request = requests::new_game(bytes)?;
            requests::setup(&request.game, &request.options).map(drop)
        }),
        1 => body(&|bytes| requests::join(bytes).map(drop)),
        2 => body(&|bytes| requests::move_request(bytes).map(drop)),
        3 => body(&|bytes| {
            use arbiter_server::requests::Action;
            requests::offer(bytes, [Action::OfferDraw, Action::AcceptDraw, Action::DeclineDraw]).map(drop)
        }),
        kind => {
            // A query as it reaches the server: only a request line's valid URI does.
            let Ok(uri) = format!("/api/games?{}", String::from_utf8_lossy(rest)).parse::<requests::Uri>() else {
                return;
            };
            let read = match kind {
                4 => requests::listing(&uri).map(drop),
                5 => requests::board(&uri).map(drop),
                6 => requests::lobby(&uri).map(drop),
                7 => requests::watching(&uri).map(drop),
                _ => requests::run_records(&uri).map(drop),
            };
            if let Err(e) = read {
                refused(e);
            }
        }
    }
}
