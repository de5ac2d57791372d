#!/usr/bin/env bash
# Makes the tools the JavaScript package is built with, then builds it (build.sh):
# the wasm32 target from rustup, wasm-bindgen-cli at the version of the wasm-bindgen
# crate in Cargo.lock (without --locked where the registry lacks a locked dependency
# of it), and, where npm is there, the package's npm dev dependencies (wasm-opt, tsc)
# from package-lock.json; without npm the module is built without wasm-opt's size pass.
#
#   bindings/js/prepare.sh [--need-npm]
#
# Exits 1 with one line on standard error saying what could not be done; --need-npm
# (the tests, which run tsc) makes a missing npm such a failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() {
  echo "$1" >&2
  exit 1
}
need_npm=0
[ "${1:-}" = "--need-npm" ] && need_npm=1
command -v rustup >/dev/null || fail "rustup is missing"
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown >&2 || fail "the wasm32-unknown-unknown target cannot be installed"
fi
wb=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $wb" ]; then
  echo "installing wasm-bindgen-cli $wb" >&2
  cargo install -q --locked wasm-bindgen-cli --version "$wb" \
    || cargo install -q wasm-bindgen-cli --version "$wb" || true
fi
[ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $wb" ] || fail "wasm-bindgen-cli $wb cannot be installed"
if command -v npm >/dev/null; then
  (cd bindings/js && npm ci --no-audit --no-fund --loglevel=error >&2) \
    || fail "the npm package's dev dependencies cannot be installed"
elif [ "$need_npm" = 1 ]; then
  fail "npm is missing"
fi
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}" bindings/js/build.sh || fail "bindings/js/build.sh failed"
