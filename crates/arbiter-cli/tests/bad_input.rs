//! The rule every command holds for bad input (docs/input.md): status 2 and one line
//! under 200 characters naming the line and the fault, read as a stream so that a huge
//! bad line is refused after its first bytes, within 64 MB of memory beside its code.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `arbiter ARGS` with 64 MB of address space beside its own code (`ulimit -v`),
/// feeding it `stdin` from another thread (so that it may stop reading early).
fn arbiter_in_64_mb(args: &[&str], stdin: impl FnOnce(&mut dyn Write) + Send + 'static) -> Output {
    arbiter_in(65536, args, stdin)
}

/// The KiB the binary's loaded segments take: its code and static data, which grow
/// with every feature (a debug build's code alone is tens of MB) and are no memory the
/// program takes for its input.
fn code_kib() -> u32 {
    use std::io::{Read, Seek, SeekFrom};
    // The ELF header and the program headers only: reading the whole (debug) binary
    // would swell this process, which other tests fork from.
    let mut file = std::fs::File::open(env!("CARGO_BIN_EXE_arbiter")).unwrap();
    let mut header = [0u8; 64];
    file.read_exact(&mut header).unwrap();
    assert_eq!(&header[..5], b"\x7fELF\x02", "a 64-bit ELF binary");
    let u16_at = |bytes: &[u8], at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]) as usize;
    let u64_at = |bytes: &[u8], at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
    let (table, size, count) = (u64_at(&header, 0x20), u16_at(&header, 0x36), u16_at(&header, 0x38));
    let mut headers = vec![0u8; size * count];
    file.seek(SeekFrom::Start(table)).unwrap();
    file.read_exact(&mut headers).unwrap();
    const LOAD: u32 = 1;
    let loaded: u64 = headers
        .chunks_exact(size)
        .filter(|h| u32::from_le_bytes(h[..4].try_into().unwrap()) == LOAD)
        .map(|h| u64_at(h, 0x28))
        .sum();
    u32::try_from(loaded / 1024).unwrap()
}

/// `arbiter` with at most `kib` KiB of address space beside its own code.
fn arbiter_in(kib: u32, args: &[&str], stdin: impl FnOnce(&mut dyn Write) + Send + 'static) -> Output {
    let kib = kib + code_kib();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // A refusal closes the pipe before all is written: the write's error is expected.
    let feeder = std::thread::spawn(move || stdin(&mut input));
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    output
}

fn bytes(data: &'static [u8]) -> impl FnOnce(&mut dyn Write) + Send + 'static {
    move |out| {
        let _ = out.write_all(data);
    }
}

/// 200 MB of one letter and no line end.
fn one_huge_token(out: &mut dyn Write) {
    let chunk = vec![b'a'; 1 << 20];
    for _ in 0..200 {
        if out.write_all(&chunk).is_err() {
            return;
        }
    }
}

#[track_caller]
fn assert_refused(output: &Output, needle: &str) {
    assert_refused_in_one_line(output, needle);
    assert!(output.stdout.is_empty(), "nothing on stdout: {:?}", String::from_utf8_lossy(&output.stdout));
}

/// Status 2 and one short line, whatever came on stdout before the fault.
#[track_caller]
fn assert_refused_in_one_line(output: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(err.chars().count() < 200, "under 200 characters: {err:?}");
    assert!(err.contains(needle), "{err:?} should say {needle:?}");
}

#[test]
fn replay_refuses_bytes_that_are_not_utf8_with_their_line() {
    let output = arbiter_in_64_mb(&["replay", "xiangqi"], bytes(b"\xff\xfe\x00h2e2\n"));
    assert_refused(&output, "arbiter: line 1: not UTF-8 text (byte 1 of the line)");
    // Random bytes: whatever line is at fault, it is named.
    let mut noise = Vec::with_capacity(1 << 16);
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..1 << 16 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        noise.push((state >> 24) as u8);
    }
    let noise: &'static [u8] = noise.leak();
    let output = arbiter_in_64_mb(&["replay", "xiangqi"], bytes(noise));
    assert_refused(&output, "arbiter: line ");
}

#[test]
fn a_200_mb_token_is_refused_after_its_first_bytes_in_64_mb() {
    for args in [&["replay", "xiangqi"][..], &["judge", "xiangqi"], &["judge", "gomoku"], &["judge", "draughts"]] {
        let output = arbiter_in_64_mb(args, one_huge_token);
        assert_refused(&output, "line 1: longer than 65536 bytes");
    }
    // A token within a line's bound but longer than any move is not echoed whole.
    let long_move: &'static [u8] = format!("h2e2 {}\n", "a".repeat(60_000)).leak().as_bytes();
    let output = arbiter_in_64_mb(&["replay", "xiangqi"], bytes(long_move));
    assert_refused(&output, "line 1: move 2: 60000 bytes, longer than any move");
}

/// A record file of `games` short Xiangqi games, then `bad`, then 200 MB more games.
fn records_with_a_bad_line(games: usize, bad: &'static [u8]) -> impl FnOnce(&mut dyn Write) + Send + 'static {
    move |out| {
        let game = b"[Event \"g\"]\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n";
        let before = game.repeat(games);
        let after = game.repeat((1 << 20) / game.len());
        if out.write_all(&before).is_err() || out.write_all(bad).is_err() {
            return;
        }
        for _ in 0..200 {
            if out.write_all(&after).is_err() {
                return;
            }
        }
    }
}

#[test]
fn record_files_are_read_as_a_stream_and_refused_at_their_first_bad_line() {
    for args in [&["check", "xiangqi", "-"][..], &["convert", "xiangqi", "--to", "wxf", "-"]] {
        let output = arbiter_in_64_mb(args, one_huge_token);
        assert_refused(&output, "arbiter: -: line 1: longer than 65536 bytes");
        // Past the start the encoding is told from, a line that is not UTF-8; at the
        // start, a file in no encoding read.
        // `check` writes nothing but the refusal; `convert` has written the games before.
        // Batches hold at most `BATCH_GAMES` games, and `check` writes each game's
        // findings as its batch ends rather than keeping them.
        let output = arbiter_in_64_mb(args, records_with_a_bad_line(40_000, b"1. h2e2 \xff\n"));
        assert_refused_in_one_line(&output, "arbiter: -: line 120001: not UTF-8 text (byte 9 of the line)");
        assert_eq!(output.stdout.is_empty(), args[0] == "check");
        let output = arbiter_in_64_mb(args, records_with_a_bad_line(10, b"1. h2e2 \xff\n"));
        assert_refused(&output, "arbiter: -: line 31: neither UTF-8, GB18030 nor Big5 text (name it with --encoding)");
    }
    // A comment never closed, with 200 MB after it: refused at its line after 4 MiB.
    let output = arbiter_in_64_mb(&["check", "xiangqi", "-"], records_with_a_bad_line(1000, b"1. h2e2 {\n"));
    assert_refused(&output, "arbiter: -: line 3001: a `{` comment is never closed");
}

#[test]
fn an_xz_archive_is_unpacked_as_it_is_read() {
    let mut text = b"[Event \"g\"]\n1. h2e2 h9g7 *\n\n".repeat(1000);
    text.extend(vec![b'a'; 1 << 20]);
    let mut packed = Vec::new();
    lzma_rs::xz_compress(&mut &text[..], &mut packed).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.pgn.xz");
    std::fs::write(&path, &packed).unwrap();
    let file = path.to_str().unwrap().to_owned();
    let output = arbiter_in_64_mb(&["check", "xiangqi", &file], bytes(b""));
    assert_refused(&output, "games.pgn.xz: line 3001: longer than 65536 bytes");
    std::fs::write(&path, &packed[..packed.len() / 2]).unwrap();
    let output = arbiter_in_64_mb(&["check", "xiangqi", &file], bytes(b""));
    assert_refused(&output, "games.pgn.xz: not an xz file, or a damaged one");
}

#[test]
fn an_empty_input_is_refused() {
    let output = arbiter_in_64_mb(&["replay", "draughts"], bytes(b" \n\n"));
    assert_refused(&output, "the input is empty");
    for (game, says) in [
        ("xiangqi", "line 1: the input is empty: expected cases ending with `0 0 0`"),
        ("draughts", "line 1: the input ends after 0 of the 20 rows"),
        ("gomoku", "line 1: the input ends before R of `R C K`"),
        ("twixt", "line 1: the input is empty: expected datasets ending with `0 0`"),
    ] {
        assert_refused(&arbiter_in_64_mb(&["judge", game], bytes(b"")), says);
    }
    assert_refused(&arbiter_in_64_mb(&["judge", "gomoku"], bytes(b"\n\n")), "line 2: the input ends before R");
}

#[test]
fn numbers_out_of_range_are_refused() {
    let output = arbiter_in_64_mb(&["perft", "draughts", "--depth", "3", "--threads", "100000"], bytes(b""));
    assert_refused(&output, "--threads 100000: expected 1 to 256");
}

#[test]
fn a_database_url_of_another_kind_is_refused_as_such() {
    let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", "mysql://x"])
        .output()
        .unwrap();
    assert_refused(&output, "mysql:// is no database arbiter serves: expected sqlite://FILE or postgres://");
    assert!(!std::path::Path::new("mysql:").exists());
}

/// `arbiter engine`'s answers to `input`.
fn engine(protocol: &str, game: &str, input: &'static [u8]) -> String {
    let output = arbiter_in_64_mb(&["engine", game, "--protocol", protocol, "--depth", "1"], bytes(input));
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_engine_says_when_it_searches_less_deep_than_asked() {
    let said = engine("uci", "xiangqi", b"uci\nposition startpos\ngo depth 99999\nquit\n");
    assert!(
        said.contains(
            "info string depth 99999 is deeper than the engine's depth 1 (1 to 20, set by its depth option): searching to depth 1\n"
        ),
        "{said}"
    );
    assert!(said.contains("info depth 1 ") && said.contains("\nbestmove "), "{said}");
    let said = engine("ucci", "xiangqi", b"ucci\nposition startpos\ngo depth 7\nquit\n");
    assert!(said.contains("info string depth 7 is deeper than the engine's depth 1"), "{said}");
    let said = engine("gomocup", "gomoku", b"START 15\nINFO max_depth 30\nBEGIN\nEND\n");
    assert!(said.contains("MESSAGE depth 30 is deeper than the engine's depth 1"), "{said}");
}

#[test]
fn the_engine_answers_a_bad_line_and_reads_on() {
    let said = engine("uci", "xiangqi", b"uci\n\xff\xfe\nisready\nquit\n");
    assert!(said.contains("info string line 2: not UTF-8 text (byte 1 of the line)\nreadyok\n"), "{said}");
    let long: &'static [u8] = format!("ucci\n{}\nisready\nquit\n", "x".repeat(200_000)).leak().as_bytes();
    let said = engine("ucci", "xiangqi", long);
    assert!(said.contains("info string line 2: longer than 65536 bytes"), "{said}");
    assert!(said.contains("\nreadyok\n"), "{said}");
    let said = engine("gomocup", "gomoku", b"START 15\n\xc3\nABOUT\nEND\n");
    assert!(said.contains("ERROR line 2: not UTF-8 text"), "{said}");
    let said = engine("hub", "draughts", b"hub\n\xff\nping\nquit\n");
    assert!(said.contains("error message=\"line 2: not UTF-8 text (byte 1 of the line)\"\npong"), "{said}");
}

/// The peak resident memory of `arbiter ARGS` fed `stdin`, in KiB, with its status and
/// its outputs: the child's own `ru_maxrss`, from `wait4`. Unlike an address-space
/// limit, this counts what the program holds, not what its allocator reserves.
fn arbiter_peak_kib(
    args: &[&str],
    stdin: impl FnOnce(&mut dyn Write) + Send + 'static,
) -> (i64, i32, Vec<u8>, Vec<u8>) {
    use std::io::Read;
    // Waited for by `wait4` below, which std's `wait` would not give the usage of.
    #[allow(clippy::zombie_processes)]
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || stdin(&mut input));
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        out.read_to_end(&mut text).unwrap();
        text
    });
    let mut errors = Vec::new();
    err.read_to_end(&mut errors).unwrap();
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value, which wait4 fills in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our child, not yet waited for (`child` is never waited on).
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4: {}", std::io::Error::last_os_error());
    feeder.join().unwrap();
    let code = if libc::WIFEXITED(status) { libc::WEXITSTATUS(status) } else { -1 };
    (usage.ru_maxrss, code, reader.join().unwrap(), errors)
}

#[test]
fn check_holds_200_000_games_in_under_64_mb() {
    let game = b"[Event \"g\"]\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n";
    let (peak_kib, code, out, err) = arbiter_peak_kib(&["check", "xiangqi", "-"], move |out| {
        let batch = game.repeat(10_000);
        for _ in 0..20 {
            out.write_all(&batch).unwrap();
        }
    });
    assert_eq!(code, 0, "stderr: {}", String::from_utf8_lossy(&err));
    let out = String::from_utf8_lossy(&out);
    assert!(out.contains("200000"), "every game checked: {out}");
    assert!(peak_kib > 1024, "a peak of {peak_kib} KiB is no measure of a running program");
    assert!(peak_kib < 64 * 1024, "peak resident memory {peak_kib} KiB, 64 MiB at most");
    eprintln!("check of 200,000 games: peak resident memory {peak_kib} KiB");
}
