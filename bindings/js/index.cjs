// The package's entry for CommonJS (`require("arbiter-referee")`): the same module as
// `index.js`, its WebAssembly loaded synchronously from disk, so that `require` returns
// the games ready to play. The glue is an ES module without top-level await, which
// `require` loads in Node 20.19, 22.12 and later; ES module importers share it, so both
// entries give the same classes and one WebAssembly instance.
"use strict";

const { readFileSync } = require("node:fs");
const { join } = require("node:path");

let glue;
let errors;
let render;
try {
  glue = require("./dist/arbiter.js");
  errors = require("./errors.js");
  render = require("./render.js");
} catch (error) {
  if (error && error.code === "ERR_REQUIRE_ESM") {
    throw new Error(
      `arbiter-referee: require() of an ES module needs Node 20.19, 22.12 or later (this is ${process.version}); ` +
        'here, load the package with `const arbiter = await import("arbiter-referee")`',
      { cause: error },
    );
  }
  throw error;
}

glue.initSync({ module: readFileSync(join(__dirname, "dist", "arbiter_bg.wasm")) });
glue.__registerErrors(errors.IllegalMoveError, errors.OptionsError);

module.exports = {
  Game: glue.Game,
  perft: glue.perft,
  judge: glue.judge,
  readRecords: glue.readRecords,
  checkRecords: glue.checkRecords,
  renderSvg: render.renderSvg,
  games: glue.games,
  gameOptions: glue.gameOptions,
  IllegalMoveError: errors.IllegalMoveError,
  OptionsError: errors.OptionsError,
};
