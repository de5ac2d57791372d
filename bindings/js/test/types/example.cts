// The CommonJS side of the declarations: `require` as a CommonJS TypeScript project
// writes it, checked by `tsc --strict` against index.d.cts.
import arbiter = require("../../index.cjs");

const game: arbiter.Game = new arbiter.Game("xiangqi");
game.play("h2e2");
const outcome: arbiter.Outcome | null = game.outcome;
console.log(game.legalMoves().length, outcome === null, arbiter.games().includes("gomoku"));
