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

function showOptionsFor(kind) {
  for (const label of document.querySelectorAll("#new-game [data-for]")) {
    label.hidden = !label.dataset.for.split(" ").includes(kind);
  }
}

async function lobby() {
  $("lobby").hidden = false;
  const kind = $("game-kind");
  showOptionsFor(kind.value);
  kind.addEventListener("change", () => showOptionsFor(kind.value));
  $("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const game = form.get("game");
    const options = {};
    if ((game === "xiangqi" || game === "draughts") && form.get("fen")) options.fen = form.get("fen");
    if (game === "gomoku") options.rules = form.get("rules");
    if ((game === "gomoku" || game === "twixt") && form.get("size")) options.size = Number(form.get("size"));
    if (game === "twixt") options.swap = form.get("swap") === "on";
    try {
      const created = await api("/api/games", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ game, options }),
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
      a.textContent = `${g.game} · ${g.ply} moves · watch`;
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
  return s && s.status === "ongoing" && view.seat && s.seat_to_move === view.seat;
}

function setError(message) {
  $("error").textContent = message || "";
}

// The start and end point of a move's text, for games that move pieces.
function ends(game, text) {
  if (game === "xiangqi") return [text.slice(0, 2), text.slice(2)];
  const numbers = text.split(/[-x]/);
  return [numbers[0], numbers[numbers.length - 1]];
}

function movesFrom(point) {
  return view.state.legal_moves.filter((m) => ends(view.state.game, m)[0] === point);
}

function highlight() {
  const board = $("board");
  for (const spot of board.querySelectorAll(".spot")) {
    spot.classList.remove("selected", "legal", "forbidden");
  }
  const s = view.state;
  if (!s || s.status !== "ongoing") return;
  if (s.game === "gomoku" && s.side_to_move === "black") {
    // Points with no legal move for Black are Renju's forbidden points.
    const legal = new Set(s.legal_moves);
    for (const spot of board.querySelectorAll(".spot")) {
      if (!legal.has(spot.dataset.point)) spot.classList.add("forbidden");
    }
  }
  if (view.selected) {
    const from = board.querySelector(`.spot[data-point="${view.selected}"]`);
    if (from) from.classList.add("selected");
    for (const move of movesFrom(view.selected)) {
      const to = board.querySelector(`.spot[data-point="${ends(s.game, move)[1]}"]`);
      if (to) to.classList.add("legal");
    }
  }
}

async function send(text) {
  setError("");
  $("choices").replaceChildren();
  view.selected = null;
  highlight();
  try {
    const state = await api(`/api/games/${view.id}/moves`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${view.token}` },
      body: JSON.stringify({ move: text, ply: view.state.ply }),
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
    button.textContent = m;
    button.addEventListener("click", () => send(m));
    return button;
  }));
}

function clicked(point) {
  const s = view.state;
  if (!s || s.status !== "ongoing") return;
  if (!view.seat) { setError("You are watching: only the players move."); return; }
  if (s.game === "gomoku" || s.game === "twixt") { send(point); return; }
  const movable = movesFrom(point).length > 0;
  if (view.selected === null) {
    if (movable) { view.selected = point; highlight(); } else { setError("Choose a piece that can move."); }
    return;
  }
  if (point === view.selected) { view.selected = null; highlight(); return; }
  const from = view.selected;
  const matching = s.legal_moves.filter((m) => { const [a, b] = ends(s.game, m); return a === from && b === point; });
  if (matching.length > 1) { offerChoices(matching); return; }
  if (matching.length === 1) { send(matching[0]); return; }
  if (movable) { view.selected = point; highlight(); return; }
  // Not a legal move: send it anyway, and show the server's reason.
  const capture = s.game === "draughts" && movesFrom(from).some((m) => m.includes("x"));
  send(s.game === "xiangqi" ? from + point : `${from}${capture ? "x" : "-"}${point}`);
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
    const text = o.result === "win" ? `${sideWord(o.winner)} wins by ${o.reason}` : `Draw by ${o.reason}`;
    $("banner").textContent = o.winner_seat && o.winner_seat === view.seat ? `${text}: you win!` : text;
    $("banner").hidden = false;
    status = "Game over.";
  } else {
    $("banner").hidden = true;
    status = `${sideWord(s.side_to_move)} to move` + (myTurn() ? " — your turn" : view.seat ? " — waiting for your opponent" : " (watching)");
  }
  $("status").textContent = status;
  $("moves").replaceChildren(...s.moves.map((m) => Object.assign(document.createElement("li"), { textContent: m })));
  $("swap").hidden = !(myTurn() && s.legal_moves.includes("swap"));
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
  $("swap").addEventListener("click", () => send("swap"));
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
