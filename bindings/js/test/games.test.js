// A game of each kind played to its end by its rules, through the package as a user
// imports it.
import { test } from "node:test";
import assert from "node:assert/strict";

import { Game, IllegalMoveError, OptionsError, gameOptions, games, renderSvg } from "../index.js";

test("the games are the registry's", () => {
  assert.deepEqual(games(), ["xiangqi", "draughts", "gomoku", "twixt"]);
});

test("each game's options are listed in JavaScript's spelling, with their types", () => {
  for (const name of games()) {
    for (const spec of gameOptions(name)) {
      assert.ok(["text", "choice", "number", "flag"].includes(spec.type), `${name}: ${spec.type}`);
      assert.equal("choices" in spec, spec.type === "choice");
      assert.equal("min" in spec && "max" in spec, spec.type === "number");
    }
  }
  const names = gameOptions("xiangqi").map((spec) => spec.name);
  assert.ok(names.includes("moveLimit") && names.includes("chaseRules"), names.join(", "));
  const limit = gameOptions("xiangqi").find((spec) => spec.name === "moveLimit");
  assert.equal(new Game("xiangqi", { moveLimit: limit.max }).options.moveLimit, limit.max);
  assert.throws(() => gameOptions("chess"), /unknown game/);
});

test("xiangqi: the start, notations, undo", () => {
  const game = new Game("xiangqi");
  assert.equal(game.sideToMove, "red");
  assert.equal(game.status, "ongoing");
  const moves = game.legalMoves();
  assert.equal(moves.length, 44);
  assert.deepEqual(moves.find((m) => m.text === "h2e2"), { text: "h2e2", from: "h2", to: "e2", path: [], captured: [] });
  assert.equal(game.play("h2e2").text, "h2e2");
  game.play({ text: "h9g7" });
  assert.deepEqual(game.moves, ["h2e2", "h9g7"]);
  assert.deepEqual(game.movesIn("wxf"), ["C2=5", "H8+7"]);
  assert.equal(game.movesIn("chinese")[0], "炮二平五");
  assert.equal(game.undo().text, "h9g7");
  assert.equal(game.sideToMove, "black");
  assert.equal(game.fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
  assert.equal(new Game("xiangqi").undo(), null);
});

test("xiangqi: a perpetual chase loses", () => {
  const chase = new Game("xiangqi", { fen: "4k4/9/1c7/9/R8/9/9/9/9/3K5 w", moveLimit: 0 });
  for (const text of "a5a7 b7b5 a7a5 b5b7 a5a7 b7b5 a7a5 b5b7".split(" ")) {
    assert.equal(chase.outcome, null);
    chase.play(text);
  }
  assert.deepEqual(chase.outcome, {
    result: "win",
    winner: "black",
    termination: "perpetual_chase",
    detail: "red's chariot chased the cannon on b7",
    description: "black wins by perpetual chase (AXF rule 18): red's chariot chased the cannon on b7",
  });
  assert.equal(chase.status, "finished");
  assert.equal(chase.isOver(), true);
  assert.deepEqual(chase.legalMoves(), []);
  assert.throws(() => chase.play("e9e8"), (e) => e instanceof IllegalMoveError && e.reason === "game_over");
});

test("xiangqi: every repetition verdict is explained, under either rule book", () => {
  const chase = new Game("xiangqi", { fen: "4k4/9/1c7/9/R8/9/9/9/9/3K5 w" });
  assert.equal(chase.explain(), null);
  for (const text of "a5a7 b7b5 a7a5 b5b7 a5a7 b7b5 a7a5 b5b7".split(" ")) chase.play(text);
  const explanation = chase.explain();
  assert.equal(explanation.rules, "axf");
  assert.equal(explanation.reading, "axf");
  assert.equal(explanation.decided, true);
  assert.equal(explanation.winner, "black");
  assert.equal(explanation.termination, "perpetual_chase");
  assert.equal(explanation.rule, "AXF rule 18");
  assert.equal(explanation.moves.length, 8);
  assert.deepEqual(explanation.moves[0], {
    ply: 1,
    side: "red",
    text: "a5a7",
    readings: [
      { act: "chase", target: { piece: "cannon", point: "b7" }, by: { piece: "chariot", point: "a7" }, joint: false, unprotected: false },
    ],
  });
  assert.deepEqual(explanation.sides[0], { side: "red", conduct: "perpetual_chase", forbidden: true });
  assert.match(explanation.text, /verdict: black wins by perpetual chase/);

  // The Chinese rule book's diagram 7: a perpetual threat to mate loses there.
  const fen = "2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w";
  const mate = new Game("xiangqi", { fen, rules: "chinese" });
  assert.equal(mate.options.rules, "chinese");
  for (const text of "i0h0 i8h8 h0i0 h8i8 i0h0 i8h8 h0i0 h8i8".split(" ")) mate.play(text);
  assert.equal(mate.outcome.termination, "perpetual_mate_threat");
  const chinese = mate.explain();
  assert.equal(chinese.rules, "chinese");
  assert.equal(chinese.reading, null);
  assert.deepEqual(
    chinese.moves.filter((m) => m.side === "red").map((m) => m.readings[0].act),
    ["mate_threat", "mate_threat", "mate_threat", "mate_threat"],
  );
});

test("draughts: the largest capture is compulsory, and taking the last piece wins", () => {
  const game = new Game("draughts", { fen: "W:W27,28:B17,22,23" });
  assert.throws(() => game.play("27-21"), (e) => e.reason === "capture_compulsory");
  const moves = game.legalMoves();
  const capture = moves.find((m) => m.captured.length === 2);
  assert.ok(capture, JSON.stringify(moves));
  game.play(capture);
  const last = new Game("draughts", { fen: "W:W28:B23" });
  const only = last.legalMoves();
  assert.deepEqual(only, [{ text: "28x19", from: "28", to: "19", path: [], captured: ["23"] }]);
  last.play("28x19");
  assert.equal(last.outcome.winner, "white");
  assert.equal(last.outcome.result, "win");
  assert.equal(last.status, "finished");
});

test("draughts' 10x10 rule sets: killer's landing, antidraughts' and breakthrough's winners", () => {
  const killer = new Game("draughts", { rules: "killer", fen: "W:WK46:BK28" });
  assert.deepEqual(killer.legalMoves().map((m) => m.text), ["46x23"]);
  assert.throws(() => killer.play("46x19"), (e) => e.reason === "stops_right_behind_the_king");
  const anti = new Game("draughts", { rules: "antidraughts", fen: "W:W33:B22" });
  anti.play("33-28");
  anti.play("22x33");
  assert.equal(anti.outcome.winner, "white");
  assert.equal(anti.outcome.termination, "no_legal_move");
  const breakthrough = new Game("draughts", { rules: "breakthrough", fen: "W:W6,33:B45,22" });
  breakthrough.play("6-1");
  assert.equal(breakthrough.outcome.winner, "white");
  assert.equal(breakthrough.outcome.termination, "first_king");
  assert.deepEqual(breakthrough.legalMoves(), []);
});

test("draughts: Frisian captures along rows and columns, a Thai king lands right behind, Frysk! starts with five men", () => {
  const frisian = new Game("draughts", { rules: "frisian", fen: "W:W33:B34,25,3" });
  assert.deepEqual(frisian.legalMoves(), [{ text: "33x15", from: "33", to: "15", path: ["35"], captured: ["25", "34"] }]);
  frisian.play("33x35x15");
  const thai = new Game("draughts", { rules: "thai", fen: "W:WK29:B22" });
  assert.deepEqual(thai.legalMoves().map((m) => m.text), ["29x18"]);
  assert.throws(() => thai.play("29x15"), (e) => e instanceof IllegalMoveError && e.reason === "no_such_capture");
  thai.play("29x18");
  assert.equal(thai.outcome.winner, "white");
  assert.equal(new Game("draughts", { rules: "thai" }).fen, "W:W25-32:B1-8");
  assert.equal(new Game("draughts", { rules: "frysk" }).fen, "W:W46-50:B1-5");
});

test("draughts: Canadian draughts on 12x12, thirty men a side, the largest capture compulsory", () => {
  const start = new Game("draughts", { rules: "canadian" });
  assert.equal(start.fen, "W:W43-72:B1-30");
  assert.equal(start.legalMoves().length, 11);
  const majority = new Game("draughts", { rules: "canadian", fen: "W:W55,58:B49,51,39" });
  assert.deepEqual(majority.legalMoves().map((m) => m.text), ["58x34"]);
  assert.throws(() => majority.play("55x44"), (e) => e instanceof IllegalMoveError && e.reason === "not_the_largest_capture");
  assert.throws(() => new Game("draughts", { rules: "canadian", fen: "W:W73:B1" }), OptionsError);
});

test("draughts: captures of the same pieces in other orders, merged or apart", () => {
  const merged = new Game("draughts", { fen: "W:W43,48:B28,29,38,39,3" });
  assert.deepEqual(merged.legalMoves().map((m) => m.text), ["43x43"]);
  const apart = new Game("draughts", { fen: "W:W43,48:B28,29,38,39,3", captures: "apart" });
  assert.deepEqual(apart.legalMoves().map((m) => m.text).sort(), ["43x32x23x34x43", "43x34x23x32x43"]);
  assert.equal(apart.options.captures, "apart");
  assert.throws(() => apart.play("43x43"), (e) => e instanceof IllegalMoveError && e.reason === "ambiguous_capture");
  apart.play("43x34x23x32x43");
});

test("renju: black's overline is refused, and five in a row wins", () => {
  const renju = new Game("gomoku", { rules: "renju", size: 15 });
  for (const text of "c3 a1 d3 a2 e3 a3 g3 a4 h3 a6".split(" ")) renju.play(text);
  assert.ok(renju.forbiddenPoints().includes("f3"));
  assert.throws(
    () => renju.play("f3"),
    (e) => e instanceof IllegalMoveError && e.reason === "forbidden"
      && e.message === "illegal move f3: f3 is forbidden to Black: it makes an overline" && e.move === "f3",
  );
  assert.equal(renju.moves.length, 10);
  const gomoku = new Game("gomoku", { size: 9 });
  for (const point of ["a1", "a9", "b1", "b9", "c1", "c9", "d1", "d9", "e1"]) gomoku.play(point);
  assert.equal(gomoku.outcome.termination, "five_in_a_row");
  assert.equal(gomoku.outcome.winner, "black");
  assert.equal(new Game("gomoku").forbiddenPoints().length, 0);
  assert.equal(new Game("xiangqi").forbiddenPoints(), null);
});

test("gomoku's opening rules: the steps as moves, the colours as they stand", () => {
  const game = new Game("gomoku", { rules: "renju", opening: "soosorv-8" });
  assert.deepEqual(game.colors, { first: "black", second: "white" });
  assert.deepEqual(game.legalMoves().map((m) => m.text), ["h8"]);
  for (const text of ["h8", "i9", "j8"]) game.play(text);
  assert.equal(game.seatToMove, "second");
  assert.match(game.task, /^Soosõrv-8: the 4th stone \(white\), or swap; opening 3I Kosei/);
  assert.deepEqual(game.legalMoves().find((m) => m.text === "swap"), { text: "swap", from: null, to: null, path: [], captured: [] });
  game.play("swap");
  assert.deepEqual(game.colors, { first: "white", second: "black" });
  assert.equal(game.seatToMove, "first");
  assert.equal(game.sideToMove, "white");
  assert.throws(() => game.play("swap"), (e) => e instanceof IllegalMoveError && e.reason === "second_swap");
  for (const text of ["f10", "declare:1", "offer:g7"]) game.play(text);
  assert.deepEqual(game.legalMoves().map((m) => [m.text, m.to]), [["choose:g7", "g7"]]);
  for (const text of ["choose:g7", "a1", "g8", "a3", "g9", "a5", "g10", "a7", "g11"]) game.play(text);
  assert.equal(game.task, null);
  assert.equal(game.outcome.winner, "black");
  assert.equal(game.outcome.description, "black wins by five in a row");
  assert.match(game.record().text, /\[Opening "soosorv-8"\]/);
});

test("twixt: a chain joining the edges wins", () => {
  const twixt = new Game("twixt", { size: 5 });
  assert.equal(twixt.legalMoves()[0].from, null);
  for (const text of ["a3", "b1", "c2", "d5", "e3"]) twixt.play(text);
  assert.equal(twixt.outcome.description, "black wins by connection");
  assert.equal(twixt.outcome.termination, "connection");
});

test("options, copies and positions", () => {
  const twixt = new Game("twixt", { size: 24, swap: true });
  assert.deepEqual(twixt.options, { rules: "auto", size: 24, swap: true });
  assert.equal(new Game("twixt", { rules: "pp" }).options.rules, "pp");
  assert.equal(twixt.kind, "twixt");
  const game = new Game("draughts");
  const other = game.copy();
  game.play("32-28");
  assert.equal(game.equals(other), false);
  other.play("32-28");
  assert.equal(game.equals(other), true);
  assert.equal(game.lastMove.text, "32-28");
  game.fen = "W:W28:B23";
  assert.deepEqual(game.moves, []);
  assert.equal(game.legalMoves()[0].text, "28x19");
  const gomoku = new Game("gomoku", { size: 9 });
  gomoku.fen = "x../.o./...";
  assert.equal(gomoku.legalMoves().length, 7);
  assert.equal(new Game("xiangqi").textBetween("b0", "c2"), "b0c2");
});

test("boards are drawn as the server draws them", () => {
  const game = new Game("xiangqi");
  game.play("h2e2");
  const svg = renderSvg(game);
  assert.ok(svg.startsWith("<svg"));
  assert.ok(svg.includes('data-point="e2"'));
  assert.notEqual(renderSvg(game, { flip: true }), svg);
  assert.throws(() => renderSvg(game, { flip: "yes" }), TypeError);
});

test("arbiter's own engine finds the mate and plays every game", () => {
  const mate = new Game("xiangqi", { fen: "3k5/R8/9/9/9/9/9/9/9/1R3K3 w" });
  assert.equal(mate.engineMove({ depth: 2 }).text, "b0b9");
  assert.deepEqual(mate.moves, [], "the engine's move is not played");
  for (const [name, options] of [["draughts", {}], ["gomoku", { size: 9 }], ["twixt", { size: 8 }]]) {
    const game = new Game(name, options);
    const move = game.engineMove({ depth: 1, seed: 3 });
    assert.ok(game.legalMoves().some((m) => m.text === move.text), name);
    assert.deepEqual(game.engineMove({ depth: 1, seed: 3 }), move, `${name}: the same seed, the same move`);
  }
  mate.play("b0b9");
  assert.equal(mate.engineMove(), null);
  assert.throws(() => mate.engineMove({ depth: 21 }), RangeError);
  assert.throws(() => mate.engineMove({ depth: 1.5 }), TypeError);
  assert.throws(() => mate.engineMove({ seed: -1 }), RangeError);
  assert.throws(() => mate.engineMove(3), TypeError);
});
