// A player's page: their rating in each game with a chart of it over time (SVG made
// here, no library), the games they are playing with whose turn it is, and the games
// they played with the result, the opponent and the rating's change. On one's own
// page, the personal API tokens.
import { clockText, count, endingName, sideName } from "/assets/words.js";
import { t } from "/assets/i18n.js";
import { $, api, botMark, kindTitle, registry } from "/assets/common.js";
import { playerLink, showNav } from "/assets/account.js";

const PAGE = 20;
let finishedShown = 0;

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

// The rating after each rated game, as a line over time with its RD as a band.
function chart(points) {
  const [width, height, pad] = [360, 140, 28];
  const box = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img" });
  if (points.length === 0) return box;
  const times = points.map((p) => p.at);
  const low = Math.min(...points.map((p) => p.rating - p.rd));
  const high = Math.max(...points.map((p) => p.rating + p.rd));
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const x = (t) => pad + (t1 === t0 ? (width - 2 * pad) / 2 : ((t - t0) / (t1 - t0)) * (width - 2 * pad));
  const y = (r) => height - pad / 2 - ((r - low) / Math.max(1, high - low)) * (height - pad);
  const band = [...points.map((p) => `${x(p.at)},${y(p.rating + p.rd)}`), ...points.slice().reverse().map((p) => `${x(p.at)},${y(p.rating - p.rd)}`)];
  box.append(svg("polygon", { points: band.join(" "), class: "band" }));
  box.append(svg("polyline", { points: points.map((p) => `${x(p.at)},${y(p.rating)}`).join(" "), class: "line" }));
  for (const p of points) box.append(svg("circle", { cx: x(p.at), cy: y(p.rating), r: 2.5, class: "dot" }));
  box.append(svg("text", { x: 2, y: 12, class: "axis" }, String(Math.round(high))));
  box.append(svg("text", { x: 2, y: height - 4, class: "axis" }, String(Math.round(low))));
  const last = points[points.length - 1];
  box.setAttribute("aria-label", t("rating-chart", { games: count(points.length, "game"), rating: Math.round(last.rating) }));
  return box;
}

function showRatings(player) {
  const games = Object.keys(player.ratings);
  if (games.length === 0) {
    $("player-ratings").replaceChildren(Object.assign(document.createElement("p"), { textContent: t("no-rated-game") }));
    return;
  }
  $("player-ratings").replaceChildren(...games.map((game) => {
    const r = player.ratings[game];
    const section = Object.assign(document.createElement("div"), { className: "rating" });
    section.dataset.game = game;
    const title = `${kindTitle(game)}: ${Math.round(r.rating)}${r.provisional ? t("provisional") : ""} · RD ${Math.round(r.rd)} · ${count(r.games, "rated game")}`;
    section.append(Object.assign(document.createElement("h3"), { textContent: title }), chart((player.history || {})[game] || []));
    return section;
  }));
}

function resultWords(g) {
  if (g.result === "aborted") return t("list-aborted");
  const reason = g.outcome && g.outcome.reason ? endingName(g.outcome.reason) : "";
  return ["win", "loss", "draw"].includes(g.result) ? t(`player-${g.result}`, { reason }) : "";
}

function gameItem(g, own) {
  const li = document.createElement("li");
  li.dataset.game = g.id;
  const what = Object.assign(document.createElement("span"), { className: "what" });
  const opponent = g.opponent && g.opponent.name;
  what.append(`${kindTitle(g.game)}${g.rated ? ` · ${t("rated")}` : ""} · ${clockText(g.time_control)} · ${t("playing-against", { side: sideName(g.side || g.seat) })} `);
  what.append(opponent && g.opponent.account ? playerLink(opponent) : (opponent || (g.open ? t("nobody-yet") : t("anonymous"))));
  if (opponent && g.opponent.bot) what.append(" ", botMark());
  what.append(` · ${count(g.ply, "move")}`);
  if (g.status === "finished") {
    what.append(` · ${resultWords(g)}`);
    if (g.rating) {
      const sign = g.rating.change >= 0 ? "+" : "−";
      what.append(Object.assign(document.createElement("span"), {
        className: `change ${g.rating.change >= 0 ? "up" : "down"}`,
        textContent: ` ${sign}${Math.abs(Math.round(g.rating.change))} (${Math.round(g.rating.after)})`,
      }));
    }
  } else if (g.open) {
    what.append(` · ${t("waiting-for-opponent")}`);
  } else if (g.your_turn !== null && g.your_turn !== undefined) {
    what.append(` · ${g.your_turn ? (own ? t("your-turn") : t("their-turn")) : (own ? t("their-turn") : t("opponents-turn"))}`);
  }
  li.append(what, Object.assign(document.createElement("a"), {
    href: `/games/${g.id}`, className: "go", textContent: g.status === "finished" ? t("replay") : own ? t("move-play") : t("watch"),
  }));
  return li;
}

async function showGames(name, status, element, own, offset) {
  const page = await api(`/api/players/${encodeURIComponent(name)}/games?status=${status}&limit=${PAGE}&offset=${offset}`);
  const items = page.games.map((g) => gameItem(g, own));
  if (offset === 0) {
    element.replaceChildren(...(items.length ? items : [Object.assign(document.createElement("li"), { textContent: t("none") })]));
  } else {
    element.append(...items);
  }
  return page;
}

async function showTokens() {
  const { tokens } = await api("/api/tokens");
  $("token-list").replaceChildren(...tokens.map((token) => {
    const li = document.createElement("li");
    const used = token.last_used_at ? t("token-used", { when: new Date(token.last_used_at).toLocaleString(document.documentElement.lang) }) : t("token-unused");
    li.append(Object.assign(document.createElement("span"), { className: "what", textContent: `${token.label} · ${t("token-made", { when: new Date(token.created_at).toLocaleDateString(document.documentElement.lang) })} · ${used}` }));
    const revoke = Object.assign(document.createElement("button"), { type: "button", className: "quiet", textContent: t("revoke") });
    revoke.addEventListener("click", async () => {
      await api(`/api/tokens/${token.id}`, { method: "DELETE" });
      await showTokens();
    });
    li.append(revoke);
    return li;
  }));
}

export async function playerPage(name) {
  $("player").hidden = false;
  const account = await showNav();
  try {
    registry.kinds = (await api("/api/kinds")).kinds;
    const player = await api(`/api/players/${encodeURIComponent(name)}`);
    document.title = `${player.name} · arbiter`;
    $("player-title").textContent = player.name;
    if (player.bot) $("player-title").append(" ", botMark());
    showRatings(player);
    const own = Boolean(account) && account.name === player.name;
    await showGames(player.name, "playing", $("player-playing"), own, 0);
    const first = await showGames(player.name, "finished", $("player-finished"), own, 0);
    finishedShown = first.games.length;
    $("player-more").hidden = finishedShown >= first.total;
    $("player-more").addEventListener("click", async () => {
      const page = await showGames(player.name, "finished", $("player-finished"), own, finishedShown);
      finishedShown += page.games.length;
      $("player-more").hidden = finishedShown >= page.total;
    });
    if (own) {
      $("tokens-card").hidden = false;
      await showTokens();
      $("token-form").addEventListener("submit", async (event) => {
        event.preventDefault();
        $("token-error").textContent = "";
        try {
          const made = await api("/api/tokens", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ label: $("token-label").value }),
          });
          $("token-new").textContent = t("token-new", { token: made.token });
          $("token-new").hidden = false;
          await showTokens();
        } catch (error) {
          $("token-error").textContent = error.message;
        }
      });
    }
    // The games in play change: their turns are kept fresh while the page is open.
    setInterval(() => showGames(player.name, "playing", $("player-playing"), own, 0).catch(() => {}), 10_000);
  } catch (error) {
    $("player-title").textContent = name;
    $("player-error").textContent = error.status === 404 ? t("no-such-player") : error.message;
  }
}
