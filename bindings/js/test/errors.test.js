// No bad input reaches a panic: every one is an exception of its kind, and the
// module plays on after it.
import { test } from "node:test";
import assert from "node:assert/strict";

import { Game, IllegalMoveError, OptionsError, perft, checkRecords, readRecords, renderSvg } from "../index.js";

const options = (pattern) => (e) => e instanceof OptionsError && e.name === "OptionsError" && pattern.test(e.message);

test("options that start no game throw OptionsError", () => {
  assert.throws(() => new Game("chess"), options(/chess/));
  assert.throws(() => new Game("draughts", { fen: "W:W99" }), options(/square 99 is not on the board/));
  assert.throws(() => new Game("xiangqi", { fen: "nonsense" }), options(/fen/));
  assert.throws(() => new Game("xiangqi", { size: 9 }), options(/size/));
  assert.throws(() => new Game("gomoku", { size: 1_000_000 }), options(/1 to 1024 points on a side/));
  assert.throws(() => new Game("gomoku", { size: 2 ** 40 }), options(/out of range/));
  assert.throws(() => new Game("gomoku", { size: -1 }), options(/out of range/));
  assert.throws(() => new Game("twixt", { size: 2 }), OptionsError);
  assert.throws(() => new Game("gomoku", { rules: "chess" }), OptionsError);
  assert.throws(() => new Game("gomoku", { board: "x/oo" }), OptionsError);
  const game = new Game("xiangqi");
  assert.throws(() => { game.fen = "no position"; }, OptionsError);
  assert.equal(game.legalMoves().length, 44);
});

test("options of the wrong type throw TypeError", () => {
  assert.throws(() => new Game("gomoku", { size: "15" }), TypeError);
  assert.throws(() => new Game("gomoku", { size: 15.5 }), TypeError);
  assert.throws(() => new Game("gomoku", { size: NaN }), TypeError);
  assert.throws(() => new Game("twixt", { swap: 1 }), TypeError);
  assert.throws(() => new Game("xiangqi", { colour: "red" }), /unexpected option "colour"/);
  assert.throws(() => new Game("xiangqi", "fen"), TypeError);
  assert.throws(() => new Game(42), TypeError);
  assert.throws(() => new Game(), TypeError);
  const game = new Game("xiangqi");
  assert.throws(() => game.movesIn(3), TypeError);
  assert.throws(() => { game.fen = 4; }, TypeError);
  assert.throws(() => game.textBetween(1, 2), TypeError);
  assert.throws(() => readRecords("xiangqi", 5), TypeError);
  assert.throws(() => renderSvg(null), TypeError);
  assert.throws(() => renderSvg({ fen: "x" }), TypeError);
  assert.throws(() => game.equals({}), Error);
  assert.equal(game.legalMoves().length, 44, "the module plays on after every refusal");
  assert.throws(() => new Game("xiangqi").play(42), TypeError);
  assert.throws(() => checkRecords("xiangqi", "", { move_limit: 3 }), TypeError);
});

test("a refused move says why, with a stable code", () => {
  const game = new Game("xiangqi");
  const refusal = (reason) => (e) => e instanceof IllegalMoveError && e instanceof Error && e.reason === reason;
  assert.throws(() => game.play("e1e2"), refusal("no_piece"));
  assert.throws(() => game.play("nonsense"), refusal("unreadable"));
  assert.throws(() => game.play(""), refusal("unreadable"));
  assert.throws(() => game.play("a9a8"), refusal("not_your_piece"));
  assert.throws(() => game.play("\u0000\uffff".repeat(1000)), IllegalMoveError);
  assert.throws(() => new Game("gomoku").play("z99"), (e) => e instanceof IllegalMoveError);
  const gomoku = new Game("gomoku", { size: 9 });
  gomoku.play("e5");
  assert.throws(() => gomoku.play("e5"), refusal("occupied"));
  assert.deepEqual(game.moves, []);
});

test("perft counts, and refuses a depth it could never finish", () => {
  assert.equal(perft("xiangqi", 3), 79666);
  assert.equal(perft("draughts", 4, { fen: "W:W31-50:B1-20" }), 4265);
  assert.equal(perft("twixt", 0, { size: 5 }), 1);
  assert.throws(() => perft("xiangqi", 65), RangeError);
  assert.throws(() => perft("xiangqi", -1), TypeError);
  assert.throws(() => perft("xiangqi", 1.5), TypeError);
  assert.throws(() => perft("xiangqi", NaN), TypeError);
  assert.throws(() => perft("xiangqi", 1, { fen: "bad" }), OptionsError);
});
