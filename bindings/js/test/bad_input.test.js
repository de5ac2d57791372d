// The rule for bad input (docs/input.md), held by the package as the Python package
// holds it (bindings/python/tests/test_bad_input.py): text that is not UTF-8, a token
// or line longer than any valid one, a number out of range, an empty input, a bad FEN
// and bad options raise an Error whose message is one short line that names the fault
// and quotes at most a short excerpt; nothing crashes, and the package works on after.
import { test } from "node:test";
import assert from "node:assert/strict";

import { Game, IllegalMoveError, OptionsError, checkRecords, judge, perft, readRecords } from "../index.js";

const HUGE = "q".repeat(200_000);
const GAMES = ["xiangqi", "draughts", "gomoku", "twixt"];
const bytes = (text) => new TextEncoder().encode(text);
const repeat = (pieces, times) => {
  const one = Uint8Array.from(pieces);
  const all = new Uint8Array(one.length * times);
  for (let i = 0; i < times; i += 1) all.set(one, i * one.length);
  return all;
};

/** Calls `call`, which must throw an Error of `kind` whose message is one line under
 * 200 characters, quotes no long stretch of the input and says each of `says`. */
function refused(kind, call, ...says) {
  let thrown;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  assert.ok(thrown !== undefined, "it throws");
  assert.ok(thrown instanceof Error, `an Error: ${thrown}`);
  assert.ok(thrown instanceof kind, `a ${kind.name}: ${thrown.name}: ${thrown.message}`);
  const message = thrown.message;
  assert.ok(!message.includes("\n"), `one line: ${JSON.stringify(message)}`);
  assert.ok(message.length < 200, `under 200 characters: ${message.length}: ${message.slice(0, 300)}`);
  assert.ok(!message.includes("q".repeat(40)), `a short excerpt at most: ${message}`);
  for (const words of says) assert.ok(message.includes(words), `${JSON.stringify(message)} should say ${words}`);
  return message;
}

for (const game of GAMES) {
  test(`${game}: positions that start no game`, () => {
    const option = game === "xiangqi" || game === "draughts" ? "fen" : "board";
    refused(OptionsError, () => new Game(game, { [option]: HUGE }));
    refused(OptionsError, () => new Game(game, { [option]: "\u0000\u00ff\u202e".repeat(500) }));
    refused(OptionsError, () => new Game(game, { [option]: "" }));
    refused(OptionsError, () => new Game(game, { moveLimit: -1 }));
    refused(OptionsError, () => new Game(game, { moveLimit: 1e30 }));
    const played = new Game(game);
    if (option === "fen") refused(OptionsError, () => { played.fen = HUGE; });
    assert.ok(played.legalMoves().length > 0, "the package works on after");
  });

  test(`${game}: moves no game reads`, () => {
    const played = new Game(game);
    refused(IllegalMoveError, () => played.play(HUGE));
    refused(IllegalMoveError, () => played.play("\u0000\ufffd\u001b[31m".repeat(1000)));
    refused(IllegalMoveError, () => played.play(""));
    refused(IllegalMoveError, () => played.play("99999999999999999999999"));
    assert.deepEqual(played.moves, []);
  });

  test(`${game}: records that cannot be read`, () => {
    const longTag = `[Event "${HUGE}"]\n`;
    refused(Error, () => readRecords(game, longTag), "line 1: longer than 65536 bytes");
    refused(Error, () => checkRecords(game, longTag), "line 1: longer than 65536 bytes");
    refused(Error, () => readRecords(game, bytes(longTag)), "line 1: longer than 65536 bytes");
    // A 200,000-letter move is a line longer than any valid one, quoted only by its start.
    refused(Error, () => readRecords(game, `1. ${HUGE}\n`), "line 1", 'it begins "1. qqq');
    refused(Error, () => readRecords(game, repeat([0xff], 100_000)), "line 1");
    refused(Error, () => readRecords(game, repeat([0xff, 0xfe, 0x00, 0x68, 0x0a], 3)), "line 1: not UTF-8 text");
    // An empty record holds no game: no refusal, and nothing read.
    assert.deepEqual(readRecords(game, ""), []);
    assert.deepEqual(readRecords(game, new Uint8Array()), []);
    assert.deepEqual(checkRecords(game, " \n\n"), []);
  });

  test(`${game}: judges refuse what is no case`, () => {
    refused(Error, () => judge(game, Uint8Array.from([0xff, 0xfe, 0x00, 0x0a])), "not UTF-8");
    refused(Error, () => judge(game, HUGE), "longer than");
    refused(Error, () => judge(game, ""), "line 1");
    refused(Error, () => judge(game, "99999999999999999999 1 1\n"));
  });
}

test("a long move in a record is refused by check with a short excerpt", () => {
  const [check] = checkRecords("xiangqi", `1. h2e2 ${"q".repeat(60_000)} *\n`);
  assert.equal(check.result, "refused");
  assert.equal(check.refusal.number, "1...");
  assert.ok(check.refusal.reason.length < 200, check.refusal.reason.slice(0, 300));
  assert.ok(check.refusal.reason.includes('cannot read move "qqq'), check.refusal.reason);
  assert.ok(!check.refusal.reason.includes("q".repeat(40)));
});

test("a fault far into a record names its line, as arbiter check does", () => {
  const game = '[Event "x"]\n1. h2e2 h9g7 *\n\n';
  const text = game.repeat(50_000);
  const line = 3 * 50_000 + 1;
  assert.equal(readRecords("xiangqi", text).length, 50_000);
  const unclosed = refused(Error, () => checkRecords("xiangqi", text + "1. h2e2 {never closed\n"));
  assert.equal(unclosed, `line ${line}: a \`{\` comment is never closed`);
  const notUtf8 = Uint8Array.from([...bytes(text), 0x31, 0x2e, 0x20, 0xff, 0x0a]);
  assert.equal(refused(Error, () => readRecords("xiangqi", notUtf8)), `line ${line}: not UTF-8 text (byte 4 of the line)`);
  // GB18030 or Big5 bytes are decoded with TextDecoder first; as bytes they are refused.
  const gb18030 = Uint8Array.from([...bytes('[Event "'), 0xc5, 0xda, ...bytes('"]\n1. h2e2 *\n')]);
  refused(Error, () => readRecords("xiangqi", gb18030), "line 1: not UTF-8 text (byte 9 of the line)");
  assert.equal(readRecords("xiangqi", Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes("1. h2e2 *\n")]))[0].moves[0], "h2e2");
});

test("numbers out of range are refused with the range", () => {
  refused(OptionsError, () => new Game("gomoku", { size: 1_000_000 }), "1 to 1024");
  refused(OptionsError, () => new Game("gomoku", { size: 2 ** 70 }));
  refused(OptionsError, () => new Game("gomoku", { size: 1e300 }));
  refused(OptionsError, () => new Game("twixt", { rows: -5 }));
  refused(OptionsError, () => new Game("twixt", { rows: -1e300 }));
  refused(RangeError, () => perft("xiangqi", 65), "64 plies");
  refused(RangeError, () => perft("xiangqi", 2 ** 40), "64 plies");
  refused(RangeError, () => perft("xiangqi", 1e300), "64 plies");
  refused(TypeError, () => perft("xiangqi", -1e300));
  refused(TypeError, () => perft("xiangqi", 2.5));
  refused(TypeError, () => perft("draughts", 3, { threads: 100_000 }), "threads");
  assert.equal(perft("xiangqi", 2), 1920, "the package works on after");
});

test("options read from bad JSON are refused in one short line", () => {
  const parsed = (json) => JSON.parse(json);
  refused(TypeError, () => new Game("xiangqi", parsed(`{"${HUGE}": 1}`)), "unexpected option");
  refused(TypeError, () => new Game("xiangqi", parsed(`{"fen\\n${"\\u0000".repeat(500)}": 1}`)), "unexpected option");
  refused(TypeError, () => new Game("gomoku", parsed('{"size": "15"}')), "size");
  refused(TypeError, () => new Game("gomoku", parsed('{"size": [15]}')), "size");
  refused(TypeError, () => new Game("twixt", parsed('{"swap": "yes"}')), "swap");
  refused(TypeError, () => new Game("xiangqi", parsed('"fen"')), "options must be an object");
  refused(OptionsError, () => new Game("gomoku", parsed(`{"rules": "${HUGE}"}`)));
  refused(OptionsError, () => new Game("xiangqi", parsed(`{"chaseRules": "${HUGE}"}`)));
  // A record's tags may name the rules, so options are refused game by game, briefly.
  const psq = "Piskvork 15x15, 11:11, 0\n8,8,0\n-1\n";
  const [check] = checkRecords("gomoku", psq, parsed(`{"rules": "${HUGE}"}`));
  assert.equal(check.result, "refused");
  assert.ok(check.refusal.reason.length < 200 && check.refusal.reason.includes("unknown rules"), check.refusal.reason);
  const game = new Game("xiangqi");
  refused(TypeError, () => game.record(parsed(`{"tags": {"${HUGE}": 1}}`)), "must be a string");
  refused(Error, () => game.record(parsed(`{"notation": "${HUGE}"}`)), "notation");
  assert.equal(game.legalMoves().length, 44, "the package works on after");
});
