//! Every `console` example of the README and docs/ run against the CLI, so that the
//! manuals cannot drift from what `arbiter` prints. In a ```` ```console ```` block each
//! `$ ` line (with `\` continuations) is run by `sh` from the repository's root with
//! this build's `arbiter` first on the PATH, and what it prints (standard output and
//! error together) must match the lines below it: `...` alone stands for any lines,
//! `[..]` for any text within a line. Shell blocks that are not to be run are fenced
//! `sh` or `text`.

use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// One `$ ` command and the lines it should print.
struct Example {
    place: String,
    command: String,
    expected: Vec<String>,
}

fn manuals() -> Vec<PathBuf> {
    let mut files = vec![Path::new(ROOT).join("README.md")];
    let mut dirs = vec![Path::new(ROOT).join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn examples(file: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(file).unwrap();
    let name = file.strip_prefix(ROOT).unwrap_or(file).display().to_string();
    let mut found: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut continued = false;
    for (index, line) in text.lines().enumerate() {
        let fence = line.trim_start();
        if fence.starts_with("```") {
            in_console = !in_console && fence == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if continued {
            let example = found.last_mut().unwrap();
            example.command.push('\n');
            example.command.push_str(line);
            continued = line.ends_with('\\');
        } else if let Some(command) = line.strip_prefix("$ ") {
            found.push(Example {
                place: format!("{name}:{}", index + 1),
                command: command.to_owned(),
                expected: Vec::new(),
            });
            continued = command.ends_with('\\');
        } else {
            let example =
                found.last_mut().unwrap_or_else(|| panic!("{name}:{}: output before any `$ ` line", index + 1));
            example.expected.push(line.to_owned());
        }
    }
    found
}

/// Whether `line` matches `pattern`, where `[..]` stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let mut parts = pattern.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else { return false };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether `lines` match `expected`, where a `...` line stands for any lines.
fn lines_match(expected: &[String], lines: &[&str]) -> bool {
    match expected.split_first() {
        None => lines.is_empty(),
        Some((first, rest)) if first == "..." => (0..=lines.len()).any(|skip| lines_match(rest, &lines[skip..])),
        Some((first, rest)) => {
            lines.first().is_some_and(|line| line_matches(first, line)) && lines_match(rest, &lines[1..])
        }
    }
}

#[test]
fn patterns_match_as_documented() {
    assert!(line_matches(
        "perft 4: 3290240 nodes in [..] s, [..] thread",
        "perft 4: 3290240 nodes in 0.1 s, 30 M nodes/s, 1 thread"
    ));
    assert!(!line_matches("a[..]c", "abd"));
    assert!(line_matches("plain", "plain") && !line_matches("plain", "plain!"));
    let lines = ["a", "b", "c", "d"];
    assert!(lines_match(&["a".into(), "...".into(), "d".into()], &lines));
    assert!(!lines_match(&["a".into(), "...".into(), "c".into()], &lines));
}

#[test]
fn every_console_example_prints_what_the_manual_says() {
    let binary = Path::new(env!("CARGO_BIN_EXE_arbiter"));
    let path = format!("{}:{}", binary.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let mut checked = 0;
    let mut wrong = Vec::new();
    for file in manuals() {
        for example in examples(&file) {
            let output = Command::new("sh")
                .arg("-c")
                .arg(format!("exec 2>&1\n{}", example.command))
                .current_dir(ROOT)
                .env("PATH", &path)
                .output()
                .unwrap();
            let printed = String::from_utf8_lossy(&output.stdout);
            let lines: Vec<&str> = printed.lines().collect();
            if !lines_match(&example.expected, &lines) {
                wrong.push(format!(
                    "{}: $ {}\nexpected:\n{}\nprinted:\n{printed}",
                    example.place,
                    example.command,
                    example.expected.join("\n")
                ));
            }
            checked += 1;
        }
    }
    assert!(wrong.is_empty(), "{} of {checked} examples differ:\n\n{}", wrong.len(), wrong.join("\n\n"));
    assert!(checked >= 20, "only {checked} examples found");
}
