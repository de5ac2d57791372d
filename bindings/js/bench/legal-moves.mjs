// How long the package takes to list the legal moves of 10,000 positions of each game,
// in Node: positions from seeded random games (the same every run), each listed once
// as `legalMoves()` gives them, objects and all. Run from bindings/js after build.sh:
//
//   node bench/legal-moves.mjs
import { Game } from "../index.js";

const POSITIONS = 10_000;

// A small seeded generator (mulberry32), so that every run lists the same positions.
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Positions of random games from the start, each game cut off after `plies` moves.
function positions(name, options, plies) {
  const next = random(23);
  const found = [];
  while (found.length < POSITIONS) {
    const game = new Game(name, options);
    for (let ply = 0; ply < plies && found.length < POSITIONS; ply++) {
      const moves = game.legalMoves();
      if (moves.length === 0) break;
      found.push(game.copy());
      game.play(moves[Math.floor(next() * moves.length)]);
    }
    game.free();
  }
  return found;
}

for (const [name, options, plies] of [
  ["xiangqi", {}, 120],
  ["draughts", {}, 100],
  ["gomoku", { size: 15 }, 60],
  ["twixt", { size: 24 }, 60],
]) {
  const games = positions(name, options, plies);
  const start = process.hrtime.bigint();
  let moves = 0;
  for (const game of games) moves += game.legalMoves().length;
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(`${name.padEnd(8)} ${POSITIONS} positions, ${moves} legal moves listed in ${ms.toFixed(0)} ms`);
  for (const game of games) game.free();
}
