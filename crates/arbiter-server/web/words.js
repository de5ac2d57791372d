// The page's words for numbers and time, the same in the lobby's lists, the game's
// settings and its clocks, in the page's language (i18n.js).
import { t } from "/assets/i18n.js";

// "1 move", "2 moves" ("1 步", "2 步"): the catalog's `count-WORD` message.
export function count(n, word) {
  return t(`count-${word.replace(/ /g, "-")}`, { n }, `${n} ${word}${n === 1 ? "" : "s"}`);
}

export function capitalised(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : "";
}

// A side's name ("red", "Black") in the page's language: the catalog's `side-NAME`.
export function sideName(name) {
  if (!name) return "";
  return t(`side-${name.toLowerCase()}`, {}, capitalised(name));
}

// A span of seconds in the largest whole unit: "5 minutes", "90 seconds", "1 hour".
export function span(seconds) {
  if (seconds >= 3600 && seconds % 3600 === 0) return count(seconds / 3600, "hour");
  if (seconds >= 60 && seconds % 60 === 0) return count(seconds / 60, "minute");
  return count(seconds, "second");
}

// A time control in words: "5 minutes + 3 seconds", "90 minutes for every 40 moves +
// 30 seconds", "1 minute", "3 days per move"; "none" for an untimed game.
export function clockText(clock) {
  if (!clock) return t("clock-none");
  if (clock.days) return t("clock-per-move", { days: count(clock.days, "day") });
  const base = span(clock.base);
  const period = clock.moves ? t("clock-period", { base, moves: count(clock.moves, "move") }) : base;
  return clock.increment ? t("clock-increment-text", { time: period, increment: span(clock.increment) }) : period;
}

// A clock's reading: "4:59", "0:09.4" under ten seconds, "2 d 3 h" over a day.
export function formatClock(ms) {
  const total = Math.max(0, ms);
  if (total >= 86_400_000) return `${Math.floor(total / 86_400_000)} d ${Math.floor((total % 86_400_000) / 3_600_000)} h`;
  const seconds = Math.floor(total / 1000);
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return total < 10_000 ? `${text}.${Math.floor((total % 1000) / 100)}` : text;
}

// A termination's name ("perpetual chase", "five in a row") in the page's language:
// the catalog's `ending-NAME`, the name's words joined by hyphens.
export function endingName(reason) {
  if (!reason) return "";
  return t(`ending-${reason.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`, {}, reason);
}

// A finished game's result in a sentence: "Red wins by checkmate", "Draw by
// agreement", "The game was aborted".
export function resultText(o) {
  if (o.result === "win") return t("result-win", { side: sideName(o.winner), reason: endingName(o.reason) });
  return o.result === "aborted" ? t("result-aborted") : t("result-draw", { reason: endingName(o.reason) });
}
