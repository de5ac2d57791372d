// The page's part of Gomoku's opening rules (RIF, Yamaguchi, Soosõrv, Taraguchi, Swap,
// Swap2): whose decision it is and what it is, the decision's buttons in words, and
// who made each move, since in an opening a player may move several times running.
//
// The server (and the package, when the page carries it) says it all in the state:
// `task` is the step asked for, in words, and `colors` the colour each seat holds now,
// which a swap exchanges. The decisions are the legal moves: those on a point are
// clicked on the board (a stone, a fifth-move offer, the choice of an offer, which the
// board draws numbered), the others are buttons (`swap`, `+2`, `declare:N`). Like the
// rest of the page it names no game and no rule: what a step asks comes from the rules.
import { sideName } from "/assets/words.js";
import { t } from "/assets/i18n.js";

// The words on a button for a move of an opening rule, or its text for any other move
// (a game without `colors` has no opening rule).
export function moveLabel(text, state) {
  if (!state || !state.colors) return text;
  if (text === "swap") return t("opening-swap");
  if (text === "+2") return t("opening-plus-two");
  const declared = /^declare:(\d+)$/.exec(text);
  if (declared) return t("opening-declare", { n: Number(declared[1]) });
  const offer = /^offer:(.+)$/.exec(text);
  if (offer) return t("opening-offer", { point: offer[1] });
  const choose = /^choose:(.+)$/.exec(text);
  if (choose) return t("opening-choose", { point: choose[1] });
  if (/^[a-z]+[0-9]+$/.test(text)) return t("opening-stone", { point: text });
  return text;
}

// The colour a seat holds now ("White"), where the rules can change it; null where
// the seat keeps its side's name.
export function seatColor(state, seat) {
  const colors = state && state.colors;
  return colors ? sideName(colors[seat === "second" ? "second" : "first"]) : null;
}

// Shows the opening's step under the status line: whose decision it is and what it
// asks; hidden in ordinary play and once the game is over.
export function showOpening(state, seat) {
  let note = document.getElementById("opening-step");
  if (!note) {
    note = Object.assign(document.createElement("p"), { id: "opening-step", className: "opening-step" });
    document.getElementById("status").after(note);
  }
  const task = state.status !== "finished" ? state.task : null;
  note.hidden = !task;
  if (!task) {
    note.replaceChildren();
    return;
  }
  const mover = state.seat_to_move;
  const who = seat && mover === seat ? t("opening-yours")
    : seat ? t("opening-opponents") : t("opening-sides", { side: sideName(state.side_to_move) });
  const colors = state.colors ? t("opening-colors", { first: sideName(state.colors.first).toLowerCase(), second: sideName(state.colors.second).toLowerCase() }) : "";
  note.replaceChildren(
    Object.assign(document.createElement("strong"), { textContent: `${who}${t("colon")}` }),
    document.createTextNode(`${task}${colors}.`),
  );
}

// The seat that made each move, replayed on the package's rules (`rules.Game` with
// `seatToMove`); null without the package, when the moves are taken to alternate.
export function moverSeats(rules, state, options) {
  if (!rules || !state.colors) return null;
  const game = new rules.Game(state.game, options);
  const seats = [];
  try {
    for (const move of state.moves) {
      seats.push(game.seatToMove);
      game.play(move);
    }
  } catch (_) {
    return null;
  } finally {
    game.free();
  }
  return seats;
}
