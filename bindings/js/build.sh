#!/usr/bin/env bash
# Builds the npm package's WebAssembly module and its JavaScript glue into dist/:
# the rules library compiled for wasm32 with the workspace's `wasm` profile (small
# before fast), wasm-bindgen's glue for ES modules, and wasm-opt's size pass. Needs
# the wasm32-unknown-unknown target and wasm-bindgen-cli at the version of the
# `wasm-bindgen` crate.
set -euo pipefail
cd "$(dirname "$0")"
target=${CARGO_TARGET_DIR:-$(cd ../.. && pwd)/target}
cargo build -p arbiter-js --target wasm32-unknown-unknown --profile wasm
rm -rf dist
wasm-bindgen --target web --no-typescript --out-dir dist --out-name arbiter \
  "$target/wasm32-unknown-unknown/wasm/arbiter_js.wasm"
# wasm-opt from the npm package `binaryen` (a devDependency: `npm install` here), else
# one on PATH; Debian's binaryen 108 is too old to read what rustc writes today, so a
# wasm-opt that fails leaves the module as wasm-bindgen wrote it, with a warning.
wasm_opt=node_modules/.bin/wasm-opt
[ -x "$wasm_opt" ] || wasm_opt=$(command -v wasm-opt || true)
if [ -n "$wasm_opt" ]; then
  # The features rustc enables for wasm32 by default, which wasm-opt must be told of.
  "$wasm_opt" -Os --strip-debug --strip-producers \
    --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
    dist/arbiter_bg.wasm -o dist/arbiter_bg.opt.wasm \
    && mv dist/arbiter_bg.opt.wasm dist/arbiter_bg.wasm \
    || echo "build.sh: $wasm_opt failed: the .wasm is left as wasm-bindgen wrote it" >&2
  rm -f dist/arbiter_bg.opt.wasm
else
  echo "build.sh: no wasm-opt (npm install here brings one): the .wasm is left as wasm-bindgen wrote it" >&2
fi
