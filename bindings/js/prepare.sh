#!/usr/bin/env bash
# Makes the tools the JavaScript package is built with, then builds it (build.sh):
# the wasm32 target from rustup; wasm-bindgen-cli at the version of the wasm-bindgen
# crate in Cargo.lock, built from source with cargo's progress shown (without --locked
# where the registry lacks a version its lock file names, said in one line); and, where
# npm is there, the package's npm dev dependencies (wasm-opt, tsc) from
# package-lock.json. Without npm the module is built without wasm-opt's size pass.
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
# Runs `cargo install wasm-bindgen-cli` with the given options, showing cargo's
# progress (one line a crate compiled) and keeping its whole output in $install_log.
install_wasm_bindgen() {
  cargo install wasm-bindgen-cli --version "$wb" "$@" 2>&1 \
    | tee "$install_log" \
    | grep --line-buffered -E '^ +(Compiling|Installing|Installed|Replacing|Replaced|Finished) ' >&2
  return "${PIPESTATUS[0]}"
}
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $wb" ]; then
  echo "prepare.sh: building wasm-bindgen-cli $wb from source into ~/.cargo/bin: the package's" \
    "JavaScript glue must come from the same version as the wasm-bindgen crate in Cargo.lock;" \
    "this compiles about 160 crates, several minutes" >&2
  install_log=$(mktemp)
  trap 'rm -f "$install_log"' EXIT
  if ! install_wasm_bindgen --locked; then
    # The usual cause: the registry reached here lacks a version that wasm-bindgen-cli's
    # own lock file names, which cargo finds before compiling anything. Its manifest's
    # version ranges still build it, so that is tried next, without the long error.
    missing=$(sed -nE 's/^error: failed to select a version for the requirement `([^`]*)` \(locked to ([^)]*)\).*/\1 locked to \2/p' "$install_log")
    if [ -n "$missing" ]; then
      echo "prepare.sh: the registry lacks ${missing%% *} ${missing##* }, which wasm-bindgen-cli $wb's lock file names;" \
        "building it instead with the newest versions its manifest allows" >&2
    else
      grep -E '^(error|warning)' "$install_log" >&2 || true
      echo "prepare.sh: the locked build of wasm-bindgen-cli $wb failed (above); trying the newest versions its manifest allows" >&2
    fi
    install_wasm_bindgen || grep -E '^error' "$install_log" >&2 || true
  fi
fi
[ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $wb" ] || fail "wasm-bindgen-cli $wb cannot be installed"
if command -v npm >/dev/null; then
  (cd bindings/js && npm ci --no-audit --no-fund --loglevel=error >&2) \
    || fail "the npm package's dev dependencies cannot be installed"
elif [ "$need_npm" = 1 ]; then
  fail "npm is missing"
fi
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}" bindings/js/build.sh || fail "bindings/js/build.sh failed"
