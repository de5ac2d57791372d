// arbiter's browser client: the lobby, and the board of one game with live updates.
// The server decides every rule and keeps the clocks; this script shows states,
// sends clicks and seat actions, and counts the running clock down between states.
// It names no game: the games, their options and notations come from the server.
//
// When the server carries the rules in WebAssembly (the npm package of bindings/js),
// the page plays on them too: it lists the legal moves and draws the board itself, says
// why a move is refused before sending it, queues a premove while the opponent thinks,
// and steps through a finished game's positions, all without asking the server, which
// still checks every move and has the last word. Without the package, the page asks
// for states that list the legal moves (`?legal=1`) and the server draws every board.
//
// The WebSocket sends the state once, then after every change an update: the moves
// made since (each with its ply, text, points and other notations) and the game's
// turn, clocks and ending, which the page lays over the state it has. Reconnecting, it
// names the ply it has (`?since=`) and gets the moves it missed.
"use strict";

const rulesLoaded = import("/assets/arbiter/index.js").catch(() => null);

const $ = (id) => document.getElementById(id);

async function api(path, options = {}) {
  const response = await fetch(path, options);
  let body = null;
  try { body = await response.json(); } catch (_) { body = null; }
  if (!response.ok) {
    throw new Error((body && body.error) || `request failed (${response.status})`);
  }
  return body;
}

// The games and their options, from the server's registry; the engines people can play.
let kinds = [];
let engines = [];

function kindOf(name) {
  return kinds.find((k) => k.name === name);
}

function kindTitle(name) {
  const kind = kindOf(name);
  return kind ? kind.title : name;
}

// ---- Lobby -----------------------------------------------------------------

function optionField(spec) {
  const label = document.createElement("label");
  const input = spec.input.type === "choice" ? document.createElement("select") : document.createElement("input");
  input.name = spec.name;
  input.dataset.type = spec.input.type;
  if (spec.input.type === "choice") {
    for (const choice of spec.input.choices) {
      input.appendChild(Object.assign(document.createElement("option"), { value: choice, textContent: choice }));
    }
  } else if (spec.input.type === "number") {
    Object.assign(input, { type: "number", min: spec.input.min, max: spec.input.max, placeholder: spec.default });
  } else if (spec.input.type === "flag") {
    input.type = "checkbox";
    label.className = "inline";
  } else {
    input.placeholder = spec.default;
  }
  if (spec.input.type === "flag") {
    label.append(input, ` ${spec.help}`);
  } else {
    label.append(`${spec.help} `, input);
  }
  return label;
}

function showOptionsFor(name) {
  const kind = kindOf(name);
  $("game-options").replaceChildren(...(kind ? kind.options.map(optionField) : []));
  const sides = kind ? kind.sides : ["first", "second"];
  $("my-seat").replaceChildren(...["first", "second"].map((seat, i) =>
    Object.assign(document.createElement("option"), { value: seat, textContent: `${sides[i]} (${seat})` })));
  const playing = engines.filter((e) => e.games.includes(name));
  $("opponent").replaceChildren(
    Object.assign(document.createElement("option"), { value: "", textContent: "a person (you send them a link)" }),
    ...playing.map((e) => Object.assign(document.createElement("option"), { value: e.name, textContent: `the computer: ${e.name}` })));
  showComputerFields();
}

function showComputerFields() {
  $("computer-fields").hidden = !$("opponent").value;
}

function readOptions() {
  const options = {};
  for (const input of $("game-options").querySelectorAll("[name]")) {
    const type = input.dataset.type;
    if (type === "flag") {
      if (input.checked) options[input.name] = true;
    } else if (input.value !== "") {
      options[input.name] = type === "number" ? Number(input.value) : input.value;
    }
  }
  const clock = $("clock-kind").value;
  if (clock === "custom") {
    options.clock = { base: Number($("clock-base").value), increment: Number($("clock-increment").value) };
    if ($("clock-moves").value !== "") options.clock.moves = Number($("clock-moves").value);
  } else if (clock === "days") {
    options.clock = { days: Number($("clock-days").value) };
  } else if (clock) {
    const [minutes, increment] = clock.split("+").map(Number);
    options.clock = { base: minutes * 60, increment };
  }
  const engine = $("opponent").value;
  if (engine) {
    options.opponent = { engine, side: otherSeat($("my-seat").value), movetime: Number($("movetime").value) };
  }
  return options;
}

function showClockFields() {
  const clock = $("clock-kind").value;
  $("clock-custom").hidden = clock !== "custom";
  $("clock-days-label").hidden = clock !== "days";
}

async function lobby() {
  $("lobby").hidden = false;
  const select = $("game-kind");
  try {
    kinds = (await api("/api/kinds")).kinds;
    engines = (await api("/api/engines")).engines;
  } catch (error) {
    $("create-error").textContent = error.message;
  }
  $("opponent").addEventListener("change", showComputerFields);
  select.replaceChildren(...kinds.map((k) => Object.assign(document.createElement("option"), { value: k.name, textContent: k.title })));
  showOptionsFor(select.value);
  select.addEventListener("change", () => showOptionsFor(select.value));
  $("clock-kind").addEventListener("change", showClockFields);
  showClockFields();
  $("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const created = await api("/api/games", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ game: select.value, options: readOptions() }),
      });
      // Against the computer the one token given is the player's; else the first
      // seat plays and the second seat's token goes in the invitation.
      const seat = created.tokens.first ? "first" : "second";
      if (created.tokens.first && created.tokens.second) {
        sessionStorage.setItem(`invite:${created.id}`, created.tokens.second);
      }
      location.href = `/games/${created.id}#seat=${seat}&token=${created.tokens[seat]}`;
    } catch (error) {
      $("create-error").textContent = error.message;
    }
  });
  try {
    const list = await api("/api/games?status=ongoing&limit=50");
    const items = list.games.map((g) => {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = `/games/${g.id}`;
      a.textContent = `${kindTitle(g.game)} · ${g.ply} moves · watch`;
      li.appendChild(a);
      return li;
    });
    $("game-list").replaceChildren(...(items.length ? items : [Object.assign(document.createElement("li"), { textContent: "None yet." })]));
  } catch (error) {
    $("game-list").textContent = error.message;
  }
}

// ---- One game --------------------------------------------------------------

const view = {
  id: null, seat: null, token: null, state: null, selected: null, shown: null,
  flip: false, notation: "", received: 0,
  // With the package: its module, the game as the last state gives it (or with the
  // move just sent), its legal moves, the ply shown while stepping through a finished
  // game (null: the last), and the premove queued ({from, to} or {to}).
  rules: null, game: null, legal: [], step: null, premove: null, premoveFrom: null,
};

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
// a game that went elsewhere (a move sent and refused) is started again.
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
    return error.message;
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

function sideWord(side) {
  return side ? side[0].toUpperCase() + side.slice(1) : "";
}

function otherSeat(seat) {
  return seat === "first" ? "second" : "first";
}

function myTurn() {
  const s = view.state;
  return s && s.status !== "finished" && view.seat && s.seat_to_move === view.seat;
}

function setError(message) {
  $("error").textContent = message || "";
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

function highlight() {
  const board = $("board");
  for (const spot of board.querySelectorAll(".spot")) {
    spot.classList.remove("selected", "legal", "forbidden", "premove");
  }
  const s = view.state;
  if (!s || s.status === "finished") return;
  for (const point of [view.premoveFrom, view.premove && view.premove.from, view.premove && view.premove.to]) {
    const spot = point && board.querySelector(`.spot[data-point="${point}"]`);
    if (spot) spot.classList.add("premove");
  }
  const placed = new Set(legalMoves().filter((m) => m.from == null && m.to != null).map((m) => m.to));
  if (placed.size > 0) {
    // An empty point where no stone may go is forbidden (Renju's points for Black).
    for (const spot of board.querySelectorAll(".spot:not(.taken)")) {
      if (!placed.has(spot.dataset.point)) spot.classList.add("forbidden");
    }
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
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${view.token}` },
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

// Resign, draw, abort, rematch: a seat's action with its token.
async function act(action, body = null) {
  setError("");
  try {
    const options = { method: "POST", headers: { Authorization: `Bearer ${view.token}` } };
    if (body) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    await show(await api(`/api/games/${view.id}/${action}${listing()}`, options));
  } catch (error) {
    setError(error.message);
  }
}

function offerChoices(moves) {
  $("choices").replaceChildren(...moves.map((m) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = m.text;
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

function showPremove() {
  const p = view.premove;
  const text = p ? `Premove ${p.from ? `${p.from} → ${p.to}` : p.to}: played when your opponent has moved, if legal then (click again to change it).`
    : view.premoveFrom ? `Premove from ${view.premoveFrom}: click where it goes.` : "";
  $("premove").textContent = text;
  $("premove").hidden = !text;
}

// The premove queued, if it is the player's turn: sent if legal now, else dropped.
function playPremove() {
  const p = view.premove;
  if (!p || !myTurn()) return false;
  view.premove = null;
  view.premoveFrom = null;
  showPremove();
  const matching = legalMoves().filter((m) => m.to === p.to && (p.from ? m.from === p.from : m.from == null));
  if (matching.length !== 1) {
    setError(`The premove ${p.from ? `${p.from} → ${p.to}` : p.to} is not legal now: dropped.`);
    return false;
  }
  send(matching[0].text);
  return true;
}

function clicked(point) {
  const s = view.state;
  if (!s || s.status === "finished") { setError("The game is over."); return; }
  if (!view.seat) { setError("You are watching: only the players move."); return; }
  if (view.rules && !myTurn()) { setError(""); premoveClicked(point); return; }
  if (placingGame() || legalMoves().length === 0) {
    // A game of placing stones or pegs: one click plays; the server explains a refusal.
    const move = placements(point)[0];
    if (!move && view.rules) { setError(refusal(point) || "That point cannot be played."); return; }
    send(move ? move.text : point);
    return;
  }
  if (!myTurn()) { setError("It is not your turn."); return; }
  const movable = movesFrom(point).length > 0;
  if (view.selected === null) {
    if (movable) { setError(""); view.selected = point; highlight(); } else { setError("Choose one of your pieces that can move."); }
    return;
  }
  if (point === view.selected) { view.selected = null; highlight(); return; }
  const from = view.selected;
  const matching = legalMoves().filter((m) => m.from === from && m.to === point);
  if (matching.length > 1) { offerChoices(matching); return; }
  if (matching.length === 1) { send(matching[0].text); return; }
  if (movable) { view.selected = point; highlight(); return; }
  if (view.rules) {
    // Not a legal move: the rules here say why, with no request.
    view.selected = null;
    highlight();
    const text = view.game.textBetween(from, point);
    setError((text && refusal(text)) || `No move goes from ${from} to ${point}.`);
    return;
  }
  // Not a legal move: send it anyway, and show the server's reason.
  send(null, { from, to: point });
}

// ---- Stepping through a finished game -------------------------------------------

// The game at the ply shown: the last, or while stepping an earlier one, replayed here.
function shownGame() {
  if (view.step === null) return { game: view.game, spare: false };
  const game = new view.rules.Game(view.state.game, gameOptions(view.state));
  for (const move of view.state.moves.slice(0, view.step)) game.play(move);
  return { game, spare: true };
}

function canStep() {
  return Boolean(view.rules && view.state && view.state.status === "finished");
}

async function stepTo(ply) {
  if (!canStep()) return;
  const last = view.state.moves.length;
  const target = Math.max(0, Math.min(last, ply));
  view.step = target === last ? null : target;
  showMoves(view.state);
  await drawBoard();
}

document.addEventListener("keydown", (event) => {
  const typing = event.target instanceof Element && event.target.closest("input, select, textarea");
  if (!canStep() || typing) return;
  const at = view.step === null ? view.state.moves.length : view.step;
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
  for (const spot of $("board").querySelectorAll(".spot")) {
    spot.addEventListener("click", () => clicked(spot.dataset.point));
  }
  highlight();
}

// ---- Clocks ----------------------------------------------------------------

// A time control in words: "300 s + 3 s a move", "5400 s for every 40 moves + 30 s a
// move", "3 days per move".
function clockText(clock) {
  if (!clock) return "none";
  if (clock.days) return `${clock.days} days per move`;
  const period = clock.moves ? ` for every ${clock.moves} moves` : "";
  return `${clock.base} s${period} + ${clock.increment} s a move`;
}

function formatClock(ms) {
  const total = Math.max(0, ms);
  if (total >= 86_400_000) return `${Math.floor(total / 86_400_000)} d ${Math.floor((total % 86_400_000) / 3_600_000)} h`;
  const seconds = Math.floor(total / 1000);
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return total < 10_000 ? `${text}.${Math.floor((total % 1000) / 100)}` : text;
}

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

function showClocks() {
  const s = view.state;
  const bottomSeat = view.seat || (view.flip ? "second" : "first");
  const seats = { bottom: bottomSeat, top: otherSeat(bottomSeat) };
  for (const [place, seat] of Object.entries(seats)) {
    const element = $(`clock-${place}`);
    if (!s || !s.clocks) { element.hidden = true; continue; }
    const ms = clockNow(seat);
    element.hidden = false;
    const name = sideWord((kindOf(s.game) || { sides: ["first", "second"] }).sides[seat === "first" ? 0 : 1]);
    element.textContent = `${name} ${formatClock(ms)}`;
    element.classList.toggle("running", s.clocks.running === seat && s.status !== "finished");
    element.classList.toggle("low", ms < 10_000);
  }
}

setInterval(() => { if (view.state) showClocks(); }, 100);

// ---- The page of one game ----------------------------------------------------

function showSettings(s) {
  const kind = kindOf(s.game);
  const help = (name) => {
    const spec = kind && kind.options.find((o) => o.name === name);
    return spec ? spec.help : name;
  };
  const rows = [["Game", kindTitle(s.game)]];
  for (const [name, value] of Object.entries(s.options)) {
    if (name === "clock" || name === "opponent") continue;
    rows.push([help(name), value === true ? "on" : value === false ? "off" : String(value)]);
  }
  const opponent = s.options.opponent;
  if (opponent) {
    rows.push(["Computer", `${opponent.engine} plays ${sideWord(kind ? kind.sides[opponent.side === "first" ? 0 : 1] : opponent.side)}, ${opponent.movetime} s a move`]);
  }
  const clock = s.options.clock;
  rows.push(["Time control", clockText(clock)]);
  $("settings").replaceChildren(...rows.flatMap(([name, value]) => [
    Object.assign(document.createElement("dt"), { textContent: name }),
    Object.assign(document.createElement("dd"), { textContent: value }),
  ]));
}

function showMoves(s) {
  const names = Object.keys(s.notations || {});
  const select = $("notation");
  if (names.length && select.options.length === 0) {
    select.replaceChildren(...["", ...names].map((name) =>
      Object.assign(document.createElement("option"), { value: name, textContent: name || "coordinates" })));
    select.value = view.notation;
  }
  select.hidden = names.length === 0;
  const texts = view.notation && s.notations[view.notation] ? s.notations[view.notation] : s.moves;
  const stepping = canStep();
  const current = view.step === null ? texts.length : view.step;
  $("moves").replaceChildren(...texts.map((m, i) => {
    const item = Object.assign(document.createElement("li"), { textContent: m });
    if (stepping) {
      // A click shows the position after the move; ← and → step, Home and End jump.
      item.classList.add("steppable");
      item.classList.toggle("current", i + 1 === current);
      item.addEventListener("click", () => stepTo(i + 1));
    }
    return item;
  }));
  $("step-help").hidden = !stepping;
  $("step-help").textContent = stepping ? `Position after ${current} of ${texts.length} moves: click a move, or use ← → Home End.` : "";
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
    : offered === view.seat ? "You offered a draw." : `${view.seat ? "Your opponent offers" : `The ${offered} seat offers`} a draw.`;
  $("offer").textContent = offerText;
  $("offer").hidden = !offerText;
  const rematch = s.rematch || {};
  $("rematch").hidden = !view.seat || s.status !== "finished" || Boolean(rematch.game);
  $("rematch").disabled = Boolean(view.seat && rematch[view.seat]);
  $("rematch").textContent = view.seat && rematch[view.seat] ? "Rematch asked…" : rematch[otherSeat(view.seat || "first")] ? "Accept the rematch" : "Rematch";
  $("invite").hidden = !(view.seat === "first" && sessionStorage.getItem(`invite:${view.id}`)) || s.status === "finished";
  if (view.seat && rematch.game) {
    // Both asked: the rematch is a new game with the seats swapped; the same token
    // opens the other seat there.
    location.href = `/games/${rematch.game}#seat=${otherSeat(view.seat)}&token=${view.token}`;
  }
}

async function show(state) {
  if (view.state && state.ply < view.state.ply) return;
  view.state = state;
  const s = state;
  if (view.rules) {
    try {
      syncGame(s);
    } catch (error) {
      // The package cannot follow this game: the server lists the moves and draws.
      view.rules = null;
      setError("");
      await show(await api(`/api/games/${view.id}${listing()}`));
      return;
    }
    if (s.status !== "finished") view.step = null;
  }
  let status;
  if (s.status === "finished") {
    const o = s.outcome;
    let text = o.result === "win" ? `${sideWord(o.winner)} wins by ${o.reason}`
      : o.result === "aborted" ? "The game was aborted" : `Draw by ${o.reason}`;
    if (o.detail) text += `: ${o.detail}`;
    $("banner").textContent = o.winner_seat && o.winner_seat === view.seat ? `${text}: you win!` : text;
    $("banner").hidden = false;
    status = "Game over.";
  } else {
    $("banner").hidden = true;
    const check = s.status === "check" ? " — check!" : "";
    const computer = s.options.opponent && s.options.opponent.side === s.seat_to_move;
    const waiting = computer ? " — the computer is thinking" : " — waiting for your opponent";
    status = `${sideWord(s.side_to_move)} to move${check}` + (myTurn() ? " — your turn" : view.seat ? waiting : " (watching)");
  }
  $("status").textContent = status;
  showSettings(s);
  showMoves(s);
  showActions(s);
  showClocks();
  const placeless = myTurn() ? legalMoves().filter((m) => m.from == null && m.to == null) : [];
  $("placeless").replaceChildren(...placeless.map((m) => {
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: m.text });
    button.addEventListener("click", () => send(m.text));
    return button;
  }));
  if (s.status === "finished" && (view.premove || view.premoveFrom)) {
    view.premove = null;
    view.premoveFrom = null;
    showPremove();
  }
  const shown = `${s.ply}:${s.status}:${view.flip}`;
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
    await show(message.state);
    return;
  }
  if (message.ply < view.state.ply) return;
  const next = view.rules ? updated(view.state, message) : null;
  // Without the package the legal moves come from the server; a gap, from a new state.
  await show(next || await api(`/api/games/${view.id}${listing()}`));
}

// Listens for updates; on reconnecting, it resumes from the ply it has.
function listen() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const since = view.state ? `since=${view.state.ply}` : "";
  const query = [listing().slice(1), since].filter(Boolean).join("&");
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${view.id}/ws${query ? `?${query}` : ""}`);
  socket.addEventListener("message", (event) => received(JSON.parse(event.data)).catch((error) => setError(error.message)));
  socket.addEventListener("close", () => setTimeout(listen, 1000));
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
  const invite = sessionStorage.getItem(`invite:${id}`);
  if (view.seat === "first" && invite) {
    $("invite-link").value = `${location.origin}/games/${id}#seat=second&token=${invite}`;
  }
  $("copy-invite").addEventListener("click", async () => {
    const link = $("invite-link");
    link.select();
    try { await navigator.clipboard.writeText(link.value); $("copy-invite").textContent = "Copied"; }
    catch (_) { document.execCommand("copy"); $("copy-invite").textContent = "Copied"; }
  });
  // Resigning takes two clicks, in case of a slip.
  $("resign").addEventListener("click", () => {
    const button = $("resign");
    if (button.dataset.armed) { act("resign"); return; }
    button.dataset.armed = "1";
    button.textContent = "Click again to resign";
    setTimeout(() => { delete button.dataset.armed; button.textContent = "Resign"; }, 3000);
  });
  $("offer-draw").addEventListener("click", () => act("draw", { action: "offer" }));
  $("accept-draw").addEventListener("click", () => act("draw", { action: "accept" }));
  $("decline-draw").addEventListener("click", () => act("draw", { action: "decline" }));
  $("abort").addEventListener("click", () => act("abort"));
  $("rematch").addEventListener("click", () => act("rematch"));
  $("flip").addEventListener("click", async () => { view.flip = !view.flip; view.shown = null; await show({ ...view.state }); });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && (view.premove || view.premoveFrom)) {
      view.premove = null;
      view.premoveFrom = null;
      showPremove();
      highlight();
    }
  });
  $("notation").addEventListener("change", () => { view.notation = $("notation").value; showMoves(view.state); });
  view.rules = await rulesLoaded;
  try {
    kinds = (await api("/api/kinds")).kinds;
    await show(await api(`/api/games/${id}${listing()}`));
  } catch (error) {
    setError(error.message);
    return;
  }
  listen();
}

const match = location.pathname.match(/^\/games\/([0-9a-f]+)$/);
if (match) { play(match[1]); } else { lobby(); }
