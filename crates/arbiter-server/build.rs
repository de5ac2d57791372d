//! Builds the npm package of `bindings/js` into the binary beside the page, when it
//! has been built (`bindings/js/build.sh`): the page then works out legal moves and
//! draws boards itself. Without it the server serves no package, and the page asks
//! the server for the legal moves and the boards as before; nothing is fetched from
//! anywhere else either way.

use std::path::{Path, PathBuf};
use std::{env, fs};

/// The package's files the page loads, as the package lays them out.
const FILES: [&str; 4] = ["index.js", "errors.js", "dist/arbiter.js", "dist/arbiter_bg.wasm"];

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
}

fn absolute(path: &Path) -> String {
    fs::canonicalize(path).unwrap_or_else(|_| path.to_owned()).display().to_string()
}
