//! Builds the npm package of `bindings/js` into the binary beside the page, when it
//! has been built (`bindings/js/build.sh`): the page then works out legal moves and
//! draws boards itself. Without it the server serves no package, and the page asks
//! the server for the legal moves and the boards as before; nothing is fetched from
//! anywhere else either way.

use std::path::{Path, PathBuf};
use std::{env, fs};

/// The package's files the page loads, as the package lays them out.
const FILES: [&str; 5] = ["index.js", "errors.js", "render.js", "dist/arbiter.js", "dist/arbiter_bg.wasm"];

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let package = manifest.join("../../bindings/js");
    let built = FILES.iter().all(|file| package.join(file).is_file());
    // Watched: the files once built; before, the package's folder, which building
    // changes. A path that does not exist would rerun this script on every build.
    if built {
        for file in FILES {
            println!("cargo::rerun-if-changed={}", package.join(file).display());
        }
    } else if package.is_dir() {
        println!("cargo::rerun-if-changed={}", package.display());
    }
    // New migration files are read when the crate is built (sqlx's migrate!).
    println!("cargo::rerun-if-changed=migrations");
    let entries: String = if built {
        FILES
            .iter()
            .map(|file| format!("    ({file:?}, include_bytes!({:?})),\n", absolute(&package.join(file))))
            .collect()
    } else {
        String::new()
    };
    let code = format!(
        "/// The npm package's files by path, empty if it was not built.\npub const FILES: &[(&str, &[u8])] = &[\n{entries}];\n"
    );
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::write(out.join("package.rs"), code).expect("OUT_DIR is writable");
    fs::write(out.join("locales.rs"), locales(&manifest.join("web/locales"))).expect("OUT_DIR is writable");
}

/// The page's message catalogs, one Fluent file a language (`web/locales/zh-CN.ftl`):
/// each by its tag, its `language-name` (the language's name for itself, which the
/// page's switch shows) and its text. A translator adds a language by adding a file.
fn locales(folder: &Path) -> String {
    println!("cargo::rerun-if-changed={}", folder.display());
    let mut found: Vec<(String, String, String)> = Vec::new();
    for entry in fs::read_dir(folder).expect("web/locales is readable").flatten() {
        let path = entry.path();
        let Some(tag) = path.file_name().and_then(|n| n.to_str()).and_then(|n| n.strip_suffix(".ftl")) else {
            continue;
        };
        println!("cargo::rerun-if-changed={}", path.display());
        let text = fs::read_to_string(&path).expect("a catalog is UTF-8 text");
        let name = text
            .lines()
            .find_map(|line| line.strip_prefix("language-name"))
            .and_then(|rest| rest.trim_start().strip_prefix('='))
            .map(|name| name.trim().to_owned())
            .unwrap_or_else(|| panic!("{} has no `language-name = ...` line", path.display()));
        found.push((tag.to_owned(), name, absolute(&path)));
    }
    // English first, the others by tag.
    found.sort_by_key(|(tag, _, _)| (tag != "en", tag.clone()));
    let entries: String =
        found.iter().map(|(tag, name, path)| format!("    ({tag:?}, {name:?}, include_str!({path:?})),\n")).collect();
    format!(
        "/// The page's catalogs: tag, the language's own name, the Fluent text.\npub const LOCALES: &[(&str, &str, &str)] = &[\n{entries}];\n"
    )
}

fn absolute(path: &Path) -> String {
    fs::canonicalize(path).unwrap_or_else(|_| path.to_owned()).display().to_string()
}
