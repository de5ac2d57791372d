// The package's entry: loads the WebAssembly module once, with top-level await, so
// that whoever imports the package can play at once, in Node and in browsers alike.
import init, { __registerErrors } from "./dist/arbiter.js";
import { IllegalMoveError, OptionsError } from "./errors.js";

const wasm = new URL("./dist/arbiter_bg.wasm", import.meta.url);
if (wasm.protocol === "file:") {
  // Node: fetch() reads no file: addresses, so the bytes are read from disk.
  const { readFile } = await import("node:fs/promises");
  await init({ module_or_path: await readFile(wasm) });
} else {
  await init({ module_or_path: wasm });
}
__registerErrors(IllegalMoveError, OptionsError);

export { Game, perft, judge, readRecords, checkRecords, games, gameOptions } from "./dist/arbiter.js";
export { renderSvg } from "./render.js";
export { IllegalMoveError, OptionsError };
