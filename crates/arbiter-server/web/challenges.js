// The lobby's bots and challenges: the bots to challenge (online or not, their rating
// in the game chosen under Play), each with a button that challenges it to the play
// form's game, options and clock; the challenges to the signed-in player, to accept or
// decline, and theirs, pending (to cancel) or answered. The challenges are asked for
// every two seconds while the lobby is open (nothing pushes them to a person's page);
// when a challenge the page saw pending is accepted, the page opens the game, where the
// account opens its seat.
import { clockText } from "/assets/words.js";
import { chinese, t } from "/assets/i18n.js";
import { $, api, botMark, isDefault, kindOf, kindTitle } from "/assets/common.js";
import { playerLink } from "/assets/account.js";
import { sideName } from "/assets/words.js";

// The player's challenges this tab has seen, by id (the pending ones and those answered
// since), newest first: the server lists only pending ones, so the answered are asked
// for one by one and kept here to show what became of them.
const SEEN_KEY = "arbiter:my-challenges";
const KEEP = 8;

let setup = null;
let bots = [];
let shownBots = "";
let shownChallenges = "";
let incomingSeen = null;

// Each account's own, should another sign in in this tab.
function seenKey() {
  return `${SEEN_KEY}:${setup.account() ? setup.account().name : ""}`;
}

function seen() {
  try {
    const list = JSON.parse(sessionStorage.getItem(seenKey()) || "[]");
    return Array.isArray(list) ? list.filter((c) => c && c.id) : [];
  } catch (_) {
    return [];
  }
}

function keep(list) {
  sessionStorage.setItem(seenKey(), JSON.stringify(list.slice(0, KEEP)));
}

function remember(challenge) {
  keep([challenge, ...seen().filter((c) => c.id !== challenge.id)]);
}

function news(text) {
  $("challenge-news").textContent = text;
}

function post(path, body = {}) {
  return api(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

// A challenge's game in words: "Gomoku · 9x9 · 5 minutes + 3 seconds · rated".
function challengeWhat(c) {
  const options = c.options || {};
  const parts = [kindTitle(c.game)];
  const kind = kindOf(c.game);
  const rows = options.rows !== undefined ? options.rows : options.size;
  const cols = options.cols !== undefined ? options.cols : options.size;
  if (rows !== undefined && !(isDefault(kind, "rows", rows) && isDefault(kind, "cols", cols))) parts.push(`${cols}x${rows}`);
  parts.push(options.clock ? clockText(options.clock) : t("challenge-untimed"));
  if (c.rated) parts.push(t("rated"));
  return parts.join(" · ");
}

// The side the signed-in player plays in a challenge: the challenger's `colour`, the
// other for the addressee; drawn by lot for `random`.
function yourSide(c, incoming) {
  if (!c.colour || c.colour === "random") return t("challenge-colour-random");
  const kind = kindOf(c.game);
  const sides = kind ? kind.sides : ["first", "second"];
  const challengerFirst = c.colour === "first";
  const youFirst = incoming ? !challengerFirst : challengerFirst;
  return t("challenge-you-play", { side: sideName(sides[youFirst ? 0 : 1]) });
}

function button(text, label, quiet, action) {
  const b = Object.assign(document.createElement("button"), { type: "button", textContent: text, className: quiet ? "quiet" : "" });
  b.setAttribute("aria-label", label);
  b.addEventListener("click", async () => {
    b.disabled = true;
    $("bots-error").textContent = "";
    try {
      await action();
    } catch (error) {
      $("bots-error").textContent = error.message;
    }
    b.disabled = false;
  });
  return b;
}

// The message `id` with `name` as a link to the player's page, wherever the language
// puts the name.
function withName(id, name, args = {}) {
  const mark = "\u2063";
  const [before, after] = t(id, { ...args, name: mark }).split(mark);
  const span = document.createElement("span");
  span.append(before, playerLink(name), after === undefined ? "" : after);
  return span;
}

// After a message that ends in a colon: a space, but none after a Chinese one.
function gap() {
  return chinese() ? "" : " ";
}

function none(text) {
  return Object.assign(document.createElement("li"), { textContent: text });
}

// One bot: its name (opening its page), the games it plays, its rating in the game
// chosen under Play, whether it is online, and a Challenge button for a signed-in player.
function botItem(bot, game) {
  const li = document.createElement("li");
  li.dataset.bot = bot.name;
  const what = Object.assign(document.createElement("span"), { className: "what" });
  what.append(playerLink(bot.name), " ", botMark(), " ");
  const state = Object.assign(document.createElement("span"), {
    className: bot.online ? "online" : "offline", textContent: t(bot.online ? "bot-online" : "bot-offline"),
  });
  what.append(state);
  const games = (bot.games || []).map(kindTitle).join(chinese() ? "、" : ", ");
  what.append(` · ${games ? t("bot-games", { games }) : t("bot-no-games")}`);
  const r = bot.ratings && bot.ratings[game];
  what.append(` · ${r ? t("bot-rating", { game: kindTitle(game), rating: `${Math.round(r.rating)}${r.provisional ? "?" : ""}` }) : t("bot-unrated", { game: kindTitle(game) })}`);
  li.append(what);
  if (setup.account() && bot.name.toLowerCase() !== setup.account().name.toLowerCase()) {
    li.append(button(t("challenge-bot"), t("challenge-bot-label", { name: bot.name, what: setup.what() }), false, () => challenge(bot.name)));
  }
  return li;
}

export function showBots(force = false) {
  const game = $("game-kind").value;
  const key = JSON.stringify([game, setup.what(), Boolean(setup.account()), bots]);
  if (!force && key === shownBots) return;
  shownBots = key;
  const sorted = [...bots].sort((a, b) => Number(b.online) - Number(a.online));
  $("bot-list").replaceChildren(...(sorted.length ? sorted.map((b) => botItem(b, game)) : [none(t("no-bots"))]));
}

export async function loadBots() {
  if (!setup) return;
  showSignedIn();
  try {
    bots = (await api("/api/bots")).bots;
    showBots();
  } catch (error) {
    $("bot-list").replaceChildren(none(error.message));
  }
}

async function challenge(name) {
  const made = await post("/api/challenges", {
    to: name,
    game: $("game-kind").value,
    options: setup.options(),
    rated: $("rated").checked,
    colour: "random",
  });
  remember(made.challenge);
  news(t("news-sent", { name }));
  await pollChallenges();
}

function incomingItem(c) {
  const li = document.createElement("li");
  li.dataset.challenge = c.id;
  const what = Object.assign(document.createElement("span"), { className: "what" });
  what.append(withName("challenge-from", c.from), `${gap()}${challengeWhat(c)} · ${yourSide(c, true)}`);
  li.append(what,
    button(t("challenge-accept"), t("challenge-accept-label", { name: c.from }), false, async () => {
      const answer = await post(`/api/challenges/${c.id}/accept`);
      location.href = `/games/${answer.game.id}`;
    }),
    button(t("decline"), t("challenge-decline-label", { name: c.from }), true, async () => {
      await post(`/api/challenges/${c.id}/decline`, { reason: "" });
      news(t("news-you-declined", { name: c.from }));
      await pollChallenges();
    }));
  return li;
}

function outgoingItem(c) {
  const li = document.createElement("li");
  li.dataset.challenge = c.id;
  li.dataset.status = c.status;
  const what = Object.assign(document.createElement("span"), { className: "what" });
  const status = c.status === "declined" ? t("challenge-declined", { reason: c.reason || "" }) : t(`challenge-${c.status}`);
  what.append(withName("challenge-to", c.to), `${gap()}${challengeWhat(c)} · ${yourSide(c, false)} · `,
    Object.assign(document.createElement("strong"), { className: "challenge-status", textContent: status }));
  li.append(what);
  if (c.status === "pending") {
    li.append(button(t("challenge-cancel"), t("challenge-cancel-label", { name: c.to }), true, async () => {
      const answer = await post(`/api/challenges/${c.id}/cancel`);
      remember(answer.challenge);
      news(t("news-canceled", { name: c.to }));
      await pollChallenges();
    }));
  } else if (c.status === "accepted" && c.game_id) {
    li.append(Object.assign(document.createElement("a"), { href: `/games/${c.game_id}`, className: "go", textContent: t("challenge-open-game") }));
  }
  return li;
}

// Asks for the player's challenges: the pending ones, and what became of those this tab
// saw pending; opens the game of one accepted since, and says what changed.
export async function pollChallenges() {
  if (!setup.account()) return;
  let listed;
  try {
    listed = await api("/api/challenges", { cache: "no-store" });
  } catch (error) {
    $("bots-error").textContent = error.message;
    return;
  }
  const pending = new Set(listed.outgoing.map((c) => c.id));
  let list = seen();
  for (const c of [...listed.outgoing].reverse()) {
    if (!list.some((s) => s.id === c.id)) list.unshift(c);
  }
  list = list.map((s) => listed.outgoing.find((c) => c.id === s.id) || s);
  // Those that were pending and are no longer: what became of them.
  for (const [i, s] of list.entries()) {
    if (s.status !== "pending" || pending.has(s.id)) continue;
    try {
      const now = (await api(`/api/challenges/${s.id}`, { cache: "no-store" })).challenge;
      list[i] = now;
      if (now.status === "accepted" && now.game_id) {
        keep(list);
        news(t("news-accepted", { name: now.to }));
        location.href = `/games/${now.game_id}`;
        return;
      }
      if (now.status === "declined") news(t("news-declined", { name: now.to, reason: now.reason || "" }));
      if (now.status === "expired") news(t("news-expired", { name: now.to }));
    } catch (error) {
      // Gone (the server's database started anew): dropped; out of reach: asked again.
      if (error.status === 404) list[i] = null;
    }
  }
  list = list.filter(Boolean);
  keep(list);
  const incomingIds = listed.incoming.map((c) => c.id);
  if (incomingSeen) {
    const fresh = listed.incoming.find((c) => !incomingSeen.includes(c.id));
    if (fresh) news(t("news-incoming", { name: fresh.from, what: challengeWhat(fresh) }));
  }
  incomingSeen = incomingIds;
  const key = JSON.stringify([listed.incoming, list]);
  if (key === shownChallenges) return;
  shownChallenges = key;
  $("challenges-incoming").replaceChildren(...(listed.incoming.length ? listed.incoming.map(incomingItem) : [none(t("no-challenges-incoming"))]));
  $("challenges-outgoing").replaceChildren(...(list.length ? list.slice(0, KEEP).map(outgoingItem) : [none(t("no-challenges-outgoing"))]));
}

// Shows the challenges' lists to a signed-in player (once signed in from the lobby's
// form too) and asks for them every two seconds from then on.
let polling = null;
function showSignedIn() {
  const signedIn = Boolean(setup.account());
  $("bots-hint").hidden = !signedIn;
  $("bots-sign-in").hidden = signedIn;
  $("challenges-incoming-box").hidden = !signedIn;
  $("challenges-outgoing-box").hidden = !signedIn;
  if (signedIn && !polling) {
    pollChallenges();
    polling = setInterval(pollChallenges, 2000);
  }
}

// `options`: the play form's options less a computer opponent; `what`: them in words,
// for the Challenge buttons' names; `account`: the signed-in account or null.
export function botsAndChallenges(given) {
  setup = given;
  showSignedIn();
}
