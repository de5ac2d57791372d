// The package as a new project meets it: packed (`npm pack`), installed into an empty
// project made by `npm init -y` (CommonJS by default), and loaded both ways, with
// `import` from an ES module and with `require` from CommonJS (the project's
// `index.js`, and a `.cjs` file), as docs/javascript.md says.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import * as esm from "../index.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
let project;

function run(file) {
  return execFileSync(process.execPath, [file], { cwd: project, encoding: "utf8" });
}

before(() => {
  project = mkdtempSync(join(tmpdir(), "arbiter-project-"));
  const quiet = ["--no-audit", "--no-fund", "--loglevel=error"];
  execFileSync(npm, ["pack", "--pack-destination", project, ...quiet], { cwd: packageDir, stdio: "ignore" });
  const [tarball] = readdirSync(project).filter((name) => name.endsWith(".tgz"));
  execFileSync(npm, ["init", "-y"], { cwd: project, stdio: "ignore" });
  execFileSync(npm, ["install", "--offline", ...quiet, `./${tarball}`], { cwd: project, stdio: "ignore" });
});

after(() => rmSync(project, { recursive: true, force: true }));

// One game, played the same way in every example below: the refusal is the package's
// own exception class, and the outcome is read by the rules.
const play = `
const game = new Game("gomoku", { size: 9 });
for (const move of ["e5", "a1", "e6", "a2", "e7", "a3", "e8", "a4"]) game.play(move);
let refused = null;
try { game.play("e5"); } catch (error) { refused = error instanceof IllegalMoveError ? error.reason : String(error); }
game.play("e9");
console.log(JSON.stringify({ refused, outcome: game.outcome, games: games() }));
`;

function expectPlayed(printed) {
  const { refused, outcome, games } = JSON.parse(printed);
  assert.equal(refused, "occupied", "a stone on a taken point is refused as the package's IllegalMoveError");
  assert.equal(outcome.termination, "five_in_a_row");
  assert.equal(outcome.winner, "black");
  assert.ok(games.includes("xiangqi") && games.includes("twixt"), games.join(" "));
}

test("require() in a new project's index.js (CommonJS, the default of npm init)", () => {
  writeFileSync(join(project, "index.js"), `const { Game, IllegalMoveError, games } = require("arbiter-referee");\n${play}`);
  expectPlayed(run("index.js"));
});

test("require() in a .cjs file", () => {
  writeFileSync(join(project, "main.cjs"), `const { Game, IllegalMoveError, games } = require("arbiter-referee");\n${play}`);
  expectPlayed(run("main.cjs"));
});

test("import in an .mjs file, the games ready once import returns", () => {
  writeFileSync(join(project, "main.mjs"), `import { Game, IllegalMoveError, games } from "arbiter-referee";\n${play}`);
  expectPlayed(run("main.mjs"));
});

test("dynamic import() from CommonJS", () => {
  const code = `import("arbiter-referee").then(({ Game, IllegalMoveError, games }) => {\n${play}\n});\n`;
  writeFileSync(join(project, "dynamic.cjs"), code);
  expectPlayed(run("dynamic.cjs"));
});

test("both entries give the same names, the same classes and one WebAssembly instance", () => {
  const cjs = createRequire(import.meta.url)("../index.cjs");
  assert.deepEqual(Object.keys(cjs).sort(), Object.keys(esm).sort());
  for (const name of Object.keys(esm)) {
    assert.equal(cjs[name], esm[name], name);
  }
  // A game made through one entry is refused through the other's exception class.
  const game = new cjs.Game("xiangqi");
  assert.throws(() => game.play("a0a5"), esm.IllegalMoveError);
});
