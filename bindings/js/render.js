// `renderSvg` as both entries give it: the WebAssembly glue's, with a `TypeError` for
// anything that is not a `Game` (the glue alone would throw a plain `Error`).
import { Game, renderSvg as drawSvg } from "./dist/arbiter.js";

/** The board of `game` as SVG (`options`: `{flip, ended}`). */
export function renderSvg(game, options) {
  if (!(game instanceof Game)) {
    throw new TypeError("renderSvg draws a Game: new Game(...) first");
  }
  return drawSvg(game, options);
}
