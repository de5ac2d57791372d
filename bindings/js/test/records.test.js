// Record files read, replayed by the rules, and written, through the package.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { Game, readRecords, checkRecords } from "../index.js";

const records = new URL("../../../crates/arbiter-cli/tests/data/records/", import.meta.url);
const text = (name) => readFileSync(new URL(name, records), "utf8");

test("xiangqi PGN in ICCS is read with its tags", () => {
  const games = readRecords("xiangqi", text("wukong_iccs.pgn"));
  assert.ok(games.length > 0);
  assert.equal(typeof games[0].tags.Event, "string");
  assert.ok(games[0].moves.length > 0);
  assert.equal(games[0].line, 1);
});

test("a record decoded by TextDecoder reads as its UTF-8 twin", () => {
  const bytes = readFileSync(new URL("wukong_chinese.gb18030.pgn", records));
  const decoded = new TextDecoder("gb18030").decode(bytes);
  assert.deepEqual(readRecords("xiangqi", decoded), readRecords("xiangqi", text("wukong_chinese.pgn")));
});

test("records are replayed by the rules as arbiter check does", () => {
  const checks = checkRecords("xiangqi", text("ccpd_sample.pgn"));
  assert.equal(checks.filter((c) => c.legal).length, 46);
  for (const check of checks) {
    assert.equal(check.legal, check.refusal === null);
    assert.ok(["agree", "differ", "undecided", "refused"].includes(check.result));
  }
  const gomoku = checkRecords("gomoku", text("gomoku.psq"));
  assert.ok(gomoku.length > 0 && gomoku[0].moves > 0);
  const twixt = checkRecords("twixt", text("twixtbot-ui_game2206555.tsgf"));
  assert.ok(twixt[0].moves > 0);
});

test("a game's record is written in its own format and reads back", () => {
  const game = new Game("xiangqi");
  for (const move of ["h2e2", "h9g7", "h0g2"]) game.play(move);
  const record = game.record({ tags: { Event: "club night", Red: "Lin" } });
  assert.equal(record.format, "pgn");
  assert.equal(record.extension, "pgn");
  const [read] = readRecords("xiangqi", record.text);
  assert.equal(read.tags.Event, "club night");
  assert.equal(read.tags.Red, "Lin");
  assert.deepEqual(read.moves, ["H2-E2", "H9-G7", "H0-G2"]);
  const wxf = game.record({ notation: "wxf" });
  assert.deepEqual(readRecords("xiangqi", wxf.text)[0].moves, ["C2=5", "H8+7", "H2+3"]);
  const [replayed] = checkRecords("xiangqi", record.text);
  assert.equal(replayed.legal, true);
  assert.equal(replayed.moves, 3);
  const gomoku = new Game("gomoku", { size: 15 });
  gomoku.play("h8");
  assert.equal(gomoku.record().extension, "psq");
  const draughts = new Game("draughts");
  draughts.play("32-28");
  assert.equal(draughts.record().format, "pdn");
});

test("records that cannot be read or options that are wrong throw", () => {
  assert.throws(() => game().record({ notation: "braille" }), /no notation "braille"/);
  assert.throws(() => game().record({ tags: { Event: 3 } }), TypeError);
  assert.throws(() => readRecords("chess", ""), (e) => e.name === "OptionsError");
});

function game() {
  return new Game("xiangqi");
}
