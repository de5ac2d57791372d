// Code that uses the package as a TypeScript user writes it: `tsc --strict` checks it
// against index.d.ts in the tests, so the declarations stay true to the API.
import { type Explanation, Game, IllegalMoveError, type Move, type Outcome, perft, readRecords } from "../../index.js";

const game: Game = new Game("gomoku", { rules: "renju", size: 15 });
const moves: Move[] = game.legalMoves();
const first: string | null = moves[0].from;
game.play(moves[0]);
game.play("a1");
try {
  game.play("a1");
} catch (error) {
  if (error instanceof IllegalMoveError) {
    const reason: string = error.reason;
    console.log(reason, first);
  }
}
const outcome: Outcome | null = game.outcome;
if (outcome !== null && outcome.result === "win") {
  console.log(outcome.winner, outcome.termination);
}
const nodes: number = perft("xiangqi", 2);
const tags: Record<string, string> = readRecords("xiangqi", "")[0]?.tags ?? {};
const fromBytes: number = readRecords("draughts", new TextEncoder().encode("32-28 *\n")).length;
game.fen = "x../.o./...";
console.log(nodes, tags, fromBytes, game.status, game.record({ notation: "psq" }).extension);
const xiangqi: Game = new Game("xiangqi", { rules: "chinese" });
const explained: Explanation | null = xiangqi.explain();
if (explained !== null) {
  const acts: string[] = explained.moves.map((m) => m.readings[0].act);
  console.log(acts, explained.rule ?? "no clause", explained.sides[0].conduct);
}
