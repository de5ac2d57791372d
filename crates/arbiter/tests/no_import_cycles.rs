//! No import circle between the files of any crate of the workspace: a file that
//! names a path into another file (`crate::`, `super::`, `self::`, or a child
//! module's name in the file that declares it) depends on that file, and no chain of
//! such dependencies may lead back to where it started. A path depends on the deepest
//! file it reaches: `crate::record::read::RecordedGame` is `record/read.rs`,
//! `crate::record::Record` is `record/mod.rs`. `mod x;` lines are no dependency.
//!
//! The graph is built from the text, as a reader would follow the imports, not from
//! the compiler: test modules at the end of a file, comments and string literals are
//! left out first, since what they name is no import.
//!
//! The rules library stands in floors, each importing only from its own floor and the
//! ones below: the ground (what every game shares, naming none), the games (each a
//! folder with a `position.rs`, importing the ground and its own folder only), and the
//! registry with the one list of games (`registry/`, `games.rs`) above them. Its
//! modules, taken whole (a folder or a file at `src/`), have no circle either.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A crate's files by their path under `src/` (`record/mod.rs`), each with the text
/// that may name other files.
type Files = BTreeMap<String, String>;

/// The files each file names paths into.
type Graph = BTreeMap<String, BTreeSet<String>>;

#[test]
fn no_crate_has_an_import_circle() {
    let mut circles = Vec::new();
    let mut edges = 0;
    let crates = crate_folders();
    assert!(!crates.is_empty(), "no crate found under the workspace's crates/ folder");
    for folder in &crates {
        let graph = graph(&sources(&folder.join("src")));
        edges += graph.values().map(BTreeSet::len).sum::<usize>();
        let name = folder.file_name().expect("a crate folder has a name").to_string_lossy();
        for circle in cycles(&graph) {
            circles.push(format!("{name}: {}", circle.join(" -> ")));
        }
    }
    // A reader that found no path at all would pass for the wrong reason.
    assert!(edges > 0, "no import found in any crate: the paths are not being read");
    assert!(circles.is_empty(), "import circles between files:\n  {}", circles.join("\n  "));
}

/// The library's floors: no import runs from the ground up to a game or the registry,
/// or from a game to another game or the registry; and no circle between its modules.
#[test]
fn the_library_stands_in_floors() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = sources(&src);
    let graph = graph(&files);
    let games: BTreeSet<String> = files
        .keys()
        .filter_map(|file| file.strip_suffix("/position.rs"))
        .filter(|folder| !folder.contains('/'))
        .map(str::to_owned)
        .collect();
    assert!(games.len() >= 4, "the game folders are found by their position.rs: {games:?}");
    for game in &games {
        for room in ["mod.rs", "spec.rs", "position.rs", "board.rs", "refusal.rs", "record.rs"] {
            assert!(
                files.contains_key(&format!("{game}/{room}")),
                "{game}/ has no {room}: every game has the same rooms"
            );
        }
    }
    let above = ["registry", "games"];
    let mut wrong = Vec::new();
    for (file, targets) in &graph {
        let from = top_module(file);
        for target in targets {
            let to = top_module(target);
            let allowed = if from == to || from == "lib" {
                true
            } else if to == "lib" {
                false // a path through the crate's root re-exports: name the module itself
            } else if above.contains(&from.as_str()) {
                true
            } else {
                // The ground and each game (whose own folder is `from == to`) import
                // only from the ground.
                !games.contains(&to) && !above.contains(&to.as_str())
            };
            if !allowed {
                wrong.push(format!("{file} -> {target}"));
            }
        }
    }
    assert!(wrong.is_empty(), "imports that run up a floor or across to another game:\n  {}", wrong.join("\n  "));
    let mut modules = Graph::new();
    for (file, targets) in &graph {
        let from = top_module(file);
        let entry = modules.entry(from.clone()).or_default();
        entry.extend(targets.iter().map(|t| top_module(t)).filter(|to| *to != from));
    }
    for targets in modules.clone().values() {
        for target in targets {
            modules.entry(target.clone()).or_default();
        }
    }
    let circles: Vec<String> = cycles(&modules).iter().map(|c| c.join(" -> ")).collect();
    assert!(circles.is_empty(), "import circles between the library's modules:\n  {}", circles.join("\n  "));
}

/// The module at `src/` a file belongs to: `xiangqi/board.rs` is `xiangqi`, `game.rs`
/// is `game`, `lib.rs` is `lib`.
fn top_module(file: &str) -> String {
    let first = file.split('/').next().unwrap_or(file);
    first.strip_suffix(".rs").unwrap_or(first).to_owned()
}

/// The reading itself, on files made up for it: a circle through a `use` group and
/// `super::` is found, and one only in a comment, a string or the tests is not.
#[test]
fn a_circle_is_found_and_named() {
    let files: Files = [
        ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
        ("a.rs", "use crate::b::{X, y::Z};\n"),
        ("b.rs", "use super::a::W;\n// crate::c::V\nconst S: &str = \"crate::c::V\";\n"),
        ("c.rs", "pub struct V;\n#[cfg(test)]\nmod tests {\n    use crate::a::W;\n}\n"),
    ]
    .into_iter()
    .map(|(path, text)| (path.to_owned(), cleaned(text)))
    .collect();
    let graph = graph(&files);
    assert_eq!(cycles(&graph), [["a.rs", "b.rs", "a.rs"]]);
    assert!(graph["b.rs"].iter().all(|f| f != "c.rs") && graph["c.rs"].is_empty());
}

/// Every crate folder of the workspace: the folders of `crates/` that hold a `src/`.
fn crate_folders() -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the library is in crates/");
    let mut folders: Vec<PathBuf> = fs::read_dir(crates)
        .expect("the crates/ folder is readable")
        .map(|entry| entry.expect("a readable entry").path())
        .filter(|path| path.join("src").is_dir())
        .collect();
    folders.sort();
    folders
}

/// Every `.rs` file under `src`, by its path from `src` with `/` between folders,
/// cleaned of what names nothing.
fn sources(src: &Path) -> Files {
    let mut files = Files::new();
    let mut folders = vec![src.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).expect("a readable folder") {
            let path = entry.expect("a readable entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(src).expect("under src/");
                let name = relative.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
                let text = fs::read_to_string(&path).expect("a readable source file");
                files.insert(name, cleaned(&text));
            }
        }
    }
    files
}

/// A file's text without its test module, string literals and comments, in that
/// order: a test module imports what it tests, and strings and comments name paths
/// that are no imports.
fn cleaned(text: &str) -> String {
    let text: Vec<char> = text.chars().collect();
    strip_comments(&blank_strings(cut_test_module(&text)))
}

/// `\w`: what names are made of.
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `text` holds `word` at `at`.
fn holds(text: &[char], at: usize, word: &str) -> bool {
    word.chars().enumerate().all(|(offset, c)| text.get(at + offset) == Some(&c))
}

/// The first position after `at` that is not white space.
fn skip_space(text: &[char], mut at: usize) -> usize {
    while text.get(at).is_some_and(|c| c.is_whitespace()) {
        at += 1;
    }
    at
}

/// The first position after `at` that is not part of a name.
fn skip_word(text: &[char], mut at: usize) -> usize {
    while text.get(at).is_some_and(|&c| is_word(c)) {
        at += 1;
    }
    at
}

/// The text before its first `#[cfg(test)]` followed by `mod name {`: tests sit at a
/// file's end, and everything from there on is theirs.
fn cut_test_module(text: &[char]) -> &[char] {
    let marker = "#[cfg(test)]";
    let starts_module = |at: usize| {
        let at = skip_space(text, at + marker.chars().count());
        if !holds(text, at, "mod ") {
            return false;
        }
        let name_end = skip_word(text, at + 4);
        name_end > at + 4 && holds(text, name_end, " {")
    };
    match (0..text.len()).find(|&at| holds(text, at, marker) && starts_module(at)) {
        Some(at) => &text[..at],
        None => text,
    }
}

/// The text with every string literal made `""`. A literal runs from `"` to the next
/// unescaped `"`; a backslash escapes any character but a line end, and a quote whose
/// literal never ends (or meets a backslash before a line end) is left as it is.
fn blank_strings(text: &[char]) -> Vec<char> {
    let mut out = Vec::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        match (text[at] == '"').then(|| string_end(text, at)).flatten() {
            Some(end) => {
                out.extend(['"', '"']);
                at = end;
            }
            None => {
                out.push(text[at]);
                at += 1;
            }
        }
    }
    out
}

/// Where the string literal opened by the quote at `open` ends (just after its closing
/// quote), or `None` if it does not.
fn string_end(text: &[char], open: usize) -> Option<usize> {
    let mut at = open + 1;
    loop {
        match *text.get(at)? {
            '"' => return Some(at + 1),
            '\\' => match text.get(at + 1) {
                Some(&c) if c != '\n' => at += 2,
                _ => return None,
            },
            _ => at += 1,
        }
    }
}

/// The text without `//` comments (doc comments included) up to their line's end.
fn strip_comments(text: &[char]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        if holds(text, at, "//") {
            while at < text.len() && text[at] != '\n' {
                at += 1;
            }
        } else {
            out.push(text[at]);
            at += 1;
        }
    }
    out
}

/// The module a file is: `record/format.rs` is `record::format`, `record/mod.rs` is
/// `record`, and `lib.rs` the crate itself.
fn module_of(path: &str) -> Vec<String> {
    let mut parts: Vec<String> = path.strip_suffix(".rs").unwrap_or(path).split('/').map(str::to_owned).collect();
    if parts.last().is_some_and(|last| last == "mod" || last == "lib") {
        parts.pop();
    }
    parts
}

/// The file that holds `module`, if any: `a/b.rs` or `a/b/mod.rs`, `lib.rs` for the
/// crate.
fn file_of(files: &Files, module: &[String]) -> Option<String> {
    let candidates = if module.is_empty() {
        vec!["lib.rs".to_owned()]
    } else {
        let path = module.join("/");
        vec![format!("{path}.rs"), format!("{path}/mod.rs")]
    };
    candidates.into_iter().find(|candidate| files.contains_key(candidate))
}

/// The deepest file a path reaches from `base`: each segment that names a module with
/// a file goes one deeper, and the first that does not (a type, a function) stops.
fn resolve(files: &Files, base: &[String], segments: &[String]) -> Option<String> {
    let mut module = base.to_vec();
    let mut deepest = file_of(files, &module);
    for segment in segments {
        module.push(segment.clone());
        match file_of(files, &module) {
            Some(file) => deepest = Some(file),
            None => break,
        }
    }
    deepest
}

/// The modules a file declares with `mod name;` (maybe `pub` or `pub(...)`): their
/// names start paths into the children's files.
fn child_modules(text: &str) -> BTreeSet<String> {
    let text: Vec<char> = text.chars().collect();
    let line_starts = (0..text.len()).filter(|&at| at == 0 || text[at - 1] == '\n');
    line_starts.filter_map(|start| child_module_at(&text, start)).collect()
}

/// The child a `mod name;` line starting at `start` declares.
fn child_module_at(text: &[char], start: usize) -> Option<String> {
    let mut at = skip_space(text, start);
    if holds(text, at, "pub") {
        let mut after = at + 3;
        if text.get(after) == Some(&'(') {
            after = (after..text.len()).find(|&i| text[i] == ')')? + 1;
        }
        let spaced = skip_space(text, after);
        if spaced > after {
            at = spaced;
        }
    }
    if !holds(text, at, "mod") {
        return None;
    }
    let name_start = skip_space(text, at + 3);
    let name_end = skip_word(text, name_start);
    if name_start == at + 3 || name_end == name_start {
        return None;
    }
    holds(text, skip_space(text, name_end), ";").then(|| text[name_start..name_end].iter().collect())
}

/// A path as written: where it starts (`crate`, `super`, `self` or a child's name),
/// its segments, and the names of a `{...}` group after them.
struct PathUse {
    head: String,
    segments: Vec<String>,
    group: Option<String>,
}

/// Every path in `text` that starts with one of `roots` (tried in their order) not in
/// the middle of a name or another path, and goes on with `::`.
fn paths(text: &str, roots: &[String]) -> Vec<PathUse> {
    let text: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let free = at == 0 || !(is_word(text[at - 1]) || text[at - 1] == ':');
        let root = roots.iter().find(|root| free && holds(&text, at, root));
        let Some(root) = root else {
            at += 1;
            continue;
        };
        let (path, end) = path_at(&text, at, root);
        found.extend(path);
        at = end;
    }
    found
}

/// The path that starts with `root` at `start`, unless nothing follows the root, and
/// where the scan goes on: `::name` segments, then maybe `::{...}` up to the first `}`
/// (a `;` before it means no group).
fn path_at(text: &[char], start: usize, root: &str) -> (Option<PathUse>, usize) {
    let mut at = start + root.chars().count();
    let rest_start = at;
    while holds(text, at, "::") && text.get(at + 2).is_some_and(|&c| is_word(c)) {
        at = skip_word(text, at + 2);
    }
    let rest: String = text[rest_start..at].iter().collect();
    let mut group = None;
    if holds(text, at, "::{") {
        let inside = at + 3;
        if let Some(close) = (inside..text.len()).take_while(|&i| text[i] != ';').find(|&i| text[i] == '}') {
            group = Some(text[inside..close].iter().collect::<String>());
            at = close + 1;
        }
    }
    let group = group.filter(|g| !g.is_empty());
    if rest.is_empty() && group.is_none() {
        // `mod x;`, or a bare word.
        return (None, at);
    }
    let segments = rest.split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect();
    (Some(PathUse { head: root.to_owned(), segments, group }), at)
}

/// The files `file` names paths into.
fn edges_of(files: &Files, file: &str) -> BTreeSet<String> {
    let text = &files[file];
    let me = module_of(file);
    let mut roots: Vec<String> = ["crate", "super", "self"].map(str::to_owned).to_vec();
    roots.extend(child_modules(text));
    let mut edges = BTreeSet::new();
    for path in paths(text, &roots) {
        let (base, segments) = match path.head.as_str() {
            "crate" => (Vec::new(), path.segments),
            "super" => (me[..me.len().saturating_sub(1)].to_vec(), path.segments),
            "self" => (me.clone(), path.segments),
            child => (me.clone(), [vec![child.to_owned()], path.segments].concat()),
        };
        for target in targets(segments, path.group.as_deref()) {
            if let Some(reached) = resolve(files, &base, &target).filter(|reached| reached != file) {
                edges.insert(reached);
            }
        }
    }
    edges
}

/// The paths a use names: `segments` itself, or with a group each name of the group
/// after them (its first segment; `self` and empty names left out).
fn targets(segments: Vec<String>, group: Option<&str>) -> Vec<Vec<String>> {
    let Some(group) = group else { return vec![segments] };
    let names = group.split(',').map(|item| {
        let first = item.trim().split("::").next().unwrap_or("");
        first.split(' ').next().unwrap_or("")
    });
    let targets: Vec<Vec<String>> = names
        .filter(|name| !name.is_empty() && *name != "self")
        .map(|name| [segments.clone(), vec![name.to_owned()]].concat())
        .collect();
    if targets.is_empty() { vec![segments] } else { targets }
}

/// Each file's edges.
fn graph(files: &Files) -> Graph {
    files.keys().map(|file| (file.clone(), edges_of(files, file))).collect()
}

/// Every circle a depth-first walk meets, each from the file it returns to and back
/// to it, files and edges taken in order.
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    let mut walk = Walk { graph, done: BTreeSet::new(), stack: Vec::new(), cycles: Vec::new() };
    for file in graph.keys() {
        if !walk.done.contains(file) && !walk.stack.contains(file) {
            walk.visit(file);
        }
    }
    walk.cycles
}

/// A depth-first walk: the files whose every edge has been walked, the path walked to
/// the file at hand, and the circles met.
struct Walk<'a> {
    graph: &'a Graph,
    done: BTreeSet<String>,
    stack: Vec<String>,
    cycles: Vec<Vec<String>>,
}

impl Walk<'_> {
    /// Walks from `file`: an edge back to a file on the path walked closes a circle.
    fn visit(&mut self, file: &str) {
        self.stack.push(file.to_owned());
        for next in &self.graph[file] {
            if let Some(index) = self.stack.iter().position(|f| f == next) {
                let mut circle = self.stack[index..].to_vec();
                circle.push(next.clone());
                self.cycles.push(circle);
            } else if !self.done.contains(next) {
                self.visit(next);
            }
        }
        self.stack.pop();
        self.done.insert(file.to_owned());
    }
}
