// The judges' shared fixtures (crates/arbiter-formats/tests/data/judges), each answered byte for byte
// through the package, as the library's own test answers them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";

import { judge } from "../index.js";

const data = new URL("../../../crates/arbiter-formats/tests/data/judges/", import.meta.url);

// At least as many fixtures as the library's test counts, so that a lost folder fails.
for (const [game, least] of [["xiangqi", 6], ["draughts", 74], ["gomoku", 58], ["twixt", 9]]) {
  test(`${game}: every judge fixture answered byte for byte`, () => {
    const folder = new URL(`${game}/`, data);
    const inputs = readdirSync(folder).filter((name) => name.endsWith(".in"));
    assert.ok(inputs.length >= least, `only ${inputs.length} fixtures in ${folder}`);
    for (const name of inputs) {
      const input = readFileSync(new URL(name, folder));
      const expected = readFileSync(new URL(name.replace(/\.in$/, ".out"), folder), "utf8");
      // As bytes, the judge reading them as the command line does.
      assert.equal(judge(game, new Uint8Array(input)), expected, name);
    }
  });
}

test("a judge takes text too, and hands over its warnings", () => {
  assert.equal(judge("xiangqi", "2 1 4\nG 10 5\nR 6 4\n\n0 0 0\n"), "YES\n");
  const warnings = [];
  const draughts = readdirSync(new URL("draughts/", data)).filter((n) => n.endsWith(".in"));
  for (const name of draughts) {
    judge("draughts", readFileSync(new URL(`draughts/${name}`, data), "utf8"), (w) => warnings.push(w));
  }
  assert.ok(warnings.every((w) => typeof w === "string" && w.length > 0));
});

test("input a judge refuses throws", () => {
  assert.throws(() => judge("xiangqi", "not a problem"), Error);
  assert.throws(() => judge("xiangqi", 42), TypeError);
});
