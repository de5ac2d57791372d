// What the lobby and the game page share: the server's API, its registry of games,
// players' names, the words for options, and creating a game.
export const rulesLoaded = import("/assets/arbiter/index.js").catch(() => null);

export const $ = (id) => document.getElementById(id);

export async function api(path, options = {}) {
  const response = await fetch(path, options);
  let body = null;
  try { body = await response.json(); } catch (_) { body = null; }
  if (!response.ok) {
    throw new Error((body && body.error) || `request failed (${response.status})`);
  }
  return body;
}

// The games and their options, from the server's registry; the engines people can
// play; the rules in the page (the npm package), if the server carries them.
export const registry = { kinds: [], engines: [], rules: null };

export function kindOf(name) {
  return registry.kinds.find((k) => k.name === name);
}

export function kindTitle(name) {
  const kind = kindOf(name);
  return kind ? kind.title : name;
}

// The player's name, kept by this browser (there are no accounts): sent when creating
// or joining a game, shown on the board and in the lists.
const NAME_KEY = "arbiter:name";

export function playerName() {
  return (localStorage.getItem(NAME_KEY) || "").trim();
}

export function rememberName() {
  localStorage.setItem(NAME_KEY, $("player-name").value.trim());
}

// Creates a game and opens the creator's seat: the one seat against the computer,
// else the first (whose state then holds the invite for the second, while unused).
export async function createGame(game, options, open) {
  const body = { game, options };
  if (open) body.open = true;
  if (playerName()) body.name = playerName();
  const created = await api("/api/games", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const seat = created.tokens.first ? "first" : "second";
  if (open) sessionStorage.setItem(`challenge:${created.id}`, "1");
  location.href = `/games/${created.id}#seat=${seat}&token=${created.tokens[seat]}`;
}

// The players of a listed game or a state, first seat's then second's: their names,
// an engine's name, or null.
export function names(g) {
  const given = g.players || g.names || {};
  const engine = g.options && g.options.opponent;
  return ["first", "second"].map((seat, i) =>
    (Array.isArray(given) ? given[i] : given[seat]) || (engine && engine.side === seat ? `${engine.engine} (computer)` : null));
}

export function otherSeat(seat) {
  return seat === "first" ? "second" : "first";
}

// Whether an option has the game's default (the standard start position, say), which
// the settings then leave out.
export function isDefault(kind, name, value) {
  const spec = kind && kind.options.find((o) => o.name === name);
  return Boolean(spec) && spec.default !== undefined && String(spec.default) === String(value);
}

// Whether `fen` is `game`'s standard start, as the package writes it (false without
// the package, which the page then shows).
const starts = new Map();
export function isStart(game, fen) {
  if (!registry.rules) return false;
  if (!starts.has(game)) {
    try {
      const start = new registry.rules.Game(game, {});
      starts.set(game, start.fen);
      start.free();
    } catch (_) {
      starts.set(game, null);
    }
  }
  return starts.get(game) === fen;
}

