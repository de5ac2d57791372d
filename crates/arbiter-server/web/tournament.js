// A tournament's page: its header (game, clock, system, status, the round or the time
// left), Join and Withdraw for a signed-in player, the standings and every round's
// pairings with links to their games, all kept live by the tournament's WebSocket,
// which sends the whole tournament again after every change. Also the lobby's words
// for a tournament, which its list shares with this page.
import { clockText, count, formatClock, sideName, span } from "/assets/words.js";
import { t } from "/assets/i18n.js";
import { $, api, kindOf, kindTitle, registry } from "/assets/common.js";
import { playerLink, showNav } from "/assets/account.js";

// "Swiss, 5 rounds", "Arena, 1 hour".
export function systemWords(tournament) {
  if (tournament.system === "swiss") return t("system-swiss", { rounds: count(tournament.rounds || 0, "round") });
  return t("system-arena", { length: span(tournament.seconds || 0) });
}

// A moment in the page's language: "3 Dec 2026, 11:05".
export function when(ms) {
  return new Date(ms).toLocaleString(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" });
}

// "upcoming", "round 2 of 5", "finished": where the tournament is.
export function statusWords(tournament) {
  if (tournament.status === "created") return t("tournament-status-created");
  if (tournament.status === "finished") return t("tournament-status-finished");
  if (tournament.system === "swiss") return t("tournament-status-round", { round: tournament.round, rounds: tournament.rounds });
  return t("tournament-status-running");
}

// The game, its clock and the system in one line, as the lists and the header show it.
export function tournamentWhat(tournament) {
  const parts = [kindTitle(tournament.game), clockText(tournament.time_control), systemWords(tournament)];
  if (tournament.rated) parts.push(t("rated"));
  return parts.join(" · ");
}

const page = {
  id: null,
  tournament: null,
  // The signed-in account ({name}), or null; and whether it plays here.
  account: null,
  joined: false,
  // The live connection's wait before the next try; the tournament's end closes it.
  retry: 1000,
  ended: false,
  busy: false,
};

function cell(tag, content, attributes = {}) {
  const element = document.createElement(tag);
  if (content instanceof Node) element.append(content);
  else element.textContent = content === undefined || content === null ? "" : String(content);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

// A column header; a short one ("W") carries its full words for screen readers.
function header(short, full) {
  const th = cell("th", short, { scope: "col" });
  if (full && full !== short) {
    th.textContent = "";
    th.append(cell("abbr", short, { title: full }));
  }
  return th;
}

function showStandings(tournament) {
  const swiss = tournament.system === "swiss";
  const columns = [
    header(t("column-rank")), header(t("column-player")), header(t("column-rating")), header(t("column-score")),
    header(t("column-wins"), t("column-wins-full")), header(t("column-draws"), t("column-draws-full")),
    header(t("column-losses"), t("column-losses-full")),
    ...(swiss
      ? [header(t("column-buchholz"), t("column-buchholz-full")), header(t("column-sb"), t("column-sb-full"))]
      : [header(t("column-fire"), t("column-fire-full"))]),
  ];
  $("standings").tHead.replaceChildren(cell("tr", ""));
  $("standings").tHead.rows[0].append(...columns);
  const rows = (tournament.standings || []).map((s) => {
    const tr = document.createElement("tr");
    tr.dataset.player = s.name;
    const name = cell("th", playerLink(s.name), { scope: "row" });
    if (s.withdrawn) name.append(` ${t("withdrawn-mark")}`);
    if (page.account && s.name === page.account.name) tr.className = "you";
    const extra = swiss ? [s.buchholz, s.sonneborn_berger] : [s.fire ? t("fire-yes") : ""];
    tr.append(cell("td", s.rank), name, ...[s.rating, s.score, s.wins, s.draws, s.losses, ...extra].map((v) => cell("td", v)));
    return tr;
  });
  if (rows.length === 0) {
    rows.push(cell("tr", ""));
    rows[0].append(cell("td", t("no-players-yet"), { colspan: String(columns.length) }));
  }
  $("standings").tBodies[0].replaceChildren(...rows);
  const unplayed = (tournament.standings || []).some((s) => s.unplayed_wins || s.forfeits);
  $("standings-note").textContent = swiss ? t("standings-note-swiss") : t("standings-note-arena");
  if (unplayed) $("standings-note").textContent += ` ${t("standings-note-unplayed")}`;
}

// A result as the round's table shows it: "1-0" and the rest, "bye" in words.
function resultCell(result) {
  if (result === "bye") return t("result-bye");
  if (result === "*") return t("result-playing");
  return result;
}

// Every round's pairings, the latest first: board, players, result and the game.
function showRounds(tournament) {
  const rounds = (tournament.pairings || []).slice().reverse();
  if (rounds.length === 0) {
    $("rounds").replaceChildren(cell("p", tournament.status === "created" ? t("no-rounds-yet") : t("none")));
    return;
  }
  $("rounds").replaceChildren(...rounds.map((round) => {
    // Focusable, so that a table wider than a phone scrolls from the keyboard too.
    const box = cell("div", "", { class: "table-box", tabindex: "0", role: "group", "aria-label": t("round-caption", { round: round.round }) });
    const table = cell("table", "", { class: "table" });
    table.dataset.round = round.round;
    table.append(cell("caption", t("round-caption", { round: round.round })));
    // The seats by the game's sides ("Red", "Black") when the server's list names them.
    const kind = kindOf(tournament.game);
    const [first, second] = kind ? kind.sides.map(sideName) : [t("column-first"), t("column-second")];
    const head = cell("tr", "");
    head.append(header(t("column-board")), header(first), header(t("column-result")), header(second), header(t("column-game")));
    table.append(cell("thead", head));
    const body = document.createElement("tbody");
    for (const g of round.games) {
      const tr = document.createElement("tr");
      const second = g.second ? playerLink(g.second) : document.createTextNode(t("result-bye"));
      let game = document.createTextNode("");
      if (g.game && g.second) {
        // A player's own game in play opens to be played; any other to be watched.
        const own = page.account && [g.first, g.second].includes(page.account.name);
        const action = g.result !== "*" ? t("replay") : own ? t("move-play") : t("watch");
        // The link's name begins with its visible word, which speech input then finds.
        game = cell("a", action, {
          href: `/games/${g.game}`,
          "aria-label": `${action}${t("colon")}${t("game-link", { first: g.first, second: g.second, round: round.round })}`,
        });
      }
      tr.append(cell("td", g.board), cell("td", playerLink(g.first)), cell("td", resultCell(g.result)), cell("td", second), cell("td", game));
      body.append(tr);
    }
    table.append(body);
    box.append(table);
    return box;
  }));
}

// The line under the header: when it starts, the round, or the time an arena has left.
function showWhen() {
  const tournament = page.tournament;
  if (!tournament) return;
  const now = Date.now();
  let words;
  if (tournament.status === "created") {
    words = tournament.starts_at > now
      ? t("tournament-starts-soon", { when: when(tournament.starts_at), time: formatClock(tournament.starts_at - now) })
      : t("tournament-starts", { when: when(tournament.starts_at) });
  } else if (tournament.status === "finished") {
    words = t("tournament-status-finished");
  } else if (tournament.system === "arena" && tournament.ends_at) {
    words = t("tournament-time-left", { time: formatClock(tournament.ends_at - now) });
  } else {
    words = statusWords(tournament);
  }
  $("tournament-when").textContent = words;
}

function showButtons() {
  const tournament = page.tournament;
  const open = tournament.status !== "finished";
  $("tournament-sign-in-hint").hidden = Boolean(page.account) || !open;
  $("tournament-join").hidden = !page.account || page.joined || !open;
  $("tournament-withdraw").hidden = !page.account || !page.joined || !open;
  $("tournament-you").hidden = !page.joined;
  $("tournament-you").textContent = page.joined ? t("tournament-you-play") : "";
}

// The viewer's game in play, if the latest pairings hold one: the header links to it,
// so that a player paired while the page is open goes to the board in one click.
function showYourGame(tournament) {
  const name = page.account && page.account.name;
  const rounds = tournament.pairings || [];
  const latest = rounds[rounds.length - 1];
  const game = name && latest && latest.games.find((g) => g.game && g.second && g.result === "*" && [g.first, g.second].includes(name));
  $("tournament-your-game").hidden = !game;
  if (game) {
    $("tournament-your-game-link").href = `/games/${game.game}`;
    $("tournament-your-game-link").textContent = t("tournament-your-game", { round: latest.round, opponent: game.first === name ? game.second : game.first });
  }
}

function show(tournament) {
  page.tournament = tournament;
  if (tournament.you) page.joined = tournament.you.joined;
  else if (page.account) {
    // The WebSocket's tournament names no viewer: whether one plays is read from the
    // standings (the server may withdraw a player who stays away).
    const line = (tournament.standings || []).find((s) => s.name === page.account.name);
    page.joined = Boolean(line) && !line.withdrawn;
  }
  document.title = `${tournament.name} · arbiter`;
  $("tournament-title").textContent = tournament.name;
  $("tournament-what").textContent = `${tournamentWhat(tournament)} · ${count(tournament.players || 0, "player")} · ${t("made-by", { name: tournament.created_by })}`;
  showWhen();
  showButtons();
  showYourGame(tournament);
  showStandings(tournament);
  showRounds(tournament);
}

// Join or Withdraw: the server answers with the tournament, `you` in it.
async function act(action) {
  if (page.busy) return;
  page.busy = true;
  $("tournament-page-error").textContent = "";
  try {
    show(await api(`/api/tournaments/${page.id}/${action}`, { method: "POST" }));
    $(action === "join" ? "tournament-withdraw" : "tournament-join").focus();
  } catch (error) {
    $("tournament-page-error").textContent = error.message;
  } finally {
    page.busy = false;
  }
}

// The live standings; a connection lost is tried again, more slowly each time, until
// the tournament has ended (the server then closes it).
function listen() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/tournaments/${page.id}/ws`);
  socket.addEventListener("open", () => { page.retry = 1000; });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type !== "tournament") return;
    show(message.tournament);
    if (message.tournament.status === "finished") page.ended = true;
  });
  socket.addEventListener("close", () => {
    if (page.ended) return;
    setTimeout(listen, page.retry);
    page.retry = Math.min(page.retry * 2, 30_000);
  });
}

export async function tournamentPage(id) {
  $("tournament").hidden = false;
  page.id = id;
  page.account = await showNav();
  $("tournament-records").href = `/api/tournaments/${id}/records`;
  $("tournament-join").addEventListener("click", () => act("join"));
  $("tournament-withdraw").addEventListener("click", () => act("withdraw"));
  try {
    registry.kinds = (await api("/api/kinds")).kinds;
  } catch (_) { /* the games' names come from the catalogs too */ }
  try {
    show(await api(`/api/tournaments/${id}`, { cache: "no-store" }));
  } catch (error) {
    $("tournament-title").textContent = t("tournament-heading");
    $("tournament-page-error").textContent = error.status === 404 ? t("no-such-tournament") : error.message;
    return;
  }
  page.ended = page.tournament.status === "finished";
  if (!page.ended) listen();
  // The start or the time left, counted down between the server's messages.
  setInterval(showWhen, 1000);
}
