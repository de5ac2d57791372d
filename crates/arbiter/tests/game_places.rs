//! Every game lives in its own places: no source file of the workspace names a game in
//! code but the game's own (a folder or file named after it: `xiangqi/`, `xiangqi.rs`)
//! and the one list of games (`crates/arbiter/src/games.rs`), from which every
//! all-games type and dispatch is made. Comments, strings and tests aside: they may
//! name what they like.
//!
//! The match runner's protocols (`protocol/`, `builtin/serve/`) are left out: each
//! protocol is one game's (UCI Xiangqi's, Hub draughts'), and its files are that
//! game's own in the match runner; which protocols a game's engines speak is said in
//! the game's file of the runner's `games/`.

use std::fs;
use std::path::{Path, PathBuf};

use arbiter::GameKind;

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every source file of the crates and bindings, by its path from the root: Rust under
/// `src/`, and the Python package's modules.
fn sources() -> Vec<String> {
    let root = root();
    let mut found = Vec::new();
    let mut folders: Vec<PathBuf> = ["crates", "bindings"].iter().map(|f| root.join(f)).collect();
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if path.is_dir() {
                // Tests, benchmarks, examples, fuzz inputs and build output name games freely.
                if !["tests", "test", "bench", "benches", "examples", "target", "node_modules", "dist", "corpus"]
                    .contains(&name.as_str())
                {
                    folders.push(path);
                }
            } else if name.ends_with(".rs") || name.ends_with(".py") {
                let relative = path.strip_prefix(&root).expect("under the root").to_string_lossy().replace('\\', "/");
                found.push(relative);
            }
        }
    }
    found.sort();
    found
}

/// The text without what names nothing in code: a trailing test module, string
/// literals and comments (Rust's `//`, Python's `#` and docstrings).
fn code(text: &str, python: bool) -> String {
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(at) if !python => &text[..at],
        _ => text,
    };
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < chars.len() {
        let c = chars[at];
        let starts = |at: usize, s: &str| s.chars().enumerate().all(|(k, x)| chars.get(at + k) == Some(&x));
        if python && (starts(at, "\"\"\"") || starts(at, "'''")) {
            let quote: String = chars[at..at + 3].iter().collect();
            at += 3;
            while at < chars.len() && !starts(at, &quote) {
                at += 1;
            }
            at += 3;
        } else if c == '"' || (python && c == '\'') {
            at += 1;
            while at < chars.len() && chars[at] != c && chars[at] != '\n' {
                at += if chars[at] == '\\' { 2 } else { 1 };
            }
            at += 1;
        } else if (!python && starts(at, "//")) || (python && c == '#') {
            while at < chars.len() && chars[at] != '\n' {
                at += 1;
            }
        } else {
            out.push(c);
            at += 1;
        }
    }
    out
}

/// The games a text names: an identifier one of whose `_`-separated parts is a game's
/// name, in any case (`xiangqi`, `Xiangqi`, `XIANGQI_POINTS`, `draughts_board`).
fn games_named(text: &str) -> Vec<&'static str> {
    let mut named = Vec::new();
    for word in text.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
        let lower = word.to_lowercase();
        for kind in GameKind::ALL {
            if lower.split('_').any(|part| part == kind.name()) && !named.contains(&kind.name()) {
                named.push(kind.name());
            }
        }
    }
    named
}

#[test]
fn no_file_names_a_game_outside_its_own_places() {
    let sources = sources();
    assert!(sources.len() > 100, "the sources were not found: {}", sources.len());
    let mut strays = Vec::new();
    for path in &sources {
        let parts: Vec<&str> = path.split('/').collect();
        let stem = parts.last().and_then(|file| file.split('.').next()).unwrap_or("");
        let is_test_file = stem == "tests" || stem.starts_with("test_") || stem == "conftest";
        let is_protocol = path.starts_with("crates/arbiter-match/src/protocol/")
            || path.starts_with("crates/arbiter-match/src/builtin/serve/");
        if path == "crates/arbiter/src/games.rs" || is_test_file || is_protocol {
            continue;
        }
        let text = fs::read_to_string(root().join(path)).expect("a readable source");
        for game in games_named(&code(&text, path.ends_with(".py"))) {
            let own = parts.contains(&game) || stem == game;
            if !own {
                strays.push(format!("{path} names {game}"));
            }
        }
    }
    assert!(strays.is_empty(), "games named outside their own places:\n  {}", strays.join("\n  "));
}

/// The reading itself: names in code count, in comments and strings they do not, and
/// a game's own folder may name it.
#[test]
fn names_in_code_are_found_and_names_in_words_are_not() {
    let rust = "use arbiter::xiangqi::Move; // draughts\nconst GOMOKU_SIDE: u32 = 15;\nlet s = \"twixt\";\n";
    assert_eq!(games_named(&code(rust, false)), ["xiangqi", "gomoku"]);
    let python = "\"\"\"A draughts env.\"\"\"\nimport gomoku  # twixt\nname = 'xiangqi'\n";
    assert_eq!(games_named(&code(python, true)), ["gomoku"]);
    let tests = "fn f() {}\n#[cfg(test)]\nmod tests {\n    use arbiter::twixt::Peg;\n}\n";
    assert!(games_named(&code(tests, false)).is_empty());
}
