// arbiter's browser client: the board of one game with live updates, and the page's
// entry, which opens the lobby (lobby.js) or a game. What both share is common.js.
// The server decides every rule and keeps the clocks; this script shows states,
// sends clicks and seat actions, and counts the running clock down between states.
// It names no game: the games, their options and notations come from the server.
//
// When the server carries the rules in WebAssembly (the npm package of bindings/js),
// the page plays on them too: it lists the legal moves and draws the board itself, says
// why a move is refused before sending it, queues a premove while the opponent thinks,
// and steps back through the positions of any game, live or finished, all without
// asking the server, which still checks every move and has the last word. Without the
// package, the page asks for states that list the legal moves (`?legal=1`) and the
// server draws every board.
//
// The WebSocket sends the state once, then after every change an update: the moves
// made since (each with its ply, text, points and other notations) and the game's
// turn, clocks and ending, which the page lays over the state it has. Reconnecting, it
// names the ply it has (`?since=`) and gets the moves it missed.
import { clockText, count, formatClock, resultText, sideName } from "/assets/words.js";
import { has, loadLanguage, t } from "/assets/i18n.js";
import { accessible, announce as say, boardDrawn, cannotMove } from "/assets/access.js";
import { endSound, moveSound, muted, setMuted } from "/assets/sound.js";
import { $, api, botMark, createGame, errorWords, optionHelp, isAccount, isDefault, isStart, kindOf, kindTitle, names, otherSeat, playerName, registry, rulesLoaded } from "/assets/common.js";
import { playerLink, showNav } from "/assets/account.js";
import { lobby } from "/assets/lobby.js";
import { moveLabel, moverSeats, seatColor, showOpening } from "/assets/opening.js";
import { playerPage } from "/assets/player.js";
import { tournamentPage } from "/assets/tournament.js";

// ---- One game --------------------------------------------------------------

const view = {
  id: null, seat: null, token: null, state: null, selected: null, shown: null,
  flip: false, notation: "", received: 0,
  // With the package: its module, the game as the last state gives it (or with the
  // move just sent), its legal moves, the ply shown while stepping back through the
  // moves (null: the game now), and the premove queued ({from, to} or {to}).
  rules: null, game: null, legal: [], step: null, premove: null, premoveFrom: null,
  // Whether the error line holds the spectator's "You are watching" word; the
  // creator's invite for the second seat ({seat, token, link}) while it is unused.
  watchingWord: false, invite: null,
  // The live connection: whether it was lost (the page says so until it is back),
  // the wait before the next try, and whether the game is gone for good.
  lost: false, retry: 1000, ended: false,
};

// The headers of a seat's request: its token; a signed-in player's seat goes by the
// session cookie, which the browser sends by itself.
function seatHeaders(extra = {}) {
  return view.token ? { ...extra, Authorization: `Bearer ${view.token}` } : extra;
}

// `?legal=1` when the page cannot work the legal moves out itself: the server then
// lists them in its states.
function listing() {
  return view.rules ? "" : "?legal=1";
}

function legalMoves() {
  return view.state.legal || view.legal;
}

// The server's options as the package takes them.
function gameOptions(s) {
  const options = {};
  for (const [name, value] of Object.entries(s.options)) {
    if (name === "clock" || name === "opponent") continue;
    // snake_case to the package's camelCase: move_limit is moveLimit.
    options[name.replace(/_(.)/g, (_, c) => c.toUpperCase())] = value;
  }
  return options;
}

// The package's game brought to the state's moves: the moves it lacks are played, and
// a game that went elsewhere (a move sent and refused, a takeback) is started again.
function syncGame(s) {
  let game = view.game;
  const played = game ? game.moves : [];
  const follows = game && played.length <= s.moves.length && played.every((m, i) => m === s.moves[i]);
  if (!follows) {
    if (game) game.free();
    game = new view.rules.Game(s.game, gameOptions(s));
    view.game = game;
  }
  for (const move of s.moves.slice(game.moves.length)) game.play(move);
  view.legal = s.status === "finished" ? [] : game.legalMoves();
}

// Why the rules refuse `text` here, or null if they take it: tried on a copy.
function refusal(text) {
  const copy = view.game.copy();
  try {
    copy.play(text);
    return null;
  } catch (error) {
    // The package's refusals carry their stable code as `reason`.
    const code = error.reason || error.code;
    return code && has(`error-${code}`) ? errorWords({ code, error: error.message }, 0, text) : error.message;
  } finally {
    copy.free();
  }
}

// A seat is opened only by its link: the token after `#`, which browsers never send
// to a server. The plain game address is always the spectator's view.
function readSeat() {
  const params = new URLSearchParams(location.hash.slice(1));
  const seat = params.get("seat");
  const token = params.get("token");
  return seat && token ? { seat, token } : { seat: null, token: null };
}

// The side a seat plays, by the game's name for it: "Red" for Xiangqi's first seat; in
// a game whose rules change it (a Gomoku opening's swap), the colour it holds now.
function sideOf(seat, game = view.state.game) {
  const now = view.state && view.state.game === game ? seatColor(view.state, seat) : null;
  if (now) return now;
  const kind = kindOf(game);
  const sides = kind ? kind.sides : ["first", "second"];
  return sideName(sides[seat === "second" ? 1 : 0]);
}

function myTurn() {
  const s = view.state;
  return s && s.status !== "finished" && view.seat && s.seat_to_move === view.seat;
}

function setError(message) {
  $("error").textContent = message || "";
  view.watchingWord = false;
}

// The legal moves come with where each starts and ends (`from`, `to`, as the
// board's spots name their points): moves of a piece have both, a stone or peg
// placed has only `to`, and a move with neither (TwixT's swap) is a button.
function movesFrom(point) {
  return legalMoves().filter((m) => m.from === point);
}

function placements(point) {
  return legalMoves().filter((m) => m.from == null && m.to === point);
}

function placingGame() {
  return legalMoves().some((m) => m.from == null && m.to != null);
}

// The points the player to move may not take, shaded only on the player's own turn
// (never a spectator's or the waiting player's, for whom they would look like theirs):
// with the package, the rules' forbidden points (Renju's for Black); without it, the
// empty points no legal move takes.
function forbidden() {
  if (!myTurn() || view.step !== null) return new Set();
  if (view.rules) return new Set(view.game.forbiddenPoints() || []);
  const placed = new Set(legalMoves().filter((m) => m.from == null && m.to != null).map((m) => m.to));
  if (placed.size === 0) return new Set();
  const empty = [...$("board").querySelectorAll(".spot:not(.taken)")].map((spot) => spot.dataset.point);
  return new Set(empty.filter((point) => !placed.has(point)));
}

function highlight() {
  const board = $("board");
  for (const spot of board.querySelectorAll(".spot")) {
    spot.classList.remove("selected", "legal", "forbidden", "premove");
  }
  const s = view.state;
  if (!s || s.status === "finished" || view.step !== null) return;
  for (const point of [view.premoveFrom, view.premove && view.premove.from, view.premove && view.premove.to]) {
    const spot = point && board.querySelector(`.spot[data-point="${point}"]`);
    if (spot) spot.classList.add("premove");
  }
  for (const point of forbidden()) {
    const spot = board.querySelector(`.spot[data-point="${point}"]`);
    if (spot) spot.classList.add("forbidden");
  }
  if (view.selected) {
    const from = board.querySelector(`.spot[data-point="${view.selected}"]`);
    if (from) from.classList.add("selected");
    for (const move of movesFrom(view.selected)) {
      const to = board.querySelector(`.spot[data-point="${move.to}"]`);
      if (to) to.classList.add("legal");
    }
  }
}

// Sends a move: its text, or `{from, to}` for a click the legal moves do not
// allow, so that the server says why.
async function send(text, attempt = null) {
  setError("");
  $("choices").replaceChildren();
  view.selected = null;
  if (view.rules && text) {
    // Shown at once; the server's answer confirms it or puts the board back.
    view.game.play(text);
    view.legal = [];
    await drawBoard();
  } else {
    highlight();
  }
  try {
    const state = await api(`/api/games/${view.id}/moves${listing()}`, {
      method: "POST",
      headers: seatHeaders({ "Content-Type": "application/json" }),
      body: JSON.stringify(attempt ? { ...attempt, ply: view.state.ply } : { move: text, ply: view.state.ply }),
    });
    await show(state);
  } catch (error) {
    setError(error.message);
    if (view.rules) {
      syncGame(view.state);
      await drawBoard();
    }
  }
}

// Resign, draw, takeback, abort, rematch: a seat's action with its token.
async function act(action, body = null) {
  setError("");
  try {
    const options = { method: "POST", headers: seatHeaders() };
    if (body) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const state = await api(`/api/games/${view.id}/${action}${listing()}`, options);
    await show(state);
    const computer = state.options.opponent;
    if (action === "draw" && body && body.action === "offer" && computer && state.status !== "finished" && !state.draw_offer) {
      // The computer declines every draw offer at once: say so, rather than nothing.
      setError(t("computer-declines"));
    }
  } catch (error) {
    setError(error.message);
  }
}

function offerChoices(moves) {
  $("choices").replaceChildren(...moves.map((m) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = moveLabel(m.text, view.state);
    button.addEventListener("click", () => send(m.text));
    return button;
  }));
}

// A premove: a point to place on, or a piece's from and to, chosen while the opponent
// is to move; played when their move arrives if it is legal then, else dropped.
function premoveClicked(point) {
  if (placingGame()) {
    view.premove = { to: point };
  } else if (view.premove || view.premoveFrom === point) {
    view.premove = null;
    view.premoveFrom = null;
  } else if (view.premoveFrom === null) {
    view.premoveFrom = point;
  } else {
    view.premove = { from: view.premoveFrom, to: point };
    view.premoveFrom = null;
  }
  showPremove();
  highlight();
}

function dropPremove() {
  view.premove = null;
  view.premoveFrom = null;
  showPremove();
}

function showPremove() {
  const p = view.premove;
  const text = p ? t("premove", { move: p.from ? `${p.from} → ${p.to}` : p.to })
    : view.premoveFrom ? t("premove-from", { from: view.premoveFrom }) : "";
  $("premove").textContent = text;
  $("premove").hidden = !text;
}

// The premove queued, if it is the player's turn: sent if legal now, else dropped.
function playPremove() {
  const p = view.premove;
  if (!p || !myTurn()) return false;
  dropPremove();
  const matching = legalMoves().filter((m) => m.to === p.to && (p.from ? m.from === p.from : m.from == null));
  if (matching.length !== 1) {
    setError(t("premove-dropped", { move: p.from ? `${p.from} → ${p.to}` : p.to }));
    return false;
  }
  send(matching[0].text);
  return true;
}

function clicked(point) {
  const s = view.state;
  if (!s || s.status === "finished") { setError(t("game-over-click")); return; }
  if (view.step !== null) {
    // An earlier position is shown: a click on the board comes back to the game.
    stepTo(s.moves.length);
    return;
  }
  if (!view.seat) {
    setError(t("watching-click"));
    view.watchingWord = true;
    return;
  }
  if (view.rules && !myTurn()) { setError(""); premoveClicked(point); return; }
  if (placingGame() || legalMoves().length === 0) {
    // A game of placing stones or pegs: one click plays; the server explains a refusal.
    // A point with several moves (a stone or a fifth-move offer) offers the choice.
    const moves = placements(point);
    if (moves.length > 1 && myTurn()) { offerChoices(moves); return; }
    const move = moves[0];
    if (!move && view.rules) { setError(refusal(point) || t("point-not-playable")); return; }
    send(move ? move.text : point);
    return;
  }
  if (!myTurn()) { setError(t("not-your-turn")); return; }
  const movable = movesFrom(point).length > 0;
  if (view.selected === null) {
    if (movable) { setError(""); view.selected = point; highlight(); } else { setError(cannotMove(point, legalMoves())); }
    return;
  }
  const from = view.selected;
  const matching = legalMoves().filter((m) => m.from === from && m.to === point);
  // A second click on the chosen piece lets it go, unless a move ends where it started
  // (a draughts capture round the board, `43x43`): then that click plays it.
  if (point === from && matching.length === 0) { view.selected = null; highlight(); return; }
  if (matching.length > 1) { offerChoices(matching); return; }
  if (matching.length === 1) { send(matching[0].text); return; }
  if (movable) { view.selected = point; highlight(); return; }
  if (view.rules) {
    // Not a legal move: the rules here say why, with no request.
    view.selected = null;
    highlight();
    const text = view.game.textBetween(from, point);
    setError((text && refusal(text)) || t("no-move-between", { from, to: point }));
    return;
  }
  // Not a legal move: send it anyway, and show the server's reason.
  send(null, { from, to: point });
}

// ---- Stepping through the moves -------------------------------------------------

// The game at the ply shown: the game now, or while stepping an earlier position,
// replayed here.
function shownGame() {
  if (view.step === null) return { game: view.game, spare: false };
  const game = new view.rules.Game(view.state.game, gameOptions(view.state));
  for (const move of view.state.moves.slice(0, view.step)) game.play(move);
  return { game, spare: true };
}

// With the package, any game's earlier positions can be shown, the live game's too,
// which goes on meanwhile.
function canStep() {
  return Boolean(view.rules && view.state);
}

async function stepTo(ply) {
  if (!canStep()) return;
  const last = view.state.moves.length;
  const target = Math.max(0, Math.min(last, ply));
  view.step = target === last ? null : target;
  view.selected = null;
  showMoves(view.state);
  await drawBoard();
}

function shownPly() {
  return view.step === null ? view.state.moves.length : view.step;
}

document.addEventListener("keydown", (event) => {
  const typing = event.target instanceof Element && event.target.closest("input, select, textarea");
  if (!canStep() || typing) return;
  const at = shownPly();
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: view.state.moves.length }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  stepTo(to);
});

async function drawBoard() {
  if (view.rules) {
    const { game, spare } = shownGame();
    const ended = view.state.status === "finished" && !game.isOver();
    $("board").innerHTML = view.rules.renderSvg(game, { flip: view.flip, ended });
    if (spare) game.free();
  } else {
    const response = await fetch(`/api/games/${view.id}/board.svg?flip=${view.flip ? 1 : 0}`, { cache: "no-store" });
    $("board").innerHTML = await response.text();
  }
  $("board").classList.toggle("stepping", view.step !== null);
  for (const spot of $("board").querySelectorAll(".spot")) {
    spot.addEventListener("click", () => clicked(spot.dataset.point));
  }
  fitBoard();
  highlight();
  boardDrawn(view.state.game, view.flip);
}

// The board as large as the window allows with both players' bars above and below
// it in view: the width the side column leaves (all of it on a phone, where the side
// column goes below), and the height below the board's top less the lower bar's.
function fitBoard() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const box = svg.viewBox.baseVal;
  const aspect = box && box.height ? box.width / box.height : 1;
  const layout = document.querySelector(".play-layout");
  const stacked = getComputedStyle(layout).flexDirection === "column";
  const room = layout.clientWidth - (stacked ? 0 : $("side").offsetWidth + 16);
  const bar = (element) => element.offsetHeight + 2 * parseFloat(getComputedStyle(element).marginTop);
  const top = $("board-column").getBoundingClientRect().top + window.scrollY + bar($("clock-top"));
  const height = window.innerHeight - top - bar($("clock-bottom")) - 6;
  const width = Math.floor(Math.max(160, Math.min(room, height * aspect)));
  svg.style.width = `${width}px`;
  $("board-column").style.width = `${width}px`;
}

window.addEventListener("resize", fitBoard);

// ---- Clocks and players ------------------------------------------------------

// Each seat's time now: the state's figure, less the time since it was made for the
// clock that runs.
function clockNow(seat) {
  const clocks = view.state.clocks;
  let ms = clocks[seat];
  if (clocks.running === seat && view.state.status !== "finished") {
    ms -= Math.max(0, Date.now() - view.state.made_at);
  }
  return Math.max(0, ms);
}

// The players' bars follow the board: the seat whose side is at the bottom has the
// lower bar, the player's own unless the board was turned.
function showClocks() {
  const s = view.state;
  const bottomSeat = view.flip ? "second" : "first";
  const seats = { bottom: bottomSeat, top: otherSeat(bottomSeat) };
  const players = names(s);
  for (const [place, seat] of Object.entries(seats)) {
    const element = $(`clock-${place}`);
    const player = players[seat === "first" ? 0 : 1];
    const whoElement = element.querySelector(".who");
    const you = seat === view.seat ? t("you-mark") : "";
    // The side is part of what is shown: a Gomoku opening's swap changes it.
    const shownAs = `${seat}:${sideOf(seat)}:${player}:${isAccount(s, seat)}:${you}`;
    if (whoElement.dataset.shown !== shownAs) {
      // An account's name opens the player's page.
      whoElement.dataset.shown = shownAs;
      if (player && isAccount(s, seat)) {
        const mark = botMark(s, seat);
        whoElement.replaceChildren(`${sideOf(seat)} · `, playerLink(player), mark ? " " : "", mark, you);
      }
      else whoElement.replaceChildren(`${player ? `${sideOf(seat)} · ${player}` : sideOf(seat)}${you}`);
    }
    element.classList.toggle("to-move", s.status !== "finished" && s.seat_to_move === seat);
    const time = element.querySelector(".time");
    if (!s.clocks) {
      time.hidden = true;
      element.classList.remove("running", "low");
      continue;
    }
    const ms = clockNow(seat);
    time.hidden = false;
    time.textContent = formatClock(ms);
    element.classList.toggle("running", s.clocks.running === seat && s.status !== "finished");
    element.classList.toggle("low", ms < 10_000);
  }
}

setInterval(() => { if (view.state) { showClocks(); showPresence(); } }, 100);

// A seat declared gone (its player has had no connection for a while): its opponent is
// told, and may claim the win or a draw once the countdown runs out. Before the first
// moves, the time left for the side to move's first move.
function showPresence() {
  const s = view.state;
  const over = s.status === "finished";
  const gone = over ? {} : (s.gone || {});
  const now = Date.now();
  let text = "";
  let claimable = false;
  const other = view.seat ? otherSeat(view.seat) : null;
  if (other && gone[other] !== undefined) {
    const left = Math.ceil((gone[other] - now) / 1000);
    claimable = left <= 0;
    text = claimable ? t("opponent-left-claim") : t("opponent-left-wait", { seconds: left });
  } else {
    const away = Object.keys(gone).map((seat) => sideOf(seat));
    if (away.length) text = t("left-game", { sides: away.join(t("and")) });
  }
  if (!over && s.abort_at && !s.open) {
    const left = Math.max(0, Math.ceil((s.abort_at - now) / 1000));
    const first = s.seat_to_move === view.seat ? t("first-move-you", { seconds: left })
      : t("first-move-side", { side: sideOf(s.seat_to_move), seconds: left });
    if (left < 120) text = text ? `${text} ${first}` : first;
  }
  $("presence").hidden = !text;
  if ($("presence-text").textContent !== text) $("presence-text").textContent = text;
  $("claim-win").hidden = $("claim-draw").hidden = !claimable;
}

// ---- The page of one game ----------------------------------------------------

function showSettings(s) {
  const kind = kindOf(s.game);
  const help = (name) => {
    const spec = kind && kind.options.find((o) => o.name === name);
    return optionHelp(s.game, name, spec ? spec.help : name);
  };
  const rows = [[t("game-label"), kindTitle(s.game)]];
  for (const [name, value] of Object.entries(s.options)) {
    if (name === "clock" || name === "opponent") continue;
    if ((name === "fen" || name === "board") && (value === "" || value === null || isDefault(kind, name, value) || isStart(s.game, value))) continue;
    rows.push([help(name), value === true ? t("on") : value === false ? t("off") : String(value)]);
  }
  const opponent = s.options.opponent;
  if (opponent) {
    rows.push([t("computer"), t("computer-plays", { engine: opponent.engine, side: sideOf(opponent.side, s.game), seconds: opponent.movetime })]);
  }
  rows.push([t("time-control"), clockText(s.options.clock)]);
  $("settings").replaceChildren(...rows.flatMap(([name, value]) => [
    Object.assign(document.createElement("dt"), { textContent: name }),
    Object.assign(document.createElement("dd"), { textContent: value }),
  ]));
}

// Whether the second seat made the game's first move (a start position with the
// second side to move): the move list then starts with "1. …".
function secondStarts(s) {
  // A Gomoku opening always begins with the first seat, who may move several times.
  if (s.colors) return false;
  if (s.status !== "finished" && s.seat_to_move) {
    return (s.seat_to_move === "second") === (s.moves.length % 2 === 0);
  }
  if (view.rules) {
    const start = new view.rules.Game(s.game, gameOptions(s));
    const second = sideOf("second", s.game).toLowerCase() === start.sideToMove;
    start.free();
    return second;
  }
  return false;
}

// The moves in pairs with their numbers, as a record writes them: `1. h2e2 h9g7`.
function showMoves(s) {
  const names = Object.keys(s.notations || {});
  const select = $("notation");
  if (names.length && select.options.length === 0) {
    select.replaceChildren(...["", ...names].map((name) =>
      Object.assign(document.createElement("option"), { value: name, textContent: t(`notation-${name || "coordinates"}`, {}, name || "coordinates") })));
    // The language's own notation first, where the game has it (Chinese for Xiangqi).
    const own = t("notation-default", {}, "");
    if (!view.notationChosen && names.includes(own)) view.notation = own;
    select.value = view.notation;
  }
  select.hidden = names.length === 0;
  const texts = view.notation && s.notations[view.notation] ? s.notations[view.notation] : s.moves;
  const current = view.step === null ? texts.length : view.step;
  const cells = [];
  const offset = secondStarts(s) ? 1 : 0;
  for (let i = 0; i < texts.length; i++) {
    const place = i + offset;
    if (place % 2 === 0 || i === 0) {
      cells.push(Object.assign(document.createElement("span"), { className: "number", textContent: `${Math.floor(place / 2) + 1}.` }));
      if (place % 2 === 1) cells.push(Object.assign(document.createElement("span"), { className: "gap", textContent: "…" }));
    }
    const item = Object.assign(document.createElement("span"), { className: "move", textContent: texts[i] });
    item.setAttribute("role", "listitem");
    item.dataset.ply = String(i + 1);
    item.classList.toggle("current", i + 1 === current && canStep());
    // A click shows the position after the move; ← and → step, Home and End jump.
    item.addEventListener("click", () => stepTo(i + 1));
    cells.push(item);
  }
  $("moves").replaceChildren(...cells);
  const currentCell = $("moves").querySelector(".move.current");
  if (currentCell && view.step === null) $("moves").scrollTop = $("moves").scrollHeight;
  else if (currentCell) currentCell.scrollIntoView({ block: "nearest" });
  const stepping = canStep();
  for (const id of ["step-first", "step-back", "step-forward", "step-last"]) $(id).hidden = !stepping;
  $("step-first").disabled = $("step-back").disabled = current === 0;
  $("step-forward").disabled = $("step-last").disabled = current === texts.length;
  $("live").hidden = view.step === null;
  $("live").textContent = s.status === "finished" ? t("last-position") : t("back-to-game");
  const help = view.step === null ? "" : t(s.status === "finished" ? "step-help" : "step-help-live", { ply: current, moves: count(texts.length, "move") });
  $("step-help").hidden = !help;
  $("step-help").textContent = help;
}

function showActions(s) {
  const playing = Boolean(view.seat) && s.status !== "finished";
  const offered = s.draw_offer;
  $("resign").hidden = !playing || s.ply < 2;
  $("abort").hidden = !playing || s.ply >= 2;
  $("offer-draw").hidden = !playing || offered === view.seat || offered === otherSeat(view.seat || "first");
  $("accept-draw").hidden = !playing || offered !== otherSeat(view.seat);
  $("decline-draw").hidden = $("accept-draw").hidden;
  const offerText = !offered || s.status === "finished" ? ""
    : offered === view.seat ? t("you-offered-draw") : view.seat ? t("opponent-offers-draw") : t("side-offers-draw", { side: sideOf(offered) });
  $("offer").textContent = offerText;
  $("offer").hidden = !offerText;
  // A takeback: the seat that asks takes its last move back (and the opponent's after
  // it, when the opponent has answered), once the other seat accepts.
  const asked = s.takeback_offer || null;
  const mine = Boolean(view.seat) && seatMoves(s, view.seat) > 0;
  $("offer-takeback").hidden = !playing || !mine || Boolean(asked);
  $("accept-takeback").hidden = !playing || asked !== otherSeat(view.seat);
  $("decline-takeback").hidden = $("accept-takeback").hidden;
  const takebackText = !asked || s.status === "finished" ? ""
    : asked === view.seat ? t("you-asked-takeback")
      : view.seat ? t("opponent-asks-takeback") : t("side-asks-takeback", { side: sideOf(asked) });
  $("takeback").textContent = takebackText;
  $("takeback").hidden = !takebackText;
  const rematch = s.rematch || {};
  $("rematch").hidden = !view.seat || s.status !== "finished" || Boolean(rematch.game);
  $("rematch").disabled = Boolean(view.seat && rematch[view.seat]);
  $("rematch").textContent = view.seat && rematch[view.seat] ? t("rematch-asked") : rematch[otherSeat(view.seat || "first")] ? t("accept-rematch") : t("rematch");
  $("new-same").hidden = s.status !== "finished";
  showInvite(s);
  if (view.seat && rematch.game) {
    // Both asked: the rematch is a new game with the seats swapped; the same token
    // opens the other seat there.
    location.href = `/games/${rematch.game}#seat=${otherSeat(view.seat)}&token=${view.token}`;
  }
}

// How many moves `seat` has made.
function seatMoves(s, seat) {
  const seats = moverSeats(view.rules, s, gameOptions(s));
  if (seats) return seats.filter((mover) => mover === seat).length;
  const second = secondStarts(s);
  const firstCount = second ? Math.floor(s.moves.length / 2) : Math.ceil(s.moves.length / 2);
  return seat === "first" ? firstCount : s.moves.length - firstCount;
}

// The creator's invite for the second seat: the server puts it in the state it gives
// the first seat's token, while the second seat is unused. WebSocket messages carry
// no invite, so the one last given stays until the second seat has moved (it was used
// then) or the game is over; reloading the page asks the server again.
function showInvite(s) {
  const used = seatMoves(s, "second") > 0;
  const invite = view.seat === "first" && s.status !== "finished" && !used ? view.invite : null;
  $("invite").hidden = !invite;
  if (invite) $("invite-link").value = `${location.origin}${invite.link}`;
}

// The state as this page's seat sees it (the plain state for a spectator).
async function seatState() {
  const state = await api(`/api/games/${view.id}${listing()}`, { headers: seatHeaders(), cache: "no-store" });
  if (!view.seat && state.your_seat) {
    // A signed-in player's own game, opened from its plain address: their seat.
    view.seat = state.your_seat;
    view.flip = view.seat === "second";
  }
  if (view.seat === "first") view.invite = state.invite || null;
  return state;
}

// The words of the game's end, and the sound; a move's sound. The live region says
// the other side's moves (in the notation the move list shows), a check and the end.
function announce(before, s) {
  if (!before) return;
  const words = [];
  if (s.ply > before.ply && s.moves.length > 0 && before.seat_to_move !== view.seat) {
    const texts = view.notation && s.notations && s.notations[view.notation] ? s.notations[view.notation] : s.moves;
    words.push(t("announce-move", { side: sideName(before.side_to_move), move: texts[s.moves.length - 1] }));
  }
  if (s.status === "check" && s.ply > before.ply) words.push(t("announce-check"));
  if (before.status !== "finished" && s.status === "finished") words.push($("banner").textContent);
  if (words.length) say(words.join(" "));
  if (before.status !== "finished" && s.status === "finished") endSound();
  else if (s.ply > before.ply) moveSound();
}

// A move typed in the move box: checked by the rules in the page if it carries them,
// then sent as a click's move is.
function typed(text) {
  if (!view.state || view.state.status === "finished") { setError(t("game-over-click")); return; }
  if (!myTurn()) { setError(t("not-your-turn")); return; }
  if (view.rules && view.step === null) {
    const why = refusal(text);
    if (why) { setError(why); return; }
  }
  send(text);
}

// Whether `state` may replace the state shown: a later one, or after a takeback an
// earlier ply of a later version of the game.
function newer(state) {
  const s = view.state;
  if (!s) return true;
  if ((state.takebacks || 0) !== (s.takebacks || 0)) return (state.takebacks || 0) > (s.takebacks || 0);
  return state.ply >= s.ply;
}

async function show(state) {
  if (!newer(state)) return;
  const before = view.state;
  view.state = state;
  const s = state;
  if (view.rules) {
    try {
      syncGame(s);
    } catch (error) {
      // The package cannot follow this game: the server lists the moves and draws.
      view.rules = null;
      view.step = null;
      setError("");
      await show(await seatState());
      return;
    }
    if (view.step !== null && view.step > s.moves.length) view.step = null;
  }
  let status;
  if (s.status === "finished") {
    const o = s.outcome;
    let text = resultText(o);
    if (o.detail) text += `${t("colon")}${o.detail}`;
    $("banner").textContent = o.winner_seat && o.winner_seat === view.seat ? t("you-win", { result: text }) : text;
    $("banner").hidden = false;
    status = view.seat || !canStep() ? t("game-over") : t("game-over-step");
    if (view.watchingWord) setError("");
  } else {
    $("banner").hidden = true;
    const check = s.status === "check" ? t("status-check") : "";
    const computer = s.options.opponent && s.options.opponent.side === s.seat_to_move;
    const waiting = computer ? t("status-computer-thinking") : t("status-waiting");
    status = t("status-to-move", { side: sideName(s.side_to_move) }) + check + (myTurn() ? t("status-your-turn") : view.seat ? waiting : t("status-watching"));
    if (s.open) status += view.seat ? t("status-open-waiting") : t("status-open");
  }
  $("status").textContent = status;
  $("move-form").hidden = !view.seat || s.status === "finished";
  $("play-title").textContent = `${kindTitle(s.game)} · arbiter`;
  document.title = $("play-title").textContent;
  showOpening(s, view.seat);
  showSettings(s);
  showMoves(s);
  showActions(s);
  showClocks();
  showPresence();
  const placeless = myTurn() ? legalMoves().filter((m) => m.from == null && m.to == null) : [];
  $("placeless").replaceChildren(...placeless.map((m) => {
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: moveLabel(m.text, s) });
    button.addEventListener("click", () => send(m.text));
    return button;
  }));
  if (s.status === "finished" && (view.premove || view.premoveFrom)) dropPremove();
  announce(before, s);
  const shown = `${s.takebacks || 0}:${s.ply}:${s.status}:${view.flip}:${view.step}`;
  if (shown !== view.shown) {
    view.shown = shown;
    view.selected = null;
    await drawBoard();
  } else {
    highlight();
  }
  playPremove();
}

// The state `s` with `update` laid over it: its moves appended (those the page has
// already, from its own move's answer, skipped) and its turn, clocks and ending taken;
// null if the update skips moves the page lacks, or is older than the state.
function updated(s, update) {
  if (update.ply < s.ply) return null;
  if ((update.takebacks || 0) !== (s.takebacks || 0)) return null;
  const moves = s.moves.slice();
  const notations = Object.fromEntries(Object.entries(s.notations || {}).map(([name, texts]) => [name, texts.slice()]));
  for (const move of update.moves) {
    if (move.ply < moves.length) continue;
    if (move.ply > moves.length) return null;
    moves.push(move.text);
    for (const [name, texts] of Object.entries(notations)) texts.push((move.notations || {})[name] || move.text);
  }
  if (moves.length !== update.ply) return null;
  const { type: _type, moves: _moves, ...turn } = update;
  // `position` is the server's text of the position: it is not in updates, and the
  // page draws from the moves, so it goes rather than stay behind.
  const { position: _position, ...rest } = s;
  return { ...rest, ...turn, moves, notations };
}

async function received(message) {
  if (message.type === "state") {
    // A state sent to every watcher lists no legal moves: without the package the
    // page asks for its own (after a takeback above all, whose state replaces the
    // moves the page listed).
    await show(view.rules || message.state.legal ? message.state : await seatState());
    return;
  }
  const rewound = (message.takebacks || 0) > (view.state.takebacks || 0);
  if (message.ply < view.state.ply && !rewound) return;
  const next = view.rules ? updated(view.state, message) : null;
  // Without the package the legal moves come from the server; a gap or a takeback,
  // from a new state.
  await show(next || await seatState());
}

// A seat opened by its link that has no name yet (the invite's) takes the name this
// browser keeps, once.
async function nameMySeat() {
  const s = view.state;
  const mine = view.seat === "first" ? 0 : 1;
  if (!view.token || !view.seat || !playerName() || names(s)[mine] || s.status === "finished") return;
  try {
    await show(await api(`/api/games/${view.id}/name${listing()}`, {
      method: "POST",
      headers: seatHeaders({ "Content-Type": "application/json" }),
      body: JSON.stringify({ name: playerName() }),
    }));
  } catch (_) {
    // Named meanwhile: the name stays as it is.
  }
}

// The line that says how the live connection stands: lost and trying again, back,
// or the game gone.
function showConnection(text, lasting = true) {
  $("connection").textContent = text;
  $("connection").hidden = !text;
  if (!lasting) setTimeout(() => { if ($("connection").textContent === text) showConnection(""); }, 3000);
}

// The game is no more on this server: the page says so and stops asking.
function gameGone() {
  view.ended = true;
  showConnection(t("game-gone"));
  $("actions").hidden = true;
}

// Listens for updates; on reconnecting, it resumes from the ply it has. A seat's page
// says which seat it is, so that its opponent sees it here or gone.
function listen() {
  if (view.ended) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // The takebacks seen too: after another, the moves seen do not all stand.
  const since = view.state ? `since=${view.state.ply}&takebacks=${view.state.takebacks || 0}` : "";
  const query = [listing().slice(1), since].filter(Boolean).join("&");
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${view.id}/ws${query ? `?${query}` : ""}`);
  socket.addEventListener("open", () => {
    if (view.token) socket.send(JSON.stringify({ type: "seat", token: view.token }));
    if (view.lost) showConnection(t("reconnected"), false);
    view.lost = false;
    view.retry = 1000;
  });
  socket.addEventListener("message", (event) => received(JSON.parse(event.data)).catch((error) => setError(error.message)));
  socket.addEventListener("close", async () => {
    if (view.ended) return;
    view.lost = true;
    // Whether the game is still there, or the server out of reach.
    try {
      await api(`/api/games/${view.id}`, { cache: "no-store" });
      showConnection(t("connection-lost"));
    } catch (error) {
      if (error.status === 404) { gameGone(); return; }
      showConnection(t("trying-again", { why: error.status === 0 ? t("unreachable-short") : error.message, seconds: Math.round(view.retry / 1000) }));
    }
    setTimeout(listen, view.retry);
    view.retry = Math.min(view.retry * 2, 30_000);
  });
}

function showMute() {
  $("mute").textContent = muted() ? t("sound-off") : t("sound-on");
  $("mute").setAttribute("aria-pressed", String(muted()));
}

async function play(id) {
  $("play").hidden = false;
  view.id = id;
  const seat = readSeat();
  view.seat = seat.seat;
  view.token = seat.token;
  // The second seat sees its own side at the bottom; a spectator chooses.
  view.flip = view.seat === "second";
  $("watch-link").href = `/games/${id}`;
  $("record-link").href = `/api/games/${id}/record`;
  $("copy-invite").addEventListener("click", async () => {
    const link = $("invite-link");
    link.select();
    try { await navigator.clipboard.writeText(link.value); $("copy-invite").textContent = t("copied"); }
    catch (_) { document.execCommand("copy"); $("copy-invite").textContent = t("copied"); }
  });
  // Resigning takes two clicks, in case of a slip.
  $("resign").addEventListener("click", () => {
    const button = $("resign");
    if (button.dataset.armed) { act("resign"); return; }
    button.dataset.armed = "1";
    button.textContent = t("resign-again");
    setTimeout(() => { delete button.dataset.armed; button.textContent = t("resign"); }, 3000);
  });
  $("offer-draw").addEventListener("click", () => act("draw", { action: "offer" }));
  $("accept-draw").addEventListener("click", () => act("draw", { action: "accept" }));
  $("decline-draw").addEventListener("click", () => act("draw", { action: "decline" }));
  $("offer-takeback").addEventListener("click", () => act("takeback", { action: "offer" }));
  $("accept-takeback").addEventListener("click", () => act("takeback", { action: "accept" }));
  $("decline-takeback").addEventListener("click", () => act("takeback", { action: "decline" }));
  $("abort").addEventListener("click", () => act("abort"));
  $("rematch").addEventListener("click", () => act("rematch"));
  // A new game with this one's settings, the player in the first seat (against the
  // computer, in the seat played here), an open challenge again if this one was one.
  $("new-same").addEventListener("click", async () => {
    const s = view.state;
    try {
      await createGame(s.game, s.options, Boolean(s.open) || sessionStorage.getItem(`challenge:${view.id}`) === "1");
    } catch (error) {
      setError(error.message);
    }
  });
  $("flip").addEventListener("click", async () => { view.flip = !view.flip; view.shown = null; await show({ ...view.state }); });
  $("mute").addEventListener("click", () => { setMuted(!muted()); showMute(); });
  showMute();
  $("step-first").addEventListener("click", () => stepTo(0));
  $("step-back").addEventListener("click", () => stepTo(shownPly() - 1));
  $("step-forward").addEventListener("click", () => stepTo(shownPly() + 1));
  $("step-last").addEventListener("click", () => stepTo(view.state.moves.length));
  $("live").addEventListener("click", () => stepTo(view.state.moves.length));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && (view.premove || view.premoveFrom)) {
      dropPremove();
      highlight();
    }
  });
  $("notation").addEventListener("change", () => { view.notation = $("notation").value; view.notationChosen = true; showMoves(view.state); });
  for (const [id, result] of [["claim-win", "win"], ["claim-draw", "draw"]]) {
    $(id).addEventListener("click", () => act("claim", { result }));
  }
  accessible({ state: () => view.state, legalMoves: () => (view.state ? legalMoves() : []), clicked, submit: typed });
  view.rules = await rulesLoaded;
  registry.rules = view.rules;
  showNav();
  try {
    registry.kinds = (await api("/api/kinds")).kinds;
    await show(await seatState());
    await nameMySeat();
  } catch (error) {
    if (error.status === 404) { gameGone(); return; }
    setError(error.message);
    if (error.status !== 0) return;
  }
  listen();
}

await loadLanguage();
const match = location.pathname.match(/^\/games\/([0-9a-f]+)$/);
const player = location.pathname.match(/^\/players\/([^/]+)$/);
const tournament = location.pathname.match(/^\/tournaments\/([0-9a-f]+)$/);
if (match) { play(match[1]); } else if (player) { playerPage(decodeURIComponent(player[1])); } else if (tournament) { tournamentPage(tournament[1]); } else { lobby(); }
