// What the lobby and the game page share: the server's API, its registry of games,
// players' names, the words for options, and creating a game.
import { has, t } from "/assets/i18n.js";

export const rulesLoaded = import("/assets/arbiter/index.js").catch(() => null);

export const $ = (id) => document.getElementById(id);

// A request to the server's API: its JSON answer, or an error with the server's
// words, its status and its code; a server out of reach says so in words.
export async function api(path, options = {}) {
  let response;
  try {
    response = await fetch(path, options);
  } catch (_) {
    const error = new Error(t("unreachable"));
    error.status = 0;
    throw error;
  }
  let body = null;
  try { body = await response.json(); } catch (_) { body = null; }
  if (!response.ok) {
    const error = new Error(errorWords(body, response.status));
    error.status = response.status;
    error.code = body && body.code;
    throw error;
  }
  return body;
}

// The server's error in the page's language: the catalog's `error-CODE` for an error
// with a stable code the catalog words (a refused move's code too: `error-forbidden`
// with the move and the pattern); else the server's own words, which are English.
export function errorWords(body, status, move = null) {
  const code = body && body.code;
  const english = (body && body.error) || `request failed (${status})`;
  if (!code || !has(`error-${code}`)) return english;
  // A Renju refusal names its pattern: an overline, a double four, a double three.
  const pattern = /(overline|double four|double three)/.exec(english);
  const quoted = /^(?:illegal move|unreadable move|no move) ([^:]+):/.exec(english);
  return t(`error-${code}`, {
    move: move || (quoted ? quoted[1] : ""),
    pattern: pattern ? t(`pattern-${pattern[1].replace(" ", "-")}`) : "",
    detail: english,
  });
}

// The games and their options, from the server's registry; the engines people can
// play; the rules in the page (the npm package), if the server carries them.
export const registry = { kinds: [], engines: [], rules: null };

export function kindOf(name) {
  return registry.kinds.find((k) => k.name === name);
}

// An option's words in the page's language: the catalog's `option-GAME-NAME`, else
// `option-NAME`, else the server's own (English) words.
export function optionHelp(game, name, help) {
  const id = name.replace(/_/g, "-");
  return t(`option-${game}-${id}`, {}, t(`option-${id}`, {}, help));
}

export function kindTitle(name) {
  const kind = kindOf(name);
  return t(`game-${name}`, {}, kind ? kind.title : name);
}

// The player's name, kept by this browser (without an account): sent when creating
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
export async function createGame(game, options, open, rated = false) {
  const body = { game, options };
  if (open) body.open = true;
  if (rated) body.rated = true;
  if (playerName()) body.name = playerName();
  const created = await api("/api/games", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const seat = created.tokens.first ? "first" : "second";
  const link = `/games/${created.id}#seat=${seat}&token=${created.tokens[seat]}`;
  if (open || rated) {
    sessionStorage.setItem(`challenge:${created.id}`, "1");
    rememberChallenge(created.id, link);
  }
  location.href = link;
}

// The players of a listed game or a state, first seat's then second's: their names,
// an engine's name, or null.
export function names(g) {
  const given = g.players || g.names || {};
  const engine = g.options && g.options.opponent;
  return ["first", "second"].map((seat, i) =>
    (Array.isArray(given) ? given[i] : given[seat]) || (engine && engine.side === seat ? t("computer-name", { engine: engine.engine }) : null));
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


// The open challenges this browser made ({id, link}), so that the lobby offers no
// "Join" for them but the way back to them.
const MINE_KEY = "arbiter:challenges";

export function myChallenges() {
  try {
    const mine = JSON.parse(localStorage.getItem(MINE_KEY) || "[]");
    return Array.isArray(mine) ? mine.filter((c) => c && c.id && c.link) : [];
  } catch (_) {
    return [];
  }
}

function rememberChallenge(id, link) {
  localStorage.setItem(MINE_KEY, JSON.stringify([{ id, link }, ...myChallenges()].slice(0, 50)));
}

// The mark after a bot's name (a program, not a person): for a seat of a listed game
// or state whose `bots` says so, or for any bot when `seat` is left out; "" otherwise.
export function botMark(g, seat) {
  if (seat !== undefined && !(g && g.bots && g.bots[seat])) return "";
  const mark = document.createElement("span");
  mark.className = "bot-mark";
  mark.textContent = t("bot-mark");
  return mark;
}

// Whether `seat` of a listed game or state is played by an account, whose name then
// opens the player's page.
export function isAccount(g, seat) {
  const accounts = g.accounts;
  if (Array.isArray(accounts)) return accounts.includes(seat);
  return Boolean(accounts && accounts[seat]);
}
