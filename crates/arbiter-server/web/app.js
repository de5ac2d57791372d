// arbiter's browser client: the lobby, and the board of one game with live updates.
// The server decides every rule; this script only shows states and sends clicks.
"use strict";

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

// ---- Lobby -----------------------------------------------------------------

// The games and their options come from the server's registry: this page names none.
let kinds = [];

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
  const kind = kinds.find((k) => k.name === name);
  $("game-options").replaceChildren(...(kind ? kind.options.map(optionField) : []));
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
  return options;
}

function kindTitle(name) {
  const kind = kinds.find((k) => k.name === name);
  return kind ? kind.title : name;
}

async function lobby() {
  $("lobby").hidden = false;
  const select = $("game-kind");
  try {
    kinds = (await api("/api/kinds")).kinds;
  } catch (error) {
    $("create-error").textContent = error.message;
  }
  select.replaceChildren(...kinds.map((k) => Object.assign(document.createElement("option"), { value: k.name, textContent: k.title })));
  showOptionsFor(select.value);
  select.addEventListener("change", () => showOptionsFor(select.value));
  $("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const created = await api("/api/games", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ game: select.value, options: readOptions() }),
      });
      sessionStorage.setItem(`invite:${created.id}`, created.tokens.second);
      location.href = `/games/${created.id}#seat=first&token=${created.tokens.first}`;
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

const view = { id: null, seat: null, token: null, state: null, selected: null, shownPly: -1 };

function readSeat(id) {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("token")) {
    localStorage.setItem(`seat:${id}`, JSON.stringify({ seat: params.get("seat"), token: params.get("token") }));
  }
  try { return JSON.parse(localStorage.getItem(`seat:${id}`)) || {}; } catch (_) { return {}; }
}

function sideWord(side) {
  return side ? side[0].toUpperCase() + side.slice(1) : "";
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
  return view.state.legal.filter((m) => m.from === point);
}

function placements(point) {
  return view.state.legal.filter((m) => m.from === null && m.to === point);
}

function highlight() {
  const board = $("board");
  for (const spot of board.querySelectorAll(".spot")) {
    spot.classList.remove("selected", "legal", "forbidden");
  }
  const s = view.state;
  if (!s || s.status === "finished") return;
  const placed = new Set(s.legal.filter((m) => m.from === null && m.to !== null).map((m) => m.to));
  if (placed.size > 0) {
    // An empty point where no stone may go is forbidden (Renju's points for Black).
    for (const spot of board.querySelectorAll(".spot")) {
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
  highlight();
  try {
    const state = await api(`/api/games/${view.id}/moves`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${view.token}` },
      body: JSON.stringify(attempt ? { ...attempt, ply: view.state.ply } : { move: text, ply: view.state.ply }),
    });
    await show(state);
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

function clicked(point) {
  const s = view.state;
  if (!s || s.status === "finished") return;
  if (!view.seat) { setError("You are watching: only the players move."); return; }
  if (s.legal.some((m) => m.from === null && m.to !== null)) {
    // A game of placing stones or pegs: one click plays; the server explains a refusal.
    const move = placements(point)[0];
    send(move ? move.text : point);
    return;
  }
  const movable = movesFrom(point).length > 0;
  if (view.selected === null) {
    if (movable) { view.selected = point; highlight(); } else { setError("Choose a piece that can move."); }
    return;
  }
  if (point === view.selected) { view.selected = null; highlight(); return; }
  const from = view.selected;
  const matching = s.legal.filter((m) => m.from === from && m.to === point);
  if (matching.length > 1) { offerChoices(matching); return; }
  if (matching.length === 1) { send(matching[0].text); return; }
  if (movable) { view.selected = point; highlight(); return; }
  // Not a legal move: send it anyway, and show the server's reason.
  send(null, { from, to: point });
}

async function drawBoard() {
  const response = await fetch(`/api/games/${view.id}/board.svg`, { cache: "no-store" });
  $("board").innerHTML = await response.text();
  for (const spot of $("board").querySelectorAll(".spot")) {
    spot.addEventListener("click", () => clicked(spot.dataset.point));
  }
  highlight();
}

async function show(state) {
  if (view.state && state.ply < view.state.ply) return;
  view.state = state;
  const s = state;
  let status;
  if (s.status === "finished") {
    const o = s.outcome;
    let text = o.result === "win" ? `${sideWord(o.winner)} wins by ${o.reason}` : `Draw by ${o.reason}`;
    if (o.detail) text += `: ${o.detail}`;
    $("banner").textContent = o.winner_seat && o.winner_seat === view.seat ? `${text}: you win!` : text;
    $("banner").hidden = false;
    status = "Game over.";
  } else {
    $("banner").hidden = true;
    status = `${sideWord(s.side_to_move)} to move` + (myTurn() ? " — your turn" : view.seat ? " — waiting for your opponent" : " (watching)");
  }
  $("status").textContent = status;
  $("moves").replaceChildren(...s.moves.map((m) => Object.assign(document.createElement("li"), { textContent: m })));
  const placeless = myTurn() ? s.legal.filter((m) => m.from === null && m.to === null) : [];
  $("placeless").replaceChildren(...placeless.map((m) => {
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: m.text });
    button.addEventListener("click", () => send(m.text));
    return button;
  }));
  if (state.ply !== view.shownPly) {
    view.shownPly = state.ply;
    view.selected = null;
    await drawBoard();
  } else {
    highlight();
  }
}

function listen() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${view.id}/ws`);
  socket.addEventListener("message", (event) => show(JSON.parse(event.data)));
  socket.addEventListener("close", () => setTimeout(listen, 1000));
}

async function play(id) {
  $("play").hidden = false;
  view.id = id;
  const seat = readSeat(id);
  view.seat = seat.seat || null;
  view.token = seat.token || null;
  $("watch-link").href = `/games/${id}`;
  const invite = sessionStorage.getItem(`invite:${id}`);
  if (view.seat === "first" && invite) {
    $("invite").hidden = false;
    $("invite-link").value = `${location.origin}/games/${id}#seat=second&token=${invite}`;
  }
  try {
    await show(await api(`/api/games/${id}`));
  } catch (error) {
    setError(error.message);
    return;
  }
  listen();
}

const match = location.pathname.match(/^\/games\/([0-9a-f]+)$/);
if (match) { play(match[1]); } else { lobby(); }
