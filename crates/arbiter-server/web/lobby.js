// The lobby: the account card, the form that creates a game, and the lists of open
// challenges, games in play and finished games, the leaderboards, and the tournaments
// with a form that creates one from the play form's game, options and clock.
import { clockText, count, endingName, sideName } from "/assets/words.js";
import { t } from "/assets/i18n.js";
import { $, api, botMark, createGame, isAccount, isDefault, isStart, kindOf, kindTitle, myChallenges, names, optionHelp, otherSeat, playerName, registry, rememberName, rulesLoaded } from "/assets/common.js";
import { playerLink, showNav, signIn, signOut, signUp } from "/assets/account.js";
import { statusWords, tournamentWhat, when } from "/assets/tournament.js";
import { botsAndChallenges, loadBots, showBots } from "/assets/challenges.js";

// The signed-in account, once the lobby knows it.
let account = null;

function optionField(game, spec) {
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
  const help = optionHelp(game, spec.name, spec.help);
  if (spec.input.type === "flag") {
    label.append(input, ` ${help}`);
  } else {
    label.append(`${help} `, input);
  }
  return label;
}

const PEOPLE = () => [
  { value: "open", textContent: t("opponent-open") },
  { value: "", textContent: t("opponent-link") },
];

function showOptionsFor(name) {
  const kind = kindOf(name);
  $("game-options").replaceChildren(...(kind ? kind.options.map((spec) => optionField(name, spec)) : []));
  const sides = kind ? kind.sides : ["first", "second"];
  $("my-seat").replaceChildren(...["first", "second"].map((seat, i) =>
    Object.assign(document.createElement("option"), { value: seat, textContent: `${sideName(sides[i])} (${t(`seat-${seat}`)})` })));
  const playing = registry.engines.filter((e) => e.games.includes(name));
  const chosen = $("opponent").value;
  $("opponent").replaceChildren(
    ...PEOPLE().map((p) => Object.assign(document.createElement("option"), p)),
    ...playing.map((e) => Object.assign(document.createElement("option"), { value: e.name, textContent: t("opponent-computer", { engine: e.name }) })));
  if ([...$("opponent").options].some((o) => o.value === chosen)) $("opponent").value = chosen;
  showComputerFields();
}

function computerChosen() {
  return !["", "open"].includes($("opponent").value);
}

function showComputerFields() {
  $("computer-fields").hidden = !computerChosen();
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
    options.clock = clockOf(clock);
  }
  if (computerChosen()) {
    options.opponent = { engine: $("opponent").value, side: otherSeat($("my-seat").value), movetime: Number($("movetime").value) };
  }
  return options;
}

function showClockFields() {
  const clock = $("clock-kind").value;
  $("clock-custom").hidden = clock !== "custom";
  $("clock-days-label").hidden = clock !== "days";
  for (const button of $("time-buttons").querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(button.dataset.clock === clock));
  }
}

// The common time controls as buttons, each setting the time control of the "more
// options" list, which also has the others (custom, correspondence).
function timeButtons() {
  const select = $("clock-kind");
  for (const option of select.options) {
    if (!["custom", "days"].includes(option.value)) option.textContent = clockText(clockOf(option.value));
  }
  $("time-buttons").replaceChildren(...[...select.options].filter((o) => !["custom", "days"].includes(o.value)).map((option) => {
    const button = Object.assign(document.createElement("button"), { type: "button", className: "quiet time", textContent: option.textContent });
    button.dataset.clock = option.value;
    button.addEventListener("click", () => { select.value = option.value; showClockFields(); });
    return button;
  }));
}

// A time control of the list ("5+3") as the server's clock option.
function clockOf(value) {
  if (!value) return null;
  const [minutes, increment] = value.split("+").map(Number);
  return { base: minutes * 60, increment };
}

// The options a listed game was made with, in a few words: those that differ from the
// game's defaults ("19x19", "rules renju"), a start position only as "set position".
function optionWords(g) {
  const kind = kindOf(g.game);
  const options = g.options || {};
  const words = [];
  if (options.rows !== undefined && options.cols !== undefined
    && !(isDefault(kind, "rows", options.rows) && isDefault(kind, "cols", options.cols))) {
    words.push(`${options.cols}x${options.rows}`);
  }
  for (const [name, value] of Object.entries(options)) {
    if (["clock", "opponent", "rows", "cols"].includes(name) || value === false || value === "" || value === null) continue;
    if (isDefault(kind, name, value)) continue;
    if (name === "fen" || name === "board") {
      if (!isStart(g.game, value)) words.push(t("set-position"));
      continue;
    }
    const label = name.replace(/_/g, " ");
    words.push(value === true ? label : `${label} ${value}`);
  }
  return words;
}

function resultWords(g) {
  const o = g.outcome;
  if (!o) return "";
  if (o.result === "win") return t("result-win", { side: sideName(o.winner), reason: endingName(o.reason) });
  return o.result === "aborted" ? t("list-aborted") : t("list-draw", { reason: endingName(o.reason) });
}

// A player as a list shows them: an account's name opens its page.
function who(g, seat, name) {
  if (name && isAccount(g, seat)) {
    const mark = botMark(g, seat);
    if (!mark) return playerLink(name);
    const both = document.createElement("span");
    both.append(playerLink(name), " ", mark);
    return both;
  }
  return document.createTextNode(name || t("anonymous"));
}

// A rated challenger's rating: "1500?" while provisional.
function ratingWords(g) {
  const r = g.ratings && g.ratings.first;
  return r ? ` ${Math.round(r.rating)}${r.provisional ? "?" : ""}` : "";
}

// One game of a lobby list: what it is, and its button or link.
function listItem(g, list) {
  const kind = kindOf(g.game);
  const sides = kind ? kind.sides : ["first", "second"];
  const [first, second] = names(g);
  const parts = [kindTitle(g.game), ...optionWords(g), clockText(g.options && g.options.clock)];
  if (g.rated) parts.push(t("rated"));
  const what = Object.assign(document.createElement("span"), { className: "what", textContent: `${parts.join(" · ")} · ` });
  if (list === "open") {
    what.append(who(g, "first", first), `${ratingWords(g)} (${sideName(sides[0])})`);
  } else {
    what.append(`${sideName(sides[0])} `, who(g, "first", first), ` – ${sideName(sides[1])} `, who(g, "second", second));
    what.append(` · ${count(g.ply, "move")}`);
    if (list === "finished") what.append(` · ${resultWords(g)}`);
  }
  const li = document.createElement("li");
  li.dataset.game = g.id;
  li.append(what);
  const mine = myChallenges().find((c) => c.id === g.id);
  const ownByAccount = account && isAccount(g, "first") && first === account.name;
  if (list === "open" && (mine || ownByAccount)) {
    // Nobody joins their own challenge: the way back to it instead.
    li.append(Object.assign(document.createElement("a"), {
      href: mine ? mine.link : `/games/${g.id}`, className: "go", textContent: t("yours"),
    }));
  } else if (list === "open") {
    const button = Object.assign(document.createElement("button"), { type: "button", className: "join", textContent: t("join") });
    button.setAttribute("aria-label", `${t("join")}: ${what.textContent}`);
    button.addEventListener("click", () => join(g.id));
    li.append(button);
  } else {
    li.append(Object.assign(document.createElement("a"), {
      href: `/games/${g.id}`, className: "go", textContent: list === "playing" ? t("watch") : t("replay"),
    }));
  }
  return li;
}

async function showList(list) {
  const element = $(list === "open" ? "open-list" : list === "playing" ? "game-list" : "finished-list");
  try {
    const games = (await api(`/api/games?status=${list}&limit=50`)).games;
    const items = games.map((g) => listItem(g, list));
    const none = t({ open: "no-open", playing: "none-now", finished: "none-yet" }[list]);
    element.replaceChildren(...(items.length ? items : [Object.assign(document.createElement("li"), { textContent: none })]));
  } catch (error) {
    element.replaceChildren(Object.assign(document.createElement("li"), { textContent: error.message }));
  }
}

function showLists() {
  return Promise.all([...["open", "playing", "finished"].map(showList), showLeaders(), ...["upcoming", "running", "finished"].map(showTournaments), loadBots()]);
}

// One tournament of a list: its name, game, clock, system, players, start and status,
// the name opening its page.
function tournamentItem(tournament) {
  const li = document.createElement("li");
  li.dataset.tournament = tournament.id;
  const what = Object.assign(document.createElement("span"), { className: "what" });
  const link = Object.assign(document.createElement("a"), { href: `/tournaments/${tournament.id}`, textContent: tournament.name, className: "tournament-link" });
  what.append(link, ` · ${tournamentWhat(tournament)} · ${count(tournament.players || 0, "player")} · ${t(tournament.status === "created" ? "tournament-starts" : "tournament-started", { when: when(tournament.starts_at) })} · ${statusWords(tournament)}`);
  li.append(what);
  return li;
}

async function showTournaments(status) {
  const element = $(`tournaments-${status}`);
  try {
    const list = (await api(`/api/tournaments?status=${status}&limit=20`)).tournaments;
    const items = list.map(tournamentItem);
    element.replaceChildren(...(items.length ? items : [Object.assign(document.createElement("li"), { textContent: t({ upcoming: "no-tournaments-upcoming", running: "none-now", finished: "none-yet" }[status]) })]));
  } catch (error) {
    element.replaceChildren(Object.assign(document.createElement("li"), { textContent: error.message }));
  }
}

// What the tournament form takes from the play form: its game and clock, in words.
function showTournamentGame() {
  const options = tournamentOptions();
  $("tournament-game").textContent = `${kindTitle($("game-kind").value)} · ${clockText(options.clock)}`;
}

// The play form's options, less a computer opponent: a tournament's players are people.
function tournamentOptions() {
  const options = readOptions();
  delete options.opponent;
  return options;
}

function showTournamentSystem() {
  const swiss = $("tournament-system").value === "swiss";
  $("tournament-rounds-label").hidden = !swiss;
  $("tournament-minutes-label").hidden = swiss;
  // A hidden field is not asked for: the browser would refuse the form over it.
  $("tournament-rounds").disabled = !swiss;
  $("tournament-minutes").disabled = swiss;
}

function tournamentForm() {
  $("tournament-system").addEventListener("change", showTournamentSystem);
  showTournamentSystem();
  for (const id of ["game-kind", "clock-kind", "clock-base", "clock-increment", "clock-moves", "clock-days"]) {
    $(id).addEventListener("change", showTournamentGame);
  }
  $("time-buttons").addEventListener("click", showTournamentGame);
  $("new-game").addEventListener("change", showTournamentGame);
  $("new-game").addEventListener("change", () => showBots());
  $("time-buttons").addEventListener("click", () => showBots());
  showTournamentGame();
  $("new-tournament").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("tournament-error").textContent = "";
    const swiss = $("tournament-system").value === "swiss";
    const body = {
      name: $("tournament-name").value.trim(),
      system: $("tournament-system").value,
      game: $("game-kind").value,
      options: tournamentOptions(),
      rated: $("tournament-rated").checked,
      starts_in: Math.round(Number($("tournament-starts-in").value) * 60),
    };
    if (swiss) body.rounds = Number($("tournament-rounds").value);
    else body.minutes = Number($("tournament-minutes").value);
    try {
      const made = await api("/api/tournaments", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      location.href = `/tournaments/${made.id}`;
    } catch (error) {
      $("tournament-error").textContent = error.message;
    }
  });
}

// The leaderboard of the game chosen: established players only (not provisional).
async function showLeaders() {
  const select = $("board-game");
  if (!select.value) return;
  try {
    const players = (await api(`/api/leaderboard/${select.value}?limit=10`)).players;
    const items = players.map((p) => {
      const li = document.createElement("li");
      li.append(playerLink(p.name), ` ${Math.round(p.rating)} · ${count(p.games, "game")}`);
      return li;
    });
    $("leaders").replaceChildren(...(items.length ? items
      : [Object.assign(document.createElement("li"), { textContent: t("no-leaders") })]));
  } catch (error) {
    $("leaders").replaceChildren(Object.assign(document.createElement("li"), { textContent: error.message }));
  }
}

// The account card: a form to sign in or up, or who is signed in.
async function showAccount() {
  account = await showNav();
  $("signed-out").hidden = Boolean(account);
  $("signed-in").hidden = !account;
  $("player-name-label").hidden = Boolean(account);
  $("rated-label").hidden = !account;
  $("new-tournament").hidden = !account;
  $("tournament-sign-in").hidden = Boolean(account);
  if (account) {
    $("me-link").textContent = account.name;
    $("me-link").href = `/players/${encodeURIComponent(account.name)}`;
  }
}

function accountForm() {
  const submit = async (action) => {
    $("account-error").textContent = "";
    try {
      await action($("account-name").value.trim(), $("account-password").value);
      $("account-password").value = "";
      await showAccount();
      await showLists();
    } catch (error) {
      $("account-error").textContent = error.message;
    }
  };
  $("account-form").addEventListener("submit", (event) => { event.preventDefault(); submit(signIn); });
  $("sign-up").addEventListener("click", () => {
    if ($("account-form").reportValidity()) submit(signUp);
  });
  $("sign-out").addEventListener("click", signOut);
}

// Takes an open challenge's second seat: the first to ask gets it.
async function join(id) {
  $("join-error").textContent = "";
  rememberName();
  const body = playerName() && !account ? { name: playerName() } : {};
  let response;
  try {
    response = await fetch(`/api/games/${id}/join`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (_) {
    $("join-error").textContent = t("unreachable");
    return;
  }
  let answer = null;
  try { answer = await response.json(); } catch (_) { answer = null; }
  if (response.status === 409 && answer && answer.code === "seat_taken") {
    $("join-error").textContent = t("seat-taken");
    await showLists();
    return;
  }
  if (answer && answer.code === "sign_in_needed") {
    $("join-error").textContent = t("sign-in-needed");
    return;
  }
  if (!response.ok) {
    $("join-error").textContent = (answer && answer.error) || `joining failed (${response.status})`;
    return;
  }
  const seat = answer.seat || "second";
  const token = answer.token || (answer.tokens && answer.tokens[seat]);
  sessionStorage.setItem(`challenge:${id}`, "1");
  location.href = `/games/${id}#seat=${seat}&token=${token}`;
}

export async function lobby() {
  $("lobby").hidden = false;
  accountForm();
  await showAccount();
  const select = $("game-kind");
  if (!$("player-name").value) $("player-name").value = playerName();
  $("player-name").addEventListener("input", rememberName);
  try {
    registry.kinds = (await api("/api/kinds")).kinds;
    registry.engines = (await api("/api/engines")).engines;
  } catch (error) {
    $("create-error").textContent = error.message;
  }
  $("opponent").addEventListener("change", showComputerFields);
  select.replaceChildren(...registry.kinds.map((k) => Object.assign(document.createElement("option"), { value: k.name, textContent: kindTitle(k.name) })));
  $("board-game").replaceChildren(...registry.kinds.map((k) => Object.assign(document.createElement("option"), { value: k.name, textContent: kindTitle(k.name) })));
  $("board-game").addEventListener("change", showLeaders);
  showOptionsFor(select.value);
  select.addEventListener("change", () => showOptionsFor(select.value));
  $("clock-kind").addEventListener("change", showClockFields);
  timeButtons();
  showClockFields();
  tournamentForm();
  botsAndChallenges({
    account: () => account,
    options: tournamentOptions,
    what: () => [$("tournament-game").textContent, $("rated").checked ? t("rated") : ""].filter(Boolean).join(" · "),
  });
  $("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    rememberName();
    try {
      const rated = Boolean(account) && $("rated").checked && !computerChosen();
      await createGame(select.value, readOptions(), $("opponent").value === "open" || rated, rated);
    } catch (error) {
      $("create-error").textContent = error.message;
    }
  });
  // The package, if the server carries it, tells the standard start positions.
  registry.rules = await rulesLoaded;
  await showLists();
  // The lists kept fresh while the lobby is open.
  setInterval(showLists, 5000);
}

