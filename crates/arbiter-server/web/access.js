// The game page without a mouse and without sight: the move box (a move typed in any
// notation the game reads, played with Enter), the board walked with the arrow keys
// (each point announced with its piece and where it can go; Enter or Space does what
// a click does), the live region that says the opponent's moves, checks and the end,
// and the position in words. Like the rest of the page it names no game: pieces are
// read from the drawing's classes and named by the catalog (`piece-red-horse`), and a
// board's own numbering of files comes from the catalog too (`files-GAME-first`).
import { $ } from "/assets/common.js";
import { has, t } from "/assets/i18n.js";

// What the game page lends this module: its state and its ways to move.
let page = null;
// The point the keyboard is on, whether the keyboard is using it (the cursor is drawn
// then only, not after the mouse gave the board focus), and the drawing's pieces by point.
let cursor = null;
let keyboard = false;
let pieces = new Map();

// Sets the module up on the game page: `hooks` gives `state()`, `legalMoves()`,
// `clicked(point)`, `submit(text)` and `seat()`.
export function accessible(hooks) {
  page = hooks;
  const board = $("board");
  board.addEventListener("keydown", boardKey);
  // The cursor is the keyboard's: drawn when the board is reached from the keyboard
  // (Tab), not when a click on a square gives it focus, and from the first arrow key.
  board.addEventListener("focus", () => {
    if (!cursor) cursor = startPoint();
    keyboard = board.matches(":focus-visible");
    showCursor(keyboard);
  });
  board.addEventListener("pointerdown", () => { keyboard = false; showCursor(false); });
  board.addEventListener("blur", () => { keyboard = false; showCursor(false); });
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("move-input").value.trim();
    if (!text) return;
    $("move-input").value = "";
    page.submit(text);
  });
}

// Says `text` in the live region (polite: after what the reader is saying). The same
// words twice in a row are said again.
export function announce(text) {
  const region = $("announcer");
  region.textContent = region.textContent === text ? `${text}\u00a0` : text;
}

// ---- The drawing read back ---------------------------------------------------

function centre(element) {
  const box = element.getBBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, size: Math.max(box.width, box.height) };
}

function spots() {
  return [...$("board").querySelectorAll(".spot[data-point]")].map((spot) => ({ point: spot.dataset.point, element: spot, ...centre(spot) }));
}

// A drawn piece's name in the catalog: `red-horse` for `<g class="piece piece-red-horse">`,
// `man-white` for a draughts man (its disc's class), `stone-black`, `peg-white`.
function pieceKey(element) {
  const own = [...element.classList].find((c) => c.startsWith("piece-") || /^(stone|peg)-/.test(c));
  if (own) return own.replace(/^piece-/, "");
  const part = element.querySelector("[class]");
  return part ? part.getAttribute("class").split(" ")[0] : "piece";
}

export function pieceName(key) {
  return t(`piece-${key}`, {}, key.replace(/-/g, " "));
}

// The pieces, stones and pegs of the drawing, by the point under each.
function readPieces() {
  const all = spots();
  pieces = new Map();
  for (const element of $("board").querySelectorAll(".piece, .stone, .peg")) {
    if (element.parentElement && element.parentElement.closest(".piece")) continue;
    const c = centre(element);
    let best = null;
    for (const spot of all) {
      const distance = Math.hypot(spot.x - c.x, spot.y - c.y);
      if (distance < spot.size && (!best || distance < best.distance)) best = { point: spot.point, distance };
    }
    if (best) pieces.set(best.point, pieceKey(element));
  }
}

// Called after every drawing of the board: the pieces read again, the board's own
// file numbers written, the cursor drawn, the position in words.
export function boardDrawn(game, flip) {
  readPieces();
  numberFiles(game, flip);
  showCursor(keyboard && document.activeElement === $("board"));
  positionWords();
}

// ---- The board by keys ---------------------------------------------------------

function startPoint() {
  const all = spots();
  if (all.length === 0) return null;
  // The bottom row's left end: where the player's own side begins.
  const bottom = Math.max(...all.map((s) => s.y));
  const row = all.filter((s) => Math.abs(s.y - bottom) < s.size / 2);
  return row.reduce((a, b) => (a.x <= b.x ? a : b)).point;
}

// The next point from `from` in a direction on the drawing: the nearest spot that way
// in the same row or column (a draughts row has every other square).
function step(from, dx, dy) {
  const all = spots();
  const here = all.find((s) => s.point === from);
  if (!here) return startPoint();
  const ahead = all.filter((s) => {
    const along = (s.x - here.x) * dx + (s.y - here.y) * dy;
    const across = Math.abs((s.x - here.x) * dy) + Math.abs((s.y - here.y) * dx);
    return along > here.size / 4 && across < here.size * 0.75;
  });
  if (ahead.length === 0) {
    // A draughts board's squares alternate: the nearest one that way, diagonally.
    const near = all.filter((s) => (s.x - here.x) * dx + (s.y - here.y) * dy > here.size / 4);
    if (near.length === 0) return from;
    return near.reduce((a, b) => (Math.hypot(a.x - here.x, a.y - here.y) <= Math.hypot(b.x - here.x, b.y - here.y) ? a : b)).point;
  }
  return ahead.reduce((a, b) => (Math.hypot(a.x - here.x, a.y - here.y) <= Math.hypot(b.x - here.x, b.y - here.y) ? a : b)).point;
}

function boardKey(event) {
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (moves[event.key]) {
    event.preventDefault();
    event.stopPropagation();
    cursor = step(cursor || startPoint(), ...moves[event.key]);
    keyboard = true;
    showCursor(true);
    $("board-point").textContent = pointWords(cursor);
  } else if ((event.key === "Enter" || event.key === " ") && cursor) {
    event.preventDefault();
    event.stopPropagation();
    page.clicked(cursor);
    $("board-point").textContent = afterClick(cursor);
  }
}

function showCursor(shown) {
  for (const spot of $("board").querySelectorAll(".spot.cursor")) spot.classList.remove("cursor");
  const spot = cursor && $("board").querySelector(`.spot[data-point="${cursor}"]`);
  if (spot && shown) spot.classList.add("cursor");
  if (cursor) $("board").setAttribute("aria-label", `${t("board-name")}: ${pointWords(cursor)}`);
}

// "e2, Red cannon, moves to e3, e4, …" or "e5, empty, playable".
export function pointWords(point) {
  const words = [point];
  const key = pieces.get(point);
  words.push(key ? pieceName(key) : t("empty-point"));
  const legal = page.legalMoves();
  const targets = legal.filter((m) => m.from === point && m.to).map((m) => m.to);
  if (targets.length) words.push(t("point-targets", { targets: [...new Set(targets)].join(t("list-separator")) }));
  else if (legal.some((m) => m.from == null && m.to === point)) words.push(t("point-playable"));
  return words.join(t("list-separator"));
}

// What a press of Enter did: a piece picked up, or the error line's word.
function afterClick(point) {
  const selected = $("board").querySelector(".spot.selected");
  if (selected && selected.dataset.point === point) return t("picked", { point: pointWords(point) });
  return $("error").textContent || "";
}

// ---- A board's own numbering of files -----------------------------------------

// Where the catalog numbers a game's files as its players do (Chinese Xiangqi boards:
// Red's 一 to 九 along the bottom from Red's right, Black's 1 to 9 along the top from
// Black's right), the drawing's letters and rank numbers give way to those numbers,
// each side's along its own edge. `files-GAME-first` and `-second` list each side's
// names for the files, counted from that side's right hand.
function numberFiles(game, flip) {
  const svg = $("board").querySelector("svg");
  if (!svg || !has(`files-${game}-first`)) return;
  const all = spots();
  const xs = [...new Set(all.map((s) => Math.round(s.x)))].sort((a, b) => a - b);
  const names = (seat) => t(`files-${game}-${seat}`).split(/\s+/);
  const [bottomSeat, topSeat] = flip ? ["second", "first"] : ["first", "second"];
  const bottomNames = names(bottomSeat);
  const topNames = names(topSeat);
  if (bottomNames.length !== xs.length || topNames.length !== xs.length) return;
  const labels = [...svg.querySelectorAll("text.label")];
  const size = labels.length ? labels[0].getAttribute("font-size") : "13";
  for (const label of labels) label.remove();
  const ys = all.map((s) => s.y);
  const [low, high] = [Math.min(...ys), Math.max(...ys)];
  const gap = all[0].size * 0.75;
  const write = (x, y, text) => {
    const label = document.createElementNS("http://www.w3.org/2000/svg", "text");
    for (const [name, value] of Object.entries({ class: "label file-number", x, y, "font-size": Number(size) * 1.3, "text-anchor": "middle", "dominant-baseline": "central" })) {
      label.setAttribute(name, String(value));
    }
    label.textContent = text;
    svg.insertBefore(label, svg.querySelector(".spot"));
  };
  // A side counts from its own right: the bottom side's right is the drawing's right,
  // the top side's right the drawing's left.
  xs.forEach((x, i) => {
    write(x, high + gap, bottomNames[xs.length - 1 - i]);
    write(x, low - gap, topNames[i]);
  });
}

// ---- The position in words -------------------------------------------------------

// Each kind of piece with its points ("Red horse: b0, h0"), and who is to move.
function positionWords() {
  const byKind = new Map();
  for (const [point, key] of pieces) {
    if (!byKind.has(key)) byKind.set(key, []);
    byKind.get(key).push(point);
  }
  const items = [...byKind.keys()].sort().map((key) =>
    Object.assign(document.createElement("li"), { textContent: `${pieceName(key)}${t("colon")}${byKind.get(key).join(t("list-separator"))}` }));
  const list = Object.assign(document.createElement("ul"), { className: "position-list" });
  list.append(...(items.length ? items : [Object.assign(document.createElement("li"), { textContent: t("empty-board") })]));
  const state = page && page.state();
  const status = Object.assign(document.createElement("p"), { textContent: $("status").textContent });
  $("position-words").replaceChildren(status, list);
  if (state && state.position) $("position-words").append(Object.assign(document.createElement("p"), { className: "fen", textContent: state.position }));
}

// ---- A click that finds no move ----------------------------------------------------

// Why a piece clicked cannot move: when every legal move captures, the rules' word
// that a capture is compulsory, with the pieces that can take; else the general word.
export function cannotMove(point, legal) {
  const captures = legal.filter((m) => m.captured && m.captured.length > 0);
  if (pieces.has(point) && captures.length > 0 && captures.length === legal.length) {
    const from = [...new Set(captures.map((m) => m.from).filter(Boolean))];
    return t("capture-compulsory", { pieces: from.join(t("list-separator")), moves: captures.map((m) => m.text).join(t("list-separator")) });
  }
  return t("choose-piece");
}
